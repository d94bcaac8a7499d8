import Foundation
import MorphKit
import MorphServer

/// CPU to build one live frame on the moving frames of three recorded fixtures, one per
/// component, through what morphd's worker does per session per tick
/// (`FrameBuilder.build`): `ComponentSession.encodedDisplayList(at:)` (scene, display list,
/// canonical JSON with unchanged ops copied), the "did anything change" comparison with the
/// previous list, the frame deltas (`FrameDeltaBases`) and the `frame` message
/// (`FrameEncoding`); the same without deltas beside it. Caches on and off alternate in
/// the same run, and each repeat also times the exp+cos baseline, so the µs figures come with
/// a ratio that carries across machines. Times are the thread's CPU time, not wall time, so
/// a shared machine's scheduling does not count (its caches still do). `morph-bench frames` runs only this;
/// `morph-bench frames-profile N [container|hero|curtain]` builds the frames N times and
/// nothing else, for profilers.
func runFrameBenchmarks(repeats: Int = 7) {
    let recordings = frameRecordings()
    guard !recordings.isEmpty else { return }
    print(
        "frame build (morphd's per-tick work), moving frames of one recording per component, caches on vs off "
            + "alternately, \(repeats) repeats (min / median / max); × baseline = µs per frame / exp+cos time")
    for (label, recording) in recordings {
        var cached: [Double] = []
        var withoutDeltas: [Double] = []
        var uncached: [Double] = []
        var ratios: [Double] = []
        var baselineRatios: [Double] = []
        var frames = 0
        func perFrame(caching: Bool, deltas: Bool = true) -> Double {
            // Every cache that spares work between frames, on or off; a fresh layout cache
            // each pass, so a cached pass starts cold as the process's first frames do.
            let caches = caching ? FrameCaches(textLayouts: TextLayoutCache(), keepsStillParts: true) : .none
            let start = threadCPUSeconds()
            let built = caches.use { buildFrames(recording, reusingOps: caching, withDeltas: deltas) }
            frames = built.frames
            return (threadCPUSeconds() - start) * 1e6 / Double(built.frames)
        }
        _ = perFrame(caching: true)  // warm-up
        _ = perFrame(caching: false)
        for _ in 0..<repeats {
            let baseline = baselineMicroseconds()
            let on = perFrame(caching: true)
            withoutDeltas.append(perFrame(caching: true, deltas: false))
            let off = perFrame(caching: false)
            cached.append(on)
            uncached.append(off)
            ratios.append(off / on)
            baselineRatios.append(on / baseline)
        }
        print("  \(label) (\(frames) frames)")
        print("    µs/frame, caches on      " + summary(cached, "%.1f"))
        print("    × baseline, caches on    " + summary(baselineRatios, "%.0f"))
        print("    µs/frame, no deltas      " + summary(withoutDeltas, "%.1f"))
        print("    µs/frame, caches off     " + summary(uncached, "%.1f"))
        print("    speedup                  " + summary(ratios, "%.2f"))
    }
}

/// One exp+cos (the `make bench` baseline) in µs of CPU time, over 200 000 operations.
private func baselineMicroseconds() -> Double {
    var total = 0.0
    let start = threadCPUSeconds()
    for index in 0..<200_000 {
        let t = Double(index) * 5e-6
        total += exp(-t) * cos(t)
    }
    let elapsed = threadCPUSeconds() - start
    if total.isNaN { print("") }  // keeps the loop observable
    return elapsed * 1e6 / 200_000
}

/// CPU time of the calling thread, in seconds.
func threadCPUSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
}

/// Builds every moving frame of each recording (or of one component's, `only`) `count`
/// times, for callgrind / perf; the recordings are read once, before. With `file`, the
/// sessions run that component file instead of the built-in the recording names (an older
/// revision of the built-in's file, say, to tell the runtime's cost from the file's).
func runFrameProfile(count: Int, only: String?, file: String? = nil) {
    let recordings = frameRecordings().filter { only == nil || $0.0 == only }
    var definition: ComponentDefinition?
    if let file {
        do {
            definition = try ComponentDefinition(contentsOf: URL(fileURLWithPath: file))
        } catch {
            print("frames-profile: \(file): \(error)")
            exit(1)
        }
    }
    var total = 0
    var frames = 0
    for _ in 0..<count {
        for (_, recording) in recordings {
            let built = buildFrames(recording, reusingOps: true, definition: definition)
            total &+= built.bytes
            frames += built.frames
        }
    }
    print("built \(frames) frames, \(total) bytes")
}

private func frameRecordings() -> [(String, Recording)] {
    let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/MorphKitTests/__Fixtures__/recordings")
    let cases = [
        ("container", "container-pointer-open-close"), ("hero", "hero-open-close"),
        ("curtain", "curtain-slow-drag-springs-back"),
    ]
    var recordings: [(String, Recording)] = []
    for (label, name) in cases {
        guard let read = try? RecordingReader.read(contentsOf: directory.appendingPathComponent(name + ".jsonl")) else {
            print("frames: cannot read \(name)")
            return []
        }
        recordings.append((label, read.recording))
    }
    return recordings
}

/// Plays `recording` at its frame rate as morphd does: inputs applied at their times, a frame
/// built at every tick while the session moves or after an input. Returns frames and the
/// bytes of the `frame` messages. `withDeltas` also writes each frame's deltas against the
/// last `FrameDeltaBases.count` frames, as `FrameBuilder` does.
private func buildFrames(
    _ recording: Recording, reusingOps: Bool, withDeltas: Bool = true, definition: ComponentDefinition? = nil
) -> (frames: Int, bytes: Int) {
    let header = recording.header
    let opened: ComponentSession?
    if let definition {
        opened = try? ComponentSession(
            definition: definition, configuration: header.configuration, environment: header.environment,
            viewport: header.viewport)
    } else {
        opened = ComponentKind(rawValue: header.component).flatMap { kind in
            try? ComponentSession(
                component: kind, configuration: header.configuration, environment: header.environment,
                viewport: header.viewport)
        }
    }
    guard var session = opened else { return (0, 0) }
    session.encoder.reusesUnchangedOps = reusingOps
    let period = 1 / recording.header.frameRate
    var next = 0
    var frames = 0
    var bytes = 0
    var tick = 0
    var latest: [UInt8] = []
    var bases = FrameDeltaBases()
    let end = (recording.events.last?.time ?? 0) + 3
    while Double(tick) * period <= end {
        let time = Double(tick) * period
        var dirty = false
        while next < recording.events.count, recording.events[next].time <= time {
            try? session.handle(recording.events[next])
            next += 1
            dirty = true
        }
        if dirty || session.isMoving {
            // As `FrameBuilder.build`: skip a list equal to the last one, else wrap it once.
            let list = session.encodedDisplayList(at: time)
            if list != latest {
                let deltas =
                    withDeltas
                    ? bases.deltas(
                        of: list, sequence: frames + 1, layout: session.encodedLayout, unchanged: session.encoder.unchanged)
                    : []
                let frame = FrameEncoding(
                    session: "bench", sequence: frames + 1, serverTime: time, state: session.stateName, list: list,
                    deltas: deltas)
                bytes &+= frame.byteCount(dropped: 0)
                latest = list
            }
            frames += 1
        }
        tick += 1
    }
    return (frames, bytes)
}

/// min / median / max of `values`, each printed with `format`.
func summary(_ values: [Double], _ format: String) -> String {
    let sorted = values.sorted()
    return [sorted.first!, sorted[sorted.count / 2], sorted.last!].map { String(format: format, $0) }
        .joined(separator: " / ")
}
