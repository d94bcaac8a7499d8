import MorphJSON

extension Explorer {
    /// One generated sequence and what it tried.
    public struct Sequence: Sendable {
        /// The recording: header (configuration, environment, viewport) and events.
        public var recording: Recording
        /// Inputs that arrived while a spring was still running (retargets mid-flight).
        public var interruptions: Int
        /// Of those, the ones timed as a fraction of the running animation's settling duration
        /// (`interruptionFractions`), by fraction; the others were timed in fixed seconds.
        public var interruptionsAtFractions: [Double: Int] = [:]
        /// Drags released either side of a threshold the machine's `dragEnd` transitions read.
        public var thresholdReleases: [ThresholdRelease] = []
        /// The environment changes between inputs, by what they changed (`EnvironmentChange`).
        public var environmentChanges: [EnvironmentChange] = []

        init(recording: Recording, interruptions: Int = 0) {
            self.recording = recording
            self.interruptions = interruptions
        }
    }

    /// A drag released just before or just after a threshold (`ComponentSession.releaseThresholds`).
    public struct ThresholdRelease: Sendable, Hashable {
        /// How the release reaches it.
        public enum Style: String, Sendable, Hashable, CaseIterable {
            /// Moved to a position, held still (no velocity), released: the threshold is a
            /// distance from where the drag started.
            case slow
            /// Released moving at a speed: the threshold is the speed at which the predicted end
            /// (or a velocity) crosses it.
            case flick
        }

        /// The drag handle's node id.
        public var handle: String
        /// Slow (held at a distance) or a flick (at a speed).
        public var style: Style
        /// The threshold: points from the start (`slow`) or points a second (`flick`).
        public var threshold: Double
        /// Whether the release lands past it (a longer drag, a faster flick) or short of it.
        public var past: Bool
        /// The index of the release (its `pointerUp`) among the recording's events.
        public var event: Int
    }

    /// What an environment change between inputs changes.
    public enum EnvironmentChange: String, Sendable, Hashable, CaseIterable {
        /// Another of the Dynamic Type sizes tried (xS, L, AX5).
        case dynamicType = "dynamic-type"
        /// The other colour scheme.
        case colorScheme = "color-scheme"
        /// Reduce Motion toggled.
        case reduceMotion = "reduce-motion"
        /// Another viewport preset (its size; its safe area follows).
        case viewport
    }

    /// How a generated drag ends when it does not aim at a threshold.
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

    /// Waits after an input that stop short of rest, as fractions of the settling duration of
    /// the longest spring the input started (`Spring.settlingDuration`): the next input
    /// interrupts it at these phases.
    public static let interruptionFractions = [0.1, 0.3, 0.6, 0.9]
    /// The same in seconds, where no spring runs whose settling duration is known.
    public static let interruptionPhases = [0.03, 0.08, 0.15, 0.3]
    /// The longest settling duration fractions are taken of, in seconds: as long as the
    /// generator waits for rest. A barely damped spring's runs to days (the container's
    /// `dampingFraction` 1e-6: about 10⁷ s), and its first seconds are where it swings.
    public static let longestInterruptedDuration = 4.0
    /// The Dynamic Type sizes tried: the smallest, the default and the largest.
    static let dynamicTypes: [DynamicTypeSize] = [.xSmall, .large, .accessibility5]
    /// How far past (or short of) a threshold a release lands: points for a slow release, and
    /// for a flick this fraction of the threshold speed (at least `flickMargin` pt/s).
    static let positionMargin = 2.0
    static let flickMarginFraction = 0.02
    static let flickMargin = 5.0
    /// The fastest flick tried, in points a second.
    static let fastestFlick = 4000.0

    /// The viewports sequences run on: the file's own, then each preset the page and
    /// `--viewport` offer (`ViewportPreset.all`) that is another size.
    public var viewports: [Size] {
        [definition.defaultViewport] + ViewportPreset.all.map(\.size).filter { $0 != definition.defaultViewport }
    }

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
    /// each runs on one of `viewports` in turn; some under another environment; then one to
    /// four gestures, each on a target the state it reaches exposes (taps on tap and press
    /// targets; drags on drag handles, four directions, three lengths, slow, fast or held
    /// releases, or a release just short of or just past a threshold), some preceded by an
    /// environment change, each followed by a wait to rest or by the next input at a phase of
    /// the running animation.
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
        let viewports = viewports
        let header = RecordingHeader(
            component: componentName, configuration: .object(sorting: configuration), environment: environment,
            viewport: viewports[(index / 2) % viewports.count])
        var generated = Sequence(recording: Recording(header: header))
        guard
            var session = try? ComponentSession(
                definition: definition, configuration: header.configuration, environment: environment,
                viewport: header.viewport)
        else { return generated }
        var time = 0.2
        var fraction: Double?
        func apply(_ event: InputEvent) {
            generated.recording.events.append(event)
            try? session.handle(event)
        }
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            session.advance(to: time)
            if Int.random(in: 0..<4, using: &random) == 0 {
                let (change, what) = Self.environmentChange(from: session.environment, using: &random)
                apply(InputEvent(time: time, kind: .environment(change)))
                generated.environmentChanges.append(what)
                time += 1.0 / 60
                session.advance(to: time)
            }
            let targets = session.inputTargets
            guard let target = targets.randomElement(using: &random) else { break }
            if session.isMoving {
                generated.interruptions += 1
                if let fraction { generated.interruptionsAtFractions[fraction, default: 0] += 1 }
            }
            let start = Point(x: target.frame.midX, y: target.frame.midY)
            apply(InputEvent(time: time, kind: .pointerDown(pointer: 1, location: start)))
            var location = start
            if target.gesture == .drag {
                location = drag(target.id, from: start, at: &time, &session, &generated, using: &random)
            } else {
                time += 0.08
            }
            apply(InputEvent(time: time, kind: .pointerUp(pointer: 1, location: location)))
            fraction = nil
            if Bool.random(using: &random) {
                if let duration = session.runningSettlingDuration {
                    let chosen = Self.interruptionFractions.randomElement(using: &random)!
                    time += max(1.0 / 60, chosen * min(duration, Self.longestInterruptedDuration))
                    fraction = chosen
                } else {
                    time += Self.interruptionPhases.randomElement(using: &random)!
                }
            } else {
                // Wait for rest (at most 4 s), then a little more.
                let limit = time + Self.longestInterruptedDuration
                while time < limit {
                    time += 1.0 / 30
                    session.advance(to: time)
                    if !session.isMoving { break }
                }
                time += 0.1
            }
        }
        return generated
    }

    /// An environment change from `current`: another Dynamic Type size, the other colour
    /// scheme, Reduce Motion toggled, or another viewport (`viewports`).
    static func environmentChange(
        from current: InputEvent.Environment, using random: inout SeededRandomNumberGenerator
    ) -> (InputEvent.Environment, EnvironmentChange) {
        let what = EnvironmentChange.allCases.randomElement(using: &random)!
        var change = InputEvent.Environment()
        switch what {
        case .dynamicType:
            change.dynamicType = dynamicTypes.filter { $0 != current.dynamicType ?? .large }.randomElement(using: &random)!
        case .colorScheme: change.colorScheme = current.colorScheme == .dark ? .light : .dark
        case .reduceMotion: change.reduceMotion = !(current.reduceMotion ?? false)
        case .viewport:
            change.size = ViewportPreset.all.map(\.size).filter { $0 != current.size }.randomElement(using: &random)!
        }
        return (change, what)
    }

    /// The moves of a drag on `handle` from `start` (the pointer is down at `time`): past the
    /// minimum distance in one of four directions, then either a fixed release (three lengths;
    /// slow, fast or held) or, in two of five drags where the machine has thresholds along
    /// that direction, a release just short of or just past one (held still at a distance, or
    /// flicked at a speed). Returns where the pointer lifts; `time` is the lift's.
    private func drag(
        _ handle: String, from start: Point, at time: inout Double, _ session: inout ComponentSession,
        _ generated: inout Sequence, using random: inout SeededRandomNumberGenerator
    ) -> Point {
        let viewport = session.viewport
        func inside(_ point: Point) -> Point {
            Point(x: min(max(point.x, 1), viewport.width - 1), y: min(max(point.y, 1), viewport.height - 1))
        }
        let directions = [Point(x: -1, y: 0), Point(x: 1, y: 0), Point(x: 0, y: -1), Point(x: 0, y: 1)]
        let direction = directions.randomElement(using: &random)!
        func along(_ distance: Double) -> Point {
            Point(x: start.x + direction.x * distance, y: start.y + direction.y * distance)
        }
        func move(to distance: Double) -> Point {
            time += 1.0 / 60
            let location = inside(along(distance))
            generated.recording.events.append(InputEvent(time: time, kind: .pointerMove(pointer: 1, location: location)))
            try? session.handle(generated.recording.events[generated.recording.events.count - 1])
            return location
        }
        // How far the pointer can go from `start` along `direction` inside the viewport.
        let reach: Double
        if direction.x != 0 {
            reach = max(0, direction.x < 0 ? start.x - 1 : viewport.width - 1 - start.x)
        } else {
            reach = max(0, direction.y < 0 ? start.y - 1 : viewport.height - 1 - start.y)
        }
        let first = session.dragMinimumDistance(handle) + 2
        var location = move(to: first)
        let aim = Int.random(in: 0..<5, using: &random)
        if aim >= 3, first < reach {
            let startTime = time
            let style: ThresholdRelease.Style = aim == 3 ? .slow : .flick
            let thresholds: [Double]
            switch style {
            case .slow:
                thresholds = session.releaseThresholds(handle: handle, limit: reach) { distance in
                    DragRecognizer.Value(
                        startLocation: start, location: along(distance), velocity: .zero, time: startTime)
                }
            case .flick:
                // Three even steps a frame apart at the speed, the lift with the last (a lift a
                // frame later would add a still step): the sampler's velocity is the speed,
                // exactly (`VelocitySampler`).
                let fastest = min(Self.fastestFlick, (reach - first) * 20)
                thresholds = session.releaseThresholds(handle: handle, limit: fastest) { speed in
                    DragRecognizer.Value(
                        startLocation: start, location: along(first + 3 * speed / 60),
                        velocity: Point(x: direction.x * speed, y: direction.y * speed), time: startTime)
                }
            }
            if let threshold = thresholds.randomElement(using: &random) {
                let past = Bool.random(using: &random)
                switch style {
                case .slow:
                    let distance = min(reach, max(0, threshold + (past ? 1 : -1) * Self.positionMargin))
                    let steps = max(2, Int((abs(distance - first) / Release.slow.speed * 60).rounded(.up)))
                    for step in 1...steps { location = move(to: first + (distance - first) * Double(step) / Double(steps)) }
                    time += 0.5
                case .flick:
                    let margin = max(Self.flickMargin, threshold * Self.flickMarginFraction)
                    let speed = max(0, threshold + (past ? 1 : -1) * margin)
                    for step in 1...3 { location = move(to: first + Double(step) * speed / 60) }
                }
                // The lift is the next event.
                generated.thresholdReleases.append(
                    ThresholdRelease(
                        handle: handle, style: style, threshold: threshold, past: past,
                        event: generated.recording.events.count))
                return location
            }
        }
        let distance = [40.0, 120, 300].randomElement(using: &random)!
        let release = Release.allCases.randomElement(using: &random)!
        let steps = max(2, Int((distance / release.speed * 60).rounded(.up)))
        for step in 1...steps { location = move(to: first + (distance - first) * Double(step) / Double(steps)) }
        time += release == .held ? 0.5 : 1.0 / 60
        return location
    }
}
