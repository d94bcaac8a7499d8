import Foundation
import MorphJSON
import MorphKit
import Testing

/// The curtain's stepper (`Sources/MorphKit/BuiltIn/curtain.json`): its halves are buttons once
/// revealed, and step on touch-down and repeat while held, as UIStepper does.
@Suite struct CurtainFileTests {
    static func down(_ t: Double, _ x: Double, _ y: Double, pointer: Int = 1) -> InputEvent {
        InputEvent(time: t, kind: .pointerDown(pointer: pointer, location: Point(x: x, y: y)))
    }
    static func move(_ t: Double, _ x: Double, _ y: Double, pointer: Int = 1) -> InputEvent {
        InputEvent(time: t, kind: .pointerMove(pointer: pointer, location: Point(x: x, y: y)))
    }
    static func up(_ t: Double, _ x: Double, _ y: Double, pointer: Int = 1) -> InputEvent {
        InputEvent(time: t, kind: .pointerUp(pointer: pointer, location: Point(x: x, y: y)))
    }

    /// The stepper's halves are buttons once revealed (`press` regions): held (pressed),
    /// released inside (the folds step, dimming a glyph at 1 and 8), released outside (no
    /// step), tapped, and ignored while closed or while the curtain is dragged.
    @Test func stepperPressesStepTheFolds() throws {
        var session = try ComponentSession(component: .curtain, configuration: .object([.init("folds", .number(2))]))
        let stepper = try #require(session.hitTestScene().node(withID: "folds.stepper")).frame
        let minus = Point(x: stepper.minX + 10, y: stepper.midY)
        let plus = Point(x: stepper.maxX - 10, y: stepper.midY)
        var events: [InputEvent] = [
            Self.down(0.1, minus.x, minus.y), Self.up(0.15, minus.x, minus.y),  // closed: the card takes it
            Self.down(0.3, 380, 400), Self.move(0.32, 200, 400), Self.up(0.34, 40, 400),
        ]
        var time = 2.0
        func press(_ point: Point, lift: Point? = nil) {
            events += [Self.down(time, point.x, point.y), Self.up(time + 0.05, (lift ?? point).x, (lift ?? point).y)]
            time += 0.2
        }
        press(minus)
        press(minus)
        press(plus, lift: Point(x: plus.x, y: plus.y + 80))
        for _ in 0..<8 { press(plus) }
        events.append(InputEvent(time: time, kind: .tap(minus)))
        events += [Self.down(time + 0.1, 20, 300), Self.move(time + 0.12, 60, 300)]
        events += [Self.down(time + 0.14, minus.x, minus.y, pointer: 2), Self.up(time + 0.16, minus.x, minus.y, pointer: 2)]
        events.append(Self.up(time + 0.2, 70, 300))
        var pressedSeen: Set<String> = []
        for event in events {
            try session.handle(event)
            if let pressed = session.pressedControl { pressedSeen.insert(pressed) }
            _ = session.encodedDisplayList(at: event.time + 0.01)
        }
        #expect(pressedSeen == ["folds.stepper.decrement", "folds.stepper.increment"])
        // 2 → 1, held at 1, a press slid off before lifting (it stepped on touch-down, to 2), up
        // to 8 and held there, the tap back to 7; the press during the drag is ignored.
        #expect(session.configuration["folds"] == .number(7))
    }

    /// The device rule (UIStepper's autorepeat): a
    /// tap steps once, on touch-down; a half held for 1 s steps on touch-down and then at 0.5,
    /// 0.6, …, 1.0 s (seven steps); sliding off pauses the repeats and lifting ends them.
    @Test func aStepperHeldForOneSecondStepsSeveralTimesAndATapStepsOnceOnTouchDown() throws {
        let configuration = JSONValue.object([.init("folds", .number(1))])
        var sessions = [try ComponentSession(component: .curtain, configuration: configuration)]
        let stepper = try #require(sessions[0].hitTestScene().node(withID: "folds.stepper")).frame
        let plus = Point(x: stepper.maxX - 10, y: stepper.midY)
        let minus = Point(x: stepper.minX + 10, y: stepper.midY)
        for index in sessions.indices {
            var session = sessions[index]
            func folds() -> JSONValue? { session.configuration["folds"] }
            // Reveal: a flick from the trailing handle.
            for event in [Self.down(0.1, 380, 400), Self.move(0.12, 200, 400), Self.up(0.14, 40, 400)] {
                try session.handle(event)
            }
            // Frame by frame, as a renderer steps (the animator skips stalls of over a second).
            for frame in 1...111 { session.advance(to: 0.14 + Double(frame) / 60) }
            #expect(session.stateName == "revealed")
            // A tap: the step comes on touch-down, the release adds none.
            try session.handle(Self.down(2, plus.x, plus.y))
            #expect(folds() == .number(2), "session \(index): touch-down steps")
            try session.handle(Self.up(2.08, plus.x, plus.y))
            session.advance(to: 3)
            #expect(folds() == .number(2), "session \(index): the release does not step")
            // Held for 1 s: 3 on touch-down, then repeats at +0.5, +0.6, …, +1.0 s.
            try session.handle(Self.down(3, plus.x, plus.y))
            session.advance(to: 3.49)
            #expect(folds() == .number(3), "session \(index): no repeat before 0.5 s")
            session.advance(to: 3.5)
            #expect(folds() == .number(4), "session \(index): the first repeat at 0.5 s")
            #expect(session.nextScheduledChange(after: 3.5).map { abs($0 - 3.6) < 1e-9 } == true)
            try session.handle(Self.up(4, plus.x, plus.y))
            #expect(folds() == .number(8), "session \(index): seven steps in 1 s, to 8")
            session.advance(to: 6)
            #expect(folds() == .number(8), "session \(index): lifting ends the repeats")
            // Slid off the half (past the 70 pt tolerance): the repeats pause until it is back.
            try session.handle(Self.down(6, minus.x, minus.y))
            #expect(folds() == .number(7))
            try session.handle(Self.move(6.2, minus.x, minus.y + 200))
            session.advance(to: 6.8)
            #expect(folds() == .number(7), "session \(index): no repeats while slid off")
            try session.handle(Self.move(6.85, minus.x, minus.y))
            session.advance(to: 6.9)
            #expect(folds() == .number(6), "session \(index): back on the half, the 6.9 s repeat steps")
            try session.handle(Self.up(6.95, minus.x, minus.y))
            sessions[index] = session
        }
    }
}
