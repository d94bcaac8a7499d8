import MorphKit
import Testing

@Suite struct AnimationTests {
    /// SwiftUI's inlinable bounce → damping fraction mapping, written out here.
    func fraction(_ bounce: Double) -> Double { bounce < 0 ? 1 / (bounce + 1) : 1 - bounce }

    func expect(_ animation: Animation, response: Double, zeta: Double, blend: Double, _ comment: Comment) {
        #expect(abs(animation.response - response) < 1e-12, comment)
        #expect(abs(animation.dampingFraction - zeta) < 1e-12, comment)
        #expect(abs(animation.blendDuration - blend) < 1e-12, comment)
    }

    @Test func everyPresetsParameters() {
        expect(.spring(response: 0.42, dampingFraction: 0.82), response: 0.42, zeta: 0.82, blend: 0, "container open")
        expect(
            .spring(response: 0.36, dampingFraction: min(1, 0.82 + 0.08)), response: 0.36, zeta: 0.90, blend: 0, "container close"
        )
        expect(.spring(response: 0.3), response: 0.3, zeta: 0.825, blend: 0, "response default ζ")
        expect(
            .spring(duration: 0.4, bounce: 0.2, blendDuration: 0.1), response: 0.4, zeta: fraction(0.2), blend: 0.1,
            "duration/bounce")
        expect(.spring(duration: 0.4, bounce: -0.5), response: 0.4, zeta: fraction(-0.5), blend: 0, "negative bounce")
        expect(.spring, response: 0.5, zeta: 1, blend: 0, ".spring")
        expect(.smooth, response: 0.5, zeta: fraction(0), blend: 0, ".smooth")
        expect(.snappy, response: 0.5, zeta: fraction(0.15), blend: 0, ".snappy")
        expect(.bouncy, response: 0.5, zeta: fraction(0.3), blend: 0, ".bouncy")
        expect(.smooth(duration: 0.5, extraBounce: 0.08), response: 0.5, zeta: fraction(0.08), blend: 0, "hero card")
        expect(.snappy(duration: 0.3, extraBounce: 0.05), response: 0.3, zeta: fraction(0.2), blend: 0, "snappy+")
        expect(.bouncy(duration: 0.7, extraBounce: 0.1), response: 0.7, zeta: fraction(0.4), blend: 0, "bouncy+")
        expect(.interactiveSpring, response: 0.15, zeta: fraction(0.15), blend: 0.25, ".interactiveSpring")
        expect(.interactiveSpring(response: 0.2), response: 0.2, zeta: 0.86, blend: 0.25, "interactive by response")
        expect(
            .interactiveSpring(duration: 0.2, extraBounce: 0.05), response: 0.2, zeta: fraction(0.2), blend: 0.25,
            "interactive by duration")
        expect(.default, response: 0.55, zeta: 1.0, blend: 0, ".default")
    }

    @Test func animationSpringMatchesItsParameters() {
        let spring = Animation.smooth(duration: 0.5, extraBounce: 0.08).spring
        #expect(abs(spring.response - 0.5) < 1e-12 && abs(spring.dampingRatio - 0.92) < 1e-12)
    }
}
