import MorphKit
import MorphTestSupport
import Testing

@Suite struct InterpolationTests {
    @Test func lerpIsAffineAndUnclamped() {
        #expect(lerp(96, 384, 0) == 96)
        #expect(lerp(96, 384, 1) == 384)
        #expect(lerp(96, 384, 0.5) == 240)
        // A spring overshooting p = 1 overshoots the lerped dimension too.
        #expect(lerp(0, 10, 1.1) > 10)
    }

    @Test func rampMapsTheWindowAndClamps() {
        #expect(ramp(0.69, 0.50, 0.88) > 0.49 && ramp(0.69, 0.50, 0.88) < 0.51)
        #expect(ramp(0.2, 0.50, 0.88) == 0)
        #expect(ramp(0.95, 0.50, 0.88) == 1)
        #expect(ramp(-3, 0, 0.25) == 0)
    }

    @Test func rampDegenerateWindowIsAStepAtTo() {
        // to <= from: 1 once value >= to, else 0 (seed 000).
        #expect(ramp(0.3, 0.5, 0.5) == 0)
        #expect(ramp(0.5, 0.5, 0.5) == 1)
        #expect(ramp(0.7, 0.5, 0.5) == 1)
        #expect(ramp(0.35, 0.5, 0.3) == 1)
        #expect(ramp(0.29, 0.5, 0.3) == 0)
    }

    @Test func easeOutIsCubic() {
        #expect(easeOut(0) == 0)
        #expect(easeOut(1) == 1)
        let t = 0.3
        #expect(abs(easeOut(t) - (1 - (0.7 * 0.7 * 0.7))) < 1e-15)
        #expect(easeOut(0.5) > 0.5)  // ease-out: ahead of linear
    }

    @Test func rubberClampLeavesTheRangeUnchanged() {
        for value in stride(from: 44.0, through: 1000.0, by: 13.7) {
            #expect(rubberClamp(44, value, 1_000_000) == value)
        }
        #expect(rubberClamp(0, 5, 10) == 5)
    }

    @Test func rubberClampIsMonotonicWithBoundedOvershoot() {
        withEverySeed(1...20) { seed, random in
            let low = Double.random(in: -500...500, using: &random)
            let range = Double.random(in: 1...800, using: &random)
            let high = low + range
            var previous = -Double.infinity
            for step in 0...400 {
                let value = low - 3 * range + Double(step) * (7 * range / 400)
                let clamped = rubberClamp(low, value, high)
                #expect(clamped >= previous, "seed \(seed)")
                previous = clamped
                // Never further outside than the range, and never further than the input.
                #expect(clamped > low - range && clamped < high + range, "seed \(seed)")
                if value < low { #expect(clamped >= value && clamped <= low) }
                if value > high { #expect(clamped <= value && clamped >= high) }
            }
        }
    }

    @Test func rubberClampMatchesTheBandFormula() {
        // Overshoot d past max maps to (1 − 1/(d·c/range + 1))·range.
        let d = 30.0, range = 100.0, c = 0.55
        let expected = 100 + (1 - 1 / (d * c / range + 1)) * range
        #expect(abs(rubberClamp(0, 130, 100) - expected) < 1e-12)
        #expect(abs(rubberClamp(0, -30, 100) - (0 - (1 - 1 / (d * c / range + 1)) * range)) < 1e-12)
        // Curtain: a drag to x = 4 (40 pt left of the 44 pt stop) barely moves past it.
        let curtain = rubberClamp(44, 4, 1_000_000)
        #expect(curtain < 44 && curtain > 4)
    }
}
