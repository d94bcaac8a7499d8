import MorphKit

/// The tick schedule: frames at `--fps` while anything moves, one frame at a still
/// component's scheduled change, nothing while everything is still. Frames are built per
/// tick, never per input: inputs between two ticks coalesce into the next one.
///
/// The period is split into `tickPhases` phases and each session ticks in its own, one
/// period apart: a tick builds one phase's frames, so 500 sessions go to the workers as
/// eight small batches spread over the period, not as one burst at its start that the last
/// frames wait behind (bench/results.md). With one phase, every tick serves every session.
extension ServerCore {
    /// Seconds from one phase's tick to the next phase's.
    var phasePeriod: Double { tickPeriod / Double(tickPhases) }

    /// Makes sure a tick comes soon for `session` (for any session when nil): now if no tick
    /// ran for a whole period (the schedule restarts in its phase), else its phase's next
    /// tick, at most a period away (so a client sending 120 inputs a second still gets at
    /// most `--fps` frames), unless one is already due by then (a still session may have the
    /// schedule asleep until its next change, seconds away).
    func ensureTicking(for session: LiveSession? = nil) {
        guard !stopping else { return }
        let now = clock.now()
        if let last = lastTickDeadline, last + tickPeriod > now {
            let phase = session?.phase ?? (lastTickPhase + 1) % tickPhases
            schedule(at: max(now, nextTick(ofPhase: phase, after: last)), phase: phase)
        } else {
            schedule(at: now, phase: session?.phase ?? 0)
        }
    }

    /// Sets the tick at `time` for `phase`'s sessions (for none when nil: only the schedule
    /// and resting tiles are looked at), unless an earlier one is set, whose own
    /// `scheduleNextTick` comes first.
    func schedule(at time: Double, phase: Int?) {
        if let tickDeadline, tickDeadline <= time { return }
        tickDeadline = time
        tickPhase = phase
        emit(.scheduleTick(at: time))
    }

    /// When `phase` ticks next on the schedule that last ticked at `last`, at or after `notBefore`.
    private func nextTick(ofPhase phase: Int, after last: Double, notBefore: Double = -.infinity) -> Double {
        let phasesAhead = (phase - lastTickPhase - 1 + tickPhases) % tickPhases + 1
        let first = last + Double(phasesAhead) * phasePeriod
        guard notBefore > first else { return first }
        return first + ((notBefore - first) / tickPeriod).rounded(.up) * tickPeriod
    }

    /// One tick: replays feed, the phase's due sessions start one frame each on the worker
    /// pool (one batch), then the next tick is set. A session whose builder is away, or
    /// behind held events, has its part held (`holdTick`).
    func tick() {
        guard !stopping else {
            tickDeadline = nil
            return
        }
        let now = clock.now()
        let deadline = tickDeadline ?? now
        tickDeadline = nil
        guard let phase = tickPhase else { return scheduleNextTick() }
        lastTickDeadline = deadline
        lastTickPhase = phase
        var requests: [FrameBatch.Request] = []
        for session in sessions.values where session.phase == phase && !holdTick(of: session) {
            if let request = tickWork(session, build: true) { requests.append(request) }
        }
        if !requests.isEmpty { emit(.buildFrames(FrameBatch(serverTime: wallClock.now(), requests: requests))) }
        scheduleNextTick()
    }

    /// One session's part of a tick: the replayed inputs due, then, with `build`, the frame
    /// to start when one is due.
    func tickWork(_ session: LiveSession, build: Bool) -> FrameBatch.Request? {
        let time = sessionTime(session)
        for event in session.feedReplay(upTo: time) { record(event, in: session) }
        guard build, session.frameDue(at: time) else { return nil }
        return session.beginFrame(at: time)
    }

    /// Built frames are back with their builders: each frame goes to its session's viewers
    /// (latest wins) and tile streams, ahead of the answers of the events held meanwhile,
    /// which run next; a still session's next scheduled change may now set the schedule.
    func framesBuilt(_ frames: [BuiltFrame]) {
        for built in frames {
            // The session may have ended (its last viewer left) while the frame was built.
            guard let session = sessions[built.builder.session], session.builder === built.builder else { continue }
            session.accept(built)
            guard let frame = built.frame else { continue }
            let beforeHeld = !held.isEmpty && heldSessions.contains(session.id)
            for peer in viewers(of: session) where peer.closing == nil {
                peer.frames.offer(frame)
                if beforeHeld { peer.answersBeforeFrame = peer.replies.count }
                emit(.wantWrite(peer.id))
            }
            if let job = built.tileJob, let streams = tileStreams[session.id] {
                for scale in streams.keys.sorted() { submit(job, to: streams[scale]!) }
            }
        }
        releaseHeld()
        scheduleNextTick()
    }

    /// Sets the next tick, unless an earlier one is set. While a session moves, is due or is
    /// being built, the schedule runs: the nearest tick of a phase with such a session, or of
    /// a phase whose still session's scheduled change (a timer's text) is due by then.
    /// Otherwise it sleeps until the earliest change, or resting tiles' refinement; with
    /// neither, it stops.
    func scheduleNextTick() {
        guard !stopping else { return }
        let now = clock.now()
        let last = lastTickDeadline ?? now
        var nearest: (time: Double, phase: Int)?
        var running = false
        var earliestChange: (time: Double, phase: Int?)?
        // A session whose frame is being built is left out: its result calls this again.
        for session in sessions.values where !session.building {
            var due: Double?
            if session.wantsTick {
                running = true
                due = nextTick(ofPhase: session.phase, after: last)
            }
            if let change = session.scheduledChange {
                // On the core's clock, so sessions started at different moments compare.
                let changeTime = session.origin + change
                if changeTime < earliestChange?.time ?? .infinity { earliestChange = (changeTime, session.phase) }
                due = min(due ?? .infinity, nextTick(ofPhase: session.phase, after: last, notBefore: changeTime))
            }
            if let due, due < nearest?.time ?? .infinity { nearest = (due, session.phase) }
        }
        // Tiles that rested long enough go out as PNG; a later refinement wakes the loop too.
        if let refinement = refineRestingTiles(), refinement < earliestChange?.time ?? .infinity {
            earliestChange = (refinement, nil)
        }
        if running, let nearest {
            // Absolute deadlines: a relative delay drifts below the target rate. A tick that
            // is already due runs at once and keeps its deadline (the next one counts from
            // it), unless the schedule is nearly a period behind: then it restarts from now
            // rather than build frames back to back.
            let behind = now - nearest.time >= tickPeriod - phasePeriod
            schedule(at: behind ? now + (nearest.time - last) : nearest.time, phase: nearest.phase)
        } else if let earliestChange {
            // Sleep until the change, rounded up to the microsecond so the frame is built at or after it.
            let delay = max(0, earliestChange.time - now)
            schedule(at: now + max(1, (delay * 1_000_000).rounded(.up)) / 1_000_000, phase: earliestChange.phase)
        }
    }
}
