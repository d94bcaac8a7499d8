import Foundation

/// Estimates a gesture's velocity from its last samples, as SwiftUI hands a drag's velocity
/// to the spring that follows it (OpenSwiftUI's `VelocitySampler`).
///
/// Keeps the last three samples; the velocity is `0.25·v_latest + 0.75·v_previous` (the two
/// finite differences), which damps the jitter of the newest pointer event. Read later, it
/// decays as `0.998^((t − t_last)·1000)` and is zero from 2 s after the last sample, so a
/// finger that stopped before lifting hands over (almost) no velocity.
public struct VelocitySampler<Value: VectorArithmetic & Sendable & Hashable>: Sendable, Hashable {
    /// A recorded (value, time) pair.
    public struct Sample: Sendable, Hashable {
        /// The tracked value (for example a drag location).
        public var value: Value
        /// When it was observed, in seconds.
        public var time: Double
    }

    /// The retained samples, oldest first; at most three.
    public private(set) var samples: [Sample] = []

    /// An empty sampler: velocity zero until two samples arrive.
    public init() {}

    /// Records `value` at `time`. A sample at the same time as the newest replaces it (two
    /// events in one instant carry no rate); an earlier one is ignored.
    public mutating func addSample(_ value: Value, time: Double) {
        if let last = samples.last {
            if time < last.time { return }
            if time == last.time {
                samples[samples.count - 1] = Sample(value: value, time: time)
                return
            }
        }
        samples.append(Sample(value: value, time: time))
        if samples.count > 3 { samples.removeFirst() }
    }

    /// Forgets every sample (a new gesture begins).
    public mutating func reset() {
        samples.removeAll()
    }

    /// The smoothed velocity at the newest sample, before decay.
    public var sampledVelocity: Value {
        guard samples.count >= 2 else { return .zero }
        let count = samples.count
        let latest = Self.rate(from: samples[count - 2], to: samples[count - 1])
        guard count == 3 else { return latest }
        let previous = Self.rate(from: samples[0], to: samples[1])
        return latest.scaled(by: 0.25) + previous.scaled(by: 0.75)
    }

    /// The velocity as read at `time`: decayed since the newest sample, zero after 2 s.
    public func velocity(at time: Double) -> Value {
        guard let last = samples.last else { return .zero }
        let elapsed = max(0, time - last.time)
        guard elapsed <= 2 else { return .zero }
        return sampledVelocity.scaled(by: pow(0.998, elapsed * 1000))
    }

    private static func rate(from older: Sample, to newer: Sample) -> Value {
        (newer.value - older.value).scaled(by: 1 / (newer.time - older.time))
    }
}
