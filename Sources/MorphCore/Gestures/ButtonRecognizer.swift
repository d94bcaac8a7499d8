/// SwiftUI's `Button` (here with `.buttonStyle(.plain)`) on one pointer: pressed while the
/// pointer is on the button, triggered when it lifts there.
///
/// A button is not a `TapGesture`: it has no time limit (a long hold still triggers on
/// release) and no slop; instead it stays pressed while the pointer is within
/// `pressTolerance` of its frame, loses the pressed state when dragged farther, regains it on
/// coming back, and triggers only if the pointer lifts while pressed. SwiftUI does not publish
/// the tolerance; 70 pt is UIKit's `UIControl` touch-inside margin, which SwiftUI's buttons
/// visibly share (an inference, not a documented value).
///
/// `isPressed` is what `ButtonStyle`'s `configuration.isPressed` reads: `.plain` dims the
/// label while it is true.
public struct ButtonRecognizer: Sendable, Hashable {
    /// How far outside the button's frame a pressed pointer may go and still be on it, in
    /// points.
    public static let pressTolerance = 70.0

    /// What one pointer event did to the recogniser.
    public enum Outcome: Sendable, Hashable {
        /// The event was not for the press being followed (or nothing is followed).
        case ignored
        /// A press is followed; `isPressed` says whether it is on the button now.
        case tracking(isPressed: Bool)
        /// The pointer lifted on the button: its action runs.
        case triggered
        /// The pointer lifted off the button: nothing happens.
        case cancelled
    }

    private struct Press: Sendable, Hashable {
        var pointer: Int
        var control: String
        var frame: Rect
        var isPressed: Bool
    }

    private var press: Press?

    /// A recogniser following no press.
    public init() {}

    /// Whether the followed pointer is on the button (the `.plain` style's dimmed state).
    public var isPressed: Bool { press?.isPressed ?? false }

    /// The id of the button being pressed, while a press is followed.
    public var control: String? { press?.control }

    /// A pointer went down on the button `control` with hit frame `frame`: follow it (pressed),
    /// unless another press is followed already.
    public mutating func pointerDown(pointer: Int, control: String, frame: Rect) -> Outcome {
        guard press == nil else { return .ignored }
        press = Press(pointer: pointer, control: control, frame: frame, isPressed: true)
        return .tracking(isPressed: true)
    }

    /// The followed pointer moved: pressed again or no longer, by the tolerance.
    public mutating func pointerMove(pointer: Int, to location: Point) -> Outcome {
        guard var current = press, current.pointer == pointer else { return .ignored }
        current.isPressed = Self.isOn(current.frame, location)
        press = current
        return .tracking(isPressed: current.isPressed)
    }

    /// The followed pointer lifted: triggered if it lifted on the button.
    public mutating func pointerUp(pointer: Int, at location: Point) -> Outcome {
        guard let current = press, current.pointer == pointer else { return .ignored }
        press = nil
        return Self.isOn(current.frame, location) ? .triggered : .cancelled
    }

    /// Forgets the press.
    public mutating func cancel() {
        press = nil
    }

    private static func isOn(_ frame: Rect, _ location: Point) -> Bool {
        frame.insetBy(dx: -pressTolerance, dy: -pressTolerance).contains(location)
    }
}
