/// How a component draws the values between two states while an animation runs.
///
/// SwiftUI evaluates `body` once, with the new state, when a state change happens under an
/// animation; every animatable modifier value (frame, offset, opacity, scale, corner radius,
/// shadow) then moves from the value it had to the value the new state gives, along the
/// animation's curve. A value computed from the state through a ramp or an ease is therefore
/// not re-evaluated per frame: it moves linearly with the spring's progress between its two
/// ends. The seed's scrubbed `progress` parameter is the other reading: every value computed
/// from the progress on every frame.
public enum StateInterpolation: String, Hashable, Sendable, CaseIterable {
    /// What a device shows (the default): each modifier value from its old to its new value
    /// along the spring.
    case swiftUI = "swiftui"
    /// The seed's stated intent: every value recomputed from the animated progress each
    /// frame, as a scrub does.
    case progress

    /// The value `f` gives for an expand/collapse progress `p` drawn under this rule, where
    /// the model state is 0 or 1 (`model`, nil when `p` is a scrub and not an animation).
    ///
    /// Under the SwiftUI rule each value has its own spring from `f(old)` to `f(new)`; all of
    /// them share the progress spring's curve and retargeting (the integrator is linear and
    /// every value starts at rest or with the velocity its own spring had), so the value is
    /// `f(0) + (f(1) − f(0)) · p` for every sequence of taps between the two states.
    public func value(_ p: Double, model: Double?, _ f: (Double) -> Double) -> Double {
        guard self == .swiftUI, model != nil else { return f(p) }
        let start = f(0)
        return start + (f(1) - start) * p
    }
}
