import Testing

@testable import MorphServer

/// The one worker pool: jobs run, parallel loops cover every index once, and a loop started
/// from a busy worker cannot deadlock. State the jobs share is `Locked` (not `Mutex`, whose
/// contended path ThreadSanitizer cannot see: it reported this suite's values as raced).
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

    @Test func serialLanesKeepEachKeysOrderAndNeverOverlapAKey() {
        let pool = WorkerPool(threads: 3, name: "test-pool")
        let lanes = SerialLanes(pool: pool)
        let seen = Locked<[String: [Int]]>([:])
        let inside = Locked<Set<String>>([])
        let overlapped = Locked(false)
        for index in 0..<300 {
            let key = "lane-\(index % 3)"
            lanes.submit(key) {
                if !inside.withLock({ $0.insert(key).inserted }) { overlapped.withLock { $0 = true } }
                seen.withLock { $0[key, default: []].append(index) }
                inside.withLock { _ = $0.remove(key) }
            }
        }
        lanes.waitUntilIdle()
        for lane in 0..<3 {
            #expect(seen.withLock { $0["lane-\(lane)"] } == Array(stride(from: lane, to: 300, by: 3)))
        }
        #expect(!overlapped.withLock { $0 })
        pool.shutdown()
    }
}
