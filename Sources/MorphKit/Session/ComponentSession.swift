import MorphJSON

/// One running component: configuration, environment, its state machine and in-flight
/// animations, turned into a display list for any moment.
///
/// The runtime instance of a component definition (the definition is data, a built-in's file
/// or a user's; this is its state). The server drives one per live session and `morph replay`
/// one per recording, through the same code, so a replay shows exactly what a viewer saw. Time
/// is session time in seconds and is only ever passed in.
///
/// Input is the raw pointer stream (`ComponentSession+Gestures.swift` recognises the gestures
/// the machine's transitions name: taps, presses and drags of nodes). `tap` events are
/// accepted as a shorthand for a press in one instant.
public struct ComponentSession: Sendable {
    /// The component's name: a built-in's, or its file's `name`.
    public let component: ComponentKind
    /// The full environment (every field set), as changed by `environment` events.
    public private(set) var environment: InputEvent.Environment
    /// The viewport in points.
    public private(set) var viewport: Size
    /// Session time of the latest input or advance.
    public private(set) var time: Double = 0
    /// The definition's runtime state: variables, animations and machine state.
    var model: DataComponent
    /// The gesture recognisers' state between events.
    var gestures = Gestures()
    /// Encodes this session's frames, reusing the bytes of ops the previous frame had too.
    public var encoder = DisplayListEncoder()

    /// Starts a session of a built-in component: its bundled file
    /// (`ComponentDefinition.builtIn`), exactly as `init(definition:)` runs a user's.
    ///
    /// - Parameters:
    ///   - component: which built-in component to run.
    ///   - configuration: the component's configuration object; missing keys take the file's
    ///     defaults, unknown keys are ignored.
    ///   - environment: missing fields take the defaults (no Reduce Motion, Large, light).
    ///   - viewport: the view's size in points; nil uses the component's preview size.
    public init(
        component: ComponentKind, configuration: JSONValue = .object([]),
        environment: InputEvent.Environment = .init(), viewport: Size? = nil
    ) throws(SessionError) {
        guard let definition = ComponentDefinition.builtIn(component) else { throw .notBuiltIn(component) }
        try self.init(definition: definition, configuration: configuration, environment: environment, viewport: viewport)
    }

    /// Starts a session of a component loaded from a file, in its initial state; the same
    /// API as the built-in components.
    ///
    /// - Parameters:
    ///   - definition: the loaded file (`ComponentDefinition(contentsOf:)`).
    ///   - configuration: a `morph.config.<name>` object; missing keys take the file's
    ///     defaults, unknown keys are ignored.
    ///   - environment: missing fields take the defaults (no Reduce Motion, Large, light).
    ///   - viewport: the view's size in points; nil uses the file's `viewport`.
    public init(
        definition: ComponentDefinition, configuration: JSONValue = .object([]),
        environment: InputEvent.Environment = .init(), viewport: Size? = nil
    ) throws(SessionError) {
        component = definition.kind
        let size = viewport ?? definition.defaultViewport
        guard InputLimits.viewportViolation(size) == nil else { throw .badViewport(size) }
        self.viewport = size
        self.environment = InputEvent.Environment(
            reduceMotion: false, dynamicType: .large, colorScheme: .light, size: size
        ).merging(environment)
        self.environment.size = size
        if let insets = self.environment.safeArea, let reason = InputLimits.safeAreaViolation(insets) {
            throw .badEvent("`safeArea`: " + reason)
        }
        do {
            model = try DataComponent(definition: definition, configuration: configuration)
        } catch {
            throw .badConfiguration(error)
        }
    }

    /// The context a file component builds frames and evaluates guards in. Inlined, with the
    /// getters it reads: called from a mutating method, a getter that is not is handed a copy
    /// of the whole session (672 bytes, every frame and every pointer move).
    @inline(__always)
    func dataContext(atTargets: Bool = false) -> DataComponent.Context {
        DataComponent.Context(
            environment: componentEnvironment, viewport: viewport, time: time, atTargets: atTargets,
            pressed: atTargets ? nil : pressedControl)
    }

    /// The largest spring damping fraction a session runs: past 10 a spring barely moves, and
    /// each higher fraction costs the animator more sub-steps (`Animator.advance`), so the
    /// runtime bounds every spring's to it.
    public static let maximumDampingFraction = 10.0

    /// The size a built-in's preview uses (its file's `viewport`); the standard 390 × 844 for
    /// a kind that is not built in.
    public static func defaultViewport(for component: ComponentKind) -> Size {
        ComponentDefinition.builtIn(component)?.defaultViewport ?? Size(width: 390, height: 844)
    }

    /// The machine's state name (`collapsed`, `expanding`, …, `dragging`, `revealed`).
    @inline(__always)
    public var stateName: String {
        model.stateName
    }

    /// How many times the machine set a value at once instead of animating it (a `jump`,
    /// `set` or `configure` effect): the frames either side of one may differ by any amount.
    public var jumps: Int { model.jumps }

    /// Whether frames change without new input: a spring is running. A held finger that has
    /// stopped moving changes nothing (the fold rests under it), so it asks for no frames; the
    /// next pointer move does, as any input does.
    @inline(__always)
    public var isMoving: Bool { isAnimating }

    /// Whether a spring is running. A held drag whose spring has caught up with the finger is
    /// not animating: until the next input, time passing changes nothing but the clock.
    @inline(__always)
    public var isAnimating: Bool {
        model.isAnimating
    }

    /// `stateName`, `isMoving`, `isAnimating` and `nextScheduledChange(after: time)` at once,
    /// read in place. Mutating only to be handed the session where it is stored: another
    /// module reading those one by one (a server after each frame and input) passed a copy
    /// of the whole session (672 bytes) to each.
    public mutating func status(after time: Double) -> Status {
        Status(
            stateName: stateName, isMoving: isMoving, isAnimating: isAnimating,
            nextScheduledChange: nextScheduledChange(after: time))
    }

    /// What `status(after:)` reads.
    public struct Status: Sendable, Equatable {
        /// `ComponentSession.stateName`.
        public var stateName: String
        /// `ComponentSession.isMoving`.
        public var isMoving: Bool
        /// `ComponentSession.isAnimating`.
        public var isAnimating: Bool
        /// `ComponentSession.nextScheduledChange(after:)` at the time asked.
        public var nextScheduledChange: Double?

        /// The four readings.
        public init(stateName: String, isMoving: Bool, isAnimating: Bool, nextScheduledChange: Double?) {
            self.stateName = stateName
            self.isMoving = isMoving
            self.isAnimating = isAnimating
            self.nextScheduledChange = nextScheduledChange
        }
    }

    /// The next time after `time` at which a still session's picture changes by itself: the
    /// next of its file's `ticksPerSecond` (the curtain's progress spinner steps eight times a
    /// second; its timer text, every whole second, is one of those steps), or a held stepper's
    /// next repeat. Nil when nothing is scheduled.
    @inline(__always)
    public func nextScheduledChange(after time: Double) -> Double? {
        let repeatTime = gestures.autorepeat.map { max($0.nextStepTime, time) }
        guard let ticks = model.definition.ticksPerSecond else { return repeatTime }
        let tick = ((time * ticks).rounded(.down) + 1) / ticks
        return repeatTime.map { min($0, tick) } ?? tick
    }

    /// The configuration as a JSON object (after any `set` events).
    public var configuration: JSONValue {
        model.configuration
    }

    /// Each `spring` field's current value in both of SwiftUI's forms (`SpringFieldValue.bothForms`),
    /// by field name; an empty object when the component has none.
    public var springs: JSONValue {
        model.springs
    }

    /// Steps every animation to `time`; earlier times are ignored (time never runs back). A
    /// held stepper's repeats due by then are taken each at its own time.
    public mutating func advance(to time: Double) {
        while let held = gestures.autorepeat, held.nextStepTime <= time {
            advanceAnimations(to: held.nextStepTime)
            gestures.autorepeat?.advance()
            repeatPress(held.control)
        }
        advanceAnimations(to: time)
    }

    private mutating func advanceAnimations(to time: Double) {
        guard time > self.time else { return }
        self.time = time
        model.advance(to: time, dataContext())
    }

    /// Applies one input at its own time (advancing to it first). An event stamped before
    /// the session's time is applied now: inputs are never reordered.
    ///
    /// - Throws: `SessionError` for a bad `set` or an event outside `InputLimits`; the session
    ///   is then unchanged.
    public mutating func handle(_ event: InputEvent) throws(SessionError) {
        // Decoders check the limits too; this keeps events built in code to the same rule.
        if let reason = event.limitViolation { throw .badEvent(reason) }
        // A refused `set` must not even move the clock: keep the session to restore. Only
        // then: a copy on every pointer move made each change copy the arrays it touched.
        let before: ComponentSession?
        if case .set = event.kind { before = self } else { before = nil }
        advance(to: event.time)
        let now = time
        let lastPointerUp = gestures.lastPointerUp
        gestures.lastPointerUp = nil
        switch event.kind {
        case .tap(let point):
            handleTap(at: point, time: now, echoOf: lastPointerUp)
        case .pointerDown, .pointerMove, .pointerUp:
            handlePointer(event.kind, time: now)
        case .scrub(let progress):
            model.setOverride(progress.map(Self.finiteProgress))
        case .set(let key, let value):
            do {
                try apply(key: key, value: value)
            } catch {
                if let before { self = before }
                throw error
            }
        case .environment(let change):
            applyEnvironment(change)
        }
    }

    /// A scrub value outside 0...1 is drawn as given (springs overshoot too), but NaN and
    /// infinities would poison every number in the frame.
    private static func finiteProgress(_ value: Double) -> Double {
        value.isFinite ? value : 0
    }

    mutating func apply(key: String, value: InputEvent.ParameterValue) throws(SessionError) {
        let text: String
        switch value {
        case .number(let number):
            guard number.isFinite else { throw .badSetting(key: key, reason: "not a finite number") }
            text = JSONText.number(number)
        case .bool(let flag): text = flag ? "true" : "false"
        case .string(let string): text = string
        }
        do {
            var updated = try model.setting(key, to: text)
            updated.fire(.set, dataContext())
            model = updated
        } catch {
            throw .badSetting(key: key, reason: error.description)
        }
    }

    private mutating func applyEnvironment(_ change: InputEvent.Environment) {
        if let size = change.size, InputLimits.viewportViolation(size) != nil {
            var rest = change
            rest.size = nil
            applyEnvironment(rest)
            return
        }
        environment = environment.merging(change)
        if let size = change.size { viewport = size }
        model.fire(.environment, dataContext())
    }

    /// The environment as the components read it; the safe area is the environment's own,
    /// else the viewport preset's (`ViewportPreset`), else none.
    @inline(__always)
    public var componentEnvironment: ComponentEnvironment {
        ComponentEnvironment(
            reduceMotion: environment.reduceMotion ?? false,
            dynamicTypeSize: environment.dynamicType ?? .large,
            colorScheme: environment.colorScheme ?? .light,
            safeArea: safeArea)
    }

    /// The safe-area insets the components lay out in: the environment's `safeArea` when
    /// given, else the preset's for the viewport (`ViewportPreset.safeArea(for:)`).
    @inline(__always)
    public var safeArea: EdgeInsets {
        environment.safeArea ?? ViewportPreset.safeArea(for: viewport)
    }

    /// Each of the file's `invariants` at the session's current time, in file order: 0 is
    /// broken (`morph explore`). Empty for a file without any.
    public func invariantValues() -> [Double] {
        model.invariantValues(dataContext())
    }

    /// The scene at the session's current time. Inlined, as `dataContext`.
    @inline(__always)
    public func scene() -> Scene {
        model.scene(dataContext())
    }

    /// The display list at the session's current time. Inlined, as `dataContext`.
    @inline(__always)
    public func displayList() -> DisplayList {
        scene().displayList()
    }

    /// Where the arrays of the list `encodedDisplayList(at:)` returned last sit in its bytes
    /// (nil when the encoder could not say), for frame deltas.
    public var encodedLayout: DisplayListDelta.Layout? { encoder.layout }

    /// The display list at `time` (advancing first) as canonical JSON bytes.
    public mutating func encodedDisplayList(at time: Double) -> [UInt8] {
        advance(to: time)
        let scene = scene()
        do {
            return try encoder.encode(scene)
        } catch {
            // Components clamp every input to finite values, so a NaN here is our bug.
            preconditionFailure("display list with a non-finite number: \(error)")
        }
    }
}
