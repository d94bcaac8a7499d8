import Foundation
import MorphCairo
import MorphKit
import MorphWork

// `morph check` at work: replaying each recording (on --jobs threads) and comparing its
// frames with the baseline. Options and discovery are in CheckCommand.swift.
extension CheckCommand {
    static func check(_ options: Options) throws -> [CheckResult] {
        var found = try discover(options.roots)
        // A wrong path must not pass a CI job as "0 recordings checked, 0 failing".
        guard !found.isEmpty else { throw Failure(description: nothingFound(options.roots)) }
        if let shard = options.shard { found = slice(found, index: shard.index, count: shard.count) }
        let entries = found
        let state = RunState(count: entries.count)
        let baselineDirectory = options.baseline.map { URL(fileURLWithPath: $0) }
        let workers = min(options.jobs, max(entries.count, 1))
        // The command's one pool: `--jobs` recordings at a time (the calling thread is one of
        // them), and at least a thread per core, so the curtain kernel's bands inside a render
        // use whichever threads are idle (all of them with the default `--jobs 1`).
        let pool = WorkerPool(threads: max(workers, ProcessInfo.processInfo.activeProcessorCount), name: "morph-check")
        defer { pool.shutdown() }
        state.progress.bar(0, of: entries.count, "recordings")
        pool.parallelFor(workers) { _ in
            var worker = Worker(options: options, baselineDirectory: baselineDirectory, pool: pool)
            while let index = state.take() {
                state.finish(index, worker.check(entries[index]))
            }
        }
        state.progress.clear()
        return state.results.map { $0! }
    }

    /// Where `check` looked and found no recording, each folder as given and as an absolute path.
    static func nothingFound(_ roots: [String]) -> String {
        let places = roots.map { root in
            let absolute = URL(fileURLWithPath: root).standardizedFileURL.path
            return absolute == root ? root : "\(root) (\(absolute))"
        }
        return "no recordings (*.jsonl; hidden files and folders skipped) in " + places.joined(separator: ", ")
    }

    /// Shared between workers: the next recording to take, results in order, and printing
    /// each line once every line before it is printed (output order does not depend on --jobs).
    final class RunState: @unchecked Sendable {
        /// Guards `next`, `printed` and `results`.
        private let lock = NSLock()
        private var next = 0
        private var printed = 0
        private(set) var results: [CheckResult?]
        let progress = TerminalProgress()

        init(count: Int) {
            results = Array(repeating: nil, count: count)
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
            progress.bar(results.lazy.filter { $0 != nil }.count, of: results.count, "recordings", now: true)
        }
    }

    /// One thread's replayer and (lazily) renderer.
    struct Worker {
        let options: Options
        let baselineDirectory: URL?
        /// The command's pool, which the renderer's curtain kernel joins.
        let pool: WorkerPool
        private var renderer: DisplayListRenderer?
        private var catalog: ComponentCatalog
        /// The component file of the recording being checked (its pictures are drawn).
        private var definition: ComponentDefinition?

        init(options: Options, baselineDirectory: URL?, pool: WorkerPool) {
            self.options = options
            self.baselineDirectory = baselineDirectory
            self.pool = pool
            catalog = ComponentCatalog(explicit: options.definition, folders: options.folders)
        }

        mutating func drawing() throws -> DisplayListRenderer {
            let renderer = try self.renderer ?? DisplayListRenderer(pool: pool)
            self.renderer = renderer
            let images = definition?.imageBytes ?? [:]
            if renderer.images != images { renderer.images = images }
            return renderer
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
                definition = try catalog.definition(named: read.recording.header.component, forRecordingAt: entry.url)
                var replay = try Replay(read.recording, definition: definition)
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
