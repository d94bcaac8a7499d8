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
        sampler.addSample(Point(x: 110, y: 0), time: 1.1)  // previous rate 100/s
        sampler.addSample(Point(x: 150, y: 10), time: 1.2)  // latest rate (400, 100)/s
        let v = sampler.velocity(at: 1.2)
        #expect(abs(v.x - (0.25 * 400 + 0.75 * 100)) < 1e-9)
        #expect(abs(v.y - (0.25 * 100 + 0.75 * 0)) < 1e-9)
        #expect(sampler.samples.count == 3)
    }

    @Test func decaysAndExpires() {
        var sampler = VelocitySampler<Double>()
        sampler.addSample(0, time: 0)
        sampler.addSample(10, time: 0.01)
        let v = sampler.velocity(at: 0.01)
        #expect(abs(sampler.velocity(at: 0.11) - v * pow(0.998, 100)) < 1e-9)
        #expect(sampler.velocity(at: 2.0) != 0)
        #expect(sampler.velocity(at: 2.02) == 0)
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
