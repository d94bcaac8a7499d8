import Foundation
import MorphKit

/// One live component instance and the viewers watching it; service thread only.
///
/// Holds the session clock origin, the last frame (for viewers who join later), the input
/// log (so a recording started mid-session still replays from the start), whether it is
/// being recorded (the file itself is the shell's), for replays the events still to feed,
/// and its viewers (the index the core fans frames out through: no scan of all connections).
/// The component itself lives in the `FrameBuilder`, which the core lends to a worker for
/// each build: while it is away (`building`) the core holds back every event that needs it.
final class LiveSession {
    /// Where the session's recording stands; the core emits the file work as effects.
    enum Recording: Equatable {
        case off
        /// `startRecording` was emitted; the file is not open yet.
        case starting
        /// Open, under this file name: every applied input is appended.
        case on(name: String)
    }

    /// Bytes of inputs kept for recordings (`InputLog.bytes`: about 500 000 pointer events,
    /// or 2000 `set`s of the largest value); beyond this a session can no longer be recorded
    /// from its start, and its log grows no more.
    static let logByteLimit = 16 << 20

    let id: String
    let componentName: String
    /// The configuration the session opened with (a recording's header keeps it).
    let configuration: JSONValue
    /// The opening configuration with every accepted `set` applied: what `session` reports,
    /// so a viewer who joins (or a shared link) sees the values the picture shows.
    private(set) var currentConfiguration: JSONValue
    let initialEnvironment: InputEvent.Environment
    let initialViewport: Size
    private(set) var environment: InputEvent.Environment
    private(set) var viewport: Size
    /// The component and the last frames: this session's while it is home, a worker's while
    /// `building` (only its `end()` may then be called).
    let builder: FrameBuilder
    /// The tick phase this session's frames are built in (`ServerCore+Ticks.swift`).
    let phase: Int
    /// Monotonic clock reading at the session's time zero.
    let origin: Double

    private(set) var latestFrame: FrameEncoding?
    /// The newest frame as a tile job (its display list), for viewers who enable tiles later.
    private(set) var latestTileJob: TileJob?
    /// A frame must be built at the next tick (opened, input arrived).
    var needsFrame = true
    /// A frame is being built on a worker, which holds the builder until the frame comes
    /// back (`accept`); the next frame, and every event that needs the component, waits.
    private(set) var building = false
    /// Session time at which a still component next changes its picture (a timer), if any.
    private(set) var scheduledChange: Double?
    /// The component's state as of the latest input or frame.
    private(set) var status: FrameBuilder.Status
    /// The connections watching, in the order they joined.
    private(set) var viewers: [PeerState] = []
    private var viewerIDs: Set<Int> = []
    /// Viewers that asked for frame deltas: while none does, frames are built without them.
    private(set) var deltaViewers = 0

    /// The connection that opened the session, while it watches: only it records, sets
    /// configuration and environment and steers a timeline (`schemas/protocol.md`, Session
    /// control). Nil once it left: the session then runs on with nobody in control.
    var opener: Int?
    /// Viewers that joined may send pointer input, `tap` and `scrub` (`open`'s `joiners`).
    var joinersDrive = false

    private(set) var log = InputLog()
    private(set) var logOverflowed = false
    var recording = Recording.off

    private var replay: [InputEvent] = []
    private var replayNext = 0

    init(
        id: String, componentName: String, request: ComponentRegistry.Request, component: any LiveComponent,
        origin: Double, replay: [InputEvent] = [], phase: Int = 0
    ) {
        self.id = id
        self.componentName = componentName
        self.configuration = request.configuration
        self.currentConfiguration = request.configuration
        self.initialEnvironment = request.environment
        self.initialViewport = request.viewport
        self.environment = request.environment
        self.viewport = request.viewport
        self.builder = FrameBuilder(session: id, component: component)
        self.status = builder.status
        self.phase = phase
        self.origin = origin
        self.replay = replay
    }

    /// What `peer` may do here, as its `session` answer says: nil for the opener (all).
    func access(of peer: PeerState) -> SessionDescription.Access? {
        peer.id == opener ? nil : joinersDrive ? .drive : .watch
    }

    /// True when `peer` may apply `event`: the opener any, a joiner only the driving kinds and
    /// only where the opener allowed it.
    func mayApply(_ event: InputEvent, from peer: PeerState) -> Bool {
        switch access(of: peer) {
        case nil: true
        case .watch: false
        case .drive:
            switch event.kind {
            case .set, .environment: false
            default: true
            }
        }
    }

    var description: SessionDescription {
        SessionDescription(
            id: id, component: componentName, configuration: currentConfiguration,
            environment: environment, viewport: viewport, state: status.stateName,
            timeline: builder.timeline.map { SessionDescription.Timeline(frames: $0.frames, fps: $0.fps, events: $0.events) })
    }

    /// True for a recording a viewer sent, stepped through with `timeline`.
    var isTimeline: Bool { builder.timeline != nil }

    /// Plays, pauses or seeks a timeline session at session time `time`; false for any other.
    func controlTimeline(_ action: ClientMessage.TimelineAction, at time: Double) -> Bool {
        guard let changed = home.controlTimeline(action, at: time) else { return false }
        status = changed
        needsFrame = true
        return true
    }

    func recordingHeader(frameRate: Double) -> RecordingHeader {
        RecordingHeader(
            component: componentName, configuration: configuration, environment: initialEnvironment,
            viewport: initialViewport, frameRate: frameRate)
    }

    /// True while the session needs ticks at `--fps`: a frame is due, something moves, or a
    /// replay runs. A scheduled change alone does not: the loop sleeps until it. A frame
    /// being built does not either: its result sets the schedule when it comes back.
    var wantsTick: Bool { needsFrame || status.isMoving || replayNext < replay.count }

    /// True when a tick at session time `time` must start a frame (none is being built).
    func frameDue(at time: Double) -> Bool {
        if building { return false }
        if needsFrame || status.isMoving { return true }
        if let scheduledChange { return time >= scheduledChange }
        return false
    }

    /// True while replayed events remain.
    var isReplaying: Bool { replayNext < replay.count }

    func addViewer(_ peer: PeerState) {
        guard viewerIDs.insert(peer.id).inserted else { return }
        viewers.append(peer)
        if peer.wantsDeltas { deltaViewers += 1 }
    }

    func removeViewer(_ peer: PeerState) {
        guard viewerIDs.remove(peer.id) != nil else { return }
        viewers.removeAll { $0 === peer }
        if peer.wantsDeltas { deltaViewers -= 1 }
    }

    /// Applies one input stamped with session time: the component, environment bookkeeping,
    /// the log. Throws what the component throws; the event is then neither logged nor
    /// recorded (the caller appends it to an open recording only when this returns).
    func apply(_ event: InputEvent) throws {
        status = try home.apply(event)
        if case .environment(let change) = event.kind {
            var kept = change
            kept.size = nil
            environment = environment.merging(kept)
            if let size = change.size { viewport = size }
        }
        if case .set(let key, let value) = event.kind {
            currentConfiguration = Self.setting(key, to: value, in: currentConfiguration)
        }
        needsFrame = true
        if !logOverflowed, log.bytes + InputLog.cost(of: event) <= Self.logByteLimit {
            log.append(event)
        } else {
            logOverflowed = true
        }
    }

    /// Feeds replayed events whose time has come; a refused event is skipped, as live input.
    /// Returns the events applied (to be recorded, when the session is).
    func feedReplay(upTo time: Double) -> [InputEvent] {
        var applied: [InputEvent] = []
        while replayNext < replay.count, replay[replayNext].time <= time {
            let event = replay[replayNext]
            replayNext += 1
            if (try? apply(event)) != nil { applied.append(event) }
        }
        return applied
    }

    /// The component's spring fields in both forms (`LiveComponent.springs`).
    var springs: JSONValue { home.springs }

    /// The builder, which must be here: the core holds back what needs it while it is away.
    private var home: FrameBuilder {
        precondition(!building, "session \(id): its component is on a worker; the core holds events that need it")
        return builder
    }

    /// Marks a frame as started at session time `time`; the returned request lends the
    /// builder to a worker until `accept` takes the result.
    func beginFrame(at time: Double) -> FrameBatch.Request {
        precondition(!building, "session \(id) has a build in flight")
        needsFrame = false
        building = true
        return FrameBatch.Request(builder: builder, time: time, deltasFrom: deltaViewers > 0 ? oldestDeltaBase() : nil)
    }

    /// The oldest frame a delta viewer may hold when the next frame reaches it: the last one
    /// written to it, else the one waiting in its slot (written first). A session has one
    /// build in flight, so no other frame can come between.
    private func oldestDeltaBase() -> Int {
        var oldest = Int.max
        for viewer in viewers where viewer.wantsDeltas {
            if let held = viewer.lastFrameSent ?? viewer.frames.pending?.sequence { oldest = min(oldest, held) }
        }
        return oldest
    }

    /// Takes a finished build and the builder back: remembers the frame (nil when nothing
    /// changed), the component's state and when a still picture changes next. No input was
    /// applied meanwhile (the core held them), so the build's status is the newest.
    func accept(_ built: BuiltFrame) {
        building = false
        scheduledChange = built.scheduledChange
        status = built.status
        guard let frame = built.frame else { return }
        latestFrame = frame
        latestTileJob = built.tileJob
    }

    /// Builds the next frame here and now (tests; the core builds on workers). Nil when
    /// neither the picture nor the state changed since the last frame.
    func buildFrame(at time: Double, serverTime: Double) -> FrameEncoding? {
        let request = beginFrame(at: time)
        let built = request.builder.build(at: time, serverTime: serverTime, deltasFrom: request.deltasFrom)
        accept(built)
        return built.frame
    }

    /// `configuration` with `key` set as a component reads a `set` value: a string is JSON
    /// when it parses (a colour `"[1,0,0,1]"`, a quoted title), else a bare string.
    static func setting(_ key: String, to value: InputEvent.ParameterValue, in configuration: JSONValue) -> JSONValue {
        let json: JSONValue =
            switch value {
            case .number(let number): .number(number)
            case .bool(let flag): .bool(flag)
            case .string(let text): (try? JSONValue.parse(Array(text.utf8))) ?? .string(text)
            }
        var members: [JSONValue.Member] = []
        if case .object(let existing) = configuration { members = existing }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = json
        } else {
            members.append(JSONValue.Member(key, json))
        }
        return .object(members)
    }
}
