import Foundation

/// The one pool of worker threads (one per core) that every piece of work off the service
/// thread runs on: tile rendering, and recording files (writes, `fsync`s, listing and replay
/// parsing, ordered per session by `SerialLanes`). Besides the service thread, nothing in MorphServer
/// starts threads or uses `DispatchQueue.global` for work of its own.
///
/// - `submit(_:)` queues a job; jobs start in submission order, each on one worker, and run
///   to completion. A job that must report back posts to the service loop's mailbox.
/// - `parallelFor(_:_:)` runs `count` independent iterations across the workers *and* the
///   calling thread and returns when all are done. The caller takes iterations itself, so a
///   job already on a worker may call it without deadlock, even when every worker is busy.
///   It asks only idle workers for help, and a helper that starts after the loop is over
///   holds nothing of it: a queued helper used to keep the loop's closure (a tile set's
///   bitmap and encoded tiles) alive behind the queue, so a busy pool held many bitmaps.
/// - `WorkerPool.shared` is the pool; its threads start on first use and live as long as the
///   process. Tests may make small pools of their own and `shutdown()` them.
///
/// Sendable by construction: every field is immutable or guarded by `condition`.
final class WorkerPool: @unchecked Sendable {
    /// One worker per active core.
    static let shared = WorkerPool(threads: ProcessInfo.processInfo.activeProcessorCount)

    /// Worker threads.
    let threadCount: Int
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var stopping = false
    private var running = 0
    /// Workers waiting for a job.
    private var idle = 0

    /// Starts `threads` workers (at least one).
    init(threads: Int, name: String = "morphd-worker") {
        threadCount = max(1, threads)
        for index in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
        condition.lock()
        while running < threadCount { condition.wait() }
        condition.unlock()
    }

    /// Queues a job for the next free worker. After `shutdown()` has returned, jobs no longer
    /// run (a `parallelFor` still completes: its caller does the work).
    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `body(0..<count)` across the pool and the calling thread; returns when done.
    func parallelFor(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        condition.lock()
        let helpers = min(count - 1, max(0, idle - (jobs.count - head)))
        condition.unlock()
        let share = SharedIterations(count: count, body: body)
        for _ in 0..<helpers { submit { share.drain() } }
        share.drain()
        share.waitUntilDone()
    }

    /// Lets queued jobs finish, then ends the workers and returns once they are gone.
    func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func work() {
        condition.lock()
        running += 1
        condition.broadcast()
        while true {
            while head == jobs.count, !stopping {
                idle += 1
                condition.wait()
                idle -= 1
            }
            if head == jobs.count {
                running -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = jobs[head]
            head += 1
            if head == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                head = 0
            }
            condition.unlock()
            job()
            condition.lock()
        }
    }
}

/// The iterations of one `parallelFor`: handed out one at a time to whoever asks. The body
/// is let go once every iteration has run, so a helper still queued holds only this object.
private final class SharedIterations: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var body: (@Sendable (Int) -> Void)?
    private var next = 0
    private var done = 0

    init(count: Int, body: @escaping @Sendable (Int) -> Void) {
        self.count = count
        self.body = body
    }

    /// Takes and runs iterations until none are left.
    func drain() {
        while true {
            condition.lock()
            let index = next
            next += 1
            let body = index < count ? self.body : nil
            condition.unlock()
            guard let body else { return }
            body(index)
            condition.lock()
            done += 1
            if done == count {
                self.body = nil
                condition.broadcast()
            }
            condition.unlock()
        }
    }

    /// Waits for iterations other threads took; each such thread is running, so this ends.
    func waitUntilDone() {
        condition.lock()
        while done < count { condition.wait() }
        condition.unlock()
    }
}
