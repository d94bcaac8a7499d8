import MorphKit

/// The tick schedule: frames at `--fps` while anything moves, one frame at a still
/// component's scheduled change, nothing while everything is still.
extension ServerCore {
    /// Makes sure a tick comes now, unless one is already due by now (a still session may
    /// have the schedule asleep until its next change, seconds away).
    func ensureTicking() {
        guard !stopping else { return }
        let now = clock.now()
        if let tickDeadline, tickDeadline <= now { return }
        tickDeadline = now
        emit(.scheduleTick(at: now))
    }

    /// One tick: replays feed, due sessions build one frame each and fan it out, then the
    /// next tick is set: at `--fps` while anything moves, else at the earliest scheduled
    /// change (a timer's text), else never.
    func tick() {
        guard !stopping else {
            tickDeadline = nil
            return
        }
        let now = clock.now()
        let serverTime = wallClock.now()
        var anyWantsTick = false
        var earliestChange: Double?
        for session in sessions.values {
            let time = sessionTime(session)
            for event in session.feedReplay(upTo: time) { record(event, in: session) }
            if session.frameDue(at: time), let frame = session.buildFrame(at: time, serverTime: serverTime) {
                for peer in viewers(of: session) where peer.closing == nil {
                    peer.frames.offer(frame)
                    emit(.wantWrite(peer.id))
                }
                if let job = session.latestTileJob, let streams = tileStreams[session.id] {
                    for scale in streams.keys.sorted() { submit(job, to: streams[scale]!) }
                }
            }
            anyWantsTick = anyWantsTick || session.wantsTick
            if let change = session.scheduledChange {
                // On the core's clock, so sessions started at different moments compare.
                let due = session.origin + change
                earliestChange = min(earliestChange ?? due, due)
            }
        }
        // Tiles that rested long enough go out as PNG; a later refinement wakes the loop too.
        if let refinement = refineRestingTiles() { earliestChange = min(earliestChange ?? refinement, refinement) }
        let next: Double
        if anyWantsTick {
            // Absolute deadlines: a relative delay drifts below the target rate.
            let candidate = (tickDeadline ?? now) + tickPeriod
            next = candidate <= now ? now + tickPeriod : candidate
        } else if let earliestChange {
            // Sleep until the change, rounded up to the microsecond so the frame is built at or after it.
            let delay = max(0, earliestChange - now)
            next = now + max(1, (delay * 1_000_000).rounded(.up)) / 1_000_000
        } else {
            tickDeadline = nil
            return
        }
        tickDeadline = next
        emit(.scheduleTick(at: next))
    }
}
