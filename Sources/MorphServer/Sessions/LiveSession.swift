import Foundation
import MorphKit

/// One live component instance and the viewers watching it; service thread only.
///
/// Holds the session clock origin, the frame sequence, the last frame (for viewers who join
/// later), the input log (so a recording started mid-session still replays from the start),
/// whether it is being recorded (the file itself is the shell's) and, for replays, the
/// events still to feed.
final class LiveSession {
    /// Where the session's recording stands; the core emits the file work as effects.
    enum Recording: Equatable {
        case off
        /// `startRecording` was emitted; the file is not open yet.
        case starting
        /// Open, under this file name: every applied input is appended.
        case on(name: String)
    }

    /// Inputs kept for recordings; beyond this a session can no longer be recorded faithfully.
    static let logLimit = 500_000

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
    private var component: any LiveComponent
    /// Monotonic clock reading at the session's time zero.
    let origin: Double

    private(set) var sequence = 0
    private(set) var latestFrame: FrameEncoding?
    /// The newest frame's display-list bytes and state, to skip frames that change nothing.
    private var latestList: [UInt8] = []
    private var latestState: String?
    /// The newest frame as a tile job (its display list), for viewers who enable tiles later.
    private(set) var latestTileJob: TileJob?
    /// A frame must be built at the next tick (opened, input arrived).
    var needsFrame = true
    /// Session time at which a still component next changes its picture (a timer), if any.
    private(set) var scheduledChange: Double?
    private(set) var viewers: [Int] = []

    private(set) var log: [InputEvent] = []
    private(set) var logOverflowed = false
    var recording = Recording.off

    private var replay: [InputEvent] = []
    private var replayNext = 0

    init(
        id: String, componentName: String, request: ComponentRegistry.Request, component: any LiveComponent,
        origin: Double, replay: [InputEvent] = []
    ) {
        self.id = id
        self.componentName = componentName
        self.configuration = request.configuration
        self.currentConfiguration = request.configuration
        self.initialEnvironment = request.environment
        self.initialViewport = request.viewport
        self.environment = request.environment
        self.viewport = request.viewport
        self.component = component
        self.origin = origin
        self.replay = replay
    }

    var description: SessionDescription {
        SessionDescription(
            id: id, component: componentName, configuration: currentConfiguration,
            environment: environment, viewport: viewport, state: component.stateName,
            timeline: (component as? ReplayTimeline).map { SessionDescription.Timeline(frames: $0.frames, fps: $0.fps) })
    }

    /// True for a recording a viewer sent, stepped through with `timeline`.
    var isTimeline: Bool { component is ReplayTimeline }

    /// Plays, pauses or seeks a timeline session at session time `time`; false for any other.
    func controlTimeline(_ action: ClientMessage.TimelineAction, at time: Double) -> Bool {
        guard var timeline = component as? ReplayTimeline else { return false }
        timeline.control(action, at: time)
        component = timeline
        needsFrame = true
        return true
    }

    func recordingHeader(frameRate: Double) -> RecordingHeader {
        RecordingHeader(
            component: componentName, configuration: configuration, environment: initialEnvironment,
            viewport: initialViewport, frameRate: frameRate)
    }

    /// True while the session needs ticks at `--fps`: a frame is due, something moves, or a
    /// replay runs. A scheduled change alone does not: the loop sleeps until it.
    var wantsTick: Bool { needsFrame || component.isMoving || replayNext < replay.count }

    /// True when a tick at session time `time` must build a frame.
    func frameDue(at time: Double) -> Bool {
        if needsFrame || component.isMoving { return true }
        if let scheduledChange { return time >= scheduledChange }
        return false
    }

    /// True while replayed events remain.
    var isReplaying: Bool { replayNext < replay.count }

    func addViewer(_ connection: Int) {
        if !viewers.contains(connection) { viewers.append(connection) }
    }

    func removeViewer(_ connection: Int) {
        viewers.removeAll { $0 == connection }
    }

    /// Applies one input stamped with session time: the component, environment bookkeeping,
    /// the log. Throws what the component throws; the event is then neither logged nor
    /// recorded (the caller appends it to an open recording only when this returns).
    func apply(_ event: InputEvent) throws {
        try component.handle(event)
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
        if log.count < Self.logLimit {
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

    /// Builds, encodes and remembers the next frame, and asks when a still picture changes next.
    ///
    /// Returns nil when neither the picture nor the state changed since the last frame (an
    /// input that hit nothing, a drag held still): viewers already show it, so no sequence
    /// number is spent and nothing is sent. The list is encoded either way; comparing bytes
    /// is cheaper than proving a component unchanged.
    func buildFrame(at time: Double, serverTime: Double) -> FrameEncoding? {
        let list = component.encodedDisplayList(at: time)
        needsFrame = false
        scheduledChange = component.nextScheduledChange(after: time)
        let state = component.stateName
        if state == latestState, list == latestList { return nil }
        sequence += 1
        let frame = FrameEncoding(session: id, sequence: sequence, serverTime: serverTime, state: state, list: list)
        latestFrame = frame
        latestList = list
        latestState = state
        latestTileJob = TileJob(session: id, sequence: sequence, serverTime: serverTime, list: list)
        return frame
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
