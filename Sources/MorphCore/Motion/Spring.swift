import Foundation

/// A damped harmonic spring, stored as SwiftUI stores it: angular frequency, decay constant
/// and mass (OpenSwiftUI's `Spring`).
///
/// One value type with several parameterisations (one file each: response / damping ratio,
/// duration / bounce, mass / stiffness / damping, settling duration) so that every way a
/// seed or a user names a spring lands on the same closed forms. The sign of
/// `angularFrequency` flags the regime: positive under-damped, zero critical, negative
/// over-damped.
public struct Spring: Hashable, Sendable {
    /// ω: the damped angular frequency, `ω0·√(1−ζ²)`; 0 when critical; `−ω0·√(ζ²−1)` when
    /// over-damped (the sign is the regime flag).
    public var angularFrequency: Double
    /// λ = ζ·ω0, the exponential decay rate of the envelope.
    public var decayConstant: Double
    /// The mass on the spring; 1 for every parameterisation except mass / stiffness / damping.
    public var mass: Double

    /// A spring from its stored form; prefer the named parameterisations.
    public init(angularFrequency: Double, decayConstant: Double, mass: Double = 1) {
        self.angularFrequency = angularFrequency
        self.decayConstant = decayConstant
        self.mass = mass
    }

    /// The default spring, `Spring.smooth` (duration 0.5, no bounce), as SwiftUI's `Spring()`.
    public init() {
        self.init(response: 0.5, dampingRatio: 1)
    }

    /// Builds the stored form from the undamped angular frequency ω0 and damping ratio ζ.
    init(undampedFrequency omega0: Double, dampingRatio zeta: Double, mass: Double = 1) {
        let omega: Double
        if zeta < 1 {
            omega = omega0 * (1 - zeta * zeta).squareRoot()
        } else if zeta == 1 {
            omega = 0
        } else {
            omega = -omega0 * (zeta * zeta - 1).squareRoot()
        }
        self.init(angularFrequency: omega, decayConstant: zeta * omega0, mass: mass)
    }

    /// ω0², the squared undamped angular frequency, in every regime.
    var undampedFrequencySquared: Double {
        decayConstant * decayConstant + angularFrequency * abs(angularFrequency)
    }

    // MARK: - Getters

    /// The period of the undamped spring, `2π/ω0`, in seconds; SwiftUI's `response`.
    public var response: Double {
        2 * Double.pi / undampedFrequencySquared.squareRoot()
    }

    /// The perceptual duration; the same number as `response` (WWDC23 model).
    public var duration: Double { response }

    /// ζ, drag as a fraction of critical damping.
    public var dampingRatio: Double {
        decayConstant * response / (2 * Double.pi)
    }

    /// `1 − ζ` for ζ ≤ 1, `1/ζ − 1` above: 0 is critical, positive bounces, negative is sluggish.
    public var bounce: Double { Spring.bounce(dampingRatio: dampingRatio) }

    /// The spring constant k = m·ω0².
    ///
    /// For over-damped springs OpenSwiftUI's getter returns m(ω² + λ²), which is not ω0²;
    /// that is a transcription error (k is m·ω0² by definition), so this uses m·ω0² in every regime.
    public var stiffness: Double { mass * undampedFrequencySquared }

    /// The friction coefficient c = 2mλ.
    public var damping: Double { 2 * mass * decayConstant }
}
