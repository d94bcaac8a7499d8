/// The curtain stack of seed `003` with its example content: a light text card folded away
/// by a drag from a 44 pt edge handle to reveal a dark settings list beneath.
///
/// The configuration is the stack's `folds` (the example's stepper, 1...8). The scene for a
/// drag point and reveal state comes from `scene(drag:isRevealed:folds:environment:size:time:)`;
/// the fold itself is the curtain kernel's job, so the scene carries its parameters on an
/// effect node instead of pixels.
public struct Curtain: Hashable, Sendable {
    /// The number of folds the curtain has (`CurtainStack(folds: 4)`).
    public var folds: Int

    /// A curtain with `folds` folds (clamped to the stepper's 1...8 when drawn).
    public init(folds: Int = 4) {
        self.folds = folds
    }

    /// The stepper's range in the example.
    public static let foldRange = 1...8
    /// Width of the invisible drag handle on the edge.
    public static let handleWidth = 44.0
    /// The shadow radius under the foreground while revealed (`.shadow(radius: 10)`).
    public static let revealedShadowRadius = 10.0
    /// The caption's `.tracking(0.2)`: points after every character.
    public static let captionTracking = 0.2
    /// An iPhone-sized default viewport.
    public static let defaultSize = Size(width: 390, height: 844)

    /// The drag x reported while dragging: `rubberClamp(44, x, 1_000_000)`.
    public static func draggedX(_ x: Double) -> Double { rubberClamp(handleWidth, x, 1_000_000) }

    /// Where a released drag goes: reveal when the predicted end is left of 100.
    public static func revealsOnRelease(predictedEndX: Double) -> Bool { predictedEndX < 100 }

    /// The whole seconds a timer shows after `seconds`: none before zero or for a non-finite
    /// value, and at most a million hours (beyond `Int` a conversion would trap).
    public static func timerSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return Int(Swift.min(Swift.max(0, seconds.rounded(.down)), 3_600_000_000))
    }

    /// `Text(date, style: .timer)` for `seconds` since the date: `m:ss`, or `h:mm:ss` from an
    /// hour on, counting whole seconds.
    public static func timerText(seconds: Double) -> String {
        let total = timerSeconds(seconds)
        let hours = total / 3600, minutes = (total % 3600) / 60, secs = total % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
    }
}
