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
    ///   - definition: a component file to run instead of the built-in component the
    ///     recording names (`morph replay --component FILE`).
    /// - Throws: `ReplayError` for an unknown component, bad configuration or a bad rate.
    public init(
        _ recording: Recording, fps: Double? = nil, until: Double? = nil, definition: ComponentDefinition? = nil
    ) throws(ReplayError) {
        let rate = fps ?? recording.header.frameRate
        guard rate.isFinite, rate > 0, rate <= 1000 else { throw .badFrameRate(rate) }
        if let until, !(until.isFinite && until >= 0) { throw .badDuration(until) }
        if let index = Self.eventRateViolation(recording.events) { throw .tooManyEvents(index: index) }
        if definition == nil, ComponentKind(rawValue: recording.header.component) == nil {
            throw .unknownComponent(recording.header.component)
        }
        do {
            if let definition {
                session = try ComponentSession(
                    definition: definition, configuration: recording.header.configuration,
                    environment: recording.header.environment, viewport: recording.header.viewport)
            } else {
                session = try ComponentSession(
                    component: ComponentKind(rawValue: recording.header.component) ?? .morphContainer,
                    configuration: recording.header.configuration,
                    environment: recording.header.environment, viewport: recording.header.viewport)
            }
        } catch {
            throw .session(error)
        }
        self.recording = recording
        self.fps = rate
        self.until = until
    }

    /// The most events a recording may hold within any one second of session time (the
    /// closed interval [t, t + 1]), as the server's input rate limit allows a client. Each
    /// event can cost a scene build (hit testing a press), so a file of a million events at
    /// t = 0 is refused at its 1001st event instead of running for minutes.
    public static let maxEventsPerSecond = 1000

    /// The index of the first event that is more than `maxEventsPerSecond` within one
    /// second, or nil when the whole recording keeps to the rate.
    ///
    /// - Parameter events: the recording's events, in file order.
    public static func eventRateViolation(_ events: [InputEvent]) -> Int? {
        var windowStart = 0
        for index in events.indices {
            while events[windowStart].time < events[index].time - 1 { windowStart += 1 }
            if index - windowStart + 1 > maxEventsPerSecond { return index }
        }
        return nil
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
        step(building: true)
    }

    /// The last frame `next()` would give, after playing every earlier one without drawing
    /// it: what a summary needs. Frames where the session is still and no input comes are
    /// skipped in one step, so a recording whose events are hours apart costs what its
    /// motion costs, not one step per frame. Nil when playback gives no frame.
    public mutating func last() -> Frame? {
        var last: Frame?
        while let frame = step(building: false) { last = frame }
        guard var last else { return nil }
        last.displayList = session.encodedDisplayList(at: last.time)
        return last
    }

    /// The frames that apply an input, ascending, each once: where a replay's timeline can
    /// skip to past the still stretches between them.
    public var eventFrames: [Int] {
        var frames: [Int] = []
        for event in recording.events {
            let frame = firstFrame(applying: event.time)
            if frames.last != frame { frames.append(frame) }
        }
        return frames
    }

    /// The index of the first frame that applies an event stamped `time`.
    private func firstFrame(applying time: Double) -> Int {
        var index = Int(((time - 1e-9) * fps).rounded(.up))
        index = max(index, 0)
        while index > 0 && time <= Double(index - 1) / fps + 1e-9 { index -= 1 }
        while !(time <= Double(index) / fps + 1e-9) { index += 1 }
        return index
    }

    mutating func step(building: Bool, skippingStill: Bool = true) -> Frame? {
        if !building && skippingStill && !session.isAnimating && nextFrame > 0 && nextEvent < recording.events.count {
            // Still until the next event's frame (a held drag included: with its spring at
            // rest only the clock moves): jump to the frame just before it (and never past the
            // last frame `until` allows, which `next()` may stop at).
            var target = firstFrame(applying: recording.events[nextEvent].time)
            if let until { target = min(target, Int(min(until * fps, 1e15))) }
            if target - 1 > nextFrame { nextFrame = target - 1 }
        }
        let time = Double(nextFrame) / fps
        if let until {
            guard time <= until + 1e-9 else { return nil }
        } else if nextFrame > 0 {
            let previous = Double(nextFrame - 1) / fps
            let eventsDone = nextEvent >= recording.events.count && previous >= lastEventTime
            if eventsDone && (!session.isMoving || previous >= lastEventTime + restLimit) { return nil }
        }
        let events = recording.events
        let eventsBefore = nextEvent
        while nextEvent < events.count && events[nextEvent].time <= time + 1e-9 {
            switch events[nextEvent].kind {
            case .pointerMove, .scrub, .set, .environment: inputSetValues = true
            case .tap, .pointerDown, .pointerUp: break
            }
            do {
                try session.handle(events[nextEvent])
            } catch {
                skippedEvents.append(SkippedEvent(index: nextEvent, reason: error.description))
            }
            nextEvent += 1
        }
        let bytes: [UInt8]
        let before = session.time
        sceneIsFresh = false
        if !building {
            session.advance(to: time)
            bytes = []
        } else if reusesStillFrames, nextEvent == eventsBefore, let previous = previousBytes, !session.isMoving,
            session.nextScheduledChange(after: before).map({ $0 > max(time, before) }) ?? true
        {
            // Still: nothing moves, no input came and no scheduled change is due, so the
            // list is the previous one at a later time. Only the `time` field changes.
            session.advance(to: time)
            bytes = Self.retimed(previous, to: session.time)
        } else if keepsScenes {
            bytes = encodedKeepingScene(at: time)
        } else {
            bytes = session.encodedDisplayList(at: time)
        }
        previousBytes = building ? bytes : nil
        let frame = Frame(index: nextFrame, time: time, stateName: session.stateName, displayList: bytes)
        nextFrame += 1
        return frame
    }

    /// Whether still frames reuse the previous frame's bytes (on by default; tests turn it
    /// off to prove a reused frame equals a rebuilt one).
    public var reusesStillFrames = true
    private var previousBytes: [UInt8]?

    /// How long playback without `until` goes on after the last event waiting for the
    /// session to be still (`settleLimit` unless changed; `morph explore --settle`).
    public var restLimit = Replay.settleLimit

    /// Whether each built frame keeps the scene it was drawn from in `scene` (off by
    /// default): `morph explore` checks the values a component computed, before the display
    /// list clamps opacities, colours and blur radii to what drawing can mean. Off, a frame
    /// costs one flag test more; on, no more than off (the scene is built once either way).
    public var keepsScenes = false
    /// The scene of the latest built frame while `keepsScenes` (nil before the first).
    public private(set) var scene: Scene?
    /// Whether `scene` was built for the frame `next()` returned last; false for a still
    /// frame that reused the previous frame's bytes (its scene is the one before, retimed).
    public private(set) var sceneIsFresh = false
    /// Whether the session still moves: after the last frame without `until`, a spring that
    /// did not settle within `restLimit` of the last event.
    public var isMoving: Bool { session.isMoving }
    /// The file's `invariants` at the latest frame (`ComponentSession.invariantValues`).
    public var invariantValues: [Double] { session.invariantValues() }
    /// How many times the session's machine set a value at once so far (`ComponentSession.jumps`).
    public var jumps: Int { session.jumps }
    /// Whether an event played so far sets what a frame shows at once rather than through a
    /// machine's animation: a pointer moving (what a drag drags follows it), a scrub, a
    /// configuration or environment change. A reader clears it after each frame it looked at.
    public var inputSetValues = false

    /// The frame's bytes through its scene, kept. A scene with a number the encoder refuses
    /// (NaN or infinity) gives no bytes instead of stopping the process: whoever keeps scenes
    /// checks them and reports it.
    private mutating func encodedKeepingScene(at time: Double) -> [UInt8] {
        session.advance(to: time)
        let built = session.scene()
        scene = built
        sceneIsFresh = true
        return (try? session.encoder.encode(built)) ?? []
    }

    /// `list` (canonical display-list JSON) with its top-level `time` set to `time`: the
    /// bytes the same list would encode to at that time. The field sits in the fixed header
    /// (`…,"size":[w,h],"time":N,"background":…`), so this never looks past it.
    static func retimed(_ list: [UInt8], to time: Double) -> [UInt8] {
        let key = Array(#","time":"#.utf8)
        let next = Array(#","background":"#.utf8)
        guard let start = firstRange(of: key, in: list, from: 0)?.upperBound,
            let end = firstRange(of: next, in: list, from: start)?.lowerBound
        else { preconditionFailure("display list without a top-level time") }
        var writer = CanonicalJSONWriter(capacity: 32)
        writer.writeNumber(time)
        var result: [UInt8] = []
        result.reserveCapacity(list.count + 16)
        result.append(contentsOf: list[..<start])
        result.append(contentsOf: writer.bytes)
        result.append(contentsOf: list[end...])
        return result
    }

    private static func firstRange(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Range<Int>? {
        guard bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0] && bytes[index..<index + needle.count].elementsEqual(needle) {
                return index..<index + needle.count
            }
            index += 1
        }
        return nil
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
    /// Event `index` (0-based among the recording's events) is more than
    /// `Replay.maxEventsPerSecond` within one second of session time.
    case tooManyEvents(index: Int)

    public var description: String {
        switch self {
        case .unknownComponent(let name):
            "unknown component \"\(name)\" (expected morph-container, hero-card or curtain)"
        case .session(let error): error.description
        case .badFrameRate(let rate): "frame rate \(rate) is not in 0 < fps <= 1000"
        case .badDuration(let time): "--until \(time) is not a finite time >= 0"
        case .tooManyEvents(let index):
            "event \(index + 1) is more than \(Replay.maxEventsPerSecond) events within one second of session time"
        }
    }
}
