import MorphKit

/// The server's logic with no socket, no file and no real clock: sessions, viewers, the
/// protocol, recording and replay decisions, the tick schedule and tile streams.
///
/// The libwebsockets shell (`ServiceLoop`) feeds it `ServerEvent`s and carries out the
/// `ServerEffect`s that `handle(_:)` returns, in order; tests do the same by hand with a
/// manual clock. Time comes only from the injected `clock` (session time and the tick
/// schedule, in its seconds) and `wallClock` (`serverTime` fields). One thread at a time.
///
/// The core owns every session's state, but lends a session's `FrameBuilder` (its component)
/// to a worker for each frame build; until the frame comes back, the events that need the
/// component, and every later one that touches that session or those connections, wait in
/// `held`, in arrival order (`ServerCore+Holds.swift`).
final class ServerCore {
    /// Makes the tile renderer of a new stream at a scale (fonts load here; may fail).
    typealias TileRendererFactory = (Int) throws -> TileRenderer

    let configuration: ServerConfiguration
    let registry: ComponentRegistry
    let clock: any TimeSource
    let wallClock: any TimeSource
    let makeTileRenderer: TileRendererFactory

    var peers: [Int: PeerState] = [:]
    var countedPeers = 0
    var sessions: [String: LiveSession] = [:]
    /// The components the connections were last told of (`welcome`, `components`); nil
    /// before the first `hello`.
    var listedComponents: [String]?
    /// Tile streams by session id, then scale; present while a viewer of that scale wants tiles.
    var tileStreams: [String: [Int: TileStream]] = [:]
    var nextTileStreamID = 1
    /// When the scheduled tick is due (clock seconds), nil when none is scheduled.
    var tickDeadline: Double?
    /// The phase whose sessions the scheduled tick serves; nil: none (resting tiles only).
    var tickPhase: Int?
    /// The deadline of the tick that ran last, the base of the next absolute deadline.
    var lastTickDeadline: Double?
    /// The phase the last tick served.
    var lastTickPhase = 0
    let tickPeriod: Double
    /// How many phases the tick period is split into; a session's frames are built in its
    /// own phase (`ServerCore+Ticks.swift`).
    let tickPhases: Int
    private var nextPhase = 0
    private(set) var stopping = false
    private var nextSessionID: () -> String
    private var effects: [ServerEffect] = []
    /// Events waiting for a session's builder to come back, in arrival order, and what they
    /// touch (`ServerCore+Holds.swift`).
    var held: [HeldWork] = []
    var heldSessions: Set<String> = []
    var heldPeers: Set<Int> = []
    var holdsEverything = false
    /// While a held event is handled: the clock reading when it arrived, which session time,
    /// rates and new sessions' origins read, as they would have then.
    var arrival: Double?

    /// - Parameters:
    ///   - clock: monotonic seconds for session time and ticks; tests pass a manual one.
    ///   - wallClock: stamps `serverTime` (frames, pong) and nothing else.
    ///   - sessionIDs: the source of assigned session ids (`SessionID`); random unless a test fixes it.
    ///   - makeTileRenderer: nil makes renderers that time their sets on `clock`.
    ///   - tickPhases: how many phases the tick period is split into, each built as one batch.
    init(
        configuration: ServerConfiguration, registry: ComponentRegistry, clock: any TimeSource,
        wallClock: any TimeSource, makeTileRenderer: TileRendererFactory? = nil,
        sessionIDs: @escaping () -> String = { SessionID.random() }, tickPhases: Int = 1
    ) {
        self.configuration = configuration
        self.registry = registry
        self.clock = clock
        self.wallClock = wallClock
        self.makeTileRenderer = makeTileRenderer ?? { try TileRenderer(scale: $0, clock: clock) }
        self.nextSessionID = sessionIDs
        self.tickPhases = max(1, tickPhases)
        // Whole microseconds, as the lws timer counts.
        tickPeriod = max(1, (1_000_000 / configuration.fps).rounded()) / 1_000_000
    }

    /// Connections the core knows (refused ones until they close included).
    var connectionCount: Int { peers.count }

    /// Applies one event (or holds it until the builder it waits for is back); returns what
    /// the shell must do, in order.
    func handle(_ event: ServerEvent) -> [ServerEffect] {
        if mayWait(event), let reach = reach(of: event), mustHold(reach) {
            hold(.event(event), reach)
        } else {
            dispatch(event)
        }
        let out = effects
        effects = []
        return out
    }

    /// The clock reading events are handled at: when a held one arrived, else now.
    func now() -> Double { arrival ?? clock.now() }

    /// Handles one event now (a held one when it is released).
    func dispatch(_ event: ServerEvent) {
        switch event {
        case .opened(let id, let session, let deltas, let acks): opened(id, session: session, deltas: deltas, acks: acks)
        case .closed(let id): closed(id)
        case .received(let id, let bytes, let binary, let final): received(id, bytes, binary: binary, final: final)
        case .tick: tick()
        case .framesBuilt(let frames): framesBuilt(frames)
        case .tilesRendered(let result): tilesRendered(result)
        case .recordingStarted(let session, let name): recordingStarted(session, name: name)
        case .recordingFailed(let session, let requester, let failure):
            recordingFailed(session, requester: requester, failure)
        case .recordingAppended(let ack):
            if let peer = peers[ack.connection] { reply(peer, .ack(id: ack.id)) }
        case .recordingsListed(let id, let items):
            if let peer = peers[id] { reply(peer, .recordings(items)) }
        case .recordingLoaded(let id, let name, let result): recordingLoaded(id, name: name, result)
        case .componentsChanged(let changes): componentsChanged(changes)
        case .stop: beginStopping()
        }
    }

    func emit(_ effect: ServerEffect) { effects.append(effect) }

    func log(_ text: String) { emit(.log(text)) }

    // MARK: Connections

    private func opened(_ id: Int, session: String?, deltas: Bool, acks: Bool) {
        let accepted = !stopping && countedPeers < configuration.maxClients
        let peer = PeerState(id: id, counted: accepted, limits: ConnectionLimits(configuration.limits, now: clock.now()))
        peer.urlSession = session
        peer.wantsDeltas = deltas
        peer.acksFrames = acks
        peers[id] = peer
        if accepted {
            countedPeers += 1
        } else {
            reply(peer, .error(ProtocolError(.busy, "the server already has \(configuration.maxClients) viewers")))
            peer.closing = (1013, "busy")
        }
    }

    private func closed(_ id: Int) {
        guard let peer = peers.removeValue(forKey: id) else { return }
        if peer.counted { countedPeers -= 1 }
        leaveSession(peer)
    }

    private func received(_ id: Int, _ bytes: [UInt8], binary: Bool, final: Bool) {
        guard let peer = peers[id], peer.closing == nil else { return }
        if peer.incoming.isEmpty { peer.incomingIsBinary = binary }
        if peer.incoming.count + bytes.count > configuration.maxMessageBytes {
            peer.incoming = []
            reply(peer, .error(ProtocolError(.tooLarge, "messages are limited to \(configuration.maxMessageBytes) bytes")))
            peer.closing = (1009, "message too large")
            return
        }
        peer.incoming.append(contentsOf: bytes)
        guard final else { return }
        let message = peer.incoming
        peer.incoming = []
        guard admit(message, from: peer) else { return }
        if peer.incomingIsBinary {
            reply(peer, .error(ProtocolError(.badMessage, "binary messages are not accepted")))
            return
        }
        process(message, from: peer)
    }

    /// One writable round of a connection: an answer first, else (unless closing) the pending
    /// frame, else the next tile message; `again` while anything else waits, and a closing
    /// connection closes on the round after its last answer. The shell runs it on lws's
    /// writable callback, and at once in a fan-out (`ServiceLoop.writeNow`); it touches no
    /// other connection and emits nothing, so it needs no event, no lookup and no effects.
    func writable(_ peer: PeerState) -> WriteRound {
        if peer.closeNow, let closing = peer.closing {
            return WriteRound(action: .close(code: closing.code, reason: closing.reason), again: false)
        }
        var action = WriteRound.Action.none
        // A frame that came back with held events goes before the answers they queued.
        let frameFirst =
            peer.answersBeforeFrame == 0 && peer.closing == nil && peer.mayWriteFrame && peer.frames.pending != nil
        if !frameFirst, let message = peer.replies.pop() {
            if let ahead = peer.answersBeforeFrame, ahead > 0 { peer.answersBeforeFrame = ahead - 1 }
            action = .write(.text(message))
        } else if peer.closing == nil, peer.mayWriteFrame, let frame = peer.frames.take() {
            peer.answersBeforeFrame = nil
            // A delta only on top of the frame this connection was sent last (TCP keeps order).
            let base = peer.wantsDeltas && frame.hasDelta(base: peer.lastFrameSent) ? peer.lastFrameSent : nil
            peer.lastFrameSent = frame.sequence
            if peer.acksFrames { peer.unacknowledgedFrames.append(frame.sequence) }
            action = .write(.frame(frame, dropped: peer.frames.dropped, base: base))
        } else if peer.closing == nil, let message = peer.tiles?.nextMessage(now: clock.now()) {
            action = .write(message.binary ? .binary(message.bytes) : .text(message.bytes))
        }
        let again: Bool
        if !peer.replies.isEmpty || (peer.closing == nil && peer.hasStreamingWork) {
            again = true
        } else if peer.closing != nil {
            // One more round so the last answer leaves before the close frame.
            peer.closeNow = true
            again = true
        } else {
            again = false
        }
        return WriteRound(action: action, again: again)
    }

    /// Closes recordings now and tells every viewer the server is going away.
    private func beginStopping() {
        guard !stopping else { return }
        stopping = true
        for session in sessions.values { stopRecording(session) }
        for peer in peers.values.sorted(by: { $0.id < $1.id }) where peer.closing == nil {
            peer.closing = (1001, "server shutting down")
            emit(.wantWrite(peer.id))
        }
        tickDeadline = nil
    }

    // MARK: Answers

    /// Queues an answer; a connection that lets 2048 (or 1 MiB) pile up is closed (1008).
    func reply(_ peer: PeerState, _ message: ServerMessage) {
        if !peer.replies.push(message.encoded) {
            peer.closing = (1008, "too many unread answers")
        }
        emit(.wantWrite(peer.id))
    }

    /// The connections watching a session, in the order they joined (the session's own
    /// index: fanning out never looks at other connections).
    func viewers(of session: LiveSession) -> [PeerState] {
        session.viewers
    }

    func broadcast(_ message: ServerMessage, to session: LiveSession) {
        for peer in viewers(of: session) { reply(peer, message) }
    }

    // MARK: Sessions

    /// The tick phase a new session's frames are built in: round robin.
    func newPhase() -> Int {
        defer { nextPhase = (nextPhase + 1) % tickPhases }
        return nextPhase
    }

    /// The id for a new session: the client's proposal when it is well formed and unused
    /// here (a router placed the connection by it), else a fresh one.
    func newSessionID(proposed: String?) -> String {
        if let proposed, SessionID.isWellFormed(proposed), sessions[proposed] == nil { return proposed }
        while true {
            let id = nextSessionID()
            if sessions[id] == nil { return id }
        }
    }

    /// Seconds since the session started, to the microsecond so recordings stay readable.
    func sessionTime(_ session: LiveSession) -> Double {
        (max(0, now() - session.origin) * 1_000_000).rounded() / 1_000_000
    }

    func attach(_ peer: PeerState, to session: LiveSession) {
        if peer.sessionID != session.id { leaveSession(peer) }
        peer.sessionID = session.id
        session.addViewer(peer)
        var description = session.description
        description.access = session.access(of: peer)
        reply(peer, .session(description))
        if case .object(let springs) = session.springs, !springs.isEmpty {
            reply(peer, .springs(session: session.id, springs: .object(springs)))
        }
        if let tiles = peer.tiles { setTiles(tiles.scale, acks: tiles.acks, for: peer) }
        if let frame = session.latestFrame {
            peer.frames.offer(frame)
            emit(.wantWrite(peer.id))
        } else {
            session.needsFrame = true
        }
        ensureTicking(for: session)
    }

    /// Detaches a viewer; a session nobody watches ends (its recording closes).
    func leaveSession(_ peer: PeerState) {
        guard let id = peer.sessionID, let session = sessions[id] else { return }
        peer.sessionID = nil
        _ = peer.frames.take()
        peer.answersBeforeFrame = nil
        peer.lastFrameSent = nil
        // Sequence numbers are the session's: the next session's frames start a new window.
        peer.unacknowledgedFrames = []
        session.removeViewer(peer)
        if session.opener == peer.id { session.opener = nil }
        if let tiles = peer.tiles { peer.tiles = TileSubscription(scale: tiles.scale, acks: tiles.acks) }
        pruneTileStreams(of: id)
        if session.viewers.isEmpty {
            stopRecording(session)
            session.builder.end()
            sessions[id] = nil
        }
    }

    /// Applies an input (already stamped with session time) and records it when the session
    /// is; `ack` is answered once the line is written, or at once when nothing records.
    func apply(_ event: InputEvent, to session: LiveSession, ack: InputAck? = nil) throws {
        try session.apply(event)
        // A spring field set in one form: every viewer is sent it in both, so a page switches
        // form without converting it itself.
        if case .set(let key, _) = event.kind {
            let springs = session.springs
            if springs[key] != nil { broadcast(.springs(session: session.id, springs: springs), to: session) }
        }
        record(event, in: session, ack: ack)
    }

    func record(_ event: InputEvent, in session: LiveSession, ack: InputAck? = nil) {
        if session.recording != .off {
            emit(.appendRecording(session: session.id, event, ack: ack))
        } else if let ack, let peer = peers[ack.connection] {
            reply(peer, .ack(id: ack.id))
        }
    }
}
