import Foundation
import MorphKit
import Testing

/// The recorded-session fixtures in `__Fixtures__/recordings` (made by `generate.py` there)
/// and what the replay tests read out of their frames.
enum RecordedSessions {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("__Fixtures__/recordings")

    /// Every fixture, by file name without `.jsonl`.
    static let names = [
        "curtain-flick-reveals", "curtain-slow-drag-springs-back", "curtain-rubber-band-release",
        "curtain-reveal-then-close", "curtain-set-folds", "curtain-hold-then-lift-springs-back",
        "curtain-slow-release-springs-back",
        "container-double-tap", "container-scrub", "container-reduce-motion",
        "hero-open-close", "container-pointer-open-close", "hero-pointer-open-close",
    ]

    static func url(_ name: String) -> URL {
        directory.appendingPathComponent("\(name).jsonl")
    }

    /// The recording; a fixture must read without warnings.
    static func recording(_ name: String) throws -> Recording {
        let result = try RecordingReader.read(contentsOf: url(name))
        #expect(result.warnings.isEmpty, "\(name): \(result.warnings)")
        return result.recording
    }

    /// Every frame of a full replay at the recording's rate.
    static func frames(_ name: String) throws -> [Replay.Frame] {
        var replay = try Replay(try recording(name))
        var frames: [Replay.Frame] = []
        while let frame = replay.next() { frames.append(frame) }
        #expect(replay.skippedEvents.isEmpty, "\(name): \(replay.skippedEvents)")
        return frames
    }

    /// A frame's display list, decoded back from its canonical JSON.
    static func displayList(_ frame: Replay.Frame) throws -> DisplayList {
        try DisplayList(json: frame.displayList)
    }

    /// The curtain kernel's parameters in a display list, nil while the effect is off.
    static func curtainEffect(_ list: DisplayList) -> CurtainEffect? {
        for op in list.ops {
            if case .push(let group) = op, let effect = group.effect { return effect }
        }
        return nil
    }

    /// The height of the filled path with `id` (the container's `surface`, the hero card's
    /// `card.background`): the card's height at that frame.
    static func fillHeight(_ list: DisplayList, id: String) -> Double? {
        for op in list.ops {
            if case .fill(let fill) = op, fill.id == id { return fill.path.controlPointBounds.height }
        }
        return nil
    }

    /// The lines of text drawn by the op with `id`.
    static func text(_ list: DisplayList, id: String) -> [String] {
        for op in list.ops {
            if case .text(let text) = op, text.id == id { return text.lines.map(\.text) }
        }
        return []
    }

    /// The seed's `rubberClamp` (seed 003), written out again here as the test's own truth.
    static func seedRubberClamp(_ min: Double, _ value: Double, _ max: Double, coefficient: Double = 0.55) -> Double {
        let clamped = Swift.max(min, Swift.min(value, max))
        let delta = abs(clamped - value)
        guard delta != 0 else { return value }
        let sign: Double = clamped > value ? -1 : 1
        let range = max - min
        return clamped + sign * (1.0 - (1.0 / ((delta * coefficient / range) + 1.0))) * range
    }
}
