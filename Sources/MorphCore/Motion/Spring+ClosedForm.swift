import Foundation

extension Spring {
    /// The closed-form response as coefficients: displacement = Δ·a + v0·b and
    /// velocity = Δ·c + v0·d, for change Δ and initial velocity v0 after `time` seconds.
    ///
    /// Splitting the scalar physics from the vector arithmetic evaluates the exponentials
    /// once per call whatever the value type (OpenSwiftUI's closed forms, with the corrected over-damped
    /// velocity).
    func coefficients(time t: Double) -> (a: Double, b: Double, c: Double, d: Double) {
        let lambda = decayConstant
        let omega = angularFrequency
        if omega > 0 {
            let envelope = exp(-lambda * t)
            let cosine = cos(omega * t)
            let sine = sin(omega * t)
            let omega0Squared = omega * omega + lambda * lambda
            return (
                a: 1 - envelope * (cosine + lambda / omega * sine),
                b: envelope * sine / omega,
                c: envelope * omega0Squared / omega * sine,
                d: envelope * (cosine - lambda / omega * sine)
            )
        } else if omega == 0 {
            let envelope = exp(-lambda * t)
            return (
                a: 1 - envelope * (1 + lambda * t),
                b: envelope * t,
                c: envelope * lambda * lambda * t,
                d: envelope * (1 - lambda * t)
            )
        } else {
            let s = -omega
            let fast = -lambda - s
            let slow = -lambda + s
            let eSlow = exp(slow * t)
            let eFast = exp(fast * t)
            let omega0Squared = lambda * lambda - s * s
            return (
                a: 1 - ((lambda + s) * eSlow - (lambda - s) * eFast) / (2 * s),
                b: (eSlow - eFast) / (2 * s),
                c: omega0Squared * (eSlow - eFast) / (2 * s),
                d: (slow * eSlow - fast * eFast) / (2 * s)
            )
        }
    }

    /// The displacement from the start toward a change of `target` after `time` seconds,
    /// starting with `initialVelocity` (units of `target` per second).
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let k = coefficients(time: time)
        return target.scaled(by: k.a) + initialVelocity.scaled(by: k.b)
    }

    /// The velocity of `value(target:initialVelocity:time:)`, its exact time derivative.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        let k = coefficients(time: time)
        return target.scaled(by: k.c) + initialVelocity.scaled(by: k.d)
    }

    /// The position after `time` seconds of a spring released at `fromValue` toward `toValue`.
    public func value<V: VectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: Double) -> V {
        fromValue + value(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// The velocity after `time` seconds of a spring released at `fromValue` toward `toValue`.
    public func velocity<V: VectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, time: Double) -> V {
        velocity(target: toValue - fromValue, initialVelocity: initialVelocity, time: time)
    }

    /// Advances `value` and `velocity` by `deltaTime` seconds toward `target`, exactly.
    ///
    /// Chaining calls with any step sizes follows the same trajectory as one closed-form
    /// evaluation, because the state (position, velocity) fully determines the motion.
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: Double) {
        let change = target - value
        let k = coefficients(time: deltaTime)
        let newVelocity = change.scaled(by: k.c) + velocity.scaled(by: k.d)
        value = value + change.scaled(by: k.a) + velocity.scaled(by: k.b)
        velocity = newVelocity
    }

    /// The force on a unit of displacement: `k·(target − position) − c·velocity`.
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        (target - position).scaled(by: stiffness) - velocity.scaled(by: damping)
    }
}
