import MorphKit

/// What happens to the server, as a value: the libwebsockets shell turns each callback (and
/// each finished piece of file or worker-pool work) into one of these and hands it to
/// `ServerCore.handle(_:)`.
///
/// Connections are named by an id the shell chooses when it sees the connection first.
/// Time is not part of an event: the core reads its injected `TimeSource`.
enum ServerEvent: Sendable {
    /// A `morph.v1` connection is established (its `Host` and `Origin` were already checked);
    /// `session` is its URL's `?session=` (what a router hashed), the default proposal for
    /// the sessions it opens; `deltas`: frames may come as deltas (unless its URL said `?deltas=0`:
    /// `PeerState.takesDeltas`), `acks`
    /// its `?acks=1` (it acknowledges frames: `frame-ack`).
    case opened(Int, session: String? = nil, deltas: Bool = false, acks: Bool = false)
    /// A connection is gone (closed by either side or dropped).
    case closed(Int)
    /// A fragment of a message arrived; `final` marks its last fragment. The first fragment's
    /// `binary` flag is the message's.
    case received(Int, [UInt8], binary: Bool, final: Bool)
    /// The tick the core scheduled with `ServerEffect.scheduleTick` has come.
    case tick
    /// A worker built the frames of a `ServerEffect.buildFrames` batch.
    case framesBuilt([BuiltFrame])
    /// A worker finished a tile job started by `ServerEffect.renderTiles`.
    case tilesRendered(TileResult)
    /// `ServerEffect.startRecording` opened the file `name` and wrote the session so far.
    case recordingStarted(session: String, name: String)
    /// A recording could not be started or written. `requester` is the connection whose
    /// `record start` failed.
    case recordingFailed(session: String, requester: Int?, RecordingFailure)
    /// An input's line is written and synchronized: `ack` it.
    case recordingAppended(InputAck)
    /// The answer to `ServerEffect.listRecordings`.
    case recordingsListed(Int, [RecordingSummary])
    /// The answer to `ServerEffect.loadRecording`.
    case recordingLoaded(Int, name: String, Result<RecordingReader.Result, MorphServerError>)
    /// Component files loaded again or failed to (`ComponentFolder.poll()`).
    case componentsChanged([ComponentFolder.Change])
    /// The server is stopping: recordings close and every viewer is told "going away".
    case stop
}

/// Why a recording could not be started or went on no further.
enum RecordingFailure: Sendable, Hashable {
    /// The record folder already holds `--max-recordings` files; nothing was written.
    case folderFull(maxFiles: Int)
    /// The file would pass `--max-recording-mb` (at the start: the session so far would);
    /// everything before the line that would is on disk (at the start: nothing, no file).
    case fileFull(maxBytes: Int)
    /// One more line would be more inputs within one second than a replay reads.
    case tooFast(perSecond: Int)
    /// The file system refused; `detail` is for the operator's log only (it may name paths).
    case write(detail: String)
}
