/// One animated variable of a file component: a number, or a point whose two coordinates
/// spring together (`Animator<Point>`: one completion test over both, as SwiftUI animates a
/// `CGPoint` state).
enum VariableAnimator: Sendable, Hashable {
    case number(Animator<Double>)
    case point(Animator<Point>)

    init(_ variable: ComponentDefinition.Variable) {
        self =
            variable.type == .point
            ? .point(Animator(value: variable.initialPoint, unitScale: variable.unitScale))
            : .number(Animator(value: variable.initial, unitScale: variable.unitScale))
    }

    var isAnimating: Bool {
        switch self {
        case .number(let animator): animator.isAnimating
        case .point(let animator): animator.isAnimating
        }
    }

    /// The running animation's spring, nil at rest.
    var animation: Animation? {
        switch self {
        case .number(let animator): animator.animation
        case .point(let animator): animator.animation
        }
    }

    mutating func advance(to time: Double) {
        // At rest nothing moves: skip taking the animator out of the case and putting it back.
        guard isAnimating else { return }
        switch self {
        case .number(var animator):
            animator.advance(to: time)
            self = .number(animator)
        case .point(var animator):
            animator.advance(to: time)
            self = .point(animator)
        }
    }

    /// Animates (or, with no animation, jumps) to `target`, a value of the variable's type.
    mutating func animate(to target: ExpressionValue, with animation: Animation?, at time: Double) {
        switch self {
        case .number(var animator):
            animator.animate(to: target.number, with: animation, at: time)
            self = .number(animator)
        case .point(var animator):
            animator.animate(to: target.point, with: animation, at: time)
            self = .point(animator)
        }
    }

    /// At rest at its target, as a spring that has caught up.
    mutating func finish() {
        switch self {
        case .number(var animator):
            animator.animate(to: animator.target, with: nil, at: 0)
            self = .number(animator)
        case .point(var animator):
            animator.animate(to: animator.target, with: nil, at: 0)
            self = .point(animator)
        }
    }

    /// Held at `value` (its value and its target), which has the variable's type.
    mutating func hold(_ value: ExpressionValue) {
        animate(to: value, with: nil, at: 0)
    }

    /// Shown `fraction` of the way from `start`'s value to this animation's target, each
    /// coordinate `start + (target − start) · fraction`: SwiftUI moves every animated value
    /// from its old to its new value along the one curve.
    mutating func show(fraction: Double, from start: VariableAnimator) {
        func along(_ from: Double, _ to: Double) -> Double { from + (to - from) * fraction }
        switch (self, start) {
        case (.number(let animator), .number(let start)):
            self = .number(animator.shown(at: along(start.value, animator.target)))
        case (.point(let animator), .point(let start)):
            let shown = Point(x: along(start.value.x, animator.target.x), y: along(start.value.y, animator.target.y))
            self = .point(animator.shown(at: shown))
        default: break  // One variable's animators always have its one type.
        }
    }

    /// The value drawn (or the target, for hit testing), the target and the velocity, each
    /// finite.
    func readings(atTarget: Bool) -> (value: ExpressionValue, target: ExpressionValue, velocity: ExpressionValue) {
        switch self {
        case .number(let animator):
            return (
                .number(finite(atTarget ? animator.target : animator.value)), .number(finite(animator.target)),
                .number(finite(animator.velocity))
            )
        case .point(let animator):
            func finitePoint(_ p: Point) -> ExpressionValue { .point(Point(x: finite(p.x), y: finite(p.y))) }
            return (
                finitePoint(atTarget ? animator.target : animator.value), finitePoint(animator.target),
                finitePoint(animator.velocity)
            )
        }
    }
}
