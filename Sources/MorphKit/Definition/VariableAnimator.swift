/// One animated variable of a file component: a number, or a point whose two coordinates
/// spring together (`Animator<Point>`: one completion test over both, as SwiftUI animates a
/// `CGPoint` state), so a point variable settles and merges exactly as a Swift component's
/// point animator does.
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

    mutating func advance(to time: Double) {
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
