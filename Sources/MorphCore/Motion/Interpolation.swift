import Foundation

// The seeds' small maths, as public free functions so component code reads like the seeds
// (`lerp(16, cornerRadiusOpen, p)`), and so every component shares one definition.

/// Linear interpolation from `a` (t = 0) to `b` (t = 1); `t` is not clamped.
///
/// Unclamped on purpose: a spring that overshoots `p = 1` must overshoot every lerped
/// dimension with it, exactly as SwiftUI re-evaluates the seed's `lerp` on each frame.
public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    a + (b - a) * t
}

/// `value` remapped from the window `from...to` onto 0...1, clamped (seed 000's `ramp`).
///
/// A degenerate window (`to <= from`) is a step at `to`: 1 once `value >= to`, else 0, so a
/// zero-length stage switches instead of dividing by zero.
public func ramp(_ value: Double, _ from: Double, _ to: Double) -> Double {
    guard to > from else { return value >= to ? 1 : 0 }
    return min(1, max(0, (value - from) / (to - from)))
}

/// Cubic ease-out, `1 − (1 − t)³` (seed 000's `easeOut`).
///
/// Staged fades arrive fast and settle gently, so text is readable before it is fully opaque.
public func easeOut(_ t: Double) -> Double {
    1 - pow(1 - t, 3)
}

/// `value` clamped to `min...max`, but with a rubber band beyond the ends (seed 003).
///
/// Inside the range the value is returned unchanged. Outside, the overshoot `d` is mapped to
/// `(1 − 1 / (d · coefficient / range + 1)) · range`, which grows with `d` yet never reaches
/// `range`, so a drag past the end still moves, less and less. `range == 0` divides by zero
/// exactly as the seed does; callers pass a real range.
public func rubberClamp(_ min: Double, _ value: Double, _ max: Double, coefficient: Double = 0.55) -> Double {
    let clamped = Swift.max(min, Swift.min(value, max))
    let delta = abs(clamped - value)
    guard delta != 0 else { return value }
    let sign: Double = clamped > value ? -1 : 1
    let range = max - min
    return clamped + sign * (1.0 - (1.0 / ((delta * coefficient / range) + 1.0))) * range
}
