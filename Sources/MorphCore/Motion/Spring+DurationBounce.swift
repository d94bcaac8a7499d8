import Foundation

extension Spring {
    /// A spring with perceptual `duration` and `bounce` (WWDC23 "Animate with springs").
    ///
    /// ζ = 1 − b for 0 ≤ b ≤ 1, 1/(1+b) for −1 < b < 0, 0 for b > 1; b ≤ −1 is degenerate
    /// (ζ = ∞, never moves) and yields non-finite values, as in SwiftUI.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        self.init(response: duration, dampingRatio: Spring.dampingRatio(bounce: bounce))
    }

    /// The damping ratio a `Spring(duration:bounce:)` uses for `bounce` (WWDC23 "Animate with springs").
    public static func dampingRatio(bounce: Double) -> Double {
        if bounce > 1 { return 0 }
        if bounce >= 0 { return 1 - bounce }
        if bounce > -1 { return 1 / (1 + bounce) }
        return .infinity
    }

    /// The bounce a damping ratio `ζ` gives, the inverse of `dampingRatio(bounce:)`: `1 − ζ` for
    /// ζ ≤ 1, `1/ζ − 1` above (0 critical, positive bounces, negative is sluggish).
    public static func bounce(dampingRatio zeta: Double) -> Double {
        zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    // MARK: - Presets (Apple's documented `smooth`, `snappy`, `bouncy`)

    /// Duration 0.5, no bounce: the default spring.
    public static let smooth = Spring.smooth()

    /// Duration 0.5, bounce 0.15: quick with a hint of overshoot.
    public static let snappy = Spring.snappy()

    /// Duration 0.5, bounce 0.3: visibly springy.
    public static let bouncy = Spring.bouncy()

    /// A smooth spring (bounce 0) plus `extraBounce`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// A snappy spring (bounce 0.15) plus `extraBounce`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy spring (bounce 0.3) plus `extraBounce`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
