/// SwiftUI's `TapGesture` (what `.onTapGesture` installs) on one pointer: a press that stays
/// within `slop` of where it went down and lifts within `maximumDuration` is a tap.
///
/// SwiftUI's own thresholds are not public. The values here follow UIKit's documented
/// neighbours: 10 pt is `UILongPressGestureRecognizer.allowableMovement` and `DragGesture`'s
/// default `minimumDistance` (past it the same finger would be a drag, so it cannot also be a
/// tap); 0.5 s is `LongPressGesture`'s and `UILongPressGestureRecognizer`'s default minimum
/// duration (held that long, a press is a long press, not a tap). Both limits are inclusive.
///
/// The recogniser only follows the pointer it was given; which view a press belongs to is
/// decided by hit testing when it goes down (`ComponentSession`), as SwiftUI attaches a touch
/// to the gesture of the view it first lands on.
public struct TapRecognizer: Sendable, Hashable {
    /// The farthest a pressed pointer may move from where it went down, in points.
    public static let slop = 10.0
    /// The longest a press may last and still be a tap, in seconds.
    public static let maximumDuration = 0.5

    /// Why a press was not a tap.
    public enum Failure: String, Sendable, Hashable {
        /// The pointer moved more than `slop` from where it went down.
        case movedBeyondSlop
        /// The pointer stayed down longer than `maximumDuration`.
        case heldTooLong
    }

    /// What one pointer event did to the recogniser.
    public enum Outcome: Sendable, Hashable {
        /// The event was not for the press being followed (or nothing is followed).
        case ignored
        /// A press began or continues and may still become a tap.
        case possible
        /// The press lifted as a tap at this location.
        case recognized(Point)
        /// The press can no longer be a tap.
        case failed(Failure)
    }

    private struct Press: Sendable, Hashable {
        var pointer: Int
        var start: Point
        var startTime: Double
        var failure: Failure?
    }

    private var press: Press?

    /// A recogniser following no press.
    public init() {}

    /// Whether a press is being followed (until its pointer lifts).
    public var isTracking: Bool { press != nil }

    /// A pointer went down on the view: follow it, unless another press is followed already.
    public mutating func pointerDown(pointer: Int, at location: Point, time: Double) -> Outcome {
        guard press == nil else { return .ignored }
        press = Press(pointer: pointer, start: location, startTime: time)
        return .possible
    }

    /// The followed pointer moved: past the slop or the time limit the press fails (and stays
    /// failed even if the pointer comes back).
    public mutating func pointerMove(pointer: Int, to location: Point, time: Double) -> Outcome {
        guard var current = press, current.pointer == pointer else { return .ignored }
        if current.failure == nil { current.failure = Self.failure(of: current, at: location, time: time) }
        press = current
        return current.failure.map(Outcome.failed) ?? .possible
    }

    /// The followed pointer lifted: a tap at `location` unless the press failed.
    public mutating func pointerUp(pointer: Int, at location: Point, time: Double) -> Outcome {
        guard let current = press, current.pointer == pointer else { return .ignored }
        press = nil
        if let failure = current.failure ?? Self.failure(of: current, at: location, time: time) {
            return .failed(failure)
        }
        return .recognized(location)
    }

    /// Forgets the press (the view went away or stopped taking hits).
    public mutating func cancel() {
        press = nil
    }

    private static func failure(of press: Press, at location: Point, time: Double) -> Failure? {
        let dx = location.x - press.start.x
        let dy = location.y - press.start.y
        if (dx * dx + dy * dy).squareRoot() > slop { return .movedBeyondSlop }
        if time - press.startTime > maximumDuration { return .heldTooLong }
        return nil
    }
}
