import Foundation

/// The one pool of worker threads that all parallel work in Morph runs on: morphd's frame
/// batches, tile sets and recording files, the curtain kernel's row bands, parallel replay and
/// `morph check --jobs`. Nothing else in `Sources` starts threads for work or uses Dispatch's
/// concurrent pool.
///
/// - `submit(_:)` queues a job; jobs start in submission order, each on one worker, and run
///   to completion. A job that must report back posts to its owner (morphd's mailbox).
/// - `parallelFor(_:_:)` runs `count` independent iterations across the workers *and* the
///   calling thread and returns when all are done. The caller takes iterations itself, so a
///   job already on a worker may call it without deadlock, even when every worker is busy,
///   and loops nest. It asks only idle workers for help, and never more than
///   `threadCount - 1` of them, so at most `threadCount` threads run one loop: the caller
///   counts as one whether it is a worker or not, and the cores are not oversubscribed.
///   A helper that starts after the loop is over holds nothing of it (a queued helper used to
///   keep the loop's closure, a tile set's bitmap, alive behind the queue).
/// - Who owns a pool: the executable. Libraries take the pool to run on as a parameter
///   (`CurtainKernel.apply`, `Replay.forEachFrame`, `DisplayListRenderer`); `shared` is the one
///   morphd, `morph` and the benchmarks hand them, so a process has one set of workers.
///   Tests may make small pools of their own and `shutdown()` them.
///
/// Sendable by construction: every field is immutable or guarded by `condition`.
public final class WorkerPool: @unchecked Sendable {
    /// The executables' pool, one worker per active core; its threads start on first use and
    /// live as long as the process.
    public static let shared = WorkerPool(threads: ProcessInfo.processInfo.activeProcessorCount)

    /// Worker threads: also the most threads one `parallelFor` runs on, its caller included.
    public let threadCount: Int
    /// Guards the job queue (`jobs`, `head`), `stopping`, `running` and `idle`; workers park on it.
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var stopping = false
    private var running = 0
    /// Workers waiting for a job.
    private var idle = 0

    /// Starts `threads` workers (at least one).
    public init(threads: Int, name: String = "morph-worker") {
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
    public func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `body(0..<count)` across the pool and the calling thread; returns when done.
    /// Iterations are handed out one at a time, in order, to whichever thread asks next.
    public func parallelFor(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        condition.lock()
        let helpers = min(count - 1, threadCount - 1, max(0, idle - (jobs.count - head)))
        condition.unlock()
        let share = SharedIterations(count: count, body: body)
        for _ in 0..<helpers { submit { share.drain() } }
        share.drain()
        share.waitUntilDone()
    }

    /// Lets queued jobs finish, then ends the workers and returns once they are gone.
    public func shutdown() {
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
    /// Guards `next`, `done` and `body`; the caller parks on it until `done == count`.
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
