import MorphKit
import Testing

/// The three recognisers on their own: exact outcomes at each pointer event.
@Suite struct RecognizerTests {
    let origin = Point(x: 100, y: 100)

    // MARK: - TapRecognizer (`.onTapGesture`)

    @Test func aPressWithinTheSlopAndTimeIsATapAtTheReleasePoint() {
        var tap = TapRecognizer()
        #expect(tap.pointerDown(pointer: 1, at: origin, time: 1) == .possible)
        #expect(tap.isTracking)
        // 6-8-10 triangle: exactly at the slop is still a tap (inclusive).
        #expect(tap.pointerMove(pointer: 1, to: Point(x: 106, y: 108), time: 1.2) == .possible)
        #expect(tap.pointerUp(pointer: 1, at: Point(x: 106, y: 108), time: 1.5) == .recognized(Point(x: 106, y: 108)))
        #expect(!tap.isTracking)
    }

    @Test func movingPastTheSlopFailsForGoodEvenIfThePointerComesBack() {
        var tap = TapRecognizer()
        _ = tap.pointerDown(pointer: 1, at: origin, time: 0)
        #expect(tap.pointerMove(pointer: 1, to: Point(x: 106, y: 108.1), time: 0.05) == .failed(.movedBeyondSlop))
        #expect(tap.pointerMove(pointer: 1, to: origin, time: 0.1) == .failed(.movedBeyondSlop))
        #expect(tap.pointerUp(pointer: 1, at: origin, time: 0.15) == .failed(.movedBeyondSlop))
        // A release alone past the slop (no move events) fails too.
        _ = tap.pointerDown(pointer: 2, at: origin, time: 1)
        #expect(tap.pointerUp(pointer: 2, at: Point(x: 111, y: 100), time: 1.1) == .failed(.movedBeyondSlop))
    }

    @Test func holdingLongerThanHalfASecondIsNoTap() {
        #expect(TapRecognizer.slop == 10 && TapRecognizer.maximumDuration == 0.5)
        var tap = TapRecognizer()
        _ = tap.pointerDown(pointer: 1, at: origin, time: 2)
        #expect(tap.pointerUp(pointer: 1, at: origin, time: 2.5) == .recognized(origin))
        _ = tap.pointerDown(pointer: 1, at: origin, time: 3)
        #expect(tap.pointerUp(pointer: 1, at: origin, time: 3.5001) == .failed(.heldTooLong))
    }

    @Test func otherPointersAreIgnoredWhileOneIsFollowed() {
        var tap = TapRecognizer()
        _ = tap.pointerDown(pointer: 1, at: origin, time: 0)
        #expect(tap.pointerDown(pointer: 2, at: origin, time: 0.01) == .ignored)
        #expect(tap.pointerUp(pointer: 2, at: origin, time: 0.02) == .ignored)
        #expect(tap.pointerUp(pointer: 1, at: origin, time: 0.03) == .recognized(origin))
        #expect(tap.pointerUp(pointer: 1, at: origin, time: 0.04) == .ignored)
    }

    // MARK: - ButtonRecognizer (`Button`, `.plain`)

    @Test func aButtonIsPressedOnItsFrameAndTriggersOnReleaseThereHoweverLong() {
        let frame = Rect(x: 0, y: 0, width: 40, height: 40)
        var button = ButtonRecognizer()
        #expect(!button.isPressed && button.control == nil)
        #expect(button.pointerDown(pointer: 1, control: "close", frame: frame) == .tracking(isPressed: true))
        #expect(button.isPressed && button.control == "close")
        // Within 70 pt of the edge it is still on it; past that it lets go, and coming back presses again.
        #expect(button.pointerMove(pointer: 1, to: Point(x: 109.5, y: 20)) == .tracking(isPressed: true))
        #expect(button.pointerMove(pointer: 1, to: Point(x: 110.5, y: 20)) == .tracking(isPressed: false))
        #expect(!button.isPressed && button.control == "close")
        #expect(button.pointerMove(pointer: 1, to: Point(x: 20, y: 20)) == .tracking(isPressed: true))
        #expect(button.pointerUp(pointer: 1, at: Point(x: 20, y: 20)) == .triggered)
        #expect(!button.isPressed && button.control == nil)
    }

    @Test func releasingOffTheButtonCancels() {
        var button = ButtonRecognizer()
        _ = button.pointerDown(pointer: 4, control: "card", frame: Rect(x: 0, y: 0, width: 40, height: 40))
        #expect(button.pointerUp(pointer: 3, at: Point(x: 20, y: 20)) == .ignored)
        #expect(button.pointerUp(pointer: 4, at: Point(x: 20, y: -70.5)) == .cancelled)
    }

    // MARK: - DragRecognizer (`DragGesture`)

    @Test func aDragBeginsAtItsMinimumDistance() throws {
        var drag = DragRecognizer()  // SwiftUI's default minimumDistance, 10
        #expect(drag.minimumDistance == 10)
        #expect(drag.pointerDown(pointer: 1, at: origin, time: 0) == nil)
        #expect(drag.pointerMove(pointer: 1, to: Point(x: 109.9, y: 100), time: 0.016) == nil)
        #expect(!drag.isDragging)
        let moved = drag.pointerMove(pointer: 1, to: Point(x: 110, y: 100), time: 0.032)
        let began = try #require(moved)
        #expect(drag.isDragging && began.translation == Point(x: 10, y: 0))
        // A press that never reached the distance ends without a value.
        var still = DragRecognizer()
        _ = still.pointerDown(pointer: 1, at: origin, time: 0)
        #expect(still.pointerUp(pointer: 1, at: Point(x: 103, y: 100), time: 0.1) == nil)
    }

    @Test func theReleasePredictsAQuarterSecondAheadFromTheLastThreeSamples() throws {
        var drag = DragRecognizer(minimumDistance: 0)
        let down = drag.pointerDown(pointer: 7, at: Point(x: 370, y: 400), time: 0.2)
        let first = try #require(down)
        #expect(first.location == Point(x: 370, y: 400) && first.velocity == Point(x: 0, y: 0))
        _ = drag.pointerMove(pointer: 7, to: Point(x: 330, y: 400), time: 0.216)
        _ = drag.pointerMove(pointer: 7, to: Point(x: 290, y: 404), time: 0.232)
        let up = drag.pointerUp(pointer: 7, at: Point(x: 240, y: 406), time: 0.25)
        let end = try #require(up)
        // Independently: the last three samples' rates, 0.25 newest + 0.75 previous.
        let previous = Point(x: (290 - 330) / 0.016, y: (404 - 400) / 0.016)
        let latest = Point(x: (240 - 290) / 0.018, y: (406 - 404) / 0.018)
        let velocity = Point(x: 0.25 * latest.x + 0.75 * previous.x, y: 0.25 * latest.y + 0.75 * previous.y)
        #expect(abs(end.velocity.x - velocity.x) < 1e-9 && abs(end.velocity.y - velocity.y) < 1e-9)
        #expect(abs(end.predictedEndLocation.x - (240 + 0.25 * velocity.x)) < 1e-9)
        #expect(abs(end.predictedEndLocation.y - (406 + 0.25 * velocity.y)) < 1e-9)
        #expect(end.translation == Point(x: -130, y: 6) && drag.activePointer == nil)
    }

    /// The device rule: drag fast to x = 200, hold 0.5 s without moving, lift: the predicted
    /// end is where the finger is (no velocity), so the curtain's `x < 100` test springs back.
    @Test func aHeldFingerReleasePredictsNoFurtherThanTheFinger() throws {
        var drag = DragRecognizer(minimumDistance: 0)
        _ = drag.pointerDown(pointer: 1, at: Point(x: 370, y: 400), time: 0)
        var time = 0.0
        for x in stride(from: 340.0, through: 200, by: -35) {
            time += 0.016
            _ = drag.pointerMove(pointer: 1, to: Point(x: x, y: 400), time: time)
        }
        let moved = drag.pointerMove(pointer: 1, to: Point(x: 200, y: 400), time: time)
        let fast = try #require(moved)
        #expect(fast.predictedEndLocation.x < 100)  // lifted now, it would reveal
        let lifted = drag.pointerUp(pointer: 1, at: Point(x: 200, y: 400), time: time + 0.5)
        let up = try #require(lifted)
        #expect(up.velocity == Point(x: 0, y: 0))
        #expect(up.predictedEndLocation == Point(x: 200, y: 400))
    }

    // MARK: - StepperAutorepeat (UIStepper's `autorepeat`)

    /// A first step at touch-down, then after 0.5 s ten a second (`NSStepper`'s documented
    /// timing), twenty a second from 2.5 s held.
    @Test func stepperRepeatsAfterHalfASecondThenSpeedUp() {
        let offsets = (0...25).map(StepperAutorepeat.offset(ofStep:))
        #expect(offsets[0] == 0 && offsets[1] == 0.5)
        for index in 2...21 { #expect(abs(offsets[index] - offsets[index - 1] - 0.1) < 1e-9, "step \(index)") }
        #expect(abs(offsets[21] - 2.5) < 1e-9)
        for index in 22...25 { #expect(abs(offsets[index] - offsets[index - 1] - 0.05) < 1e-9, "step \(index)") }
        var held = StepperAutorepeat(control: "plus", downTime: 10)
        #expect(held.steps == 1 && held.nextStepTime == 10.5)
        held.advance()
        #expect(held.steps == 2 && abs(held.nextStepTime - 10.6) < 1e-9)
    }
}
