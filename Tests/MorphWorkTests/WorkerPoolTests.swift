import Foundation
import MorphWork
import Testing

/// The one worker pool: jobs run, parallel loops cover every index once, a loop started from
/// a busy worker or inside another loop cannot deadlock, and a loop never runs on more threads
/// than the pool has. State the jobs share is `Locked` (not `Mutex`, whose contended path
/// ThreadSanitizer cannot see: it reported this suite's values as raced).
@Suite struct WorkerPoolTests {
    @Test func everySubmittedJobRunsOnAWorkerThread() {
        let pool = WorkerPool(threads: 2, name: "test-pool")
        let seen = Locked<[Int]>([])
        for index in 0..<100 { pool.submit { seen.withLock { $0.append(index) } } }
        pool.shutdown()
        #expect(seen.withLock { $0.sorted() } == Array(0..<100))
    }

    @Test func parallelForCoversEachIndexExactlyOnce() {
        let pool = WorkerPool(threads: 3, name: "test-pool")
        let counts = Locked([Int](repeating: 0, count: 1000))
        pool.parallelFor(1000) { index in counts.withLock { $0[index] += 1 } }
        #expect(counts.withLock { $0 } == [Int](repeating: 1, count: 1000))
        pool.shutdown()
    }

    @Test func parallelForInsideTheOnlyWorkerFinishesOnTheCallingThread() {
        let pool = WorkerPool(threads: 1, name: "test-pool")
        let total = Locked(0)
        let done = Locked(false)
        pool.submit {
            pool.parallelFor(50) { index in total.withLock { $0 += index } }
            done.withLock { $0 = true }
        }
        pool.shutdown()
        #expect(done.withLock { $0 } && total.withLock { $0 } == 1225)
    }

    /// `morph check --jobs` runs the kernel's bands inside its per-recording loop, on the same
    /// pool: loops nested three deep, from the caller and from every worker, all finish.
    @Test func nestedLoopsOnEveryThreadFinish() {
        let pool = WorkerPool(threads: 2, name: "test-pool")
        let total = Locked(0)
        pool.parallelFor(8) { _ in
            pool.parallelFor(4) { _ in
                pool.parallelFor(3) { _ in total.withLock { $0 += 1 } }
            }
        }
        let runs: Int = total.withLock { $0 }
        #expect(runs == 8 * 4 * 3)
        pool.shutdown()
    }

    /// Loops started from workers while every worker is inside a loop of its own, over and
    /// over, so a helper that is asked for but never comes would hang the test.
    @Test func loopsFromBusyWorkersFinish() {
        let pool = WorkerPool(threads: 2, name: "test-pool")
        let total = Locked(0)
        for _ in 0..<200 {
            pool.submit {
                pool.parallelFor(5) { _ in total.withLock { $0 += 1 } }
            }
        }
        pool.shutdown()
        let runs: Int = total.withLock { $0 }
        #expect(runs == 200 * 5)
    }

    /// The caller counts as one of the pool's threads: a loop from outside the pool takes at
    /// most `threadCount - 1` workers, so it never oversubscribes the cores.
    @Test func aLoopRunsOnAtMostThreadCountThreads() {
        let pool = WorkerPool(threads: 2, name: "test-pool")
        let threads = Locked<Set<UInt>>([])
        let caller = UInt(pthread_self())
        pool.parallelFor(64) { _ in
            threads.withLock { _ = $0.insert(UInt(pthread_self())) }
            Thread.sleep(forTimeInterval: 0.001)
        }
        let seen = threads.withLock { $0 }
        #expect(seen.count <= 2 && seen.contains(caller), "\(seen)")
        pool.shutdown()
    }
}
