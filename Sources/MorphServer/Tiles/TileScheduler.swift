/// Latest-wins scheduling for one tile stream: at most one render running and at most one
/// waiting; a newer job replaces the waiting one, which counts as skipped.
///
/// Frames arrive at `--fps` while a tile render may take several frame times; rendering every
/// frame would build an unbounded backlog, so only the newest frame is rendered next.
///
/// A job may also be held: while no viewer can take a new set (each has one in flight and
/// acks), rendering one would only age it until the ack; the newest job is held instead and
/// rendered when an ack comes, from the newest frame then.
public struct TileScheduler<Job> {
    /// True while a job handed out by `submit` or `finish` has not finished.
    public private(set) var isRunning = false
    /// The job that runs next, if any.
    public private(set) var waiting: Job?
    /// The newest job held until a viewer can take its set, if any.
    public private(set) var held: Job?
    /// Jobs replaced before they could start.
    public private(set) var skipped = 0
    /// Jobs handed out to run.
    public private(set) var started = 0

    /// Makes an idle scheduler.
    public init() {}

    /// Offers a job; returns it when it should start now (nothing running), else keeps it as
    /// the waiting job (replacing, and counting, an older waiting one) and returns nil.
    public mutating func submit(_ job: Job) -> Job? {
        // A held job is older than this one.
        if held != nil {
            held = nil
            skipped += 1
        }
        guard isRunning else {
            isRunning = true
            started += 1
            return job
        }
        if waiting != nil { skipped += 1 }
        waiting = job
        return nil
    }

    /// Marks the running job done; returns the waiting job, which is now running, if any. With
    /// `hold` (no viewer can take a set now) the waiting job is held instead and nothing starts.
    public mutating func finish(hold: Bool = false) -> Job? {
        guard let next = waiting else {
            isRunning = false
            return nil
        }
        waiting = nil
        if hold {
            isRunning = false
            held = next
            return nil
        }
        started += 1
        return next
    }

    /// Holds `job` until `takeHeld()`, replacing (and counting) an older held job.
    public mutating func hold(_ job: Job) {
        if held != nil { skipped += 1 }
        held = job
    }

    /// The held job, no longer held (to submit now that a viewer can take its set).
    public mutating func takeHeld() -> Job? {
        defer { held = nil }
        return held
    }
}
