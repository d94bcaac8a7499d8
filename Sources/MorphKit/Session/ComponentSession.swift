import MorphJSON

/// One running component: configuration, environment, its state machine and in-flight
/// animations, turned into a display list for any moment.
///
/// The runtime instance of a component definition (the definition is data; this is its state). The
/// server drives one per live session and `morph replay` one per recording, through the same
/// code, so a replay shows exactly what a viewer saw. Time is session time in seconds and is
/// only ever passed in.
///
/// Input is the raw pointer stream (`ComponentSession+Gestures.swift` recognises the seeds'
/// gestures in it): the container toggles on a tap anywhere on the card; the hero card opens
/// on a press of the collapsed card and closes only from its close button's touch target; the
/// curtain follows a drag from its 44 pt handle, and once revealed the background's stepper
/// changes the folds. `tap` events are accepted as a shorthand for a press in one instant.
public struct ComponentSession: Sendable {
    /// The component and its machine, kept together so they cannot disagree.
    enum Model: Sendable, Hashable {
        case morphContainer(MorphContainer, ExpandCollapseMachine)
        case heroCard(HeroCard, ExpandCollapseMachine)
        case curtain(Curtain, RevealMachine)
        /// A component loaded from a file (`ComponentDefinition`).
        case data(DataComponent)
    }

    /// Which of the three components this is.
    public let component: ComponentKind
    /// The full environment (every field set), as changed by `environment` events.
    public private(set) var environment: InputEvent.Environment
    /// The viewport in points.
    public private(set) var viewport: Size
    /// Session time of the latest input or advance.
    public private(set) var time: Double = 0
    var model: Model
    /// The gesture recognisers' state between events.
    var gestures = Gestures()
    /// Encodes this session's frames, reusing the bytes of ops the previous frame had too.
    public var encoder = DisplayListEncoder()

    /// Starts a session in the component's resting state (collapsed, or curtain closed).
    ///
    /// - Parameters:
    ///   - component: which of the three components to run.
    ///   - configuration: the component's configuration object; missing keys take the seed's
    ///     defaults, unknown keys are ignored.
    ///   - environment: missing fields take the defaults (no Reduce Motion, Large, light).
    ///   - viewport: the view's size in points; nil uses the component's preview size.
    public init(
        component: ComponentKind, configuration: JSONValue = .object([]),
        environment: InputEvent.Environment = .init(), viewport: Size? = nil
    ) throws(SessionError) {
        guard component.isBuiltIn else { throw .notBuiltIn(component) }
        self.component = component
        let size = viewport ?? Self.defaultViewport(for: component)
        guard InputLimits.viewportViolation(size) == nil else { throw .badViewport(size) }
        self.viewport = size
        self.environment = InputEvent.Environment(
            reduceMotion: false, dynamicType: .large, colorScheme: .light, size: size
        ).merging(environment)
        self.environment.size = size
        if let insets = self.environment.safeArea, let reason = InputLimits.safeAreaViolation(insets) {
            throw .badEvent("`safeArea`: " + reason)
        }
        let reduceMotion = self.environment.reduceMotion ?? false
        do {
            switch component {
            case .morphContainer:
                let container = try MorphContainer(json: JSONCursor(configuration))
                try Self.checkDampingFraction(container.dampingFraction)
                model = .morphContainer(
                    container,
                    ExpandCollapseMachine(
                        variant: .morphContainer(dampingFraction: container.dampingFraction), reduceMotion: reduceMotion))
            case .heroCard:
                model = .heroCard(
                    try HeroCard(json: JSONCursor(configuration)),
                    ExpandCollapseMachine(variant: .heroCard, reduceMotion: reduceMotion))
            case .curtain:
                let curtain = try Curtain(json: JSONCursor(configuration))
                model = .curtain(curtain, RevealMachine(width: size.width, folds: curtain.folds))
            default: preconditionFailure("checked above: \(component) is built in")
            }
        } catch {
            throw .badConfiguration(error)
        }
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
            model = .data(try DataComponent(definition: definition, configuration: configuration))
        } catch {
            throw .badConfiguration(error)
        }
    }

    /// The context a file component builds frames and evaluates guards in.
    func dataContext(atTargets: Bool = false) -> DataComponent.Context {
        DataComponent.Context(
            environment: componentEnvironment, viewport: viewport, time: time, atTargets: atTargets,
            pressed: atTargets ? nil : pressedControl)
    }

    /// The largest container damping fraction a session runs: past 10 the card barely moves,
    /// and each higher fraction costs the animator more sub-steps (`Animator.advance`), so
    /// larger values are refused.
    public static let maximumDampingFraction = 10.0

    private static func checkDampingFraction(_ value: Double) throws(JSONError) {
        guard value <= maximumDampingFraction else {
            throw .malformed(
                path: "dampingFraction",
                reason: "must be at most \(JSONText.number(maximumDampingFraction)), found \(JSONText.number(value))")
        }
    }

    /// The size each seed's preview uses (a file component's is its file's `viewport`; this
    /// gives the standard 390 × 844 for a kind it does not know).
    public static func defaultViewport(for component: ComponentKind) -> Size {
        switch component {
        case .morphContainer: MorphContainer.previewSize
        case .heroCard: HeroCard.defaultSize
        case .curtain: Curtain.defaultSize
        default: Size(width: 390, height: 844)
        }
    }

    /// The machine's state name (`collapsed`, `expanding`, …, `dragging`, `revealed`).
    public var stateName: String {
        switch model {
        case .morphContainer(_, let machine), .heroCard(_, let machine): machine.stateName
        case .curtain(_, let machine): machine.stateName
        case .data(let component): component.stateName
        }
    }

    /// How many times the machine set a value at once instead of animating it (a `jump`,
    /// `set` or `configure` effect, the seeds' Reduce Motion changes): the frames either side of one may
    /// differ by any amount. The curtain's machine never jumps (its drag follows the pointer).
    public var jumps: Int {
        switch model {
        case .morphContainer(_, let machine), .heroCard(_, let machine): machine.jumps
        case .curtain: 0
        case .data(let component): component.jumps
        }
    }

    /// Whether frames change without new input: a spring is running. A held finger that has
    /// stopped moving changes nothing (the fold rests under it), so it asks for no frames; the
    /// next pointer move does, as any input does.
    public var isMoving: Bool { isAnimating }

    /// Whether a spring is running. A held drag whose spring has caught up with the finger is
    /// not animating: until the next input, time passing changes nothing but the clock.
    public var isAnimating: Bool {
        switch model {
        case .morphContainer(_, let machine), .heroCard(_, let machine): machine.isAnimating
        case .curtain(_, let machine): machine.isAnimating
        case .data(let component): component.isAnimating
        }
    }

    /// The next time after `time` at which a still session's picture changes by itself: the
    /// curtain's progress spinner steps eight times a second (its timer text, every whole
    /// second, is one of those steps). Nil when nothing is scheduled.
    /// A file component's changes come from its `ticksPerSecond`.
    /// A held stepper's next repeat is one too.
    public func nextScheduledChange(after time: Double) -> Double? {
        let repeatTime = gestures.autorepeat.map { max($0.nextStepTime, time) }
        let ticks: Double
        switch model {
        case .curtain: ticks = Self.curtainTicksPerSecond
        case .data(let component):
            guard let perSecond = component.definition.ticksPerSecond else { return repeatTime }
            ticks = perSecond
        default: return repeatTime
        }
        let tick = ((time * ticks).rounded(.down) + 1) / ticks
        return repeatTime.map { min($0, tick) } ?? tick
    }

    /// How often the curtain's foreground changes by itself (`progressSpinner`'s steps).
    static let curtainTicksPerSecond = 8.0

    /// The configuration as a JSON object (after any `set` events).
    public var configuration: JSONValue {
        switch model {
        case .morphContainer(let container, _): container.jsonValue
        case .heroCard(let card, _): card.jsonValue
        case .curtain(let curtain, _): curtain.jsonValue
        case .data(let component): component.configuration
        }
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
        switch model {
        case .morphContainer(let container, var machine):
            _ = machine.advance(to: time)
            model = .morphContainer(container, machine)
        case .heroCard(let card, var machine):
            _ = machine.advance(to: time)
            model = .heroCard(card, machine)
        case .curtain(let curtain, var machine):
            _ = machine.advance(to: time)
            model = .curtain(curtain, machine)
        case .data(var component):
            component.advance(to: time, dataContext())
            model = .data(component)
        }
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
            switch model {
            case .morphContainer(let container, var machine):
                _ = machine.scrub(progress.map(Self.finiteProgress), at: now)
                model = .morphContainer(container, machine)
            case .heroCard(let card, var machine):
                _ = machine.scrub(progress.map(Self.finiteProgress), at: now)
                model = .heroCard(card, machine)
            case .curtain:
                return  // The curtain has no progress to scrub; its drag is the scrubber.
            case .data(var component):
                component.setOverride(progress.map(Self.finiteProgress))
                model = .data(component)
            }
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
            switch model {
            case .morphContainer(let container, var machine):
                let updated = try container.setting(key, to: text)
                try Self.checkDampingFraction(updated.dampingFraction)
                if updated.dampingFraction != container.dampingFraction {
                    _ = machine.setDampingFraction(updated.dampingFraction)
                }
                model = .morphContainer(updated, machine)
            case .heroCard(let card, let machine):
                model = .heroCard(try card.setting(key, to: text), machine)
            case .curtain(let curtain, var machine):
                let updated = try curtain.setting(key, to: text)
                if updated.folds != machine.folds { _ = machine.setFolds(updated.folds) }
                model = .curtain(updated, machine)
            case .data(let component):
                var updated = try component.setting(key, to: text)
                updated.fire(.set, dataContext())
                model = .data(updated)
            }
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
        switch model {
        case .morphContainer(let container, var machine):
            if let reduceMotion = change.reduceMotion { _ = machine.setReduceMotion(reduceMotion) }
            model = .morphContainer(container, machine)
        case .heroCard(let card, var machine):
            if let reduceMotion = change.reduceMotion { _ = machine.setReduceMotion(reduceMotion) }
            model = .heroCard(card, machine)
        case .curtain(let curtain, var machine):
            if let size = change.size { _ = machine.setWidth(size.width) }
            model = .curtain(curtain, machine)
        case .data(var component):
            component.fire(.environment, dataContext())
            model = .data(component)
        }
    }

    /// The environment as the components read it; the safe area is the environment's own,
    /// else the viewport preset's (`ViewportPreset`), else none.
    public var componentEnvironment: ComponentEnvironment {
        ComponentEnvironment(
            reduceMotion: environment.reduceMotion ?? false,
            dynamicTypeSize: environment.dynamicType ?? .large,
            colorScheme: environment.colorScheme ?? .light,
            safeArea: safeArea)
    }

    /// The safe-area insets the components lay out in: the environment's `safeArea` when
    /// given, else the preset's for the viewport (`ViewportPreset.safeArea(for:)`).
    public var safeArea: EdgeInsets {
        environment.safeArea ?? ViewportPreset.safeArea(for: viewport)
    }

    /// The scene at the session's current time.
    public func scene() -> Scene {
        switch model {
        case .morphContainer(let container, let machine):
            container.scene(
                progress: machine.progress, model: machine.modelProgress, environment: componentEnvironment, size: viewport,
                time: time)
        case .heroCard(let card, let machine):
            card.scene(
                progress: machine.progress, model: machine.modelProgress, pressed: pressedControl,
                environment: componentEnvironment, size: viewport, time: time)
        case .curtain(let curtain, let machine):
            curtain.scene(
                drag: machine.dragPoint, isRevealed: machine.isRevealed, folds: machine.folds,
                environment: componentEnvironment, size: viewport, time: time)
        case .data(let component):
            component.scene(dataContext())
        }
    }

    /// The display list at the session's current time.
    public func displayList() -> DisplayList {
        scene().displayList()
    }

    /// Where the arrays of the list `encodedDisplayList(at:)` returned last sit in its bytes
    /// (nil when the encoder could not say), for frame deltas.
    public var encodedLayout: DisplayListDelta.Layout? { encoder.layout }

    /// The display list at `time` (advancing first) as canonical JSON bytes.
    public mutating func encodedDisplayList(at time: Double) -> [UInt8] {
        advance(to: time)
        do {
            return try encoder.encode(displayList())
        } catch {
            // Components clamp every input to finite values, so a NaN here is our bug.
            preconditionFailure("display list with a non-finite number: \(error)")
        }
    }
}
