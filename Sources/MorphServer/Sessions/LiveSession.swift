/// One live component instance and the viewers watching it; service thread only.
///
/// Holds the session clock origin, the frame sequence, the last frame (for viewers who join
/// later), the input log (so a recording started mid-session still replays from the start),
/// an optional open recording and, for replays, the events still to feed.
final class LiveSession {
    /// Inputs kept for recordings; beyond this a session can no longer be recorded faithfully.
    static let logLimit = 500_000

    let id: String
    let componentName: String
    let configuration: JSONValue
    let initialEnvironment: SessionEnvironment
    let initialViewport: Viewport
    private(set) var environment: SessionEnvironment
    private(set) var viewport: Viewport
    private var component: any LiveComponent
    /// Monotonic clock reading at the session's time zero.
    let origin: Double

    private(set) var sequence = 0
    private(set) var latestFrame: FrameEncoding?
    /// A frame must be built at the next tick (opened, input arrived).
    var needsFrame = true
    private(set) var viewers: [Int] = []

    private(set) var log: [LiveEvent] = []
    private(set) var logOverflowed = false
    var recording: RecordingWriter?

    private var replay: [LiveEvent] = []
    private var replayNext = 0

    init(id: String, componentName: String, request: ComponentRegistry.Request, component: any LiveComponent,
         origin: Double, replay: [LiveEvent] = []) {
        self.id = id
        self.componentName = componentName
        self.configuration = request.configuration
        self.initialEnvironment = request.environment
        self.initialViewport = request.viewport
        self.environment = request.environment
        self.viewport = request.viewport
        self.component = component
        self.origin = origin
        self.replay = replay
    }

    var description: SessionDescription {
        SessionDescription(id: id, component: componentName, configuration: configuration,
                           environment: environment, viewport: viewport, state: component.stateName)
    }

    func recordingHeader(fps: Double) -> RecordingHeader {
        RecordingHeader(component: componentName, configuration: configuration, environment: initialEnvironment,
                        viewport: initialViewport, fps: fps)
    }

    /// True while the session needs ticks: a frame is due, something moves, or a replay runs.
    var wantsTick: Bool { needsFrame || component.isMoving || replayNext < replay.count }

    /// True when the next tick must build a frame.
    var frameDue: Bool { needsFrame || component.isMoving }

    /// True while replayed events remain.
    var isReplaying: Bool { replayNext < replay.count }

    func addViewer(_ connection: Int) {
        if !viewers.contains(connection) { viewers.append(connection) }
    }

    func removeViewer(_ connection: Int) {
        viewers.removeAll { $0 == connection }
    }

    /// Applies one stamped input: environment bookkeeping, the component, the log, the file.
    /// Throws what the component throws; the event is then neither logged nor recorded.
    func apply(_ event: LiveEvent) throws {
        let time = event.time ?? 0
        try component.handle(event, at: time)
        if case .environment(let change) = event.kind {
            environment = change.applied(to: environment)
            if let size = change.size { viewport = size }
        }
        needsFrame = true
        if log.count < Self.logLimit {
            log.append(event)
        } else {
            logOverflowed = true
        }
        if let recording {
            do {
                try recording.append(event)
            } catch {
                recording.close()
                self.recording = nil
            }
        }
    }

    /// Feeds replayed events whose time has come; a refused event is skipped, as live input.
    func feedReplay(upTo time: Double) {
        while replayNext < replay.count, let due = replay[replayNext].time, due <= time {
            let event = replay[replayNext]
            replayNext += 1
            try? apply(event)
        }
    }

    /// Builds, encodes and remembers the next frame.
    func buildFrame(at time: Double, serverTime: Double) -> FrameEncoding {
        let list = component.frame(at: time)
        sequence += 1
        needsFrame = false
        let frame = FrameEncoding(session: id, sequence: sequence, serverTime: serverTime,
                                  state: component.stateName, list: list)
        latestFrame = frame
        return frame
    }

    /// Closes the recording, if any, returning its name.
    @discardableResult
    func stopRecording() -> String? {
        guard let recording else { return nil }
        recording.close()
        self.recording = nil
        return recording.name
    }
}
