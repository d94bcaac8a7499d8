import MorphKit
import MorphTestSupport
import Synchronization
import Testing

@testable import MorphServer

/// A clock that moves one step each time it is read: every lap of a set lasts one step.
private final class SteppingTimeSource: TimeSource {
    /// Guards the readings taken: renders read the clock on a worker.
    private let readings = Mutex(0)
    let step: Double

    init(step: Double) { self.step = step }

    func now() -> Double {
        readings.withLock { count in
            count += 1
            return Double(count) * step
        }
    }
}

/// A tile set's timings are laps of the clock the renderer is given (the server's), and the
/// scale fallback decides from them.
@Suite struct TileTimingsTests {
    /// 1/64 s: a binary fraction, so every lap is exactly 15.625 ms.
    static let step = 1.0 / 64

    static func movingJob(_ sequence: Int, dragX: Double) throws -> TileJob {
        var job = try TileRefinementTests.job(sequence, dragX: dragX, codec: .jpeg)
        job.scaleFallback = .auto
        return job
    }

    @Test func eachPhaseLastsWhatTheInjectedClockSays() throws {
        let renderer = try TileRenderer(scale: 2, clock: SteppingTimeSource(step: Self.step))
        let set = try #require(try renderer.render(try Self.movingJob(1, dragX: 180), skipped: 0))
        let lap = Self.step * 1000
        #expect(set.timings.content == lap && set.timings.kernel == lap)
        #expect(set.timings.diff == lap && set.timings.encode == lap)
        // Kernel, diff and encode: 46.875 ms, far over a 60 Hz set's budget, so motion lowers.
        #expect(renderer.scalePolicy.fullScaleMilliseconds == 3 * lap)
        let next = try #require(try renderer.render(try Self.movingJob(2, dragX: 150), skipped: 0))
        #expect(next.isLowered && next.scale == 1)
    }

    @Test func aClockThatStandsStillTimesNothingAndNeverLowers() throws {
        let renderer = try TileRenderer(scale: 2, clock: ManualTimeSource(start: 5))
        let set = try #require(try renderer.render(try Self.movingJob(1, dragX: 180), skipped: 0))
        #expect(set.timings == TileTimings())
        #expect(renderer.scalePolicy.fullScaleMilliseconds == 0)
        let next = try #require(try renderer.render(try Self.movingJob(2, dragX: 150), skipped: 0))
        #expect(!next.isLowered && next.scale == 2)
    }
}
