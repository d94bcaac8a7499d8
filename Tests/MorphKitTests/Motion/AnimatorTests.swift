import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct AnimatorTests {
    /// Frames at 60 Hz, as the renderer and replay tick.
    static let frame = 1.0 / 60

    @Test(arguments: [(0.42, 0.82), (0.36, 0.9), (0.55, 1.0), (0.5, 0.7), (0.4, 1.5)])
    func followsTheODEWithinTheFluidIntegratorsError(response: Double, zeta: Double) {
        var animator = Animator(value: 0.0)
        animator.animate(to: 288, with: .spring(response: response, dampingFraction: zeta), at: 0)
        let ode = SpringODE(response: response, dampingRatio: zeta)
        var frames = 0
        while animator.isAnimating && frames < 600 {
            frames += 1
            let t = Double(frames) * Self.frame
            animator.advance(to: t)
            guard animator.isAnimating else { break }
            // The 300 Hz velocity-Verlet differs from the exact motion by < 0.6 % of the
            // distance for responses ≥ 0.36 s; allow 1 %.
            let truth = ode.solve(target: 288, time: t)
            #expect(abs(animator.value - truth.x) < 0.01 * 288, "t = \(t)")
            #expect(abs(animator.velocity - truth.v) < 0.03 * 288 * 2 * Double.pi / response, "t = \(t)")
        }
        #expect(!animator.isAnimating)
        #expect(animator.value == 288)
        #expect(animator.velocity == 0)
        // It finished about when the exact spring settles within 1 %.
        let finish = Double(frames) * Self.frame
        #expect(finish < 4)
    }

    @Test func interactiveSpringStaysClose() {
        var animator = Animator(value: Point(x: 390, y: 400))
        animator.animate(to: Point(x: 200, y: 380), with: .interactiveSpring, at: 1)
        let ode = SpringODE(response: 0.15, dampingRatio: 0.85)
        for step in 1...20 {
            let t = 1 + Double(step) * Self.frame
            animator.advance(to: t)
            if !animator.isAnimating { break }
            let truthX = 390 + ode.solve(target: -190, time: t - 1).x
            #expect(abs(animator.value.x - truthX) < 0.02 * 190)
        }
    }

    @Test func initialVelocityIsHandedOver() {
        var animator = Animator(value: 300.0)
        animator.animate(to: 44, with: .default, at: 0, initialVelocity: -2000)
        let ode = SpringODE(response: 0.55, dampingRatio: 1)
        animator.advance(to: 0.1)
        let truth = ode.solve(target: -256, v0: -2000, time: 0.1)
        #expect(abs(animator.value - (300 + truth.x)) < 0.01 * 2000 * 0.1)
        // Without the hand-off the value would lag far behind.
        var still = Animator(value: 300.0)
        still.animate(to: 44, with: .default, at: 0)
        still.advance(to: 0.1)
        #expect(animator.value < still.value - 50)
    }

    @Test func retargetKeepsPositionAndVelocity() {
        var animator = Animator(value: 0.0)
        animator.animate(to: 1, with: .spring(response: 0.42, dampingFraction: 0.82), at: 0)
        animator.advance(to: 10 * Self.frame)
        let before = (animator.value, animator.velocity)
        #expect(animator.velocity > 0)
        animator.animate(to: 0, with: .spring(response: 0.36, dampingFraction: 0.9), at: 10 * Self.frame)
        #expect(animator.value == before.0)
        #expect(animator.velocity == before.1)
        #expect(animator.target == 0)
        // One integrator step later both have moved continuously: the jump is bounded by
        // what one 1/300 s step can do, never a restart from rest.
        animator.advance(to: 10 * Self.frame + 1.0 / 300)
        #expect(abs(animator.value - before.0) < abs(before.1) / 300 * 1.5)
        let k = pow(2 * Double.pi / 0.36, 2)
        #expect(abs(animator.velocity - before.1) < (k * 1.2 + 40 * abs(before.1)) / 300)
        // Momentum: it keeps rising a little before turning back, never queues.
        #expect(animator.value > before.0)
        var frames = 0
        while animator.isAnimating && frames < 600 {
            frames += 1
            animator.advance(to: 10 * Self.frame + Double(frames) * Self.frame)
        }
        #expect(animator.value == 0)
    }

    @Test func retargetMatchesTheODEFromTheHandedOverState() {
        var animator = Animator(value: 0.0)
        animator.animate(to: 100, with: .spring(response: 0.42, dampingFraction: 0.82), at: 0)
        animator.advance(to: 0.1)
        let x0 = animator.value, v0 = animator.velocity
        animator.animate(to: -50, with: .spring(response: 0.42, dampingFraction: 0.82), at: 0.1)
        let ode = SpringODE(response: 0.42, dampingRatio: 0.82)
        for step in 1...30 {
            let t = 0.1 + Double(step) * Self.frame
            animator.advance(to: t)
            let truth = ode.solve(target: -50, x0: x0, v0: v0, time: t - 0.1)
            #expect(abs(animator.value - truth.x) < 0.01 * 150)
        }
    }

    @Test func responseBlendsOverBlendDuration() {
        // Same start; one retarget blends from response 1.0 to 0.15 over 0.25 s, the other
        // switches at once. The blended one must move more slowly at first.
        func run(blend: Double) -> [Double] {
            var animator = Animator(value: 0.0)
            animator.animate(to: 100, with: .spring(response: 1.0, dampingFraction: 1), at: 0)
            animator.advance(to: 0.05)
            animator.animate(
                to: 200, with: .interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: blend), at: 0.05)
            return (1...30).map { frame in
                animator.advance(to: 0.05 + Double(frame) * Self.frame)
                return animator.value
            }
        }
        let blended = run(blend: 0.25), switched = run(blend: 0)
        #expect(blended[3] < switched[3] - 1)
        // Both arrive at the same target.
        var a = Animator(value: 0.0)
        a.animate(to: 1, with: .interactiveSpring, at: 0)
        #expect(a.isAnimating)
    }

    @Test func nilAnimationJumps() {
        var animator = Animator(value: 0.0)
        animator.animate(to: 1, with: .default, at: 0)
        animator.advance(to: 0.1)
        #expect(animator.isAnimating)
        animator.animate(to: 0, with: nil, at: 0.1)
        #expect(animator.value == 0 && animator.target == 0 && !animator.isAnimating && animator.velocity == 0)
    }

    @Test func longStallsAreSkipped() {
        // After a stall longer than a second the spring resumes one 60 Hz frame before "now".
        var stalled = Animator(value: 0.0)
        stalled.animate(to: 1, with: .default, at: 0)
        stalled.advance(to: 3)
        var fresh = Animator(value: 0.0)
        fresh.animate(to: 1, with: .default, at: 0)
        fresh.advance(to: Self.frame)
        #expect(stalled.value == fresh.value)
        #expect(stalled.velocity == fresh.velocity)
    }

    @Test func timeNeverRunsBackwards() {
        var animator = Animator(value: 0.0)
        animator.animate(to: 1, with: .default, at: 0)
        animator.advance(to: 0.2)
        let value = animator.value
        animator.advance(to: 0.1)
        #expect(animator.value == value)
    }

    @Test func isBitForBitDeterministic() {
        func run(_ seed: UInt64) -> [Animator<Point>] {
            var random = SeededRandomNumberGenerator(seed: seed)
            var animator = Animator(value: Point(x: 390, y: 300))
            var states: [Animator<Point>] = []
            var t = 0.0
            for _ in 0..<200 {
                t += Double.random(in: 0.001...0.05, using: &random)
                if Double.random(in: 0...1, using: &random) < 0.1 {
                    let target = Point(x: .random(in: 0...400, using: &random), y: .random(in: 0...800, using: &random))
                    animator.animate(to: target, with: .interactiveSpring, at: t)
                }
                animator.advance(to: t)
                states.append(animator)
            }
            return states
        }
        withEverySeed(1...5) { seed, _ in
            let first = run(seed), second = run(seed)
            #expect(first == second, "seed \(seed)")
            for state in first {
                #expect(state.value.x.isFinite && state.value.y.isFinite)
            }
        }
    }

    @Test func unitScaleTightensCompletion() {
        func frames(unitScale: Double) -> Int {
            var animator = Animator(value: 0.0, unitScale: unitScale)
            animator.animate(to: 1, with: .spring(response: 0.42, dampingFraction: 0.82), at: 0)
            var frames = 0
            while animator.isAnimating { frames += 1; animator.advance(to: Double(frames) * Self.frame) }
            return frames
        }
        #expect(frames(unitScale: 128) > frames(unitScale: 1))
    }
}
