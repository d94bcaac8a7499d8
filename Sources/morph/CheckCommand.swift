import Foundation
import MorphArguments
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
        usage: morph check [DIR|FILE ...] [--component FILE.json] [--components DIR ...] [--baseline DIR]
                           [--update] [--report OUT_DIR] [--junit FILE] [--pixels] [--shard K/N] [--jobs J]
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
        baseline is missing, a recording cannot be read or no recording is found at all (the
        error names the folders searched); 0 otherwise. On a terminal, a progress bar on
        stderr.

          --component F    replay the recordings of F's component through component file F
                           (schemas/component.md); the others as usual
          --components DIR look for a recording's component as DIR/NAME.json (repeatable);
                           without it, a component that is not built in is found as
                           NAME.json beside the recording or in its parent folder
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
        var definition: ComponentDefinition?
        /// `--components DIR`, in order.
        var folders: [URL] = []
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
        values: ["--baseline", "--report", "--junit", "--shard", "--jobs", "--component", "--components"],
        switches: ["--update", "--pixels", "--merge"], repeatable: ["--components"])

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
            case "--component": options.definition = try ComponentFile.load(text)
            case "--components": options.folders.append(try ComponentCatalog.folder(text))
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
}
