import MorphKit

/// A component's expand or collapse sampled frame by frame from MorphKit's own state machine
/// and spring solver, so an export shows exactly the overshoot and settling a live session
/// shows: the same `ExpandCollapseMachine` the server runs, tapped at time 0 and advanced in
/// steps of 1 / fps until its spring comes to rest.
public struct TransitionFrames: Sendable {
    /// Which way the component moves.
    public enum Direction: String, Sendable, CaseIterable {
        /// Collapsed (progress 0) to expanded (1).
        case open
        /// Expanded to collapsed.
        case close
    }

    /// One sampled frame: time since the tap, the progress the component draws, and the
    /// model state it belongs to (the scenes' `model`: the tap's target once tapped).
    public struct Sample: Hashable, Sendable {
        public var time: Double
        public var progress: Double
        public var model: Double?
    }

    /// The longest transition sampled; the seeds' springs settle well within a second.
    public static let maximumDuration = 10.0

    /// The samples from the tap (frame 0, still at the starting progress) to the first frame
    /// at rest, inclusive.
    ///
    /// - Parameters:
    ///   - variant: the machine variant (the container's damping fraction comes from its
    ///     configuration).
    ///   - reduceMotion: Reduce Motion: the machine jumps, so there are two samples.
    public static func samples(
        variant: ExpandCollapseMachine.Variant, direction: Direction, fps: Double, reduceMotion: Bool = false
    ) -> [Sample] {
        precondition(fps > 0 && fps.isFinite, "fps must be positive")
        var machine = ExpandCollapseMachine(variant: variant, reduceMotion: reduceMotion, expanded: direction == .close)
        var samples = [Sample(time: 0, progress: machine.progress, model: machine.modelProgress)]
        switch (variant, direction) {
        case (.heroCard, .open): _ = machine.tapCard(at: 0)
        case (.heroCard, .close): _ = machine.tapClose(at: 0)
        case (.morphContainer, _): _ = machine.tap(at: 0)
        }
        var frame = 1
        while true {
            let time = Double(frame) / fps
            machine.advance(to: time)
            samples.append(Sample(time: time, progress: machine.progress, model: machine.modelProgress))
            if !machine.isAnimating || time >= maximumDuration { break }
            frame += 1
        }
        return samples
    }
}
