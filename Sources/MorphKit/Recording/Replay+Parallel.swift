import MorphWork
import Synchronization

extension Replay {
    /// Plays every remaining frame, as `next()` would, building frames on `pool`'s threads
    /// (the caller's pool, which this thread joins; nil or one thread: on this thread alone):
    /// `transform` runs on the building threads, one frame at a time, and `body` gets what it
    /// made in frame order on the calling thread. What `body` sees equals `next()` frame by
    /// frame (tests replay every fixture both ways).
    ///
    /// The recording is cut into runs of `framesPerRun` frames. This replay walks ahead without
    /// drawing (`advance` only, a few percent of a frame's cost) and keeps a copy of itself at
    /// the start of each run; each copy then draws its run on its own. A copy starts its run
    /// with a built frame, where `next()` might have reused the previous still frame: the bytes
    /// are the same either way.
    public mutating func forEachFrame<Result: Sendable>(
        pool: WorkerPool?, framesPerRun: Int = 32,
        transform: @escaping @Sendable (Frame) -> Result,
        _ body: (Result) throws -> Void
    ) rethrows {
        guard let pool, pool.threadCount > 1 else {
            while let frame = next() { try body(transform(frame)) }
            return
        }
        let framesPerRun = max(1, framesPerRun)
        // Several runs a thread per round: a round waits for its slowest run.
        let runsPerRound = pool.threadCount * 4
        var finished = false
        while !finished {
            var starts: [(replay: Replay, frames: Int)] = []
            while starts.count < runsPerRound && !finished {
                let start = self
                var frames = 0
                while frames < framesPerRun, step(building: false, skippingStill: false) != nil { frames += 1 }
                if frames > 0 { starts.append((start, frames)) }
                finished = frames < framesPerRun
            }
            let runs = starts
            // Guards each run's frames until the round is over.
            let results = Mutex<[[Result]]>(Array(repeating: [], count: runs.count))
            pool.parallelFor(runs.count) { index in
                var replay = runs[index].replay
                var made: [Result] = []
                made.reserveCapacity(runs[index].frames)
                for _ in 0..<runs[index].frames {
                    guard let frame = replay.next() else { break }
                    made.append(transform(frame))
                }
                results.withLock { $0[index] = made }
            }
            for run in results.withLock({ $0 }) {
                for result in run { try body(result) }
            }
        }
    }
}
