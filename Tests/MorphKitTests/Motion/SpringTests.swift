import Foundation
import MorphKit
import Testing

@Suite struct SpringTests {
    /// Under-damped, critical and over-damped springs, with and without initial velocity.
    static let regimes: [(response: Double, zeta: Double)] = [
        (0.42, 0.82), (0.5, 0.3), (0.15, 0.85), (0.55, 1.0), (0.5, 1.0), (0.4, 1.6), (0.3, 3.0),
    ]

    @Test(arguments: regimes)
    func closedFormsMatchTheODE(response: Double, zeta: Double) {
        let spring = Spring(response: response, dampingRatio: zeta)
        let ode = SpringODE(response: response, dampingRatio: zeta)
        for (change, v0) in [(1.0, 0.0), (288.0, 0.0), (-50.0, 400.0), (0.0, 3.0)] {
            for t in stride(from: 0.0, through: 1.5, by: 0.05) {
                let truth = ode.solve(target: change, v0: v0, time: t)
                let scale = max(abs(change), abs(v0), 1)
                #expect(abs(spring.value(target: change, initialVelocity: v0, time: t) - truth.x) < 1e-8 * scale)
                #expect(abs(spring.velocity(target: change, initialVelocity: v0, time: t) - truth.v) < 1e-7 * scale * 10)
            }
        }
    }

    @Test func overDampedVelocityIsTheDerivative() {
        // The reference's corrected formula: no stray +Δ. A finite difference must agree.
        let spring = Spring(response: 0.4, dampingRatio: 2)
        let h = 1e-6
        for t in stride(from: 0.01, through: 1.0, by: 0.07) {
            let numeric = (spring.value(target: 10.0, time: t + h) - spring.value(target: 10.0, time: t - h)) / (2 * h)
            #expect(abs(spring.velocity(target: 10.0, time: t) - numeric) < 1e-5)
        }
    }

    @Test func vectorsMoveComponentWise() {
        let spring = Spring(response: 0.42, dampingRatio: 0.82)
        let ode = SpringODE(response: 0.42, dampingRatio: 0.82)
        let from = Point(x: 390, y: 300), to = Point(x: 44, y: 310)
        let v0 = Point(x: -900, y: 20)
        let t = 0.23
        let value = spring.value(fromValue: from, toValue: to, initialVelocity: v0, time: t)
        let x = ode.solve(target: to.x - from.x, v0: v0.x, time: t).x + from.x
        let y = ode.solve(target: to.y - from.y, v0: v0.y, time: t).x + from.y
        #expect(abs(value.x - x) < 1e-6 && abs(value.y - y) < 1e-6)

        let color = spring.value(fromValue: RGBAColor.black, toValue: RGBAColor.white, time: t)
        let unit = ode.solve(target: 1, time: t).x
        #expect(abs(color.red - unit) < 1e-9 && abs(color.alpha - 1) < 1e-12)

        let rect = spring.value(fromValue: Rect.zero, toValue: Rect(x: 0, y: 0, width: 340, height: 384), time: t)
        #expect(abs(rect.height - 384 * unit) < 1e-6 && rect.minX == 0)
    }

    @Test func updateChainsToTheSameTrajectory() {
        let spring = Spring(response: 0.36, dampingRatio: 0.9)
        let ode = SpringODE(response: 0.36, dampingRatio: 0.9)
        var value = 1.0, velocity = -2.0
        for _ in 0..<37 { spring.update(value: &value, velocity: &velocity, target: 0, deltaTime: 1.0 / 60) }
        let truth = ode.solve(target: 0, x0: 1, v0: -2, time: 37.0 / 60)
        #expect(abs(value - truth.x) < 1e-8)
        #expect(abs(velocity - truth.v) < 1e-6)
    }

    @Test func responseDampingRatioGetters() {
        let spring = Spring(response: 0.42, dampingRatio: 0.82)
        let omega0 = 2 * Double.pi / 0.42
        #expect(abs(spring.response - 0.42) < 1e-12)
        #expect(abs(spring.dampingRatio - 0.82) < 1e-12)
        #expect(abs(spring.stiffness - omega0 * omega0) < 1e-9)
        #expect(abs(spring.damping - 2 * 0.82 * omega0) < 1e-9)
        #expect(abs(spring.bounce - 0.18) < 1e-12)
        #expect(spring.mass == 1)
        let over = Spring(response: 0.4, dampingRatio: 1.6)
        #expect(over.angularFrequency < 0)
        #expect(abs(over.stiffness - pow(2 * Double.pi / 0.4, 2)) < 1e-9)
        #expect(abs(over.bounce - (1 / 1.6 - 1)) < 1e-12)
    }

    @Test func durationBounceMapping() {
        // Apple's example: Spring(duration: 0.5, bounce: 0.3) → k 157.9, c 17.6.
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let k = pow(2 * Double.pi / 0.5, 2)
        #expect(abs(spring.stiffness - k) < 1e-9)
        #expect(abs(spring.damping - 2 * k.squareRoot() * 0.7) < 1e-9)
        #expect(abs(Spring(duration: 0.5, bounce: -0.5).dampingRatio - 2) < 1e-12)
        #expect(Spring(duration: 0.5, bounce: 1.5).dampingRatio == 0)
        #expect(Spring.dampingRatio(bounce: -1) == .infinity)
    }

    @Test func massStiffnessDamping() {
        // Apple's example: Spring(mass: 1, stiffness: 100, damping: 10) → duration 0.63, bounce 0.5.
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 2 * Double.pi / 10) < 1e-12)
        #expect(abs(spring.bounce - 0.5) < 1e-12)
        let heavy = Spring(mass: 2, stiffness: 200, damping: 8)
        #expect(abs(heavy.stiffness - 200) < 1e-9 && abs(heavy.damping - 8) < 1e-12)
        // Over-damped coefficients become critical unless allowed.
        let clamped = Spring(mass: 1, stiffness: 100, damping: 50)
        #expect(clamped.angularFrequency == 0 && abs(clamped.dampingRatio - 1) < 1e-12)
        let allowed = Spring(mass: 1, stiffness: 100, damping: 50, allowOverDamping: true)
        #expect(allowed.angularFrequency < 0 && abs(allowed.dampingRatio - 2.5) < 1e-12)
        let ode = SpringODE(stiffness: 100, damping: 50)
        #expect(abs(allowed.value(target: 1.0, time: 0.3) - ode.solve(target: 1, time: 0.3).x) < 1e-9)
    }

    @Test func settlingDurationInitialiserSolvesTheEnvelope() {
        for zeta in [0.3, 0.7, 0.9] {
            let spring = Spring(settlingDuration: 0.8, dampingRatio: zeta)
            let omega0 = 2 * Double.pi / spring.response
            let envelope = zeta / (1 - zeta * zeta).squareRoot() * exp(-zeta * omega0 * 0.8)
            #expect(abs(envelope - 0.001) < 1e-12)
            #expect(abs(spring.dampingRatio - zeta) < 1e-12)
        }
        // Critical: the exact error at T is ε, checked with the ODE.
        let critical = Spring(settlingDuration: 0.6, dampingRatio: 1)
        let ode = SpringODE(stiffness: critical.stiffness, damping: critical.damping)
        #expect(abs(abs(ode.solve(target: 1, time: 0.6).x - 1) - 0.001) < 1e-7)
        // Never over-damped; clamps the inputs.
        #expect(Spring(settlingDuration: 1, dampingRatio: 3).angularFrequency == 0)
        #expect(abs(Spring(settlingDuration: 100, dampingRatio: 1).settlingDurationProductCheck - 10) < 1e-9)
    }

    @Test func underDampedSettlingIsAnUpperBound() {
        for (response, zeta) in [(0.42, 0.82), (0.5, 0.3), (0.36, 0.9)] {
            let spring = Spring(response: response, dampingRatio: zeta)
            let ode = SpringODE(response: response, dampingRatio: zeta)
            let exact = ode.exactSettlingTime(target: 1, epsilon: 0.001, horizon: 5)
            let lambda = zeta * 2 * Double.pi / response
            #expect(abs(spring.settlingDuration - log((lambda + 1) / 0.001) / lambda) < 1e-12)
            #expect(spring.settlingDuration >= exact)
        }
    }

    @Test func criticalAndOverDampedSettlingIsTheNextGridTime() {
        for (response, zeta) in [(0.55, 1.0), (0.5, 1.0), (0.4, 1.6)] {
            let spring = Spring(response: response, dampingRatio: zeta)
            let exact = SpringODE(response: response, dampingRatio: zeta)
                .exactSettlingTime(target: 1, epsilon: 0.001, horizon: 6)
            let settling = spring.settlingDuration
            #expect(settling >= exact - 1e-6, "(\(response), \(zeta))")
            #expect(settling < exact + 0.1 + 1e-6, "(\(response), \(zeta))")
            // A multiple of the 0.1 s grid.
            #expect(abs(settling * 10 - (settling * 10).rounded()) < 1e-9)
        }
        #expect(Spring(response: 0.5, dampingRatio: 0).settlingDuration == .infinity)
    }

    @Test func springPresets() {
        func expectSpring(_ spring: Spring, duration: Double, zeta: Double) {
            #expect(abs(spring.duration - duration) < 1e-12)
            #expect(abs(spring.dampingRatio - zeta) < 1e-12)
        }
        expectSpring(Spring(), duration: 0.5, zeta: 1)
        expectSpring(.smooth, duration: 0.5, zeta: 1)
        expectSpring(.snappy, duration: 0.5, zeta: 1 - 0.15)
        expectSpring(.bouncy, duration: 0.5, zeta: 1 - 0.3)
        expectSpring(.smooth(duration: 0.5, extraBounce: 0.08), duration: 0.5, zeta: 1 - 0.08)
        expectSpring(.snappy(duration: 0.3, extraBounce: 0.1), duration: 0.3, zeta: 1 - 0.25)
        expectSpring(.bouncy(duration: 0.8, extraBounce: -0.1), duration: 0.8, zeta: 1 - 0.2)
    }
}

extension Spring {
    /// ω0·T for the clamped 10 s settling duration, recomputed from the public getters.
    fileprivate var settlingDurationProductCheck: Double {
        let omega0 = 2 * Double.pi / response
        // (1 + u)e^(−u) = ε ⇒ u/ω0 is the settling duration.
        var u = 9.0
        for _ in 0..<50 { u -= ((1 + u) * exp(-u) - 0.001) / (-u * exp(-u)) }
        return u / omega0
    }
}
