import MorphKit

/// What the core wants done, as a value: the shell turns each into lws calls, file work or
/// worker-pool jobs, in order. Tests read them directly.
///
/// Sending is pulled, as lws writes are: the core queues answers and frames per connection
/// (answers in order and bounded, frames latest-wins) and asks for `wantWrite`; the shell
/// answers with a writable round (`ServerCore.writable`), which hands out one message or the
/// close. A broadcast is one `wantWrite` per viewer.
///
/// The rare cases with large payloads are `indirect` (boxed): an effect then takes 32 bytes, not
/// the 192 of a `RecordingStart`, and a fan-out's 2000 `wantWrite`s move a sixth of the memory.
enum ServerEffect: Sendable, Equatable {
    /// Ask lws for a writable callback on the connection.
    case wantWrite(Int)
    /// Wake the core with `ServerEvent.tick` at this reading of its clock (replaces any
    /// earlier schedule).
    case scheduleTick(at: Double)
    /// Build the batch's frames on the worker pool and post them back as `framesBuilt`.
    case buildFrames(FrameBatch)
    /// Run the job on the worker pool and post its result back as `tilesRendered`.
    indirect case renderTiles(TileWork)
    /// Open a recording for a session, write the header and the inputs so far; answer with
    /// `recordingStarted` or `recordingFailed`.
    indirect case startRecording(RecordingStart)
    /// Append one input to the session's open recording, then answer `recordingAppended`
    /// with `ack` when there is one (the line is on disk); a failure answers `recordingFailed`.
    indirect case appendRecording(session: String, InputEvent, ack: InputAck?)
    /// Close the session's recording, if one is open.
    case stopRecording(session: String)
    /// List the record directory; answer with `recordingsListed`.
    case listRecordings(Int)
    /// Read a recording; answer with `recordingLoaded`.
    case loadRecording(Int, name: String)
    /// One line for the operator's log (stderr); nothing a viewer sees.
    case log(String)
}

/// What one writable round of a connection does (`ServerCore.writable`).
struct WriteRound: Equatable {
    enum Action: Equatable {
        /// Nothing waits that may leave now.
        case none
        /// Write one message now.
        case write(Outgoing)
        /// Close the connection now with this code and reason.
        case close(code: Int32, reason: String)
    }

    var action: Action
    /// Ask for another writable round: more waits.
    var again: Bool
}

/// One message leaving on a connection.
enum Outgoing: Sendable, Equatable {
    /// A text message (a control answer or a `tiles-done`).
    case text([UInt8])
    /// A binary message (a tile).
    case binary([UInt8])
    /// A shared frame and this viewer's `dropped` count, written without re-encoding; as the
    /// frame's delta against frame `base` (the one this viewer was sent last) when there is one.
    case frame(FrameEncoding, dropped: Int, base: Int? = nil)

    /// The complete message bytes (tests; the shell writes frames in parts).
    var bytes: [UInt8] {
        switch self {
        case .text(let bytes), .binary(let bytes): bytes
        case .frame(let frame, let dropped, let base): frame.bytes(dropped: dropped, base: base)
        }
    }

    static func == (lhs: Outgoing, rhs: Outgoing) -> Bool {
        switch (lhs, rhs) {
        case (.text(let a), .text(let b)), (.binary(let a), .binary(let b)): a == b
        case (.frame(let a, let x, let p), .frame(let b, let y, let q)): a === b && x == y && p == q
        default: false
        }
    }
}

/// Who waits for an `ack` of a recorded input: the connection and the `id` it gave.
struct InputAck: Sendable, Hashable {
    var connection: Int
    var id: Double
}

/// What `startRecording` needs: everything to write, and who asked.
struct RecordingStart: Sendable, Equatable {
    var session: String
    var component: String
    var header: RecordingHeader
    var events: [InputEvent]
    /// The connection whose `record start` this answers.
    var requester: Int
}

/// One tile job for the worker pool: a stream's renderer and the frame to render.
struct TileWork: Sendable, Equatable {
    let session: String
    let stream: Int
    let renderer: TileRenderer
    let job: TileJob
    let skipped: Int

    /// Renders; runs on a worker, never on the service thread.
    func run() -> TileResult {
        do {
            let snapshot = try renderer.render(job, skipped: skipped)
            return TileResult(session: session, stream: stream, snapshot: snapshot, failure: nil)
        } catch {
            return TileResult(session: session, stream: stream, snapshot: nil, failure: "\(error)")
        }
    }

    static func == (lhs: TileWork, rhs: TileWork) -> Bool {
        lhs.stream == rhs.stream && lhs.renderer === rhs.renderer && lhs.job == rhs.job && lhs.skipped == rhs.skipped
    }
}
