import Foundation
import MorphKit
import Testing

@Suite struct VelocitySamplerTests {
    @Test func needsTwoSamples() {
        var sampler = VelocitySampler<Double>()
        #expect(sampler.velocity(at: 0) == 0)
        sampler.addSample(10, time: 0)
        #expect(sampler.velocity(at: 0) == 0)
        sampler.addSample(20, time: 0.1)
        #expect(abs(sampler.velocity(at: 0.1) - 100) < 1e-9)
    }

    @Test func blendsTheLastTwoRates() {
        var sampler = VelocitySampler<Point>()
        sampler.addSample(Point(x: 0, y: 0), time: 0)  // dropped: only the last 3 count
        sampler.addSample(Point(x: 100, y: 0), time: 1)
        sampler.addSample(Point(x: 110, y: 0), time: 1.01)  // previous rate 1000/s
        sampler.addSample(Point(x: 150, y: 10), time: 1.02)  // latest rate (4000, 1000)/s
        let v = sampler.velocity(at: 1.02)
        #expect(abs(v.x - (0.25 * 4000 + 0.75 * 1000)) < 1e-6)
        #expect(abs(v.y - (0.25 * 1000 + 0.75 * 0)) < 1e-6)
        #expect(sampler.samples.count == 3)
    }

    @Test func aStepIsKeptWholeFor40MsThenFadesToZeroAt100Ms() {
        var sampler = VelocitySampler<Double>()
        sampler.addSample(0, time: 0)
        sampler.addSample(10, time: 0.01)  // 1000/s
        #expect(abs(sampler.velocity(at: 0.01) - 1000) < 1e-9)
        #expect(abs(sampler.velocity(at: 0.05) - 1000) < 1e-9)
        #expect(abs(sampler.velocity(at: 0.08) - 1000 * 0.5) < 1e-9)
        #expect(sampler.velocity(at: 0.11) == 0)
        #expect(sampler.velocity(at: 2) == 0)
    }

    /// The device rule: a finger that stopped before lifting hands over no velocity. A lift
    /// half a second after the last move (no move between, as a browser reports a resting
    /// pointer) adds a still step, and the fast step before it has faded.
    @Test func aLiftAfterAHeldFingerHasNoVelocity() {
        var sampler = VelocitySampler<Double>()
        sampler.addSample(370, time: 0)
        sampler.addSample(300, time: 0.016)
        sampler.addSample(200, time: 0.033)
        sampler.addSample(200, time: 0.533)
        #expect(sampler.velocity(at: 0.533) == 0)
    }

    /// A flick lifted within a frame of its last move keeps SwiftUI's blend untouched, and a
    /// move after a rest counts only its own (slow) step.
    @Test func aFlickKeepsItsVelocityAndAMoveAfterARestStartsAfresh() {
        var flick = VelocitySampler<Double>()
        flick.addSample(370, time: 0)
        flick.addSample(300, time: 0.016)
        flick.addSample(300, time: 0.032)  // lifted where the last move was
        #expect(abs(flick.velocity(at: 0.032) - 0.75 * (-70 / 0.016)) < 1e-9)
        var rested = VelocitySampler<Double>()
        rested.addSample(370, time: 0)
        rested.addSample(300, time: 0.016)
        rested.addSample(299, time: 0.516)  // 1 pt in half a second
        #expect(abs(rested.velocity(at: 0.516) - 0.25 * (-1 / 0.5)) < 1e-9)
    }

    @Test func sameInstantReplacesAndEarlierIsIgnored() {
        var sampler = VelocitySampler<Double>()
        sampler.addSample(0, time: 0)
        sampler.addSample(5, time: 1)
        sampler.addSample(7, time: 1)
        sampler.addSample(100, time: 0.5)
        #expect(sampler.samples.count == 2)
        #expect(abs(sampler.velocity(at: 1) - 7) < 1e-12)
        sampler.reset()
        #expect(sampler.samples.isEmpty)
    }

    @Test func dragPredictionIsTheQuarterSecondProjection() {
        let end = DragPrediction.predictedEnd(location: Point(x: 100, y: 200), velocity: Point(x: 800, y: -400))
        #expect(end == Point(x: 300, y: 100))
    }
}
