import Foundation
import MorphKit
import Testing

/// Replay's shortcuts for still sessions: a still frame reuses the previous frame's bytes
/// with only its time changed, and `last()` skips drawing (and stepping through still gaps)
/// on the way to the final frame. Both must give exactly the frames a full rebuild gives.
@Suite struct StillFrameTests {
    func frames(_ recording: Recording, reuse: Bool, until: Double? = nil) throws -> [Replay.Frame] {
        var replay = try Replay(recording, until: until)
        replay.reusesStillFrames = reuse
        var frames: [Replay.Frame] = []
        while let frame = replay.next() { frames.append(frame) }
        return frames
    }

    func recording(_ component: String, _ events: [InputEvent]) -> Recording {
        Recording(header: RecordingHeader(component: component, viewport: Size(width: 390, height: 844)), events: events)
    }

    /// A container opened by a tap at 0.2 s and closed by one at `closeAt`.
    func openClose(closeAt: Double) -> Recording {
        Recording(
            header: RecordingHeader(component: "morph-container", viewport: Size(width: 400, height: 440)),
            events: [
                InputEvent(time: 0.2, kind: .tap(Point(x: 200, y: 220))),
                InputEvent(time: closeAt, kind: .tap(Point(x: 200, y: 220))),
            ])
    }

    @Test(arguments: RecordedSessions.names)
    func reusedFramesEqualRebuiltFrames(name: String) throws {
        let recording = try RecordedSessions.recording(name)
        let rebuilt = try frames(recording, reuse: false)
        let reused = try frames(recording, reuse: true)
        #expect(rebuilt.count == reused.count)
        for (a, b) in zip(rebuilt, reused) where a != b {
            Issue.record("\(name) frame \(a.index) differs when reused")
            break
        }
        // Something was still for a while in every fixture, so the shortcut was taken.
        let stillPairs = zip(rebuilt, rebuilt.dropFirst()).filter { pair in
            Self.withoutTime(pair.0.displayList) == Self.withoutTime(pair.1.displayList)
        }
        #expect(!stillPairs.isEmpty)
    }

    /// The curtain's spinner steps 8 times a second even while nothing else moves: a reused
    /// frame must not hide a step. Past the last event, with `until`, over several seconds.
    @Test func curtainSpinnerStepsSurviveReuse() throws {
        let recording = recording("curtain", [InputEvent(time: 0.1, kind: .environment(.init(colorScheme: .dark)))])
        let rebuilt = try frames(recording, reuse: false, until: 2.5)
        let reused = try frames(recording, reuse: true, until: 2.5)
        #expect(rebuilt == reused)
        let distinct = Set(rebuilt.map { Self.withoutTime($0.displayList) })
        #expect(distinct.count >= 8)  // the spinner's 8 phases (and the timer text)
    }

    @Test(arguments: RecordedSessions.names)
    func lastEqualsTheLastFrameOfNext(name: String) throws {
        let recording = try RecordedSessions.recording(name)
        for until in [nil, 0.5, 1.0 / 60 * 7, 2.25] as [Double?] {
            let all = try frames(recording, reuse: false, until: until)
            var replay = try Replay(recording, until: until)
            let last = replay.last()
            #expect(last == all.last, "\(name) until \(String(describing: until))")
        }
    }

    /// Taps an hour apart: `last()` jumps the still gap (216 000 frames) and lands on the
    /// frame a session fed the same events draws at that time.
    @Test func lastJumpsLongStillGaps() throws {
        let recording = openClose(closeAt: 3600)
        var replay = try Replay(recording)
        let lastFrame = replay.last()
        let last = try #require(lastFrame)
        #expect(last.index > 3600 * 60)
        #expect(last.time == Double(last.index) / 60)
        #expect(last.stateName == "collapsed")
        var session = try ComponentSession(component: .morphContainer, viewport: Size(width: 400, height: 440))
        for event in recording.events { try session.handle(event) }
        #expect(last.displayList == session.encodedDisplayList(at: last.time))

        // The same with a gap that `until` cuts short.
        var cut = try Replay(recording, until: 1800)
        let cutLastFrame = cut.last()
        let cutLast = try #require(cutLastFrame)
        #expect(cutLast.index == 1800 * 60)
        var open = try ComponentSession(component: .morphContainer, viewport: Size(width: 400, height: 440))
        try open.handle(recording.events[0])
        // Let the opening spring run at frame steps, then jump the still hour in one call.
        for frame in 13...300 { open.advance(to: Double(frame) / 60) }
        #expect(!open.isMoving)
        #expect(cutLast.displayList == open.encodedDisplayList(at: 1800))
        #expect(cutLast.stateName == "expanded")
    }

    /// A short version of the same gap: `last()` agrees with the full frame-by-frame replay.
    @Test func lastAgreesWithFullReplayAcrossAGap() throws {
        let recording = openClose(closeAt: 20)
        let all = try frames(recording, reuse: true)
        var replay = try Replay(recording)
        #expect(replay.last() == all.last)
        #expect(all.count > 20 * 60)
    }

    /// A curtain drag held still between two moves `gap` seconds apart.
    func heldDrag(gap: Double) -> Recording {
        Recording(
            header: RecordingHeader(component: "curtain", viewport: Size(width: 390, height: 844)),
            events: [
                InputEvent(time: 0.1, kind: .pointerDown(pointer: 1, location: Point(x: 380, y: 400))),
                InputEvent(time: 0.3, kind: .pointerMove(pointer: 1, location: Point(x: 200, y: 400))),
                InputEvent(time: 0.3 + gap, kind: .pointerMove(pointer: 1, location: Point(x: 150, y: 420))),
                InputEvent(time: 0.4 + gap, kind: .pointerUp(pointer: 1, location: Point(x: 150, y: 420))),
            ])
    }

    /// A finger held for an hour mid-drag: once the drag spring has caught up, only the clock
    /// moves, so `last()` jumps the gap as it does for a still session (it used to step all
    /// 216 000 frames) and lands where a session fed the same events does.
    @Test func lastJumpsAHeldDrag() throws {
        let recording = heldDrag(gap: 3600)
        var replay = try Replay(recording)
        let lastFrame = replay.last()
        let last = try #require(lastFrame)
        #expect(last.index > 3600 * 60)
        var session = try ComponentSession(component: .curtain, viewport: Size(width: 390, height: 844))
        for event in recording.events { try session.handle(event) }
        // After the release the spring runs at frame steps, as playback steps it.
        let release = Int((recording.events[3].time * 60).rounded(.up))
        for frame in release...last.index { session.advance(to: Double(frame) / 60) }
        #expect(!session.isMoving)
        let expected = session.encodedDisplayList(at: last.time)
        #expect(last.displayList == expected, "the jumped replay draws what the session draws")
        #expect(last.stateName == session.stateName)

        // A short hold: the jump agrees with the frame-by-frame replay.
        let short = heldDrag(gap: 5)
        var shortReplay = try Replay(short)
        #expect(shortReplay.last() == (try frames(short, reuse: false)).last)
    }

    /// The display list bytes without the top-level `time` field.
    static func withoutTime(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let start = text.range(of: #","time":"#), let end = text.range(of: #","background":"#) else {
            return bytes
        }
        return Array((text[..<start.lowerBound] + text[end.lowerBound...]).utf8)
    }
}
