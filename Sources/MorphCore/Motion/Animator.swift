import Foundation

/// Drives one value toward its target on an injected clock, the way SwiftUI's
/// `FluidSpringAnimation` does (as OpenSwiftUI reconstructs it).
///
/// Frames must match what SwiftUI shows, so this is SwiftUI's runtime model, not the exact
/// closed form: fixed 1/300 s velocity-Verlet steps counted by an integer (no accumulated
/// float drift; a spring too stiffly damped for that step takes sub-steps), the stiffness
/// capped at 45 000, completion thresholds on velocity, force
/// and distance, a skip over stalls longer than a second, and retargeting that merges into
/// the running spring, keeping position and velocity and gliding the response over the new
/// animation's `blendDuration`. Time is always a parameter: the same calls give the same
/// values bit for bit.
///
/// `@inlinable` throughout: the runtime's animators are `Animator<Double>` and `Animator<Point>`
/// in another module, and only inlinable code is specialised there (unspecialised, every
/// frame looked up generic metadata and went through witness tables).
public struct Animator<Value: VectorArithmetic & Sendable & Hashable>: Sendable, Hashable {
    /// The integrator's fixed step, 1/300 s.
    @inlinable public static var stepsPerSecond: Double { 300 }

    /// One running spring: SwiftUI's `FluidSpringAnimation` state plus its bookkeeping.
    @usableFromInline struct Motion: Sendable, Hashable {
        /// Where the value was when the first merged animation began; presented value is
        /// `base + offset` (SwiftUI's `model − interval + offset`).
        @usableFromInline var base: Value
        /// The cumulative change the spring moves toward (SwiftUI's `interval`).
        @usableFromInline var interval: Value
        @usableFromInline var offset: Value
        @usableFromInline var velocity: Value
        @usableFromInline var force: Value
        @usableFromInline var animation: Animation
        /// The time the current segment (start or last merge) began, and the integer number
        /// of steps taken since: the state is at `segmentStart + stepCount / 300`.
        @usableFromInline var segmentStart: Double
        @usableFromInline var stepCount: Int
        /// Response blending after a merge: the response difference still to glide away.
        @usableFromInline var blendStart: Double
        @usableFromInline var blendInterval: Double

        @inlinable init(
            base: Value, interval: Value, offset: Value, velocity: Value, force: Value, animation: Animation,
            segmentStart: Double, stepCount: Int, blendStart: Double, blendInterval: Double
        ) {
            self.base = base
            self.interval = interval
            self.offset = offset
            self.velocity = velocity
            self.force = force
            self.animation = animation
            self.segmentStart = segmentStart
            self.stepCount = stepCount
            self.blendStart = blendStart
            self.blendInterval = blendInterval
        }
    }

    /// The value shown at the last `advance` (or the target after a jump).
    @inlinable public var value: Value { shown }
    /// `value`'s storage, settable by inlinable code (a `private(set)` setter is not).
    @usableFromInline var shown: Value
    /// The model value the animator moves toward.
    @inlinable public var target: Value { model }
    /// `target`'s storage, settable by inlinable code.
    @usableFromInline var model: Value
    /// Multiplier applied before the absolute completion thresholds (SwiftUI's `unitScale`).
    public let unitScale: Double
    @usableFromInline var motion: Motion?

    /// An animator at rest at `value`, with absolute completion thresholds in value units.
    @inlinable public init(value: Value) {
        self.init(value: value, unitScale: 1)
    }

    /// An animator at rest whose completion thresholds (|v| ≤ 0.06, |a| ≤ 0.06) apply to the
    /// value multiplied by `unitScale`.
    ///
    /// SwiftUI multiplies unit-interval quantities (angles, unit points, colour components) by
    /// 128 before testing completion; a progress in 0...1 wants the same, or it would stop
    /// visibly short of its target.
    @inlinable public init(value: Value, unitScale: Double) {
        self.shown = value
        self.model = value
        self.unitScale = unitScale
    }

    /// The velocity at the last `advance`, in value units per second; zero at rest.
    @inlinable public var velocity: Value { motion?.velocity ?? .zero }

    /// Whether a spring is running (the value has not yet snapped to its target).
    @inlinable public var isAnimating: Bool { motion != nil }

    /// The animation currently running, if any.
    @inlinable public var animation: Animation? { motion?.animation }

    /// Moves the target to `target`, animating with `animation` from `time` on.
    ///
    /// `nil` animation = jump (Reduce Motion): value and target become `target` and any
    /// running spring stops. Mid-flight calls retarget (merge), never queue: the state is
    /// first brought to `time`, then the new spring takes over its position, velocity and
    /// force, and if the response changed it glides from the old response over the new
    /// animation's `blendDuration`. `initialVelocity` (for example a gesture's tracked
    /// velocity) replaces the carried-over velocity.
    @inlinable public mutating func animate(
        to target: Value, with animation: Animation?, at time: Double, initialVelocity: Value? = nil
    ) {
        guard let animation else {
            self.model = target
            shown = target
            motion = nil
            return
        }
        advance(to: time)
        let change = target - self.model
        self.model = target
        if var running = motion {
            running.interval = running.interval + change
            if let initialVelocity { running.velocity = initialVelocity }
            let previousResponse = running.animation.response
            if previousResponse != animation.response && animation.blendDuration > 0 {
                running.blendInterval = previousResponse - animation.response
                running.blendStart = time
            } else {
                running.blendInterval = 0
            }
            running.animation = animation
            running.segmentStart = time
            running.stepCount = 0
            motion = running
        } else {
            motion = Motion(
                base: value,
                interval: target - value,
                offset: .zero,
                velocity: initialVelocity ?? .zero,
                force: .zero,
                animation: animation,
                segmentStart: time,
                stepCount: 0,
                blendStart: time,
                blendInterval: 0
            )
        }
    }

    /// This animation shown at `value` on its way to its target, which it keeps: a frame posed
    /// part of the way (`ComponentSession.scene(posed:)`); the spring itself is not run.
    @inlinable package func shown(at value: Value) -> Animator {
        var posed = self
        posed.shown = value
        return posed
    }

    /// Integrates the running spring up to the first step time at or after `time`.
    ///
    /// Earlier times than the state leave it unchanged (time never runs backwards). When the
    /// completion thresholds are met the value snaps to the target and the spring stops.
    @inlinable public mutating func advance(to time: Double) {
        guard var running = motion else { return }
        let stepLength = 1 / Animator.stepsPerSecond
        // Skip long stalls: resume one 60 Hz frame before `time` rather than replaying them.
        if time - (running.segmentStart + Double(running.stepCount) * stepLength) > 1 {
            running.segmentStart = time - 1.0 / 60
            running.stepCount = 0
        }
        let wanted = Int(((time - running.segmentStart) * Animator.stepsPerSecond - 1e-9).rounded(.up))
        guard wanted > running.stepCount else {
            motion = running
            return
        }
        let response = Animator.effectiveResponse(of: running, at: time)
        let stiffness = response > 0 ? min(pow(2 * Double.pi / response, 2), 45_000) : 45_000
        let damping = 2 * stiffness.squareRoot() * running.animation.dampingFraction
        var offset = running.offset
        var velocity = running.velocity
        var force = running.force
        let interval = running.interval
        // Velocity-Verlet with explicit damping multiplies the half-step velocity by about
        // (1 − c·h) per step, so it diverges once c·h passes 2 (response 0.15 s at a damping
        // fraction above ~7.2). SwiftUI's single 1/300 s step is kept wherever c·h ≤ 1, so
        // every ordinary spring moves exactly as before; a stiffer one takes equal sub-steps
        // short enough that each has c·h ≤ 1, which keeps it stable and near the closed form.
        // (At most 4096: a damping fraction past the session's limit of 10 needs ~15.)
        let dampingPerStep = damping * stepLength
        let subSteps = dampingPerStep > 1 ? Int(Swift.min(dampingPerStep, 4096).rounded(.up)) : 1
        let subStep = stepLength / Double(subSteps)
        let halfStep = subStep / 2
        for _ in running.stepCount..<wanted {
            for _ in 0..<subSteps {
                let halfVelocity = velocity + force.scaled(by: halfStep)
                offset = offset + halfVelocity.scaled(by: subStep)
                force = (interval - offset).scaled(by: stiffness) - halfVelocity.scaled(by: damping)
                velocity = halfVelocity + force.scaled(by: halfStep)
            }
        }
        running.offset = offset
        running.velocity = velocity
        running.force = force
        running.stepCount = wanted

        if Animator.isComplete(running, unitScale: unitScale) {
            shown = target
            motion = nil
        } else {
            shown = running.base + offset
            motion = running
        }
    }

    /// The response in effect at `time`: while blending, the new response plus the remaining
    /// difference scaled by `1 − smoothstep(p)`, p clamped to 0...1 (`FluidSpringAnimation`'s blend).
    @inlinable static func effectiveResponse(of motion: Motion, at time: Double) -> Double {
        let blendDuration = motion.animation.blendDuration
        guard blendDuration > 0, motion.blendInterval != 0 else { return motion.animation.response }
        let progress = min(1, max(0, (time - motion.blendStart) / blendDuration))
        let smooth = progress * progress * (3 - 2 * progress)
        return motion.animation.response + motion.blendInterval * (1 - smooth)
    }

    /// SwiftUI's completion rule: `max(v², a²) ≤ 0.0036` and within 1 % of the change.
    @inlinable static func isComplete(_ motion: Motion, unitScale: Double) -> Bool {
        let scale2 = unitScale * unitScale
        let velocity2 = motion.velocity.magnitudeSquared * scale2
        let force2 = motion.force.magnitudeSquared * scale2
        guard max(velocity2, force2) <= 0.0036 else { return false }
        let interval2 = motion.interval.magnitudeSquared
        if interval2 == 0 { return true }
        return (motion.interval - motion.offset).magnitudeSquared <= 0.0001 * interval2
    }
}
