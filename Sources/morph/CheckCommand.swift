import Foundation
import MorphArguments
import MorphCairo
import MorphKit

/// `morph check`: replays every recording under the given folders and compares each frame
/// with the stored baseline, so a changed spring or layout shows up like a failed snapshot
/// test (issue 11).
enum CheckCommand {
    static let subcommand = Subcommand(
        name: "check",
        summary: "replay every recording and compare its frames with the stored baseline",
        usage: usage, help: help,
        body: { arguments in try run(arguments) }
    )

    static let usage = """
        usage: morph check [DIR|FILE ...] [--baseline DIR] [--update] [--report OUT_DIR] [--junit FILE]
                           [--pixels] [--shard K/N] [--jobs J]
               morph check --merge DIR ... [--report OUT_DIR] [--junit FILE]
        """

    static let help = """
        morph check — motion regression: replay recordings, compare with their baselines

        \(usage)

        Replays every *.jsonl recording (schemas/recording.md) under the folders (default:
        the current folder) and compares each frame's display list with the recording's
        baseline (schemas/baseline.md): NAME.baseline.json (per-frame SHA-256) and
        NAME.baseline.zz (the display lists, deflated), beside NAME.jsonl. Prints one line
        per recording: unchanged, changed at frame N (t = … s), new, missing baseline, or
        error (with the recording's line number). Exit status 1 when anything changed, a
        baseline is missing or a recording cannot be read; 0 otherwise.

          --baseline DIR   keep baselines under DIR (at each recording's path relative to
                           its folder) instead of beside the recordings
          --update         accept the current frames: write new and changed baselines
          --report DIR     write DIR/index.html (one self-contained page: first differing
                           frame before/after/difference, filmstrips, property curves,
                           changed ops) and DIR/results.json (for --merge)
          --junit FILE     JUnit XML, one test case per recording
          --pixels         compare changed frames by drawing them through cairo (1 pixel per
                           point): a frame differs only when some pixel channel differs by
                           more than \(pixelTolerance)/255
          --shard K/N      check only the K-th of N slices (1 <= K <= N) of the sorted
                           recordings: every recording lands in exactly one slice
          --jobs J         check J recordings at a time (default 1)
          --merge DIR ...  merge the results.json of shard runs (folders or files) into one
                           report and one JUnit file; exit status as for a single run

        """

    /// A pixel channel may differ by this much (of 255) before `--pixels` calls frames different.
    static let pixelTolerance = 2

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Options: Sendable {
        var roots: [String] = []
        var baseline: String?
        var update = false
        var report: String?
        var junit: String?
        var pixels = false
        var shard: (index: Int, count: Int)?
        var jobs = 1
        var merge = false
    }

    static let scanner = ArgumentScanner(
        values: ["--baseline", "--report", "--junit", "--shard", "--jobs"], switches: ["--update", "--pixels", "--merge"])

    static func parse(_ arguments: [String]) throws -> Options {
        let scanned = try scanner.scan(arguments)
        var options = Options()
        options.roots = scanned.operands
        for option in scanned.options {
            let argument = option.flag
            let text = option.value ?? ""
            if option.value == "" { throw UsageError(message: "\(argument) needs a value") }
            switch argument {
            case "--baseline": options.baseline = text
            case "--update": options.update = true
            case "--report": options.report = text
            case "--junit": options.junit = text
            case "--pixels": options.pixels = true
            case "--merge": options.merge = true
            case "--shard":
                let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
                    throw UsageError(message: "--shard expects K/N with 1 <= K <= N, got '\(text)'")
                }
                options.shard = (k, n)
            default:  // --jobs
                guard let jobs = Int(text), (1...256).contains(jobs) else {
                    throw UsageError(message: "--jobs expects an integer in 1...256, got '\(text)'")
                }
                options.jobs = jobs
            }
        }
        if options.merge {
            guard !options.roots.isEmpty else { throw UsageError(message: "--merge needs the shards' report folders") }
            let conflicting = [
                options.baseline != nil ? "--baseline" : nil, options.update ? "--update" : nil,
                options.pixels ? "--pixels" : nil, options.shard != nil ? "--shard" : nil,
            ].compactMap { $0 }
            if let flag = conflicting.first { throw UsageError(message: "--merge does not replay; \(flag) does not apply") }
        }
        if options.roots.isEmpty { options.roots = ["."] }
        return options
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try parse(arguments)
        do {
            let results: [CheckResult]
            if options.merge {
                results = try merge(options.roots)
                printOutput(results.map { $0.line + "\n" }.joined())
            } else {
                results = try check(options)
            }
            try writeOutputs(results, options: options)
            let failing = results.filter(\.status.fails).count
            let word = options.merge ? "merged" : "checked"
            printError("morph check: \(results.count) recordings \(word), \(failing) failing")
            return failing > 0 ? 1 : 0
        } catch {
            printError("morph check: error: \(error)")
            return 1
        }
    }

    static func writeOutputs(_ results: [CheckResult], options: Options) throws {
        if let report = options.report {
            let directory = URL(fileURLWithPath: report)
            try CheckResults(results: results).write(to: directory)
            try Data(CheckReport.page(results).utf8).write(to: directory.appendingPathComponent("index.html"))
        }
        if let junit = options.junit {
            let url = URL(fileURLWithPath: junit)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(CheckJUnit.xml(results).utf8).write(to: url)
        }
    }

    /// The shards' results in one list, sorted as one run sorts; a recording in two shards is
    /// an error.
    static func merge(_ paths: [String]) throws -> [CheckResult] {
        var byPath: [String: CheckResult] = [:]
        for path in paths {
            for result in try CheckResults.read(path).results {
                guard byPath[result.path] == nil else {
                    throw Failure(description: "\(result.path) is in more than one of the merged results")
                }
                byPath[result.path] = result
            }
        }
        return byPath.values.sorted { $0.path < $1.path }
    }

    // MARK: Finding recordings

    /// One recording to check.
    struct Entry: Sendable {
        var url: URL
        /// As printed: the folder as given, then the path inside it.
        var path: String
        /// Path inside its folder (for `--baseline DIR`).
        var relativePath: String
    }

    /// Every `*.jsonl` under the roots (files named directly are taken as they are), sorted
    /// by printed path; hidden files and folders are skipped.
    static func discover(_ roots: [String]) throws -> [Entry] {
        var entries: [String: Entry] = [:]
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw Failure(description: "\(root): no such file or folder")
            }
            let rootURL = URL(fileURLWithPath: root)
            if !isDirectory.boolValue {
                entries[root] = Entry(url: rootURL, path: root, relativePath: rootURL.lastPathComponent)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: root) else {
                throw Failure(description: "\(root): cannot list folder")
            }
            let prefix = root.hasSuffix("/") ? root : root + "/"
            while let relative = enumerator.nextObject() as? String {
                let components = relative.split(separator: "/")
                if components.contains(where: { $0.hasPrefix(".") }) { continue }
                guard relative.hasSuffix(".jsonl") else { continue }
                let url = rootURL.appendingPathComponent(relative)
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                    continue
                }
                let path = root == "." ? relative : prefix + relative
                entries[path] = Entry(url: url, path: path, relativePath: relative)
            }
        }
        return entries.values.sorted { $0.path < $1.path }
    }

    /// Slice `index` (1-based) of `count`: every `count`-th recording of the sorted list.
    static func slice<T>(_ items: [T], index: Int, count: Int) -> [T] {
        items.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    // MARK: Checking

    static func check(_ options: Options) throws -> [CheckResult] {
        var found = try discover(options.roots)
        if let shard = options.shard { found = slice(found, index: shard.index, count: shard.count) }
        let entries = found
        let state = RunState(count: entries.count)
        let baselineDirectory = options.baseline.map { URL(fileURLWithPath: $0) }
        let workers = min(options.jobs, max(entries.count, 1))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var worker = Worker(options: options, baselineDirectory: baselineDirectory)
            while let index = state.take() {
                state.finish(index, worker.check(entries[index]))
            }
        }
        state.progress.finish()
        return state.results.map { $0! }
    }

    /// Shared between workers: the next recording to take, results in order, and printing
    /// each line once every line before it is printed (output order does not depend on --jobs).
    final class RunState: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private var printed = 0
        private(set) var results: [CheckResult?]
        let progress: CheckProgress

        init(count: Int) {
            results = Array(repeating: nil, count: count)
            progress = CheckProgress(total: count)
        }

        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < results.count else { return nil }
            next += 1
            return next - 1
        }

        func finish(_ index: Int, _ result: CheckResult) {
            lock.lock()
            defer { lock.unlock() }
            results[index] = result
            var text = ""
            while printed < results.count, let ready = results[printed] {
                text += ready.line + "\n"
                printed += 1
            }
            progress.clear()
            printOutput(text)
            progress.update(results.lazy.filter { $0 != nil }.count)
        }
    }

    /// One thread's replayer and (lazily) renderer.
    struct Worker {
        let options: Options
        let baselineDirectory: URL?
        private var renderer: DisplayListRenderer?

        init(options: Options, baselineDirectory: URL?) {
            self.options = options
            self.baselineDirectory = baselineDirectory
        }

        mutating func drawing() throws -> DisplayListRenderer {
            if let renderer { return renderer }
            let made = try DisplayListRenderer()
            renderer = made
            return made
        }

        mutating func check(_ entry: Entry) -> CheckResult {
            func failed(_ message: String, frames: Int = 0) -> CheckResult {
                CheckResult(path: entry.path, status: .error, frames: frames, summary: "error: \(message)")
            }
            let read: RecordingReader.Result
            do {
                read = try RecordingReader.read(contentsOf: entry.url)
            } catch {
                return failed("\(error)")
            }
            for warning in read.warnings { printError("morph check: warning: \(entry.path): \(warning)") }
            var frames: [Replay.Frame] = []
            do {
                var replay = try Replay(read.recording)
                while let frame = replay.next() { frames.append(frame) }
                for skipped in replay.skippedEvents {
                    printError("morph check: warning: \(entry.path): event \(skipped.index + 1) skipped: \(skipped.reason)")
                }
            } catch {
                return failed("\(error)")
            }
            let fps = read.recording.header.frameRate
            let current = CheckBaseline(recording: entry.url.lastPathComponent, frameRate: fps, frames: frames)
            let location = CheckBaseline.Location(
                recording: entry.url, relativePath: entry.relativePath, directory: baselineDirectory)
            func write(_ status: CheckResult.Status, _ summary: String) -> CheckResult {
                do {
                    try current.write(to: location)
                } catch {
                    return failed("cannot write baseline \(location.json.path): \(error)", frames: frames.count)
                }
                return CheckResult(path: entry.path, status: status, frames: frames.count, summary: summary)
            }
            guard location.exists else {
                if options.update { return write(.new, "new: baseline written (\(frames.count) frames)") }
                return CheckResult(
                    path: entry.path, status: .missingBaseline, frames: frames.count,
                    summary: "missing baseline (\(location.json.lastPathComponent); morph check --update records it)")
            }
            let baseline: CheckBaseline
            do {
                baseline = try CheckBaseline(contentsOf: location)
            } catch {
                if options.update { return write(.updated, "updated: unreadable baseline replaced (\(error))") }
                return failed("\(error)", frames: frames.count)
            }
            let difference: Int?
            do {
                difference = try firstDifference(baseline, current)
            } catch {
                return failed("cannot draw frames for --pixels: \(error)", frames: frames.count)
            }
            guard let index = difference else {
                var summary = "unchanged (\(frames.count) frames)"
                if options.pixels && baseline.hashes != current.hashes {
                    summary = "unchanged within \(CheckCommand.pixelTolerance)/255 (\(frames.count) frames; display lists differ)"
                }
                return CheckResult(path: entry.path, status: .unchanged, frames: frames.count, summary: summary)
            }
            let time = Double(index) / fps
            let comparison = CheckComparison(before: baseline, after: current, frame: index)
            var summary = "changed at frame \(index), t = \(String(format: "%.3f", time)) s"
            if baseline.hashes.count != current.hashes.count {
                summary += " (\(baseline.hashes.count) frames before, \(current.hashes.count) now)"
            }
            let ops = comparison.changedOps
            if !ops.isEmpty {
                let names = ops.prefix(4).map(\.id).joined(separator: ", ")
                summary += "; ops \(names)\(ops.count > 4 ? " and \(ops.count - 4) more" : "")"
            }
            if options.update {
                var result = write(.updated, "updated: was " + summary)
                result.frame = index
                result.time = time
                return result
            }
            var section: String?
            if options.report != nil {
                do {
                    section = try CheckReport.section(path: entry.path, summary: summary, comparison, renderer: drawing())
                } catch {
                    section =
                        "<section class=\"recording\"><h2>\(escapeXML(entry.path))</h2><p>report could not draw: \(escapeXML("\(error)"))</p></section>\n"
                }
            }
            return CheckResult(
                path: entry.path, status: .changed, frames: frames.count, frame: index, time: time, summary: summary,
                section: section)
        }

        /// The first frame that differs: by hash, or with --pixels by drawn pixels. By hash, a
        /// run that got longer or shorter differs at the first frame the other lacks; by
        /// pixels, a finished run holds its last frame (so settling later but looking the same
        /// is no change).
        mutating func firstDifference(_ before: CheckBaseline, _ after: CheckBaseline) throws -> Int? {
            let common = min(before.hashes.count, after.hashes.count)
            let count = max(before.hashes.count, after.hashes.count)
            var compared: [String: Bool] = [:]
            for index in 0..<count {
                let old = before.hashes[min(index, before.hashes.count - 1)]
                let new = after.hashes[min(index, after.hashes.count - 1)]
                guard options.pixels else {
                    if old != new || index >= common { return index }
                    continue
                }
                guard old != new else { continue }
                let key = old + new
                if compared[key] == nil {
                    let renderer = try drawing()
                    let a = try CheckImages.draw(before.displayList(at: index), renderer)
                    let b = try CheckImages.draw(after.displayList(at: index), renderer)
                    compared[key] = CheckImages.differingPixels(a, b, tolerance: CheckCommand.pixelTolerance) == 0
                }
                if compared[key] == false { return index }
            }
            return nil
        }
    }
}

/// "[#####-----] 3/8 recordings" on stderr, only when stderr is a terminal.
final class CheckProgress: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private var shown = false

    init(total: Int) {
        self.total = max(total, 1)
        enabled = isatty(STDERR_FILENO) == 1
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let filled = done * 30 / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(done)/\(total) recordings".utf8))
        shown = true
    }

    /// Erases the bar so a result line can be printed in its place.
    func clear() {
        guard enabled, shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }

    func finish() { clear() }
}
