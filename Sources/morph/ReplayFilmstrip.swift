import Foundation
import MorphArguments
import MorphCairo
import MorphKit
import MorphWork

/// `morph replay FILE --filmstrip OUT.png`: every N-th frame of a replay drawn through cairo
/// onto one contact sheet, each tile with its frame number and time under it.
///
/// Layout, in device pixels (`s` = --scale): tiles of the viewport × s, C to a row; each
/// tile has a label band 20·s high under it; a gap of 8·s surrounds every tile and band.
/// Tile k sits at x = 8s + (k mod C)(w + 8s), y = 8s + ⌊k / C⌋(h + 28s).
enum ReplayFilmstrip {
    static let usage = """
        usage: morph replay FILE --filmstrip OUT.png [--every N] [--columns C] [--scale S] [--fps F] [--until T]
        """

    static let help = """
        morph replay --filmstrip — a contact sheet of a replay

        \(usage)

          --filmstrip OUT.png  write the sheet here
          --every N            one tile every N frames, from frame 0 (default 6)
          --columns C          tiles per row (default 6)
          --scale S            device pixels per point, 1...4 (default 1)
          --fps, --until       as for morph replay

        Each tile is the frame exactly as `morph render --from-display-list` draws it, with
        "frame i · t = … s" under it. At most \(maximumTiles) tiles. Prints what it wrote
        on stdout: "wrote OUT.png: W×H px (N tiles, every N frames, at scale S)"; on a
        terminal, progress on stderr.

        """

    static let maximumTiles = 400
    static let gap = 8
    static let labelHeight = 20

    struct Options {
        var file: String
        var out: String
        var every = 6
        var columns = 6
        var scale = 1
        var fps: Double?
        var until: Double?
    }

    static let scanner = ArgumentScanner(values: ["--filmstrip", "--every", "--columns", "--scale", "--fps", "--until"])

    static func parse(_ arguments: [String]) throws -> Options {
        let scanned: ArgumentScanner.Arguments
        do throws(ArgumentScanner.Failure) {
            scanned = try scanner.scan(arguments)
        } catch {
            throw UsageError(message: error.message + (error.message.hasPrefix("unknown option") ? " (with --filmstrip)" : ""))
        }
        var options = Options(file: "", out: "")
        func integer(_ flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
            guard let text = scanned.value(flag) else { return nil }
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(
                    message: "\(flag): expected an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
            }
            return number
        }
        func number(_ flag: String) throws(UsageError) -> Double? {
            guard let text = scanned.value(flag) else { return nil }
            guard let number = Double(text), number.isFinite, number >= 0 else {
                throw UsageError(message: "\(flag) expects a number >= 0, got '\(text)'")
            }
            return number
        }
        options.every = try integer("--every", in: 1...100_000) ?? options.every
        options.columns = try integer("--columns", in: 1...100) ?? options.columns
        options.scale = try integer("--scale", in: 1...4) ?? options.scale
        if let fps = try number("--fps") {
            guard fps > 0, fps <= 1000 else { throw UsageError(message: "--fps must be in 0 < fps <= 1000") }
            options.fps = fps
        }
        options.until = try number("--until")
        guard let file = scanned.operands.first else { throw UsageError(message: "missing recording FILE") }
        guard scanned.operands.count == 1 else {
            throw UsageError(message: "one recording at a time (got '\(scanned.operands[1])' too)")
        }
        guard let out = scanned.value("--filmstrip"), !out.isEmpty else { throw UsageError(message: "--filmstrip needs OUT.png") }
        options.file = file
        options.out = out
        return options
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try parse(arguments)
        do {
            let url = URL(fileURLWithPath: options.file)
            let read = try RecordingReader.read(contentsOf: url)
            for warning in read.warnings { printError("morph replay: warning: \(options.file): \(warning)") }
            var catalog = ComponentCatalog()
            let definition = try catalog.definition(named: read.recording.header.component, forRecordingAt: url)
            var replay = try Replay(read.recording, fps: options.fps, until: options.until, definition: definition)
            var picked: [Replay.Frame] = []
            let progress = TerminalProgress()
            defer { progress.clear() }
            let estimate = ReplayCommand.estimatedFrames(replay)
            while let frame = replay.next() {
                progress.frames(frame.index + 1, estimated: estimate)
                guard frame.index % options.every == 0 else { continue }
                picked.append(frame)
                guard picked.count <= maximumTiles else {
                    printError("morph replay: error: more than \(maximumTiles) tiles; raise --every")
                    return 1
                }
            }
            let sheet = try draw(
                picked, component: read.recording.header.component, images: definition?.imageBytes ?? [:], options: options,
                progress: progress)
            progress.clear()
            try Data(try PNGEncoder.encode(sheet)).write(to: URL(fileURLWithPath: options.out))
            printWrote(
                options.out, width: sheet.width, height: sheet.height,
                "\(picked.count) tiles, every \(options.every) frames, at scale \(options.scale)")
            return 0
        } catch {
            printError("morph replay: error: \(options.file): \(error)")
            return 1
        }
    }

    static func draw(
        _ frames: [Replay.Frame], component: String, images: [String: [UInt8]], options: Options,
        progress: TerminalProgress
    ) throws -> StraightImage {
        let renderer = try DisplayListRenderer(pool: .shared)
        renderer.images = images
        let tiles = try frames.enumerated().map { index, frame in
            // A new phase's first line always shows, however soon after the replay's last.
            progress.bar(index, of: frames.count, "tiles drawn", now: index == 0)
            return try CheckImages.draw(frame.displayList, renderer, scale: options.scale)
        }
        let s = options.scale
        let tileWidth = tiles.map(\.width).max() ?? 1, tileHeight = tiles.map(\.height).max() ?? 1
        let columns = min(options.columns, max(tiles.count, 1))
        let rows = (tiles.count + columns - 1) / columns
        let width = gap * s + columns * (tileWidth + gap * s)
        let height = gap * s + max(rows, 1) * (tileHeight + (labelHeight + gap) * s)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        func blit(_ image: StraightImage, x: Int, y: Int) {
            let span = min(image.width, width - x) * 4
            for row in 0..<min(image.height, height - y) {
                let source = row * image.width * 4
                let target = ((y + row) * width + x) * 4
                pixels.replaceSubrange(target..<target + span, with: image.pixels[source..<source + span])
            }
        }
        let kind = ComponentKind(rawValue: component) ?? .curtain
        for (k, (frame, tile)) in zip(frames, tiles).enumerated() {
            let x = gap * s + (k % columns) * (tileWidth + gap * s)
            let y = gap * s + (k / columns) * (tileHeight + (labelHeight + gap) * s)
            blit(tile, x: x, y: y)
            let text = "frame \(frame.index) · t = \(String(format: "%.3f", frame.time)) s"
            let label = DisplayList(
                component: kind, size: Size(width: Double(tileWidth / s), height: Double(labelHeight)),
                background: .white,
                ops: [
                    .text(
                        DisplayList.Text(
                            id: "label", font: DisplayList.Font(size: 12), color: RGBAColor(red: 0.2, green: 0.2, blue: 0.2),
                            lines: [DisplayList.TextLine(x: 2, y: 14, text: text)]))
                ])
            blit(StraightImage(premultiplied: try renderer.render(label, scale: s)), x: x, y: y + tileHeight)
        }
        return StraightImage(width: width, height: height, pixels: pixels)
    }
}
