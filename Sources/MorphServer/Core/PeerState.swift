/// What the core knows of one `morph.v1` connection: its session, its outgoing queues and a
/// message still arriving in fragments. No socket: the shell owns that.
///
/// Answers (pong, error, session, …) queue in order, bounded; frames wait in a latest-wins
/// slot (a newer frame replaces an unsent one and counts a drop); tiles wait in the
/// viewer's `TileSubscription`.
final class PeerState {
    // The fan-out and the writable round read these on every frame of every viewer, and a
    // class's stored properties are laid out in declaration order: first, they share two
    // cache lines instead of touching six (at 2000 viewers each one is a miss).
    let id: Int
    var frames = LatestSlot<FrameEncoding>()
    /// True when the close frame goes with the next writable callback.
    var closeNow = false
    /// Frames may come to this connection as deltas: the protocol's default, unless its URL
    /// said `?deltas=0` (`takesDeltas`).
    var wantsDeltas = false
    /// The connection URL said it acknowledges frames (`?acks=1`): at most `frameWindow` of
    /// its frames are unacknowledged at once, and newer ones wait in the latest-wins slot, so
    /// a viewer that draws slowly gets fewer, newer frames instead of a backlog in its socket.
    var acksFrames = false
    /// Set when a frame came back together with held events (`ServerCore+Holds.swift`): how
    /// many answers were queued before it; the frame goes right after those, ahead of the
    /// answers the held events queued. Nil once it is written.
    var answersBeforeFrame: Int?
    /// `seq` of the last frame written to this connection in its session: the base a delta
    /// may build on (nil after joining, and after `resync`).
    var lastFrameSent: Int?
    /// Server-rendered curtain tiles, when this viewer opted in.
    var tiles: TileSubscription?
    /// Set when the connection must close once its answers are out: code and reason.
    var closing: (code: Int32, reason: String)?
    var replies = ReplyQueue()

    /// Counted against `--max-clients` (a refused connection is not).
    let counted: Bool
    var sessionID: String?
    /// It said `hello`: it is told when the components listed change (`components`).
    var greeted = false
    /// The connection URL's `?session=`: the id `open` and `replay` propose when they name none.
    var urlSession: String?
    /// The id the pending `replay` proposes, while its file is read.
    var replayProposal: String?
    /// `seq` of each frame written to this connection in its session and not acknowledged
    /// yet (`frame-ack`), oldest first; only while `acksFrames`.
    var unacknowledgedFrames: [Int] = []
    /// How many frames an acknowledging viewer may have in flight: one being drawn, one on
    /// its way.
    static let frameWindow = 2
    /// Whether the pending frame may be written now (the window has room).
    var mayWriteFrame: Bool { !acksFrames || unacknowledgedFrames.count < Self.frameWindow }
    var incoming: [UInt8] = []
    var incomingIsBinary = false
    /// This connection's message, byte and session-opening rates.
    var limits: ConnectionLimits

    init(id: Int, counted: Bool, limits: ConnectionLimits) {
        self.id = id
        self.counted = counted
        self.limits = limits
    }

    /// Whether a connection whose URL's `deltas` argument is `argument` (nil: absent) takes
    /// frame deltas: every client does unless it opts out with `deltas=0`, since a delta is
    /// a twentieth of a dragged curtain's full frame on the wire and in the server's sends.
    static func takesDeltas(_ argument: String?) -> Bool { argument != "0" }

    /// True while frames (with room in the window) or tiles wait to be written.
    var hasStreamingWork: Bool { (frames.pending != nil && mayWriteFrame) || tiles?.hasWork == true }
}
