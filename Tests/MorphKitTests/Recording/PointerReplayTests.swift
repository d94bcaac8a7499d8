import Foundation
import MorphKit
import Testing

/// The pointer-only fixtures: raw pointer streams, no `tap` events, drive the container and
/// the hero card through MorphKit's own gesture recognition, step by step.
@Suite struct PointerReplayTests {
    /// The times at which `frames` change state name, with the new name.
    func stateChanges(_ frames: [Replay.Frame]) -> [(time: Double, state: String)] {
        var changes: [(Double, String)] = []
        var previous = frames.first?.stateName
        for frame in frames.dropFirst() where frame.stateName != previous {
            changes.append((frame.time, frame.stateName))
            previous = frame.stateName
        }
        return changes
    }

    func pointerUps(_ recording: Recording) -> [Double] {
        recording.events.compactMap { if case .pointerUp = $0.kind { $0.time } else { nil } }
    }

    /// The same recording with each press replaced by the `tap` shorthand at `times`.
    func withTaps(_ recording: Recording, at times: [Double], point: (Double) -> Point) -> Recording {
        Recording(header: recording.header, events: times.map { InputEvent(time: $0, kind: .tap(point($0))) })
    }

    @Test func containerOpensAndClosesFromPointersAloneAndIgnoresTheFailedTaps() throws {
        let name = "container-pointer-open-close"
        let recording = try RecordedSessions.recording(name)
        #expect(!recording.events.contains { if case .tap = $0.kind { true } else { false } })
        let ups = pointerUps(recording)
        #expect(ups.count == 4)
        let frames = try RecordedSessions.frames(name)
        let changes = stateChanges(frames)
        // Tap 1 opens (at its pointerUp); tap 2 moved 20 pt and tap 3 was held 0.7 s, so
        // neither toggles; tap 4 moved 8.5 pt, within the slop, and closes.
        #expect(changes.map(\.state) == ["expanding", "expanded", "collapsing", "collapsed"])
        let opened = try #require(changes.first).time
        let closing = changes[2].time
        #expect(opened >= ups[0] && opened - ups[0] < 1.0 / 60 + 1e-9)
        #expect(closing >= ups[3] && closing - ups[3] < 1.0 / 60 + 1e-9)
        // It had settled open before the failed presses went down.
        #expect(changes[1].time < ups[1] - 0.083)
        let heights = try frames.map {
            try #require(RecordedSessions.fillHeight(RecordedSessions.displayList($0), id: "surface"))
        }
        for (frame, height) in zip(frames, heights) where frame.time >= ups[1] - 0.083 && frame.time < ups[3] {
            #expect(frame.stateName == "expanded" && height == 384, "frame \(frame.index)")
        }
        #expect(heights.last == 96)
        // Exactly what the two successful taps, sent as shorthand, give.
        let shorthand = withTaps(recording, at: [ups[0], ups[3]]) { _ in Point(x: 200, y: 220) }
        var replay = try Replay(shorthand)
        var tapFrames: [Replay.Frame] = []
        while let frame = replay.next() { tapFrames.append(frame) }
        #expect(tapFrames.map(\.hash) == frames.map(\.hash))
    }

    @Test func heroCardOpensOnALongPressAndClosesFromTheCloseButtonByPointersAlone() throws {
        let name = "hero-pointer-open-close"
        let recording = try RecordedSessions.recording(name)
        let ups = pointerUps(recording)
        #expect(ups.count == 3)
        let frames = try RecordedSessions.frames(name)
        // A Button has no time limit: the 0.9 s press opens at its release; the body press
        // does nothing; the close press, slid 50 pt below the button (inside 70 pt), closes.
        let changes = stateChanges(frames)
        #expect(changes.map(\.state) == ["expanding", "expanded", "collapsing", "collapsed"])
        #expect(changes[0].time >= ups[0] && changes[0].time - ups[0] < 1.0 / 60 + 1e-9)
        #expect(changes[2].time >= ups[2] && changes[2].time - ups[2] < 1.0 / 60 + 1e-9)
        #expect(changes[1].time < ups[1] - 0.083)  // settled open before the body press
        #expect(frames.filter { $0.time > ups[0] && $0.time < ups[2] }.allSatisfy { $0.stateName != "collapsing" })
        let shorthand = withTaps(recording, at: [ups[0], ups[2]]) { $0 < 2 ? Point(x: 195, y: 200) : Point(x: 336, y: 170) }
        var replay = try Replay(shorthand)
        var tapFrames: [Replay.Frame] = []
        while let frame = replay.next() { tapFrames.append(frame) }
        #expect(tapFrames.count == frames.count)
        // Exactly what the two taps give, except while a button is held: `.plain` draws its
        // label at 0.75 then (the card's header, then the close button).
        let downs = recording.events.compactMap { if case .pointerDown = $0.kind { $0.time } else { nil } }
        let held = [(downs[0], ups[0], "header"), (downs[2], ups[2], "close")]
        func opacity(_ frame: Replay.Frame, _ id: String) throws -> Double? {
            try RecordedSessions.displayList(frame).ops.lazy.compactMap { op -> Double? in
                if case .push(let group) = op, group.id == id { group.opacity } else { nil }
            }.first
        }
        var pressedFrames = 0
        for (frame, tapFrame) in zip(frames, tapFrames) {
            if let press = held.first(where: { frame.time >= $0.0 - 1e-9 && frame.time < $0.1 - 1e-9 }) {
                let pressed = try #require(try opacity(frame, press.2)), free = try #require(try opacity(tapFrame, press.2))
                #expect(abs(pressed - 0.75 * free) < 1e-12, "frame \(frame.index)")
                pressedFrames += 1
            } else {
                #expect(frame.hash == tapFrame.hash, "frame \(frame.index)")
            }
        }
        #expect(pressedFrames == 54 + 5)  // 0.2 ..< 1.1 and 3.0 ..< 3.083 at 60 Hz
    }
}
