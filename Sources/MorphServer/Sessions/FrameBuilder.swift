import MorphKit
import Synchronization

/// One session's component and the frames built from it, with one owner at a time.
///
/// The service thread owns it and applies inputs to it. At a tick the core lends it whole
/// to one worker (`FrameBatch`), which builds the frame from it and hands it back with the
/// result (`BuiltFrame`, an event through the mailbox); meanwhile its session is away
/// (`LiveSession.isAway`) and the core holds back every event that needs its component
/// (`ServerCore+Holds.swift`), so nothing else touches it. The pool's queue and the
/// mailbox order the accesses, as for `TileRenderer`: hence `@unchecked Sendable` and no
/// lock. A session has at most one build in flight.
final class FrameBuilder: @unchecked Sendable {
    /// What the core caches of the component after an input or a build.
    struct Status: Sendable, Equatable {
        var stateName: String
        var isMoving: Bool
    }

    /// The session's id, stamped on every frame.
    let session: String
    /// A timeline session's length, pace and input frames (fixed when it opens); nil for
    /// live components.
    let timeline: (frames: Int, fps: Double, events: [Int])?
    /// Set when the session ends (its last viewer left) while a build is queued for it: the
    /// build then draws nothing, so a burst of sessions opened and dropped leaves no frames
    /// to draw for nobody. A flag, not a lock: the service thread sets it while a worker may
    /// hold the builder.
    private let ended = Atomic<Bool>(false)

    private var component: any LiveComponent
    private var sequence = 0
    /// The newest frame's display-list bytes and state, to skip frames that change nothing.
    private var latestList: [UInt8] = []
    private var latestState: String?
    /// The newest few frames, for the next frame's deltas.
    private var deltaBases = FrameDeltaBases()

    init(session: String, component: any LiveComponent) {
        self.session = session
        self.component = component
        timeline = (component as? ReplayTimeline).map { ($0.frames, $0.fps, $0.eventFrames) }
    }

    /// Plays, pauses or seeks a timeline component; nil (nothing done) for any other.
    func controlTimeline(_ action: ClientMessage.TimelineAction, at time: Double) -> Status? {
        guard var timeline = component as? ReplayTimeline else { return nil }
        timeline.control(action, at: time)
        component = timeline
        return status
    }

    /// The component's state now, read in place (`LiveComponent.status`; the time it is given
    /// only feeds the scheduled change, which a `Status` does not hold).
    var status: Status {
        inPlace { component in
            let status = component.status(after: 0)
            return Status(stateName: status.stateName, isMoving: status.isMoving)
        }
    }

    /// Runs `body` on the component where it is stored. A property read straight off the
    /// stored existential copies the whole component first (its session's arrays and caches
    /// retained and released), once per read, on every input and every build.
    private func inPlace<Result>(_ body: (inout any LiveComponent) throws -> Result) rethrows -> Result {
        try body(&component)
    }

    /// Marks the session ended (its last viewer left); a build not yet run does nothing.
    func end() {
        ended.store(true, ordering: .relaxed)
    }

    /// The component's spring fields in both forms (`LiveComponent.springs`).
    var springs: JSONValue { inPlace { $0.springs } }

    /// Applies one input stamped with session time; throws what the component throws.
    func apply(_ event: InputEvent) throws -> Status {
        try component.handle(event)
        return status
    }

    /// Builds the frame at session time `time`: the list encoded once, its deltas against the
    /// kept frames from `deltasFrom` on made once (each when shorter), wrapped once as a
    /// `frame` message; no deltas when `deltasFrom` is nil (no viewer asked). No frame (and
    /// no sequence number spent) when neither the picture nor the state changed since the
    /// last one (an input that hit nothing, a drag held still); comparing bytes is cheaper
    /// than proving a component unchanged.
    func build(at time: Double, serverTime: Double, deltasFrom: Int? = .min) -> BuiltFrame {
        guard !ended.load(ordering: .relaxed) else {
            let status = Status(stateName: inPlace { $0.stateName }, isMoving: false)
            return BuiltFrame(builder: self, frame: nil, tileJob: nil, status: status, scheduledChange: nil)
        }
        let (list, status, change, layout, unchanged, atRest) = inPlace { component in
            let list = component.encodedDisplayList(at: time)
            let status = component.status(after: time)
            return (
                list, Status(stateName: status.stateName, isMoving: status.isMoving), status.nextScheduledChange,
                component.encodedLayout, component.encodedUnchanged, !status.isAnimating
            )
        }
        guard status.stateName != latestState || list != latestList else {
            return BuiltFrame(builder: self, frame: nil, tileJob: nil, status: status, scheduledChange: change)
        }
        sequence += 1
        latestList = list
        latestState = status.stateName
        // Deltas cost a scan and a compare per base: made only while a viewer wants them.
        var deltas: [(list: [UInt8], base: Int)] = []
        if let deltasFrom {
            deltas = deltaBases.deltas(
                of: list, sequence: sequence, layout: layout, unchanged: unchanged, oldest: deltasFrom)
        } else {
            deltaBases = FrameDeltaBases()
        }
        let frame = FrameEncoding(
            session: session, sequence: sequence, serverTime: serverTime, state: status.stateName, list: list,
            deltas: deltas)
        let job = TileJob(
            session: session, sequence: sequence, serverTime: serverTime, list: list, atRest: atRest)
        return BuiltFrame(builder: self, frame: frame, tileJob: job, status: status, scheduledChange: change)
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
