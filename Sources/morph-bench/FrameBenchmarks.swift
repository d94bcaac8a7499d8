import Foundation
import MorphKit

/// CPU to build one live frame (`ComponentSession.encodedDisplayList(at:)`, what morphd
/// calls per session per tick) on the moving frames of three recorded fixtures, one per
/// component. `morph-bench frames` runs only this; `morph-bench frames-profile N` builds the
/// frames N times and nothing else, for profilers.
func runFrameBenchmarks(repeats: Int = 7) {
    let recordings = frameRecordings()
    guard !recordings.isEmpty else { return }
    let clock = SystemTimeSource()
    print(
        "frame build, moving frames of one recording per component, caches on vs off alternately, "
            + "\(repeats) repeats (min / median / max)")
    for (label, recording) in recordings {
        var cached: [Double] = []
        var uncached: [Double] = []
        var ratios: [Double] = []
        var frames = 0
        func perFrame(caching: Bool) -> Double {
            setFrameCaches(caching)
            let start = clock.now()
            let built = buildFrames(recording, reusingOps: caching)
            frames = built.frames
            return (clock.now() - start) * 1e6 / Double(built.frames)
        }
        _ = perFrame(caching: true)  // warm-up
        _ = perFrame(caching: false)
        for _ in 0..<repeats {
            let on = perFrame(caching: true)
            let off = perFrame(caching: false)
            cached.append(on)
            uncached.append(off)
            ratios.append(off / on)
        }
        setFrameCaches(true)
        print("  \(label) (\(frames) frames)")
        print("    µs/frame, caches on      " + summary(cached, "%.1f"))
        print("    µs/frame, caches off     " + summary(uncached, "%.1f"))
        print("    speedup                  " + summary(ratios, "%.2f"))
    }
}

/// Turns every cache that spares work between frames on or off.
private func setFrameCaches(_ on: Bool) {
    TextLayoutCache.isEnabled = on
    TextLayoutCache.removeAll()
}

/// Builds every moving frame of each recording `count` times (for callgrind / perf).
func runFrameProfile(count: Int) {
    var total = 0
    for _ in 0..<count {
        for (_, recording) in frameRecordings() { total &+= buildFrames(recording, reusingOps: true).bytes }
    }
    print("built \(total) bytes")
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
/// built at every tick while the session moves or after an input. Returns frames and bytes.
private func buildFrames(_ recording: Recording, reusingOps: Bool) -> (frames: Int, bytes: Int) {
    guard let kind = ComponentKind(rawValue: recording.header.component),
        var session = try? ComponentSession(
            component: kind, configuration: recording.header.configuration,
            environment: recording.header.environment, viewport: recording.header.viewport)
    else { return (0, 0) }
    session.encoder.reusesUnchangedOps = reusingOps
    let period = 1 / recording.header.frameRate
    var next = 0
    var frames = 0
    var bytes = 0
    var tick = 0
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
            bytes &+= session.encodedDisplayList(at: time).count
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
