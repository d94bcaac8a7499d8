/// How a change of value moves: a SwiftUI fluid spring described by response, damping
/// fraction and blend duration.
///
/// Every animation the seeds use (`.spring(response:dampingFraction:)`, `.smooth`,
/// `.interactiveSpring`, `withAnimation { }`'s default) is a `FluidSpringAnimation` in
/// SwiftUI, so one value type covers them all. "No animation" (Reduce Motion) is `nil`
/// wherever an `Animation?` is taken: the value jumps.
public struct Animation: Hashable, Sendable {
    /// The period of the undamped spring in seconds; 0 or less is infinitely stiff.
    public var response: Double
    /// ζ, the fraction of critical damping.
    public var dampingFraction: Double
    /// How long a retarget takes to glide from the previous spring's response to this one's.
    public var blendDuration: Double

    /// An animation from its three numbers; prefer the named constructors.
    public init(response: Double, dampingFraction: Double, blendDuration: Double = 0) {
        self.response = response
        self.dampingFraction = dampingFraction
        self.blendDuration = blendDuration
    }

    /// The spring with this animation's response and damping fraction (for its closed forms
    /// and getters).
    public var spring: Spring {
        Spring(response: response, dampingRatio: dampingFraction)
    }

    /// SwiftUI's mapping from bounce to damping fraction, `b < 0 ? 1/(b+1) : 1 − b`, unclamped
    /// (it is `@inlinable` in the SDK's public interface).
    public static func dampingFraction(bounce: Double) -> Double {
        bounce < 0 ? 1 / (bounce + 1) : 1 - bounce
    }

    /// A spring by response and damping fraction (seed 000 opens with (0.42, 0.82)).
    public static func spring(response: Double, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// A spring by perceptual duration and bounce.
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation(response: duration, dampingFraction: dampingFraction(bounce: bounce), blendDuration: blendDuration)
    }

    /// `.spring` with no arguments: duration 0.5, bounce 0 (the duration/bounce overload wins
    /// in SwiftUI, as OpenSwiftUI's `FluidSpringAnimation` shows).
    public static let spring = Animation.spring(duration: 0.5, bounce: 0)

    /// Duration 0.5, bounce 0.
    public static let smooth = Animation.smooth()
    /// Duration 0.5, bounce 0.15.
    public static let snappy = Animation.snappy()
    /// Duration 0.5, bounce 0.3.
    public static let bouncy = Animation.bouncy()

    /// A smooth spring (bounce 0) plus `extraBounce`; the hero card uses (0.5, 0.08).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(duration: duration, bounce: extraBounce)
    }

    /// A snappy spring (bounce 0.15) plus `extraBounce`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy spring (bounce 0.3) plus `extraBounce`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        .spring(duration: duration, bounce: 0.3 + extraBounce)
    }

    /// `.interactiveSpring` with no arguments: duration 0.15, ζ 0.85, blend 0.25 — what the
    /// curtain seed uses while dragging (the duration overload wins, as for `.spring`).
    public static let interactiveSpring = Animation.interactiveSpring(duration: 0.15)

    /// An interactive spring by response; SwiftUI's defaults are (0.15, 0.86, 0.25).
    public static func interactiveSpring(response: Double, dampingFraction: Double = 0.86, blendDuration: Double = 0.25)
        -> Animation
    {
        Animation(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// An interactive spring by duration: bounce 0.15 plus `extraBounce`.
    public static func interactiveSpring(duration: Double = 0.15, extraBounce: Double = 0, blendDuration: Double = 0.25)
        -> Animation
    {
        .spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }

    /// What `withAnimation { }` uses on iOS 17+: response 0.55, damping fraction 1.0.
    ///
    /// Documented by Apple; OpenSwiftUI's reconstruction reads 0.5. Kept as this one
    /// constant so a device measurement can change it in one place.
    public static let `default` = Animation(response: 0.55, dampingFraction: 1.0, blendDuration: 0)
}
