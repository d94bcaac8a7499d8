import MorphKit

/// The tick schedule: frames at `--fps` while anything moves, one frame at a still
/// component's scheduled change, nothing while everything is still. Frames are built per
/// tick, never per input: inputs between two ticks coalesce into the next one.
extension ServerCore {
    /// Makes sure a tick comes soon: now, or one period after the last tick if that is later
    /// (so a client sending 120 inputs a second still gets at most `--fps` frames), unless
    /// one is already due by then (a still session may have the schedule asleep until its
    /// next change, seconds away).
    func ensureTicking() {
        guard !stopping else { return }
        let now = clock.now()
        let earliest = max(now, (lastTickDeadline ?? -.infinity) + tickPeriod)
        if let tickDeadline, tickDeadline <= earliest { return }
        tickDeadline = earliest
        emit(.scheduleTick(at: earliest))
    }

    /// One tick: replays feed, due sessions start one frame each on the worker pool (one
    /// batch per shard), then the next tick is set.
    func tick() {
        guard !stopping else {
            tickDeadline = nil
            return
        }
        let now = clock.now()
        lastTickDeadline = tickDeadline ?? now
        tickDeadline = nil
        var shards = [[FrameBatch.Request]](repeating: [], count: frameShards)
        for session in sessions.values {
            let time = sessionTime(session)
            for event in session.feedReplay(upTo: time) { record(event, in: session) }
            if session.frameDue(at: time) { shards[session.shard].append(session.beginFrame(at: time)) }
        }
        let serverTime = wallClock.now()
        for requests in shards where !requests.isEmpty {
            emit(.buildFrames(FrameBatch(serverTime: serverTime, requests: requests)))
        }
        scheduleNextTick()
    }

    /// Built frames are back: each goes to its session's viewers (latest wins) and tile
    /// streams; a still session's next scheduled change may now set the schedule.
    func framesBuilt(_ frames: [BuiltFrame]) {
        for built in frames {
            // The session may have ended (its last viewer left) while the frame was built.
            guard let session = sessions[built.builder.session], session.builder === built.builder else { continue }
            session.accept(built)
            guard let frame = built.frame else { continue }
            for peer in viewers(of: session) where peer.closing == nil {
                peer.frames.offer(frame)
                emit(.wantWrite(peer.id))
            }
            if let job = built.tileJob, let streams = tileStreams[session.id] {
                for scale in streams.keys.sorted() { submit(job, to: streams[scale]!) }
            }
        }
        scheduleNextTick()
    }

    /// Sets the next tick, unless an earlier one is set: at `--fps` while anything moves, is
    /// due or being built, else at the earliest scheduled change (a timer's text), else never.
    func scheduleNextTick() {
        guard !stopping else { return }
        let now = clock.now()
        var anyWantsTick = false
        var earliestChange: Double?
        // A session whose frame is being built is left out: its result calls this again.
        for session in sessions.values where !session.building {
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
            let candidate = (lastTickDeadline ?? now) + tickPeriod
            next = candidate <= now ? now + tickPeriod : candidate
        } else if let earliestChange {
            // Sleep until the change, rounded up to the microsecond so the frame is built at or after it.
            let delay = max(0, earliestChange - now)
            next = now + max(1, (delay * 1_000_000).rounded(.up)) / 1_000_000
        } else {
            return
        }
        if let tickDeadline, tickDeadline <= next { return }
        tickDeadline = next
        emit(.scheduleTick(at: next))
    }
}
