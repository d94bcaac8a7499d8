/// A stepper half held down: UIStepper's `autorepeat` (on by default), which SwiftUI's
/// `Stepper` is on iOS. The value steps once on touch-down, not on release, and again and again
/// while the finger stays on the half.
///
/// The timing is the documented part of the Mac's stepper, since UIKit publishes none: Apple's
/// `NSStepper.autorepeat` reads "the first mouse down does one increment (or decrement) and,
/// after a delay of 0.5 seconds, increments (or decrements) at a rate of ten times per second".
/// `UIStepper` documents only that "the rate of change depends on how long the user continues
/// pressing the control", so the speed-up is Morph's choice: from 2.5 s held the repeats come
/// twice as fast (20 a second). A press the finger slides off (past `ButtonRecognizer`'s
/// tolerance) pauses the repeats until it comes back; lifting ends them.
public struct StepperAutorepeat: Sendable, Hashable {
    /// From touch-down to the first repeat, in seconds (`NSStepper`).
    public static let initialDelay = 0.5
    /// Between repeats at first, in seconds (ten a second, `NSStepper`).
    public static let repeatInterval = 0.1
    /// How long the press has been held when the repeats speed up, in seconds (Morph's choice).
    public static let fastAfter = 2.5
    /// Between repeats once they have sped up, in seconds.
    public static let fastInterval = 0.05

    /// The control held (a stepper half's id).
    public let control: String
    /// When the finger went down, in session seconds.
    public let downTime: Double
    /// The steps due so far, the one on touch-down included.
    public private(set) var steps = 1

    /// A press on `control` that went down (and took its first step) at `downTime`.
    public init(control: String, downTime: Double) {
        self.control = control
        self.downTime = downTime
    }

    /// When step `index` is due after touch-down, in seconds (step 0 is the touch-down).
    public static func offset(ofStep index: Int) -> Double {
        guard index > 0 else { return 0 }
        let slowRepeats = Int(((fastAfter - initialDelay) / repeatInterval).rounded())
        let repeatIndex = index - 1
        if repeatIndex <= slowRepeats { return initialDelay + Double(repeatIndex) * repeatInterval }
        return fastAfter + Double(repeatIndex - slowRepeats) * fastInterval
    }

    /// When the next repeat is due, in session seconds.
    public var nextStepTime: Double { downTime + Self.offset(ofStep: steps) }

    /// The next repeat has come (whether or not the finger was on the control to take it).
    public mutating func advance() { steps += 1 }
}
