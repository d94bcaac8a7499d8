import MorphKit
import MorphWork

/// One session's component and the frames built from it, shared by the service thread (which
/// applies inputs) and the worker that builds the session's frames, one at a time under a lock.
///
/// The core never builds a frame itself: at a tick it hands each due session's builder to
/// the worker pool (`FrameBatch`) and gets a `BuiltFrame` back as an event, so the service
/// thread only decides and writes bytes. A session has at most one build in flight.
final class FrameBuilder: Sendable {
    private struct State: Sendable {
        var component: any LiveComponent
        var sequence = 0
        /// The newest frame's display-list bytes and state, to skip frames that change nothing.
        var latestList: [UInt8] = []
        /// The newest few frames, for the next frame's deltas.
        var deltaBases = FrameDeltaBases()
        var latestState: String?
        /// Set when the session ends: builds still queued for it are skipped, so a burst of
        /// sessions opened and dropped leaves no frames to draw for nobody.
        var ended = false
    }

    /// The session's id, stamped on every frame.
    let session: String
    /// Guards the session's component and last frames: inputs on the service thread, builds
    /// on a worker.
    private let state: Locked<State>

    /// A timeline session's length, pace and input frames (fixed when it opens); nil for
    /// live components.
    let timeline: (frames: Int, fps: Double, events: [Int])?

    init(session: String, component: any LiveComponent) {
        self.session = session
        timeline = (component as? ReplayTimeline).map { ($0.frames, $0.fps, $0.eventFrames) }
        state = Locked(State(component: component))
    }

    /// Plays, pauses or seeks a timeline component; nil (nothing done) for any other.
    func controlTimeline(_ action: ClientMessage.TimelineAction, at time: Double) -> Status? {
        state.withLock { state in
            guard var timeline = state.component as? ReplayTimeline else { return nil }
            timeline.control(action, at: time)
            state.component = timeline
            return Status(stateName: timeline.stateName, isMoving: timeline.isMoving)
        }
    }

    /// What the core caches of the component after an input or a build.
    struct Status: Sendable, Equatable {
        var stateName: String
        var isMoving: Bool
    }

    /// The component's state now.
    var status: Status {
        state.withLock { Status(stateName: $0.component.stateName, isMoving: $0.component.isMoving) }
    }

    /// Marks the session ended (its last viewer left); later builds do nothing.
    func end() {
        state.withLock { $0.ended = true }
    }

    /// The component's spring fields in both forms (`LiveComponent.springs`).
    var springs: JSONValue {
        state.withLock { $0.component.springs }
    }

    /// Applies one input stamped with session time; throws what the component throws.
    func apply(_ event: InputEvent) throws -> Status {
        try state.withLock { (state) throws -> Status in
            try state.component.handle(event)
            return Status(stateName: state.component.stateName, isMoving: state.component.isMoving)
        }
    }

    /// Builds the frame at session time `time`: the list encoded once, its deltas against the
    /// kept frames from `deltasFrom` on made once (each when shorter), wrapped once as a
    /// `frame` message; no deltas when `deltasFrom` is nil (no viewer asked). No frame (and
    /// no sequence number spent) when neither the picture nor the state changed since the
    /// last one (an input that hit nothing, a drag held still); comparing bytes is cheaper
    /// than proving a component unchanged.
    func build(at time: Double, serverTime: Double, deltasFrom: Int? = .min) -> BuiltFrame {
        state.withLock { state in
            guard !state.ended else {
                let status = Status(stateName: state.component.stateName, isMoving: false)
                return BuiltFrame(builder: self, frame: nil, tileJob: nil, status: status, scheduledChange: nil)
            }
            let list = state.component.encodedDisplayList(at: time)
            let status = Status(stateName: state.component.stateName, isMoving: state.component.isMoving)
            let change = state.component.nextScheduledChange(after: time)
            guard status.stateName != state.latestState || list != state.latestList else {
                return BuiltFrame(builder: self, frame: nil, tileJob: nil, status: status, scheduledChange: change)
            }
            state.sequence += 1
            state.latestList = list
            state.latestState = status.stateName
            // Deltas cost a scan and a compare per base: made only while a viewer wants them.
            var deltas: [(list: [UInt8], base: Int)] = []
            if let deltasFrom {
                deltas = state.deltaBases.deltas(
                    of: list, sequence: state.sequence, layout: state.component.encodedLayout, oldest: deltasFrom)
            } else {
                state.deltaBases = FrameDeltaBases()
            }
            let frame = FrameEncoding(
                session: session, sequence: state.sequence, serverTime: serverTime, state: status.stateName, list: list,
                deltas: deltas)
            let job = TileJob(
                session: session, sequence: state.sequence, serverTime: serverTime, list: list,
                atRest: !state.component.isAnimating)
            return BuiltFrame(builder: self, frame: frame, tileJob: job, status: status, scheduledChange: change)
        }
    }
}

/// A finished build, as the worker hands it back to the core.
struct BuiltFrame: Sendable {
    /// Whose frame it is (a session that ended meanwhile is no longer in the core).
    let builder: FrameBuilder
    /// The frame to send; nil when nothing changed since the previous one.
    let frame: FrameEncoding?
    /// The frame as a tile job, with the frame.
    let tileJob: TileJob?
    /// The component's state after the build.
    let status: FrameBuilder.Status
    /// When a still component next changes its picture (a timer), if ever.
    let scheduledChange: Double?
}

/// One tick phase's due sessions: built together on one worker, each by its builder.
struct FrameBatch: Sendable, Equatable {
    /// A session to build and the session time to build it at.
    struct Request: Sendable {
        let builder: FrameBuilder
        let time: Double
        /// Nil while no viewer of the session asked for frame deltas; else the oldest frame
        /// a delta viewer may hold when this one reaches it (deltas against older ones would
        /// go to nobody: usually only the newest is needed).
        var deltasFrom: Int? = .min
    }

    /// Wall-clock stamp of every frame in the batch.
    let serverTime: Double
    let requests: [Request]

    /// Builds every frame; runs on a worker, never on the service thread.
    func run() -> [BuiltFrame] {
        requests.map { $0.builder.build(at: $0.time, serverTime: serverTime, deltasFrom: $0.deltasFrom) }
    }

    static func == (lhs: FrameBatch, rhs: FrameBatch) -> Bool {
        lhs.serverTime == rhs.serverTime && lhs.requests.count == rhs.requests.count
            && zip(lhs.requests, rhs.requests).allSatisfy { $0.builder === $1.builder && $0.time == $1.time }
    }
}
