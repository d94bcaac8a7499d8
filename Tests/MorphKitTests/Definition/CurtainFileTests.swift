import Foundation
import MorphJSON
import MorphKit
import Testing

/// `Sources/MorphKit/BuiltIn/curtain.json` against the Swift `Curtain`: the same scene in every
/// environment, closed, mid-drag and revealed, and the same display list bytes at every frame
/// of sessions that drag, set the folds and change the environment.
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

    /// At rest, mid-drag (the effect on, the progress placeholder drawn) and revealed (the
    /// shadow, the handle on the leading edge, the card hidden from accessibility), at every
    /// Dynamic Type size, with and without a safe area, in both colour schemes.
    @Test func sceneMatchesInEveryEnvironmentClosedDraggedAndRevealed() throws {
        let definition = try ComponentFileReplayTests.definition("curtain")
        let insets = [
            nil, EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
            EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59),
        ]
        for dynamicType in DynamicTypeSize.allCases {
            for (scheme, safeArea) in zip([ColorScheme.light, .dark, .light], insets) {
                let environment = InputEvent.Environment(dynamicType: dynamicType, colorScheme: scheme, safeArea: safeArea)
                var swift = try ComponentSession(component: .curtain, environment: environment)
                var data = try ComponentSession(definition: definition, environment: environment)
                let label = "\(dynamicType), \(scheme), \(String(describing: safeArea))"
                // At AX4 and AX5 in a 59 pt inset the footer breaks a word: its label reads the
                // lines as laid out (`markdownLines`).
                #expect(data.scene() == swift.scene(), "at rest, \(label)")
                let steps = [
                    Self.down(0.1, 380, 400), Self.move(0.12, 300, 405), Self.move(0.14, 150, 410),
                    Self.up(0.16, 60, 412),
                ]
                for (index, event) in steps.enumerated() {
                    try swift.handle(event)
                    try data.handle(event)
                    swift.advance(to: event.time + 0.01)
                    data.advance(to: event.time + 0.01)
                    #expect(data.scene() == swift.scene(), "step \(index), \(label)")
                    #expect(data.hitTestScene() == swift.hitTestScene(), "step \(index), \(label)")
                }
                for time in stride(from: 0.2, through: 2, by: 0.05) {
                    swift.advance(to: time)
                    data.advance(to: time)
                }
                #expect(data.stateName == "revealed")
                #expect(swift.stateName == "revealed")
                #expect(data.scene() == swift.scene(), "revealed, \(label)")
            }
        }
    }

    /// Folds at both ends of the stepper (its glyphs dim), a viewport change before the first
    /// drag (the stand-in drag point follows the width) and after it, dark mode, a drag
    /// retargeted while the release spring runs, a second pointer ignored during a drag, and
    /// the timer past a minute.
    @Test func settingsEnvironmentAndRetargetsMatch() throws {
        let recording = Recording(
            header: RecordingHeader(
                component: "curtain", configuration: .object([.init("folds", .number(1))]),
                viewport: Size(width: 390, height: 844)),
            events: [
                InputEvent(time: 0.1, kind: .environment(.init(size: Size(width: 430, height: 932)))),
                InputEvent(time: 0.2, kind: .set(key: "folds", value: .number(8))),
                Self.down(0.3, 420, 500), Self.move(0.35, 380, 505), Self.move(0.4, 300, 510),
                Self.down(0.42, 200, 300, pointer: 2), Self.up(0.44, 200, 300, pointer: 2),
                Self.up(0.45, 290, 512),
                Self.down(0.6, 400, 500), Self.move(0.62, 250, 490), Self.move(0.64, 120, 480), Self.up(0.66, 100, 470),
                InputEvent(time: 1.0, kind: .environment(.init(dynamicType: .accessibility2, colorScheme: .dark))),
                Self.down(1.5, 20, 400), Self.move(1.6, 200, 400), Self.up(1.7, 380, 400),
                InputEvent(time: 2.0, kind: .environment(.init(size: Size(width: 320, height: 568)))),
                InputEvent(time: 2.1, kind: .set(key: "folds", value: .number(3))),
                InputEvent(time: 62, kind: .set(key: "folds", value: .number(2))),
            ])
        let (count, states) = try ComponentFileReplayTests.compareFrames(
            recording, try ComponentFileReplayTests.definition("curtain"))
        #expect(count > 150)
        #expect(states.first == "closed" && states.filter { $0 == "dragging" }.count >= 2, "\(states)")
    }

    /// The stepper's halves are buttons once revealed (`press` regions): held (pressed),
    /// released inside (the folds step, dimming a glyph at 1 and 8), released outside (no
    /// step), tapped, and ignored while closed or while the curtain is dragged.
    @Test func stepperPressesMatch() throws {
        let definition = try ComponentFileReplayTests.definition("curtain")
        var swift = try ComponentSession(component: .curtain, configuration: .object([.init("folds", .number(2))]))
        var data = try ComponentSession(definition: definition, configuration: .object([.init("folds", .number(2))]))
        let stepper = try #require(swift.hitTestScene().node(withID: "folds.stepper")).frame
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
        for (index, event) in events.enumerated() {
            try swift.handle(event)
            try data.handle(event)
            #expect(data.pressedControl == swift.pressedControl, "event \(index)")
            #expect(data.configuration["folds"] == swift.configuration["folds"], "event \(index)")
            #expect(
                data.encodedDisplayList(at: event.time + 0.01) == swift.encodedDisplayList(at: event.time + 0.01),
                "event \(index)")
        }
        // 2 → 1, held at 1, a press slid off before lifting (it stepped on touch-down, to 2), up
        // to 8 and held there, the tap back to 7; the press during the drag is ignored.
        #expect(swift.configuration["folds"] == .number(7))
    }

    /// The device rule (UIStepper's autorepeat), in the Swift curtain and its file alike: a
    /// tap steps once, on touch-down; a half held for 1 s steps on touch-down and then at 0.5,
    /// 0.6, …, 1.0 s (seven steps); sliding off pauses the repeats and lifting ends them.
    @Test func aStepperHeldForOneSecondStepsSeveralTimesAndATapStepsOnceOnTouchDown() throws {
        let definition = try ComponentFileReplayTests.definition("curtain")
        let configuration = JSONValue.object([.init("folds", .number(1))])
        var sessions = [
            try ComponentSession(component: .curtain, configuration: configuration),
            try ComponentSession(definition: definition, configuration: configuration),
        ]
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
        #expect(sessions[0].encodedDisplayList(at: 7) == sessions[1].encodedDisplayList(at: 7))
    }
}
