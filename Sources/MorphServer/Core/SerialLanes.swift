import Foundation
import MorphWork

/// Work on the `WorkerPool` in order per key and in parallel across keys: each session's
/// recording file is one lane, so its lines land in the order they were sent while another
/// session's `fsync` runs beside it, and the service thread waits for neither.
///
/// A lane holds its jobs in a queue; while it has any, exactly one pool job drains it, so
/// jobs of one key never overlap and each sees everything the previous one wrote (the lock
/// orders them). Sendable by construction: all state is guarded by `condition`.
final class SerialLanes: @unchecked Sendable {
    private let pool: WorkerPool
    /// Guards `queues` (each lane's pending jobs; a lane is present while it runs);
    /// `waitUntilIdle` parks on it.
    private let condition = NSCondition()
    private var queues: [String: [@Sendable () -> Void]] = [:]

    init(pool: WorkerPool) {
        self.pool = pool
    }

    /// Queues `job` behind the lane's earlier jobs.
    func submit(_ key: String, _ job: @escaping @Sendable () -> Void) {
        condition.lock()
        let idle = queues[key] == nil
        queues[key, default: []].append(job)
        condition.unlock()
        if idle { pool.submit { [self] in drain(key) } }
    }

    /// Returns once every lane is empty (at shutdown, so nothing queued is lost).
    func waitUntilIdle() {
        condition.lock()
        while !queues.isEmpty { condition.wait() }
        condition.unlock()
    }

    private func drain(_ key: String) {
        while true {
            condition.lock()
            guard let job = queues[key]?.first else {
                condition.unlock()
                return
            }
            condition.unlock()
            job()
            condition.lock()
            queues[key]?.removeFirst()
            if queues[key]?.isEmpty == true {
                queues[key] = nil
                condition.broadcast()
                condition.unlock()
                return
            }
            condition.unlock()
        }
    }
}
