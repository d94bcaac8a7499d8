import MorphKit

/// A validated client → server message of `morph.v1`.
///
/// Decoding turns every way a message can be wrong into a `ProtocolError` with the code the
/// page expects, so the service loop only ever sees well-formed requests.
public enum ClientMessage: Sendable, Hashable {
    /// Greeting; `protocolName` must be `morph.v1`.
    case hello(protocolName: String, client: String)
    /// Start a new session of a component.
    case open(OpenRequest)
    /// Watch an existing session (and drive it, when its opener allowed that).
    case join(session: String)
    /// An input event for the connection's session; with an `id`, the server answers `ack`
    /// (after the line is on disk while the session records).
    case input(InputEvent, id: Double?)
    /// Start or stop recording the connection's session.
    case record(RecordAction)
    /// List the files in the record directory.
    case recordings
    /// Replay a recording into a new session, under the proposed id `session` when it is free.
    case replay(name: String, session: String? = nil)
    /// Replay a recording the viewer sent (its JSONL text) into a new timeline session, under
    /// the proposed id `session` when it is free.
    case replayRecording(Recording, session: String? = nil)
    /// Play, pause or seek the connection's timeline session.
    case timeline(TimelineAction)
    /// Round-trip probe; `clientTime` (ms) is echoed back.
    case ping(id: Double, clientTime: Double?)
    /// Opt this connection in or out of server-rendered curtain tiles at `scale` (1...3);
    /// with `acks`, the next set is sent only once the viewer acknowledged the last one.
    case tiles(enabled: Bool, scale: Int, acks: Bool = false)
    /// The viewer drew the tile set of frame `sequence` (its `tiles-done`'s `seq`).
    case tilesAck(sequence: Int)
    /// The viewer drew frame `sequence` (and so is done with every frame before it): with
    /// `?acks=1`, frees room in its window for the next frame.
    case frameAck(sequence: Int)
    /// The viewer lacks the base of a frame delta it got: send the next frame in full.
    case resync

    /// What `timeline` asks of a replayed recording.
    public enum TimelineAction: Sendable, Hashable {
        /// Frames advance with the session clock from the one shown.
        case play
        /// Frames stop at the one shown.
        case pause
        /// Show frame `frame` (0-based, clamped to the replay) and pause.
        case seek(frame: Int)
    }

    /// `record`'s verb.
    public enum RecordAction: String, Sendable, Hashable {
        case start, stop
    }

    /// What `open` asks for.
    public struct OpenRequest: Sendable, Hashable {
        /// A registered component name.
        public var component: String
        /// The component's configuration object (`{}` when absent).
        public var configuration: JSONValue
        /// The settings to render under, every field set (defaults fill gaps).
        public var environment: InputEvent.Environment
        /// The drawing area in points.
        public var viewport: Size
        /// The id the client proposes (`SessionID`); the server assigns another when it is
        /// malformed or taken.
        public var session: String?
        /// Whether connections that join may drive the session (pointer input, `tap`,
        /// `scrub`: `joiners` `"drive"`) or only watch (the default). Configuration,
        /// environment, recording and a timeline stay the opener's either way.
        public var joinersDrive = false

        /// Makes a request.
        public init(
            component: String, configuration: JSONValue = .object([]),
            environment: InputEvent.Environment = .protocolDefaults, viewport: Size = .standardViewport,
            session: String? = nil
        ) {
            self.component = component
            self.configuration = configuration
            self.environment = environment
            self.viewport = viewport
            self.session = session
        }
    }

    /// The wire `type` of this message.
    public var typeName: String {
        switch self {
        case .hello: "hello"
        case .open: "open"
        case .join: "join"
        case .input: "input"
        case .record: "record"
        case .recordings: "recordings"
        case .replay, .replayRecording: "replay"
        case .timeline: "timeline"
        case .ping: "ping"
        case .tiles: "tiles"
        case .tilesAck: "tiles-ack"
        case .frameAck: "frame-ack"
        case .resync: "resync"
        }
    }
}
