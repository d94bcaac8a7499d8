import Foundation

/// An independent truth for spring tests: x'' = k(Δ − x) − c·x' integrated with classic
/// fourth-order Runge–Kutta in small fixed steps. Written here, not shared with the solver.
struct SpringODE {
    var stiffness: Double
    var damping: Double

    init(stiffness: Double, damping: Double) {
        self.stiffness = stiffness
        self.damping = damping
    }

    /// k = (2π/r)², c = 4πζ/r, the mass-1 spring SwiftUI builds from response and ζ.
    init(response: Double, dampingRatio: Double) {
        let omega0 = 2 * Double.pi / response
        self.init(stiffness: omega0 * omega0, damping: 2 * dampingRatio * omega0)
    }

    func acceleration(_ x: Double, _ v: Double, target: Double) -> Double {
        stiffness * (target - x) - damping * v
    }

    /// Position and velocity after `time`, from (x0, v0), toward `target`.
    func solve(target: Double, x0: Double = 0, v0: Double = 0, time: Double, step: Double = 1e-4) -> (x: Double, v: Double) {
        var x = x0
        var v = v0
        var t = 0.0
        while t < time - 1e-12 {
            let h = min(step, time - t)
            let k1x = v, k1v = acceleration(x, v, target: target)
            let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v, target: target)
            let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v, target: target)
            let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v, target: target)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
        }
        return (x, v)
    }

    /// The last time on a `step` grid up to `horizon` at which |x − target| ≥ epsilon.
    func exactSettlingTime(target: Double, epsilon: Double, horizon: Double, step: Double = 1e-4) -> Double {
        var x = 0.0, v = 0.0, t = 0.0, last = 0.0
        while t < horizon {
            let h = step
            let k1x = v, k1v = acceleration(x, v, target: target)
            let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v, target: target)
            let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v, target: target)
            let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v, target: target)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
            if abs(x - target) >= epsilon { last = t }
        }
        return last
    }
}
