import Foundation
import MorphArguments
import MorphCairo
import MorphKit
import MorphWork

/// `morph replay`: feeds a recorded session through the same machines and animators on a
/// virtual clock, so a recording is a frame-for-frame regression test.
enum ReplayCommand {
    static let subcommand = Subcommand(
        name: "replay",
        summary: "replay a recorded session frame by frame (hashes or display lists)",
        run: { arguments in
            arguments.contains { $0 == "--filmstrip" || $0.hasPrefix("--filmstrip=") }
                ? Subcommand.execute(
                    "replay", usage: ReplayFilmstrip.usage, help: ReplayFilmstrip.help, arguments, ReplayFilmstrip.run)
                : Subcommand.execute("replay", usage: usage, help: help, arguments, run)
        }
    )

    static let usage = """
        usage: morph replay FILE [--component FILE.json | --components DIR ...] [--fps 60] [--until T]
                                 [--configuration FILE]
                                 [--out DIR] [--format json|png] [--scale 2] [--hashes]
        """

    static let help = """
        morph replay — replay a recording (JSONL, schemas/recording.md) deterministically

        \(usage)

          --fps N        frames per second (default: the recording's frame rate)
          --component F  run the recording through component file F (schemas/component.md)
                         instead of the component its header names
          --components DIR
                         look for the component the header names as DIR/NAME.json
                         (repeatable); without it, a component that is not built in is
                         found as NAME.json beside the recording or in its parent folder
          --until T      stop after the frame at T seconds (default: when the session is
                         still after the last event, at most 10 s later)
          --configuration FILE
                         replay under this configuration (morph.config.<component>) instead
                         of the one in the recording's header: the same input, new values
          --out DIR      write each frame to DIR/frame-NNNNN.json (or .png)
          --format F     json (the display list, default) or png (drawn through cairo at
                         --scale, default 2; needs --out)
          --scale N      png: device pixels per point, 1...4
          --hashes       print one line per frame: index time sha256-of-display-list
                         (frames built and hashed on every core, printed in order)
          --filmstrip OUT.png [--every N] [--columns C]
                         a contact sheet instead (morph replay --filmstrip --help)

        Without --hashes or --out, prints a one-line summary. Output is byte-identical on
        every run. A truncated or malformed last line is reported on stderr and skipped;
        an earlier bad line is an error naming its line number (exit 1). On a terminal,
        --hashes and --out show progress on stderr.

        """

    struct Options {
        var file: String
        var fps: Double?
        var until: Double?
        var definition: ComponentDefinition?
        /// `--components DIR`, in order.
        var folders: [URL] = []
        var outDirectory: String?
        /// `--configuration FILE`: replaces the recording header's configuration.
        var configuration: JSONValue?
        var hashes = false
        var png = false
        var scale = 2
    }

    static let scanner = ArgumentScanner(
        values: ["--fps", "--until", "--configuration", "--out", "--format", "--scale", "--component", "--components"],
        switches: ["--hashes"], repeatable: ["--components"])

    static func parse(_ arguments: [String]) throws -> Options {
        let scanned = try scanner.scan(arguments)
        var options = Options(file: "")
        func number(_ flag: String, _ text: String) throws(UsageError) -> Double {
            guard let number = Double(text), number.isFinite else {
                throw UsageError(message: "\(flag) expects a number, got '\(text)'")
            }
            return number
        }
        for option in scanned.options {
            let argument = option.flag
            let text = option.value ?? ""
            switch argument {
            case "--fps":
                let fps = try number(argument, text)
                guard fps > 0, fps <= 1000 else { throw UsageError(message: "--fps must be in 0 < fps <= 1000") }
                options.fps = fps
            case "--until":
                let until = try number(argument, text)
                guard until >= 0 else { throw UsageError(message: "--until must be >= 0") }
                options.until = until
            case "--out": options.outDirectory = text
            case "--component": options.definition = try ComponentFile.load(text)
            case "--components": options.folders.append(try ComponentCatalog.folder(text))
            case "--configuration": options.configuration = try ConfigurationFile.object(text)
            case "--format":
                guard text == "json" || text == "png" else {
                    throw UsageError(message: "--format \(text) is not supported (json or png)")
                }
                options.png = text == "png"
            case "--scale":
                guard let scale = Int(text), (1...4).contains(scale) else {
                    throw UsageError(message: "--scale: expected an integer in 1...4, got '\(text)'")
                }
                options.scale = scale
            default: options.hashes = true  // --hashes, the only switch
            }
        }
        if scanned.operands.count > 1 {
            throw UsageError(message: "one recording at a time (got '\(scanned.operands[1])' too)")
        }
        let file = scanned.operands.first
        guard let file else { throw UsageError(message: "missing recording FILE") }
        if options.png && options.outDirectory == nil { throw UsageError(message: "--format png needs --out DIR") }
        if options.definition != nil && !options.folders.isEmpty {
            throw UsageError(message: "--component names the file to run; --components does not apply with it")
        }
        options.file = file
        return options
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try parse(arguments)
        do {
            return try replay(options)
        } catch {
            printError("morph replay: error: \(error)")
            return 1
        }
    }

    struct FailedReplay: Error, CustomStringConvertible {
        let description: String
    }

    static func replay(_ options: Options) throws -> Int32 {
        let url = URL(fileURLWithPath: options.file)
        let result: RecordingReader.Result
        do {
            result = try RecordingReader.read(contentsOf: url)
        } catch {
            throw FailedReplay(description: "\(options.file): \(error)")
        }
        for warning in result.warnings { printError("morph replay: warning: \(options.file): \(warning)") }
        var recording = result.recording
        if let configuration = options.configuration { recording.header.configuration = configuration }
        var catalog = ComponentCatalog(folders: options.folders)
        let definition: ComponentDefinition?
        do {
            definition = try options.definition ?? catalog.definition(named: recording.header.component, forRecordingAt: url)
        } catch {
            throw FailedReplay(description: "\(options.file): \(error)")
        }
        var replay: Replay
        do {
            replay = try Replay(recording, fps: options.fps, until: options.until, definition: definition)
        } catch {
            guard case .tooManyEvents(let index) = error else { throw error }
            let line = (try? Data(contentsOf: url)).flatMap { eventLineNumber(index, in: $0) }
            throw FailedReplay(
                description: "\(options.file): \(line.map { "line \($0): " } ?? "")\(error) (schemas/recording.md)")
        }
        if let directory = options.outDirectory {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        let renderer = options.png ? try DisplayListRenderer(pool: .shared) : nil
        renderer?.images = definition?.imageBytes ?? [:]
        let progress = TerminalProgress()
        let estimate = estimatedFrames(replay)
        var output = ""
        var last: Replay.Frame?
        let summaryOnly = !options.hashes && options.outDirectory == nil
        // A summary needs the last frame only; `last()` skips drawing the others.
        if summaryOnly { last = replay.last() }
        func printHashLine(_ line: String) {
            output += line
            if output.utf8.count > 64 * 1024 {
                printOutput(output)
                output = ""
            }
        }
        if options.hashes && options.outDirectory == nil {
            // Hashes alone: frames are built and hashed on every core, printed in order.
            replay.forEachFrame(pool: .shared) { frame in
                (frame.index, hashLine(frame))
            } _: { index, line in
                printHashLine(line)
                progress.frames(index + 1, estimated: estimate)
            }
        }
        while !summaryOnly && options.outDirectory != nil, let frame = replay.next() {
            if options.hashes { printHashLine(hashLine(frame)) }
            if let directory = options.outDirectory {
                let base = URL(fileURLWithPath: directory)
                if let renderer {
                    let bitmap = try renderer.render(try DisplayList(json: frame.displayList), scale: options.scale)
                    let name = String(format: "frame-%05d.png", frame.index)
                    try Data(try PNGEncoder.encode(bitmap)).write(to: base.appendingPathComponent(name))
                } else {
                    let name = String(format: "frame-%05d.json", frame.index)
                    try Data(frame.displayList).write(to: base.appendingPathComponent(name))
                }
            }
            progress.frames(frame.index + 1, estimated: estimate)
            last = frame
        }
        progress.clear()
        for skipped in replay.skippedEvents {
            printError("morph replay: warning: event \(skipped.index + 1) skipped: \(skipped.reason)")
        }
        if !options.hashes && options.outDirectory == nil, let last {
            output +=
                "\(last.index + 1) frames, \(String(format: "%.3f", last.time)) s at \(JSONText.number(replay.fps)) fps, "
                + "final state \(last.stateName), last frame \(last.hash)\n"
        }
        printOutput(output)
        return 0
    }

    /// One `--hashes` line: index, time and the list's SHA-256.
    static func hashLine(_ frame: Replay.Frame) -> String {
        "\(frame.index) \(fourDecimals(frame.time)) \(frame.hash)\n"
    }

    /// `value` as `%.4f` prints it, through C's `snprintf` directly: Foundation's
    /// `String(format:)` cost a few µs a frame, a tenth of a frame's build and hash.
    static func fourDecimals(_ value: Double) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { buffer in  // room for 1.8e308
            let written = withVaList([value]) { vsnprintf(buffer.baseAddress!, buffer.count, "%.4f", $0) }
            let count = min(max(0, Int(written)), buffer.count - 1)
            return String(decoding: UnsafeRawBufferPointer(start: buffer.baseAddress!, count: count), as: UTF8.self)
        }
    }

    /// The 1-based file line of event `index` (0-based): the reader skips blank lines and
    /// the header is the first non-blank one.
    static func eventLineNumber(_ index: Int, in data: Data) -> Int? {
        var nonBlank = 0
        var line = 0
        for bytes in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            line += 1
            let blank = bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
            if !blank {
                if nonBlank == index + 1 { return line }
                nonBlank += 1
            }
        }
        return nil
    }

    /// Frames expected, for the progress bar: exact with `--until`, else through the last
    /// event plus a typical settle.
    static func estimatedFrames(_ replay: Replay) -> Int {
        let end = replay.until ?? (replay.lastEventTime + 1)
        return Int(end * replay.fps) + 1
    }
}
