/// One animated variable of a file component: a number, or a point whose two coordinates
/// spring together (`Animator<Point>`: one completion test over both, as SwiftUI animates a
/// `CGPoint` state).
///
/// Both animators are stored and `isPoint` says which one is the variable's; the other stays
/// at rest at zero and is never read. As an enum's payload, the animator was copied out of its
/// case and back on every advance (two copies of a few hundred bytes per moving variable a
/// frame); stored, it is advanced in place.
struct VariableAnimator: Sendable, Hashable {
    private let isPoint: Bool
    private var number: Animator<Double>
    private var point: Animator<Point>

    init(_ variable: ComponentDefinition.Variable) {
        isPoint = variable.type == .point
        number = Animator(value: isPoint ? 0 : variable.initial, unitScale: variable.unitScale)
        point = Animator(value: isPoint ? variable.initialPoint : .zero, unitScale: variable.unitScale)
    }

    var isAnimating: Bool { isPoint ? point.isAnimating : number.isAnimating }

    /// The running animation's spring, nil at rest.
    var animation: Animation? { isPoint ? point.animation : number.animation }

    mutating func advance(to time: Double) {
        // At rest nothing moves.
        if isPoint {
            if point.isAnimating { point.advance(to: time) }
        } else if number.isAnimating {
            number.advance(to: time)
        }
    }

    /// Animates (or, with no animation, jumps) to `target`, a value of the variable's type.
    mutating func animate(to target: ExpressionValue, with animation: Animation?, at time: Double) {
        if isPoint {
            point.animate(to: target.point, with: animation, at: time)
        } else {
            number.animate(to: target.number, with: animation, at: time)
        }
    }

    /// At rest at its target, as a spring that has caught up.
    mutating func finish() {
        if isPoint {
            point.animate(to: point.target, with: nil, at: 0)
        } else {
            number.animate(to: number.target, with: nil, at: 0)
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
        // One variable's animators always have its one type.
        guard isPoint == start.isPoint else { return }
        if isPoint {
            point = point.shown(
                at: Point(x: along(start.point.value.x, point.target.x), y: along(start.point.value.y, point.target.y)))
        } else {
            number = number.shown(at: along(start.number.value, number.target))
        }
    }

    /// The value drawn (or the target, for hit testing), the target and the velocity, each
    /// finite.
    func readings(atTarget: Bool) -> (value: ExpressionValue, target: ExpressionValue, velocity: ExpressionValue) {
        if isPoint {
            func finitePoint(_ p: Point) -> ExpressionValue { .point(Point(x: finite(p.x), y: finite(p.y))) }
            return (
                finitePoint(atTarget ? point.target : point.value), finitePoint(point.target),
                finitePoint(point.velocity)
            )
        }
        return (
            .number(finite(atTarget ? number.target : number.value)), .number(finite(number.target)),
            .number(finite(number.velocity))
        )
    }
}
