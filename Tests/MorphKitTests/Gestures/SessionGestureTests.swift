import MorphKit
import MorphTestSupport
import Testing

/// Pointer streams through `ComponentSession`: the exact state after each event.
@Suite struct SessionGestureTests {
    func down(_ t: Double, _ x: Double, _ y: Double, pointer: Int = 1) -> InputEvent {
        InputEvent(time: t, kind: .pointerDown(pointer: pointer, location: Point(x: x, y: y)))
    }
    func move(_ t: Double, _ x: Double, _ y: Double, pointer: Int = 1) -> InputEvent {
        InputEvent(time: t, kind: .pointerMove(pointer: pointer, location: Point(x: x, y: y)))
    }
    func up(_ t: Double, _ x: Double, _ y: Double, pointer: Int = 1) -> InputEvent {
        InputEvent(time: t, kind: .pointerUp(pointer: pointer, location: Point(x: x, y: y)))
    }
    func tap(_ t: Double, _ x: Double, _ y: Double) -> InputEvent {
        InputEvent(time: t, kind: .tap(Point(x: x, y: y)))
    }

    /// Steps at 60 Hz up to `time`, as live sessions and replays do.
    func run(_ session: inout ComponentSession, until time: Double) {
        while session.time + 1.0 / 60 <= time { session.advance(to: session.time + 1.0 / 60) }
        session.advance(to: time)
    }

    // MARK: - Container (`.onTapGesture`)

    @Test func containerTapWithinTheSlopTogglesAtTheRelease() throws {
        var session = try ComponentSession(component: .morphContainer)
        try session.handle(down(0.1, 200, 220))
        #expect(session.stateName == "collapsed" && session.pressedControl == nil)
        try session.handle(move(0.15, 206, 228))  // 10 pt: at the slop
        #expect(session.stateName == "collapsed")
        try session.handle(up(0.2, 206, 228))
        #expect(session.stateName == "expanding" && session.isMoving)
    }

    @Test func containerPressMovedPastTheSlopOrHeldTooLongDoesNothing() throws {
        var session = try ComponentSession(component: .morphContainer)
        let still = try session.displayList().canonicalJSON()
        try session.handle(down(0.1, 200, 220))
        try session.handle(move(0.15, 200, 230.5))
        try session.handle(up(0.2, 200, 220))  // back where it started: still failed
        #expect(session.stateName == "collapsed" && !session.isMoving)
        try session.handle(down(0.3, 200, 220))
        try session.handle(up(0.8001, 200, 220))  // held 0.5001 s
        #expect(session.stateName == "collapsed" && !session.isMoving)
        session.advance(to: 1)
        var list = session.displayList()
        list.time = 0
        #expect(try list.canonicalJSON() == still)
        try session.handle(down(1.0, 200, 220))
        try session.handle(up(1.5, 200, 220))  // held exactly 0.5 s: a tap
        #expect(session.stateName == "expanding")
    }

    @Test func aTapAfterItsOwnPointerUpIsTheSamePressNotASecondOne() throws {
        var session = try ComponentSession(component: .morphContainer)
        try session.handle(down(0.1, 200, 220))
        try session.handle(up(0.18, 200, 220))
        try session.handle(tap(0.18, 200, 220))  // what clients sent before: ignored
        #expect(session.stateName == "expanding" && session.isMoving)
        // A tap on its own, or after some other event, is a press of its own.
        try session.handle(tap(0.3, 200, 220))
        #expect(session.stateName == "collapsing")
        try session.handle(down(0.4, 200, 220))
        try session.handle(up(0.45, 200, 220))
        try session.handle(InputEvent(time: 0.45, kind: .environment(.init(colorScheme: .dark))))
        try session.handle(tap(0.45, 200, 220))
        #expect(session.stateName == "collapsing")  // toggled twice: open, then closed again
    }

    /// SwiftUI hit tests a view's model geometry, not where an animation draws it: a press
    /// lands on the layout of the state the session is heading to.
    @Test func hitTestingUsesTheFinalLayoutNotTheAnimatedFrame() throws {
        var session = try ComponentSession(component: .morphContainer)
        try session.handle(tap(0.1, 200, 220))
        session.advance(to: 0.15)
        let drawn = try #require(session.scene().node(withID: "card")?.frame)
        let final = try #require(session.hitTestScene().node(withID: "card")?.frame)
        #expect(final.height == 384 && drawn.height < 200)
        // Below the card as drawn, on the card as it will be: the press is the card's.
        let below = Point(x: final.midX, y: drawn.maxY + 20)
        #expect(!drawn.contains(below) && final.contains(below))
        try session.handle(down(0.15, below.x, below.y))
        try session.handle(up(0.2, below.x, below.y))
        #expect(session.stateName == "collapsing")
        // Open, then closing: the drawn card is still tall, the hit layout is 96 pt.
        try session.handle(tap(0.3, 200, 220))
        run(&session, until: 2)
        #expect(session.stateName == "expanded")
        try session.handle(tap(2, 200, 220))
        session.advance(to: 2.05)
        let tall = try #require(session.scene().node(withID: "card")?.frame)
        let small = try #require(session.hitTestScene().node(withID: "card")?.frame)
        #expect(small.height == 96 && tall.height > 300)
        let onlyDrawn = Point(x: small.midX, y: small.maxY + 20)
        #expect(tall.contains(onlyDrawn) && !small.contains(onlyDrawn))
        try session.handle(tap(2.05, onlyDrawn.x, onlyDrawn.y))
        #expect(session.stateName == "collapsing")
    }

    // MARK: - Hero card (`Button`)

    @Test func heroCardButtonsArePressedOnDownAndActOnRelease() throws {
        var session = try ComponentSession(component: .heroCard)
        let card = try #require(session.hitTestScene().node(withID: "card")?.frame)
        try session.handle(down(0.1, card.midX, card.midY))
        #expect(session.pressedControl == "card" && session.stateName == "collapsed")
        try session.handle(move(0.5, card.midX, card.maxY + 80))  // 80 pt below: let go
        #expect(session.pressedControl == nil)
        try session.handle(up(0.9, card.midX, card.maxY + 80))
        #expect(session.stateName == "collapsed" && !session.isMoving)
        // Held for a second: a Button has no time limit.
        try session.handle(down(1.0, card.midX, card.midY))
        try session.handle(up(2.0, card.midX, card.midY))
        #expect(session.stateName == "expanding" && session.pressedControl == nil)
        // While the card grows the close button is already where hit testing finds it.
        let close = try #require(session.hitTestScene().node(withID: "close")?.frame)
        try session.handle(down(2.05, close.midX, close.midY))
        #expect(session.pressedControl == "close")
        try session.handle(up(2.1, close.midX, close.midY))
        #expect(session.stateName == "collapsing" && session.pressedControl == nil)
    }

    /// `.buttonStyle(.plain)` draws a pressed button's label at opacity 0.75 (SwiftUI's
    /// `PlainButtonStyle`: `opacity(isPressed ? 0.75 : 1)`), at once, and only while pressed.
    @Test func plainButtonsDrawTheirLabelAtThreeQuartersWhilePressed() throws {
        func opacity(_ session: ComponentSession, _ id: String) throws -> Double {
            try #require(session.scene().node(withID: id)?.groupContent).opacity
        }
        var session = try ComponentSession(component: .heroCard)
        let card = try #require(session.hitTestScene().node(withID: "card")?.frame)
        #expect(try opacity(session, "header") == 1)
        try session.handle(down(0.1, card.midX, card.midY))
        #expect(try opacity(session, "header") == 0.75)
        // The gradient is the card's background, outside the button's label: not dimmed.
        let pushes = session.displayList().ops.compactMap { op -> DisplayList.Group? in
            if case .push(let group) = op { group } else { nil }
        }
        #expect(pushes.first { $0.id == "card" }?.opacity == 1)
        #expect(pushes.first { $0.id == "header" }?.opacity == 0.75)
        try session.handle(move(0.3, card.midX, card.maxY + 80))  // let go: full again
        #expect(try opacity(session, "header") == 1)
        try session.handle(move(0.4, card.midX, card.midY))  // back on it: pressed again
        #expect(try opacity(session, "header") == 0.75)
        try session.handle(up(0.5, card.midX, card.midY))
        // Released: the collapsed copy is now the leaving one, at 1 − e, undimmed.
        session.advance(to: 0.6)
        func cardHeight(_ progress: Double) throws -> Double {
            let scene = try SeedScenes(.heroCard).scene(
                progress: progress, environment: session.componentEnvironment, size: session.viewport)
            return try #require(scene.node(withID: "card")).frame.height
        }
        let collapsed = try cardHeight(0), expanded = try cardHeight(1)
        let grown = try #require(session.scene().node(withID: "card")).frame.height - collapsed
        let e = grown / (expanded - collapsed)
        #expect(e > 0 && e < 1)
        #expect(abs(try opacity(session, "header.source") - (1 - e)) < 1e-9)
        while session.isMoving { session.advance(to: session.time + 1.0 / 60) }
        let close = try #require(session.hitTestScene().node(withID: "close")?.frame)
        #expect(try opacity(session, "close") == 1)
        try session.handle(down(session.time + 0.1, close.midX, close.midY))
        #expect(try opacity(session, "close") == 0.75)
        try session.handle(up(session.time + 0.1, close.minX - 100, close.maxY + 100))  // released away: cancelled
        #expect(try opacity(session, "close") == 1 && session.stateName == "expanded")
    }

    // MARK: - Curtain (`DragGesture(minimumDistance: 0)` on the 44 pt handle)

    @Test func aPointerStreamOnTheHandleDragsAndThePredictedEndDecides() throws {
        // Released at x = 150 both times: a flick predicts left of 100 and reveals, a
        // finger that stopped first predicts 150 and closes.
        for flick in [true, false] {
            var session = try ComponentSession(component: .curtain)
            let width = session.viewport.width
            try session.handle(down(0.1, width - 44 - 0.5, 400))  // just off the handle
            #expect(session.stateName == "closed")
            try session.handle(up(0.11, width - 44 - 0.5, 400))
            try session.handle(down(0.2, width - 44, 400))
            #expect(session.stateName == "dragging")
            let samples: [(Double, Double)] = flick ? [(0.216, 300), (0.232, 220), (0.248, 150)] : [(0.3, 150), (2.4, 150)]
            for (t, x) in samples { try session.handle(move(t, x, 400)) }
            let last = try #require(samples.last)
            try session.handle(up(last.0 + 0.016, 150, 400))
            #expect(session.stateName == "settling")
            run(&session, until: last.0 + 3)
            #expect(session.stateName == (flick ? "revealed" : "closed"), "flick \(flick)")
        }
    }

    @Test func aTapShorthandNeverStartsTheCurtainsDrag() throws {
        var session = try ComponentSession(component: .curtain)
        try session.handle(tap(0.1, session.viewport.width - 10, 400))
        #expect(session.stateName == "closed" && !session.isMoving)
    }
}
