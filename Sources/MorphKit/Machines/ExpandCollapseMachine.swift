/// The expand / collapse rules of `MorphContainer` (seed 000) and `HeroCard` (seed 001):
/// collapsed, expanding, expanded, collapsing, driving one `progress` in 0...1.
///
/// A struct over a private state enum; each event is a `mutating func` that returns the
/// effects it caused as values, so tests state the exact change and a shell carries them
/// out. The machine owns the progress animator, so a second tap mid-flight retargets the
/// same spring (position and velocity kept, never queued), exactly as the seed's single
/// `withAnimation` does. Time is a parameter of every call.
public struct ExpandCollapseMachine: Sendable, Hashable {
    /// Which component's rules apply.
    public enum Variant: Sendable, Hashable, Codable {
        /// Seed 000: a tap anywhere toggles; opens with spring(0.42, d), closes with
        /// spring(0.36, min(1, d + 0.08)).
        case morphContainer(dampingFraction: Double)
        /// Seed 001: the card opens by tapping it and closes only by its close button, both
        /// with `.smooth(duration: 0.5, extraBounce: 0.08)`.
        case heroCard

        /// The container with the seed's default damping, 0.82.
        public static let morphContainer = Variant.morphContainer(dampingFraction: 0.82)
    }

    /// What an event caused, for the shell (and tests) to act on.
    public enum Effect: Sendable, Hashable {
        /// The progress springs toward `target` with `animation` (a start or a merge).
        case animate(target: Double, animation: Animation)
        /// Reduce Motion: the progress jumps to `target`.
        case jump(target: Double)
        /// The spring finished; the progress rests at `progress` (0 or 1).
        case settle(progress: Double)
        /// A scrub took over the rendered progress.
        case overrideProgress(Double)
        /// The scrub ended; the machine's own progress is shown again.
        case releaseOverride

        /// The effect's name in `definition`.
        public var name: String {
            switch self {
            case .animate: "animate"
            case .jump: "jump"
            case .settle: "settle"
            case .overrideProgress: "overrideProgress"
            case .releaseOverride: "releaseOverride"
            }
        }
    }

    private enum State: String, Sendable, Hashable {
        case collapsed, expanding, expanded, collapsing
    }

    private var state: State
    private var animator: Animator<Double>
    /// Which component's rules apply (the container's damping may change at any time).
    public private(set) var variant: Variant
    /// Accessibility Reduce Motion: state changes without animating.
    public private(set) var reduceMotion: Bool
    /// The scrub / preview override (the seed's `progress` parameter); while set, the
    /// machine does not react to taps.
    public private(set) var progressOverride: Double?
    /// How many times the progress jumped (Reduce Motion's changes): a frame after one may
    /// differ from the one before by any amount (`morph explore`'s `jump` rule).
    public private(set) var jumps = 0

    /// A machine at rest, collapsed (or expanded).
    public init(variant: Variant, reduceMotion: Bool = false, expanded: Bool = false) {
        self.variant = variant
        self.reduceMotion = reduceMotion
        self.state = expanded ? .expanded : .collapsed
        // Completion thresholds in the units of the largest lerped dimension: the
        // container's height moves 288 pt per unit of progress; the hero card's frames
        // are about that size too, and SwiftUI's unit-interval scale is 128.
        self.animator = Animator(value: expanded ? 1 : 0, unitScale: variant == .heroCard ? 128 : 288)
    }

    // MARK: - Reading

    /// `collapsed`, `expanding`, `expanded` or `collapsing`.
    public var stateName: String { state.rawValue }

    /// What the component renders: the override if set, else the animated value (the seed's
    /// `p = progress ?? interactive`).
    public var progress: Double { progressOverride ?? animator.value }

    /// The animated value, ignoring any override.
    public var animatedProgress: Double { animator.value }

    /// The model value the spring heads for (the seed's `interactive` / `isExpanded`).
    public var targetProgress: Double { animator.target }

    /// The model state the drawn progress belongs to (the target, 0 or 1), or nil while a
    /// scrub override is drawn: what a scene's `model` parameter takes, so a component can
    /// tell an animated frame (SwiftUI evaluated `body` with the new state) from a scrub.
    public var modelProgress: Double? { progressOverride == nil ? animator.target : nil }

    /// Whether the model says expanded (HeroCard's `isExpanded`: which content is shown).
    public var isExpanded: Bool { animator.target >= 0.5 }

    /// The progress velocity, per second.
    public var velocity: Double { animator.velocity }

    /// Whether the spring is still moving (frames are needed).
    public var isAnimating: Bool { animator.isAnimating }

    /// The animation opening uses for this variant.
    public var openAnimation: Animation {
        switch variant {
        case .morphContainer(let d): .spring(response: 0.42, dampingFraction: d)
        case .heroCard: .smooth(duration: 0.5, extraBounce: 0.08)
        }
    }

    /// The animation closing uses: no bounce on the way out for the container ("bounce on the
    /// way out reads as a glitch").
    public var closeAnimation: Animation {
        switch variant {
        case .morphContainer(let d): .spring(response: 0.36, dampingFraction: min(1, d + 0.08))
        case .heroCard: .smooth(duration: 0.5, extraBounce: 0.08)
        }
    }

    // MARK: - Events

    /// MorphContainer's tap anywhere: toggles, deciding by the model value (`interactive <
    /// 0.5` opens). Ignored while a progress override is set, and by the hero card.
    public mutating func tap(at time: Double) -> [Effect] {
        var effects = advance(to: time)
        guard case .morphContainer = variant else { return effects }
        effects += toggle(opening: animator.target < 0.5, at: time)
        return effects
    }

    /// HeroCard's card button: opens. Only exists while the model is collapsed (the seed
    /// shows the button only in the collapsed content).
    public mutating func tapCard(at time: Double) -> [Effect] {
        var effects = advance(to: time)
        guard variant == .heroCard, !isExpanded else { return effects }
        effects += toggle(opening: true, at: time)
        return effects
    }

    /// HeroCard's close button: closes. Only exists while the model is expanded.
    public mutating func tapClose(at time: Double) -> [Effect] {
        var effects = advance(to: time)
        guard variant == .heroCard, isExpanded else { return effects }
        effects += toggle(opening: false, at: time)
        return effects
    }

    /// Sets (`progress`) or releases (`nil`) the scrub override. The spring underneath keeps
    /// running, so releasing shows wherever it has got to.
    public mutating func scrub(_ progress: Double?, at time: Double) -> [Effect] {
        var effects = advance(to: time)
        progressOverride = progress
        effects.append(progress.map(Effect.overrideProgress) ?? .releaseOverride)
        return effects
    }

    /// Turns Reduce Motion on or off; a running spring finishes as it started.
    public mutating func setReduceMotion(_ on: Bool) -> [Effect] {
        reduceMotion = on
        return []
    }

    /// Changes the container's damping fraction for the next tap (ignored by the hero card).
    public mutating func setDampingFraction(_ dampingFraction: Double) -> [Effect] {
        if case .morphContainer = variant, dampingFraction.isFinite, dampingFraction >= 0 {
            variant = .morphContainer(dampingFraction: dampingFraction)
        }
        return []
    }

    /// Routes a raw input: `tap` toggles the container (the hero card needs hit testing, so
    /// its component calls `tapCard`/`tapClose`), `scrub` overrides, `set dampingFraction`
    /// and `environment reduceMotion` configure; pointer events are not used.
    public mutating func handle(_ event: InputEvent) -> [Effect] {
        switch event.kind {
        case .tap:
            return tap(at: event.time)
        case .scrub(let progress):
            return scrub(progress, at: event.time)
        case .set(key: "dampingFraction", let value):
            var effects = advance(to: event.time)
            if let number = value.number { effects += setDampingFraction(number) }
            return effects
        case .environment(let environment):
            var effects = advance(to: event.time)
            if let on = environment.reduceMotion { effects += setReduceMotion(on) }
            return effects
        case .set, .pointerDown, .pointerMove, .pointerUp:
            return advance(to: event.time)
        }
    }

    /// Advances the spring to `time`; when it comes to rest the state becomes expanded or
    /// collapsed and a `settle` effect is returned.
    @discardableResult
    public mutating func advance(to time: Double) -> [Effect] {
        animator.advance(to: time)
        guard !animator.isAnimating else { return [] }
        switch state {
        case .expanding:
            state = .expanded
            return [.settle(progress: animator.value)]
        case .collapsing:
            state = .collapsed
            return [.settle(progress: animator.value)]
        case .collapsed, .expanded:
            return []
        }
    }

    private mutating func toggle(opening: Bool, at time: Double) -> [Effect] {
        guard progressOverride == nil else { return [] }
        let target: Double = opening ? 1 : 0
        guard !reduceMotion else {
            animator.animate(to: target, with: nil, at: time)
            state = opening ? .expanded : .collapsed
            jumps += 1
            return [.jump(target: target)]
        }
        let animation = opening ? openAnimation : closeAnimation
        animator.animate(to: target, with: animation, at: time)
        state = opening ? .expanding : .collapsing
        return [.animate(target: target, animation: animation)]
    }
}
