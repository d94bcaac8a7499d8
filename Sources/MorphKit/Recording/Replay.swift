/// Plays a recording back through a `ComponentSession` on a virtual clock, one display list
/// per frame, so the same recording gives byte-identical frames on every run and machine.
///
/// Frame `i` is taken at `i / fps` seconds: every event stamped at or before that time is
/// applied first, in file order, each at its own time. With no `until`, playback runs past
/// the last event until the session is still (springs settled, drag released), at most
/// `settleLimit` seconds more.
public struct Replay: Sendable {
    /// One frame of a replay.
    public struct Frame: Sendable, Hashable {
        /// 0-based frame number.
        public var index: Int
        /// Session time in seconds (`index / fps`).
        public var time: Double
        /// The machine's state name at this frame.
        public var stateName: String
        /// Canonical display-list JSON.
        public var displayList: [UInt8]

        /// SHA-256 of `displayList`, as hex.
        public var hash: String { SHA256.hexDigest(of: displayList) }
    }

    /// Longest time playback goes on after the last event waiting for the session to settle.
    public static let settleLimit = 10.0

    /// The recording being played.
    public let recording: Recording
    /// Frames per second of playback.
    public let fps: Double
    /// The last frame's time in seconds, or nil to play until the session is still.
    public let until: Double?
    private var session: ComponentSession
    private var nextEvent = 0
    private var nextFrame = 0

    /// - Parameters:
    ///   - recording: the header and events to play.
    ///   - fps: frames per second; nil takes the recording's frame rate.
    ///   - until: last frame time in seconds; nil plays until still after the last event.
    /// - Throws: `ReplayError` for an unknown component, bad configuration or a bad rate.
    public init(_ recording: Recording, fps: Double? = nil, until: Double? = nil) throws(ReplayError) {
        let rate = fps ?? recording.header.frameRate
        guard rate.isFinite, rate > 0, rate <= 1000 else { throw .badFrameRate(rate) }
        if let until, !(until.isFinite && until >= 0) { throw .badDuration(until) }
        guard let component = ComponentKind(rawValue: recording.header.component) else {
            throw .unknownComponent(recording.header.component)
        }
        do {
            session = try ComponentSession(
                component: component, configuration: recording.header.configuration,
                environment: recording.header.environment, viewport: recording.header.viewport)
        } catch {
            throw .session(error)
        }
        self.recording = recording
        self.fps = rate
        self.until = until
    }

    /// Time of the last frame this replay will produce, if known in advance.
    public var plannedEnd: Double? {
        until
    }

    /// Time of the last event (0 with no events).
    public var lastEventTime: Double { recording.events.last?.time ?? 0 }

    /// The next frame, or nil when playback is over. Bad `set` values in a recording are
    /// skipped (the live session refused them too) and reported through `skippedEvents`.
    public mutating func next() -> Frame? {
        let time = Double(nextFrame) / fps
        if let until {
            guard time <= until + 1e-9 else { return nil }
        } else if nextFrame > 0 {
            let previous = Double(nextFrame - 1) / fps
            let eventsDone = nextEvent >= recording.events.count && previous >= lastEventTime
            if eventsDone && (!session.isMoving || previous >= lastEventTime + Self.settleLimit) { return nil }
        }
        let events = recording.events
        while nextEvent < events.count && events[nextEvent].time <= time + 1e-9 {
            do {
                try session.handle(events[nextEvent])
            } catch {
                skippedEvents.append(SkippedEvent(index: nextEvent, reason: error.description))
            }
            nextEvent += 1
        }
        let bytes = session.encodedDisplayList(at: time)
        let frame = Frame(index: nextFrame, time: time, stateName: session.stateName, displayList: bytes)
        nextFrame += 1
        return frame
    }

    /// An event the session refused (its index among the recording's events, and why).
    public struct SkippedEvent: Sendable, Hashable {
        /// The event's 0-based index among the recording's events.
        public var index: Int
        /// Why the session refused it.
        public var reason: String
    }

    /// Events refused so far.
    public private(set) var skippedEvents: [SkippedEvent] = []
}

/// Why a recording cannot be replayed.
public enum ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The header names a component MorphKit does not know.
    case unknownComponent(String)
    /// The session could not start (a bad configuration or viewport).
    case session(SessionError)
    /// The frame rate is not a positive finite number.
    case badFrameRate(Double)
    /// The end time is negative or not finite.
    case badDuration(Double)

    public var description: String {
        switch self {
        case .unknownComponent(let name):
            "unknown component \"\(name)\" (expected morph-container, hero-card or curtain)"
        case .session(let error): error.description
        case .badFrameRate(let rate): "frame rate \(rate) is not in 0 < fps <= 1000"
        case .badDuration(let time): "--until \(time) is not a finite time >= 0"
        }
    }
}
