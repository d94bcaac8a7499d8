/// A component's transition sampled frame by frame (`morph export --format svg --animate`
/// and `--format lottie`): the input its own machine offers, given at rest, then the session
/// advanced as a live one is, so an export shows exactly the overshoot and settling a viewer sees.
extension ComponentSession {
    /// Which transition to sample.
    public enum TransitionDirection: String, Sendable, CaseIterable {
        /// From the session's state at rest (a new session's initial state): the first input
        /// the machine offers that animates.
        case open
        /// From the state `open` settles in: the input that animates back.
        case close
    }

    /// One sampled frame.
    public struct TransitionFrame: Sendable {
        /// Seconds since the input (frame 0, before it, is at 0).
        public var time: Double
        /// The value of the file's `scrub` variable in this frame; nil for a file without one.
        public var scrub: Double?
        /// The session at this frame (its `scene()` is the frame).
        public var session: ComponentSession
    }

    /// The frames of the transition `direction` names, from this session's moment: frame 0 at
    /// rest before the input, then one every 1 / `fps` s after it until nothing animates
    /// (inclusive) or `maximumDuration` has passed. A machine that jumps (as the seeds' do
    /// under Reduce Motion) gives two frames.
    ///
    /// The input is a tap, press or drag the machine's transitions name (as `--state` poses
    /// reach states): the first that starts an animation, else the first that jumps; for
    /// `close`, one whose motion settles back where `open` began is preferred.
    public func transitionFrames(
        _ direction: TransitionDirection, fps: Double, maximumDuration: Double = 10
    ) throws(TransitionError) -> [TransitionFrame] {
        guard fps.isFinite, fps > 0 else { throw .badFPS(fps) }
        var start = self
        start.settleForPose()
        let initial = start.stateName
        if direction == .close {
            _ = start.take(try start.transitionStep(returningTo: nil))
            start.settleForPose()
        }
        var running = start
        _ = running.take(try start.transitionStep(returningTo: direction == .close ? initial : nil))
        var frames = [TransitionFrame(time: 0, scrub: start.scrubValue, session: start)]
        let inputTime = running.time
        for index in 1... {
            let time = Double(index) / fps
            running.advance(to: inputTime + time)
            frames.append(TransitionFrame(time: time, scrub: running.scrubValue, session: running))
            if !running.isAnimating || time >= maximumDuration { break }
        }
        return frames
    }

    /// The step the transition takes from here: the first that animates (with `origin`, the
    /// first of those that settles in it, if any does), else the first that jumps.
    private func transitionStep(returningTo origin: String?) throws(TransitionError) -> Step {
        var animating: [Step] = []
        var jumping: Step?
        for step in poseSteps() {
            var fired = self
            _ = fired.take(step)
            if fired.isAnimating {
                animating.append(step)
                if origin == nil { break }
                var settled = fired
                settled.settleForPose()
                if settled.stateName == origin { return step }
            } else if jumping == nil, fired.jumps > jumps {
                jumping = step
            }
        }
        guard let step = animating.first ?? jumping else { throw .noTransition(state: stateName) }
        return step
    }

    /// The value of the file's `scrub` variable as drawn now.
    private var scrubValue: Double? {
        let component = model
        guard let index = component.definition.scrubVariable else { return nil }
        if let override = component.override { return override }
        guard case .number(let value) = component.animators[index].readings(atTarget: false).value else { return nil }
        return value
    }
}

/// Why a transition cannot be sampled.
public enum TransitionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not finite or not positive.
    case badFPS(Double)
    /// No tap, press or drag the machine offers in the state animates or jumps.
    case noTransition(state: String)

    /// What went wrong, in one line.
    public var description: String {
        switch self {
        case .badFPS(let fps): "frames per second must be positive, not \(fps)"
        case .noTransition(let state):
            "no tap, press or drag the machine offers in state '\(state)' starts an animation"
        }
    }
}
