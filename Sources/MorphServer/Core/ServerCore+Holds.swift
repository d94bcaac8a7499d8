import MorphKit

/// One owner at a time for a session's state: while a session's `FrameBuilder` is on a
/// worker (`LiveSession.building`), what needs its component waits, and so does everything
/// that would otherwise overtake it.
///
/// An event waits (is held) when it needs the component of a session that is away (an
/// input, a timeline control, a join, a tick's replayed inputs, a reloaded file's spring
/// fields), or when it touches a session or a connection that an event already held
/// touches: a connection's messages and answers, and a session's viewers, then keep their
/// arrival order. Everything else runs at once, as before: a ping from a viewer of a
/// building session with nothing held is answered at once. When a build comes back, the
/// held events run in arrival order, each with the clock reading it arrived at (`arrival`:
/// an input keeps its session time, rates count as they came), and those that still wait
/// (another session is away) keep waiting in order.
///
/// So each viewer is answered as when inputs were applied under a lock, in the order the
/// events came, except that an input that comes during a build is applied after it: the
/// frame being built never has it, goes out before the input's `ack` or `bad-event`
/// (`PeerState.answersBeforeFrame`), and a viewer who joins meanwhile is told the state that
/// frame shows.
extension ServerCore {
    /// An event that waits, with what it touches and when it came.
    struct HeldWork {
        enum Work {
            case event(ServerEvent)
            /// A decoded message (admitted by the rate limits when it came).
            case message(ClientMessage, peer: Int)
            /// A tick's work for one session: the replayed inputs due, and the frame when
            /// `build` (not when the session was building at the tick: it built none then).
            case tick(session: String, build: Bool)
        }

        let work: Work
        let reach: Reach
        let arrival: Double
    }

    /// What an event touches: sessions (with their viewers), connections (with their
    /// sessions), everything (stopping), and the sessions whose component it needs.
    struct Reach {
        var sessions: [String] = []
        var peers: [Int] = []
        var everything = false
        var needs: [String] = []
    }

    /// True when `event` may have to wait: something is held, or it may need a component.
    /// Checked first, so the usual event builds no `Reach`: with nothing held, or a
    /// connection's message or close while nothing of it or its session is held.
    func mayWait(_ event: ServerEvent) -> Bool {
        switch event {
        case .componentsChanged: true
        case .received(let id, _, _, _), .closed(let id): !held.isEmpty && touchesHeld(peer: id)
        default: !held.isEmpty
        }
    }

    /// True when something held touches connection `id` or its session (or everything).
    func touchesHeld(peer id: Int) -> Bool {
        holdsEverything || heldPeers.contains(id) || peers[id]?.sessionID.map(heldSessions.contains) == true
    }

    /// What an event touches; nil for events that never wait (a connection opened, a tick,
    /// whose sessions wait one by one, and built frames).
    func reach(of event: ServerEvent) -> Reach? {
        switch event {
        case .opened, .tick, .framesBuilt: return nil
        case .closed(let id), .received(let id, _, _, _), .recordingsListed(let id, _), .recordingLoaded(let id, _, _):
            return reach(peers: [id])
        case .recordingAppended(let ack): return reach(peers: [ack.connection])
        case .tilesRendered(let result): return Reach(sessions: [result.session])
        case .recordingStarted(let session, _): return Reach(sessions: [session])
        case .recordingFailed(let session, let requester, _):
            return reach(sessions: [session], peers: requester.map { [$0] } ?? [])
        case .componentsChanged(let changes):
            // The sessions of the files that changed (those that loaded read their springs),
            // and every greeted connection when the list of components changes with them.
            let changed = Set(changes.compactMap(\.component))
            let loaded = Set(changes.filter { $0.error == nil && !$0.isRemoved }.compactMap(\.component))
            let told = registry.names == listedComponents ? [] : peers.values.filter(\.greeted).map(\.id)
            return reach(
                sessions: sessions.values.filter { changed.contains($0.componentName) }.map(\.id), peers: told,
                needs: sessions.values.filter { loaded.contains($0.componentName) }.map(\.id))
        case .stop: return Reach(everything: true)
        }
    }

    /// The session whose component a decoded message needs: its own for an input or a
    /// timeline control, the joined one for a join; nil for the rest.
    func sessionNeeded(by message: ClientMessage, from peer: PeerState) -> String? {
        switch message {
        case .input, .timeline: peer.sessionID
        case .join(let id): id
        default: nil
        }
    }

    /// `sessions` and `peers` with each connection's session.
    func reach(sessions: [String] = [], peers ids: [Int], needs: [String] = []) -> Reach {
        Reach(sessions: sessions + ids.compactMap { peers[$0]?.sessionID }, peers: ids, needs: needs)
    }

    /// True when work reaching `reach` must wait: it needs a session that is away, or
    /// something held before it touches the same.
    func mustHold(_ reach: Reach) -> Bool {
        if holdsEverything || (reach.everything && !held.isEmpty) { return true }
        if reach.needs.contains(where: { sessions[$0]?.building == true }) { return true }
        return reach.sessions.contains(where: heldSessions.contains) || reach.peers.contains(where: heldPeers.contains)
    }

    /// Holds `work` behind what is held already.
    func hold(_ work: HeldWork.Work, _ reach: Reach) {
        keep(HeldWork(work: work, reach: reach, arrival: now()))
    }

    private func keep(_ item: HeldWork) {
        held.append(item)
        heldSessions.formUnion(item.reach.sessions)
        heldPeers.formUnion(item.reach.peers)
        if item.reach.everything { holdsEverything = true }
    }

    /// Runs the held events that no longer wait, in arrival order (after a builder came back).
    func releaseHeld() {
        guard !held.isEmpty else { return }
        let waiting = held
        held = []
        heldSessions = []
        heldPeers = []
        holdsEverything = false
        for item in waiting {
            guard !mustHold(item.reach) else {
                keep(item)
                continue
            }
            arrival = item.arrival
            defer { arrival = nil }
            switch item.work {
            case .event(let event): dispatch(event)
            case .message(let message, let id):
                if let peer = peers[id] { process(message, from: peer) }
            case .tick(let id, let build):
                guard !stopping, let session = sessions[id], let request = tickWork(session, build: build) else {
                    continue
                }
                emit(.buildFrames(FrameBatch(serverTime: wallClock.now(), requests: [request])))
            }
        }
    }

    /// Whether a tick's work for `session` waits: its replayed inputs while it is away (it
    /// builds no frame then), the whole of it behind held events that touch it.
    func holdTick(of session: LiveSession) -> Bool {
        let reach = { Reach(sessions: [session.id], needs: [session.id]) }
        if session.building {
            if session.isReplaying { hold(.tick(session: session.id, build: false), reach()) }
            return true
        }
        // Home: it waits only behind held events that touch it.
        guard !held.isEmpty, holdsEverything || heldSessions.contains(session.id) else { return false }
        hold(.tick(session: session.id, build: true), reach())
        return true
    }
}
