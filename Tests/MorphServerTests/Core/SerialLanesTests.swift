import MorphWork
import Testing

@testable import MorphServer

/// Recording files' lanes on the worker pool: each key's jobs run in order, one at a time.
@Suite struct SerialLanesTests {
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
