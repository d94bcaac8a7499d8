import Foundation

extension Spring {
    /// A spring that settles within `epsilon` of its target in about `settlingDuration`
    /// seconds (Apple's `Spring(settlingDuration:dampingRatio:epsilon:)`).
    ///
    /// ζ is clamped to [ulp, 1] and the duration to [0.01, 10]; the envelope
    /// `ζ/√(1−ζ²)·e^(−ζω0T) = ε` is solved in closed form for ω0 (critical: the root of
    /// `(1 + ω0T)e^(−ω0T) = ε` by Newton's method). Never over-damped.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        let zeta = min(max(dampingRatio, Double.ulpOfOne), 1)
        let duration = min(max(settlingDuration, 0.01), 10)
        let omega0: Double
        if zeta < 1 {
            omega0 = log(zeta / (epsilon * (1 - zeta * zeta).squareRoot())) / (zeta * duration)
        } else {
            omega0 = Spring.criticalSettlingProduct(epsilon: epsilon) / duration
        }
        self.init(undampedFrequency: omega0, dampingRatio: zeta)
    }

    /// The u = ω0·T solving `(1 + u)e^(−u) = ε` (9.23341 for ε = 0.001), by Newton's method.
    static func criticalSettlingProduct(epsilon: Double) -> Double {
        var u = 10.0
        for _ in 0..<64 {
            let f = (1 + u) * exp(-u) - epsilon
            let derivative = -u * exp(-u)
            let next = u - f / derivative
            if abs(next - u) < 1e-14 { return next }
            u = next
        }
        return u
    }

    /// The estimated time for a unit move from rest to stay within 0.001 (Apple's definition).
    public var settlingDuration: Double {
        settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001)
    }

    /// The estimated time after which the spring stays within `epsilon` of `target`
    /// (OpenSwiftUI's `settlingDuration`).
    ///
    /// Under-damped: the envelope bound `ln((|λΔ − v0| + |Δ|)/ε)/λ` (an over-estimate, like
    /// SwiftUI). Critical and over-damped: the first time on a 0.1 s grid (1024 samples)
    /// after which the error stays below `epsilon` for more than a second; 0 if none.
    /// Infinite for an undamped spring.
    public func settlingDuration(target: Double, initialVelocity: Double, epsilon: Double) -> Double {
        let lambda = decayConstant
        guard lambda > 0 else { return .infinity }
        if angularFrequency > 0 {
            let bound = abs(lambda * target - initialVelocity) + abs(target)
            return max(0, log(bound / epsilon) / lambda)
        }
        var settledSince: Int?
        for sample in 0..<1024 {
            let time = Double(sample) * 0.1
            let error = abs(value(target: target, initialVelocity: initialVelocity, time: time) - target)
            if error < epsilon {
                let start = settledSince ?? sample
                settledSince = start
                // More than one second (ten grid steps) inside the band.
                if sample - start > 10 { return Double(start) * 0.1 }
            } else {
                settledSince = nil
            }
        }
        return 0
    }
}
