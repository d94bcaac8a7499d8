import Foundation

/// Estimates a gesture's velocity from its last samples, as SwiftUI hands a drag's velocity
/// to `DragGesture.Value.velocity` and `predictedEndLocation` (OpenSwiftUI's `VelocitySampler`).
///
/// Keeps the last three samples; the velocity is `0.25·v_latest + 0.75·v_previous` (the two
/// finite differences), which damps the jitter of the newest pointer event.
///
/// **A finger at rest.** Apple documents only that the velocity is in points per second and
/// that the prediction is "based on the current drag velocity" (`UIPanGestureRecognizer
/// .velocity(in:)`, `DragGesture.Value.predictedEndLocation`). What is measurable: on a device
/// a finger held still keeps producing touch samples every frame, so SwiftUI's sampler sees
/// zero steps and a pan stopped before lifting ends with about zero velocity; where a resting
/// pointer sends nothing (the simulator's mouse, a browser, a recording) the last fast step
/// survives to the lift (a public report: Stack Overflow, "UIView animation based on
/// UIPanGestureRecognizer velocity", device vs simulator). Morph's pointers are of the second
/// kind, so each step's rate fades with the time since that step ended, standing in for the
/// rest samples a device would have sent:
/// - kept whole for `stillGrace` (40 ms): a dropped frame or two between pointer events is not
///   a stop (Chromium's and Android's velocity trackers assume a stopped pointer after 40 ms
///   without a move, `kAssumePointerMoveStoppedTimeMs`);
/// - then linearly down to zero at `stillHorizon` (100 ms), the window those trackers fit
///   over. A device's rest samples zero SwiftUI's blend two frames into a rest (33 ms at
///   60 Hz); the grace and the ramp trade that sharpness for tolerance of late pointer events.
/// A lift that follows a fast step within a frame keeps today's flick velocity exactly; a lift
/// after a 0.5 s hold hands over none, so the curtain springs back as on a device.
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

    /// How long a step's rate is kept whole after the step ended, in seconds.
    public static var stillGrace: Double { 0.04 }
    /// How long after a step ended its rate has faded to zero, in seconds.
    public static var stillHorizon: Double { 0.1 }

    /// The share of a step's rate still counted `age` seconds after the step ended: 1 up to
    /// `stillGrace`, falling linearly to 0 at `stillHorizon`.
    public static func stillnessFactor(age: Double) -> Double {
        min(1, max(0, (stillHorizon - age) / (stillHorizon - stillGrace)))
    }

    /// The velocity as read at `time` (normally the newest sample's): the blend of the last two
    /// steps, each faded by the time since it ended (`stillnessFactor`).
    public func velocity(at time: Double) -> Value {
        guard samples.count >= 2 else { return .zero }
        let count = samples.count
        let latest = Self.rate(from: samples[count - 2], to: samples[count - 1], readAt: time)
        guard count == 3 else { return latest }
        let previous = Self.rate(from: samples[0], to: samples[1], readAt: time)
        return latest.scaled(by: 0.25) + previous.scaled(by: 0.75)
    }

    private static func rate(from older: Sample, to newer: Sample, readAt time: Double) -> Value {
        let factor = stillnessFactor(age: max(0, time - newer.time))
        guard factor > 0 else { return .zero }
        return rate(from: older, to: newer).scaled(by: factor)
    }

    private static func rate(from older: Sample, to newer: Sample) -> Value {
        (newer.value - older.value).scaled(by: 1 / (newer.time - older.time))
    }
}
