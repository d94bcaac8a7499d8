import MorphJSON

extension Explorer {
    /// One generated sequence and what it tried.
    public struct Sequence: Sendable {
        /// The recording: header (configuration, environment) and events.
        public var recording: Recording
        /// Inputs that arrived while a spring was still running (retargets mid-flight).
        public var interruptions: Int
    }

    /// How a generated drag ends.
    enum Release: CaseIterable {
        /// 200 pt/s, released as it moves.
        case slow
        /// 2 000 pt/s, a flick.
        case fast
        /// 600 pt/s, then held still for half a second before the release.
        case held

        var speed: Double {
            switch self {
            case .slow: 200
            case .fast: 2000
            case .held: 600
            }
        }
    }

    /// Waits after an input that stop short of rest: the next input interrupts whatever
    /// the last one started at these phases (seconds into it).
    public static let interruptionPhases = [0.03, 0.08, 0.15, 0.3]
    /// The Dynamic Type sizes tried: the smallest, the default and the largest.
    static let dynamicTypes: [DynamicTypeSize] = [.xSmall, .large, .accessibility5]

    /// Values at the bounds of the configuration schema: each number's minimum and maximum
    /// (a step inside an exclusive one), each boolean both ways, each enumerated text's
    /// every choice.
    public var configurationBounds: [(field: String, value: JSONValue)] {
        var bounds: [(String, JSONValue)] = []
        for field in definition.fields {
            switch field.type {
            case .number, .integer:
                let step = field.type == .integer ? 1 : 1e-6
                var values: [Double] = []
                if let minimum = field.minimum { values.append(minimum) }
                if let minimum = field.exclusiveMinimum { values.append(minimum + max(step, abs(minimum) * 1e-9)) }
                if let maximum = field.maximum { values.append(maximum) }
                if let maximum = field.exclusiveMaximum { values.append(maximum - max(step, abs(maximum) * 1e-9)) }
                for value in values where JSONValue.number(value) != field.defaultValue {
                    bounds.append((field.name, .number(value)))
                }
            case .boolean:
                bounds.append((field.name, .bool(field.defaultValue.boolValue != true)))
            case .text:
                for choice in field.choices ?? [] where JSONValue.string(choice) != field.defaultValue {
                    bounds.append((field.name, .string(choice)))
                }
            default: break
            }
        }
        return bounds
    }

    /// Sequence `index` of this seed: odd ones set one or two configuration fields to a bound;
    /// some run under another environment; then one to four gestures, each on a target the
    /// state it reaches exposes (taps on tap and press targets; drags on drag handles, four
    /// directions, three lengths, slow, fast or held releases), each followed by a wait to
    /// rest or by the next gesture at one of the interruption phases.
    public func sequence(_ index: Int) -> Sequence {
        var random = SeededRandomNumberGenerator(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93))
        var configuration: [String: JSONValue] = [:]
        let bounds = configurationBounds
        if index % 2 == 1 && !bounds.isEmpty {
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let bound = bounds.randomElement(using: &random)!
                configuration[bound.field] = bound.value
            }
        }
        var environment = InputEvent.Environment()
        if Int.random(in: 0..<3, using: &random) == 0 {
            let size = Self.dynamicTypes.randomElement(using: &random)!
            environment.dynamicType = size == .large ? nil : size
            if Bool.random(using: &random) { environment.colorScheme = .dark }
            if Bool.random(using: &random) { environment.reduceMotion = true }
        }
        let header = RecordingHeader(
            component: componentName, configuration: .object(sorting: configuration), environment: environment,
            viewport: definition.defaultViewport)
        var recording = Recording(header: header)
        guard
            var session = try? ComponentSession(
                definition: definition, configuration: header.configuration, environment: environment)
        else { return Sequence(recording: recording, interruptions: 0) }
        var time = 0.2
        var interruptions = 0
        func apply(_ event: InputEvent) {
            recording.events.append(event)
            try? session.handle(event)
        }
        let viewport = definition.defaultViewport
        func inside(_ point: Point) -> Point {
            Point(x: min(max(point.x, 1), viewport.width - 1), y: min(max(point.y, 1), viewport.height - 1))
        }
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            session.advance(to: time)
            let targets = session.inputTargets
            guard let target = targets.randomElement(using: &random) else { break }
            if session.isMoving { interruptions += 1 }
            let start = Point(x: target.frame.midX, y: target.frame.midY)
            apply(InputEvent(time: time, kind: .pointerDown(pointer: 1, location: start)))
            var location = start
            if target.gesture == .drag {
                let directions = [Point(x: -1, y: 0), Point(x: 1, y: 0), Point(x: 0, y: -1), Point(x: 0, y: 1)]
                let direction = directions.randomElement(using: &random)!
                let distance = [40.0, 120, 300].randomElement(using: &random)!
                let release = Release.allCases.randomElement(using: &random)!
                let steps = max(2, Int((distance / release.speed * 60).rounded(.up)))
                for step in 1...steps {
                    time += 1.0 / 60
                    let along = distance * Double(step) / Double(steps)
                    location = inside(Point(x: start.x + direction.x * along, y: start.y + direction.y * along))
                    apply(InputEvent(time: time, kind: .pointerMove(pointer: 1, location: location)))
                }
                time += release == .held ? 0.5 : 1.0 / 60
            } else {
                time += 0.08
            }
            apply(InputEvent(time: time, kind: .pointerUp(pointer: 1, location: location)))
            if Bool.random(using: &random) {
                time += Self.interruptionPhases.randomElement(using: &random)!
            } else {
                // Wait for rest (at most 4 s), then a little more.
                let limit = time + 4
                while time < limit {
                    time += 1.0 / 30
                    session.advance(to: time)
                    if !session.isMoving { break }
                }
                time += 0.1
            }
        }
        return Sequence(recording: recording, interruptions: interruptions)
    }
}
