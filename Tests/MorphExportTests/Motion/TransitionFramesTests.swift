import Foundation
import MorphExport
import MorphKit
import Testing

@Suite struct TransitionFramesTests {
    /// x'' = -k (x - target) - c x' by a fourth-order Runge-Kutta of 1/12000 s steps: the
    /// truth the sampled frames must follow (written here, not taken from the solver).
    static func integrate(response: Double, dampingRatio: Double, from: Double, to: Double, until time: Double)
        -> Double
    {
        let k = pow(2 * Double.pi / response, 2)
        let c = 4 * Double.pi * dampingRatio / response
        var x = from, v = 0.0
        let steps = Int((time * 12_000).rounded())
        let h = time / Double(max(steps, 1))
        func accel(_ x: Double, _ v: Double) -> Double { -k * (x - to) - c * v }
        for _ in 0..<steps {
            let (k1x, k1v) = (v, accel(x, v))
            let (k2x, k2v) = (v + h / 2 * k1v, accel(x + h / 2 * k1x, v + h / 2 * k1v))
            let (k3x, k3v) = (v + h / 2 * k2v, accel(x + h / 2 * k2x, v + h / 2 * k2v))
            let (k4x, k4v) = (v + h * k3v, accel(x + h * k3x, v + h * k3v))
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    @Test(arguments: [(TransitionFrames.Direction.open, 0.42, 0.82), (.close, 0.36, 0.90)])
    func containerFramesFollowTheSpring(direction: TransitionFrames.Direction, response: Double, zeta: Double) {
        let samples = TransitionFrames.samples(variant: .morphContainer, direction: direction, fps: 60)
        let (from, to) = direction == .open ? (0.0, 1.0) : (1.0, 0.0)
        #expect(samples.first?.time == 0 && samples.first?.progress == from)
        for sample in samples.dropLast() {
            let truth = Self.integrate(response: response, dampingRatio: zeta, from: from, to: to, until: sample.time)
            // MorphKit's animator is SwiftUI's 300 Hz fluid integrator, within 0.6 % of the
            // exact motion (AnimatorTests); the export shows those very values, so allow 1 %.
            #expect(abs(sample.progress - truth) < 0.01, "t = \(sample.time)")
        }
        // Frames are 1/60 s apart and the last one is at rest on the target.
        for (a, b) in zip(samples, samples.dropFirst()) { #expect(abs(b.time - a.time - 1.0 / 60) < 1e-12) }
        #expect(samples.last?.progress == to)
        if direction == .open {
            #expect(samples.map(\.progress).max()! > 1.005, "the opening spring overshoots")
        } else {
            #expect(samples.map(\.progress).min()! >= -1e-3, "closing does not bounce past collapsed")
        }
    }

    @Test func reduceMotionJumps() {
        let samples = TransitionFrames.samples(variant: .heroCard, direction: .open, fps: 30, reduceMotion: true)
        #expect(samples.map(\.progress) == [0, 1])
    }
}
