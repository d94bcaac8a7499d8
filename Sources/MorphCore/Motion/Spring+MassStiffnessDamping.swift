import Foundation

extension Spring {
    /// A spring from physical coefficients: mass m, stiffness k, damping c.
    ///
    /// Over-damped coefficients (λ = c/2m > ω0 = √(k/m)) become a critically damped spring
    /// with λ = ω0 unless `allowOverDamping` is set, as Apple documents ("such cases should
    /// instead be treated as critically damped").
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let omega0 = (stiffness / mass).squareRoot()
        let lambda = damping / (2 * mass)
        if lambda > omega0 && !allowOverDamping {
            self.init(angularFrequency: 0, decayConstant: omega0, mass: mass)
        } else {
            let magnitude = abs(stiffness / mass - lambda * lambda).squareRoot()
            self.init(
                angularFrequency: lambda > omega0 ? -magnitude : magnitude,
                decayConstant: lambda, mass: mass)
        }
    }
}
