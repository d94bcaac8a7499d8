/// Latest-wins scheduling for one tile stream: at most one render running and at most one
/// waiting; a newer job replaces the waiting one, which counts as skipped.
///
/// Frames arrive at `--fps` while a tile render may take several frame times; rendering every
/// frame would build an unbounded backlog, so only the newest frame is rendered next.
public struct TileScheduler<Job> {
    /// True while a job handed out by `submit` or `finish` has not finished.
    public private(set) var isRunning = false
    /// The job that runs next, if any.
    public private(set) var waiting: Job?
    /// Jobs replaced before they could start.
    public private(set) var skipped = 0
    /// Jobs handed out to run.
    public private(set) var started = 0

    /// Makes an idle scheduler.
    public init() {}

    /// Offers a job; returns it when it should start now (nothing running), else keeps it as
    /// the waiting job (replacing, and counting, an older waiting one) and returns nil.
    public mutating func submit(_ job: Job) -> Job? {
        guard isRunning else {
            isRunning = true
            started += 1
            return job
        }
        if waiting != nil { skipped += 1 }
        waiting = job
        return nil
    }

    /// Marks the running job done; returns the waiting job, which is now running, if any.
    public mutating func finish() -> Job? {
        guard let next = waiting else {
            isRunning = false
            return nil
        }
        waiting = nil
        started += 1
        return next
    }
}
