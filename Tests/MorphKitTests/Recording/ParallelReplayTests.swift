import Foundation
import MorphKit
import MorphWork
import Testing

/// Pools by thread count for the parallel replays, started once for the test process.
private let pools: [Int: WorkerPool] = [
    2: WorkerPool(threads: 2, name: "replay-test-2"), 4: WorkerPool(threads: 4, name: "replay-test-4"),
]

/// `Replay.forEachFrame(pool:)` builds runs of frames on several threads from copies of
/// the replay taken while walking ahead without drawing: what it hands out, in order, must be
/// exactly what `next()` gives, whatever the run length, and it must report the same skipped
/// events.
@Suite struct ParallelReplayTests {
    func sequential(_ recording: Recording, until: Double? = nil) throws -> (frames: [Replay.Frame], skipped: [Int]) {
        var replay = try Replay(recording, until: until)
        var frames: [Replay.Frame] = []
        while let frame = replay.next() { frames.append(frame) }
        return (frames, replay.skippedEvents.map(\.index))
    }

    func parallel(
        _ recording: Recording, threads: Int, framesPerRun: Int, until: Double? = nil
    ) throws -> (frames: [Replay.Frame], skipped: [Int]) {
        var replay = try Replay(recording, until: until)
        var frames: [Replay.Frame] = []
        replay.forEachFrame(pool: pools[threads], framesPerRun: framesPerRun, transform: { $0 }) { frames.append($0) }
        return (frames, replay.skippedEvents.map(\.index))
    }

    func expectEqual(
        _ expected: (frames: [Replay.Frame], skipped: [Int]), _ got: (frames: [Replay.Frame], skipped: [Int]),
        _ label: String
    ) {
        #expect(got.frames.count == expected.frames.count, "\(label): frame count")
        #expect(got.frames.map(\.index) == Array(0..<got.frames.count), "\(label): frames out of order")
        if let first = zip(expected.frames, got.frames).first(where: { $0 != $1 }) {
            Issue.record("\(label): frame \(first.0.index) differs")
        }
        #expect(got.skipped == expected.skipped, "\(label): skipped events")
    }

    @Test(arguments: RecordedSessions.names)
    func everyFixtureGivesTheFramesOfNext(name: String) throws {
        let recording = try RecordedSessions.recording(name)
        let expected = try sequential(recording)
        #expect(expected.frames.count > 64)  // several runs, one cut short at the end
        for (threads, framesPerRun) in [(2, 1), (2, 7), (2, 32), (4, 64), (1, 32)] {
            expectEqual(
                expected, try parallel(recording, threads: threads, framesPerRun: framesPerRun),
                "\(name) threads \(threads) runs of \(framesPerRun)")
        }
    }

    /// `until` ends playback mid-run, and again exactly at a run's end.
    @Test func untilCutsTheLastRun() throws {
        let recording = try RecordedSessions.recording("hero-open-close")
        for until in [0.5, 1.0 / 60 * 63, 2.25] {
            expectEqual(
                try sequential(recording, until: until), try parallel(recording, threads: 2, framesPerRun: 16, until: until),
                "until \(until)")
        }
    }

    /// A container still for seconds between taps: runs that start inside the still stretch
    /// build the frame `next()` reused, and the bytes agree.
    @Test func stillStretchesAgree() throws {
        let recording = Recording(
            header: RecordingHeader(component: "morph-container", viewport: Size(width: 400, height: 440)),
            events: [
                InputEvent(time: 0.2, kind: .tap(Point(x: 200, y: 220))),
                InputEvent(time: 4, kind: .tap(Point(x: 200, y: 220))),
            ])
        let expected = try sequential(recording)
        #expect(expected.frames.count > 240)
        expectEqual(expected, try parallel(recording, threads: 2, framesPerRun: 10), "still container")
    }

    /// Bad `set` values are skipped once, in order, as `next()` reports them.
    @Test func skippedEventsAreReportedOnce() throws {
        let recording = Recording(
            header: RecordingHeader(component: "curtain", viewport: Size(width: 390, height: 844)),
            events: [
                InputEvent(time: 0.1, kind: .set(key: "folds", value: .number(5))),
                InputEvent(time: 0.2, kind: .set(key: "nonsense", value: .number(1))),
                InputEvent(time: 0.9, kind: .set(key: "folds", value: .string("many"))),
            ])
        let expected = try sequential(recording)
        #expect(expected.skipped == [1, 2])
        expectEqual(expected, try parallel(recording, threads: 2, framesPerRun: 4), "bad sets")
    }
}
