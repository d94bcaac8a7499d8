import Foundation
import MorphKit
import Testing

/// Springs across the whole range a component file may ask for (response ≥ 0, damping
/// fraction 0…10): none diverges, the stiffly damped ones follow the closed form, and every
/// other one moves exactly as SwiftUI's single 300 Hz step does.
@Suite struct StiffSpringTests {
    static let responses = [0, 0.01, 0.03, 0.05, 0.1, 0.15, 0.2, 0.5, 1, 2]
    static let dampingFractions = [0, 0.05, 0.5, 0.7, 1, 1.5, 2, 5, 7.2, 10]
    static let distance = 288.0
    static let frame = 1.0 / 60
    static let step = 1.0 / 300

    /// The stiffness and damping the animator derives from a response and damping fraction
    /// (stiffness capped at 45 000, as SwiftUI caps it).
    static func coefficients(response: Double, dampingFraction: Double) -> (stiffness: Double, damping: Double) {
        let stiffness = response > 0 ? min(pow(2 * Double.pi / response, 2), 45_000) : 45_000
        return (stiffness, 2 * stiffness.squareRoot() * dampingFraction)
    }

    /// The animator's frames at 60 Hz over `seconds` (fewer when it comes to rest).
    static func frames(response: Double, dampingFraction: Double, seconds: Double) -> [Double] {
        var animator = Animator(value: 0.0)
        animator.animate(to: distance, with: .spring(response: response, dampingFraction: dampingFraction), at: 0)
        var values: [Double] = []
        for index in 1...Int(seconds * 60) {
            animator.advance(to: Double(index) * frame)
            values.append(animator.value)
            if !animator.isAnimating { break }
        }
        return values
    }

    @Test func noSpringInTheAllowedRangeDiverges() {
        for response in Self.responses {
            for dampingFraction in Self.dampingFractions {
                let values = Self.frames(response: response, dampingFraction: dampingFraction, seconds: 10)
                // An undamped spring swings to twice the distance; the 300 Hz step lets one at
                // the stiffness cap (ω·h ≈ 0.71) swing 1/√(1 − (ω·h/2)²) ≈ 7 % wider, no more.
                let worst = values.map(abs).max() ?? 0
                #expect(
                    values.allSatisfy(\.isFinite) && worst <= 2.1 * Self.distance,
                    "response \(response), damping fraction \(dampingFraction): reached \(worst)")
            }
        }
    }

    /// The session's own example: response 0.15 s at damping fraction 7.2 or 10 came to rest,
    /// instead of running off to 1e301.
    @Test(arguments: [(0.15, 7.2), (0.15, 10.0), (0.2, 10.0), (0.0, 10.0)])
    func stifflyDampedSpringsComeToRest(response: Double, dampingFraction: Double) {
        let values = Self.frames(response: response, dampingFraction: dampingFraction, seconds: 10)
        #expect(values.last == Self.distance)
        #expect(values.count < 600, "still moving after 10 s")
    }

    @Test func stifflyDampedSpringsFollowTheClosedForm() {
        var checked = 0
        for response in Self.responses {
            for dampingFraction in Self.dampingFractions {
                let (stiffness, damping) = Self.coefficients(response: response, dampingFraction: dampingFraction)
                // Only the springs whose damping needs more than one step per 1/300 s.
                guard damping * Self.step > 1 else { continue }
                checked += 1
                let exact = Spring(stiffness: stiffness, damping: damping, allowOverDamping: true)
                let values = Self.frames(response: response, dampingFraction: dampingFraction, seconds: 10)
                for (index, value) in values.enumerated() {
                    let time = Double(index + 1) * Self.frame
                    let truth = exact.value(target: Self.distance, time: time)
                    // Within 3.5 % of the distance: the sub-steps' error is largest at the
                    // damping where they begin (c·h just past 1, ζ = 1 at the stiffness cap).
                    #expect(
                        abs(value - truth) <= 0.035 * Self.distance,
                        "response \(response), damping fraction \(dampingFraction), t = \(time): \(value) against \(truth)")
                }
            }
        }
        #expect(checked > 20)
    }

    /// Every spring that needs no sub-steps takes SwiftUI's plain 1/300 s velocity-Verlet
    /// steps, bit for bit: frames already recorded do not move.
    @Test func ordinarySpringsKeepTheSingleStep() {
        var checked = 0
        for response in Self.responses {
            for dampingFraction in Self.dampingFractions {
                let (stiffness, damping) = Self.coefficients(response: response, dampingFraction: dampingFraction)
                guard damping * Self.step <= 1 else { continue }
                checked += 1
                var offset = 0.0, velocity = 0.0, force = 0.0
                var plain: [Double] = []
                let values = Self.frames(response: response, dampingFraction: dampingFraction, seconds: 2)
                for _ in values.indices {
                    for _ in 0..<5 {
                        let halfVelocity = velocity + force * (Self.step / 2)
                        offset = offset + halfVelocity * Self.step
                        force = (Self.distance - offset) * stiffness - halfVelocity * damping
                        velocity = halfVelocity + force * (Self.step / 2)
                    }
                    plain.append(offset)
                }
                // The last frame is the target once the animator has stopped.
                let compared = values.count < 120 ? values.count - 1 : values.count
                #expect(
                    Array(values.prefix(compared)) == Array(plain.prefix(compared)),
                    "response \(response), damping fraction \(dampingFraction)")
            }
        }
        #expect(checked > 40)
    }
}
