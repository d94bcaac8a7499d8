import Foundation
import MorphKit
import MorphWork

/// `morph replay --hashes` speed on the recorded fixtures: every frame built (or reused
/// while still) and hashed, as session time per second of wall time (× real time), against
/// the same replay rebuilding every frame, and against frames built on every core
/// (`Replay.forEachFrame(pool:)` on `WorkerPool.shared`, what the command runs), measured alternately in the
/// same run; and per second of the thread's CPU time, which a shared machine's scheduling
/// does not inflate. `hero-open-close` alone is the figure (213 frames, 3.55 s).
/// `morph-bench replay` runs only this.
func runReplayBenchmarks(repeats: Int = 7) {
    let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/MorphKitTests/__Fixtures__/recordings")
    let names =
        (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?
        .filter { $0.hasSuffix(".jsonl") }.sorted() ?? []
    guard !names.isEmpty else {
        print("replay: no fixtures in \(directory.path)")
        return
    }
    replaySpeed(label: "fixtures", repeats: repeats, recordings: fixtureRecordings(names, in: directory))
    replaySpeed(
        label: "hero-open-close", repeats: repeats,
        recordings: fixtureRecordings(["hero-open-close.jsonl"], in: directory))
    // A mostly still session: the container opened at 0.2 s and closed at 30 s (a minute
    // of session time in all), the case frame reuse is for.
    let still = Recording(
        header: RecordingHeader(component: "morph-container", viewport: Size(width: 400, height: 440)),
        events: [
            InputEvent(time: 0.2, kind: .tap(Point(x: 200, y: 220))),
            InputEvent(time: 30, kind: .tap(Point(x: 200, y: 220))),
            InputEvent(time: 59, kind: .scrub(progress: nil)),
        ])
    replaySpeed(label: "still container", repeats: repeats, recordings: [still])
}

private func fixtureRecordings(_ names: [String], in directory: URL) -> [Recording] {
    var recordings: [Recording] = []
    for name in names {
        guard let read = try? RecordingReader.read(contentsOf: directory.appendingPathComponent(name)) else {
            print("replay: cannot read \(name)")
            return []
        }
        recordings.append(read.recording)
    }
    return recordings
}

private func replaySpeed(label: String, repeats: Int, recordings: [Recording]) {
    guard !recordings.isEmpty else { return }
    let clock = SystemTimeSource()

    /// Plays every fixture once, hashing every frame (on every core with `parallel`, as
    /// `morph replay --hashes` does); returns (session seconds, wall seconds, frames).
    func playAll(reuse: Bool, parallel: Bool = false) -> (session: Double, wall: Double, cpu: Double, frames: Int) {
        var session = 0.0
        var frames = 0
        var digest = 0
        let start = clock.now()
        let cpuStart = threadCPUSeconds()
        for recording in recordings {
            guard var replay = try? Replay(recording) else { continue }
            replay.reusesStillFrames = reuse
            var last = 0.0
            if parallel {
                replay.forEachFrame(pool: .shared) { frame in
                    (frame.time, frame.hash.utf8.first.map(Int.init) ?? 0)
                } _: { time, first in
                    digest &+= first
                    frames += 1
                    last = time
                }
            } else {
                while let frame = replay.next() {
                    digest &+= frame.hash.utf8.first.map(Int.init) ?? 0
                    frames += 1
                    last = frame.time
                }
            }
            session += last + 1 / replay.fps
        }
        let wall = clock.now() - start
        let cpu = threadCPUSeconds() - cpuStart
        if digest == 42 { print("") }  // keeps the hashes observable
        return (session, wall, cpu, frames)
    }

    _ = playAll(reuse: true)  // warm-up
    var fast: [Double] = []
    var rebuilt: [Double] = []
    var speedups: [Double] = []
    var frameRates: [Double] = []
    var cpuFast: [Double] = []
    var cpuFrameRates: [Double] = []
    var allCores: [Double] = []
    var allCoresSpeedups: [Double] = []
    var sessionSeconds = 0.0
    var frameCount = 0
    for _ in 0..<repeats {
        let a = playAll(reuse: true)
        let b = playAll(reuse: false)
        let c = playAll(reuse: true, parallel: true)
        allCores.append(c.session / c.wall)
        allCoresSpeedups.append(a.wall / c.wall)
        sessionSeconds = a.session
        frameCount = a.frames
        fast.append(a.session / a.wall)
        rebuilt.append(b.session / b.wall)
        speedups.append(b.wall / a.wall)
        frameRates.append(Double(a.frames) / a.wall)
        cpuFast.append(a.session / a.cpu)
        cpuFrameRates.append(Double(a.frames) / a.cpu)
    }
    print(
        "replay --hashes, \(label): \(recordings.count) recording(s), \(frameCount) frames, "
            + String(format: "%.2f", sessionSeconds) + " s of session time, \(repeats) repeats (min / median / max)")
    print("  frames per wall second              " + summary(frameRates, "%.0f"))
    print("  × real time (still frames reused)   " + summary(fast, "%.0f"))
    print("  × real time (every frame rebuilt)   " + summary(rebuilt, "%.0f"))
    print("  reuse speedup vs rebuild            " + summary(speedups, "%.2f"))
    print(
        "  × real time (built on \(ProcessInfo.processInfo.activeProcessorCount) cores)      "
            + summary(allCores, "%.0f"))
    print("  all cores speedup vs one            " + summary(allCoresSpeedups, "%.2f"))
    print("  frames per CPU second               " + summary(cpuFrameRates, "%.0f"))
    print("  × real time, CPU time (reused)      " + summary(cpuFast, "%.0f"))
}
