import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct ComponentSessionTests {
    static let frame = 1.0 / 60

    func event(_ time: Double, _ kind: InputEvent.Kind) -> InputEvent {
        InputEvent(time: time, kind: kind)
    }

    /// Steps the session at 60 Hz up to `time`, as a live session and a replay both do.
    func run(_ session: inout ComponentSession, until time: Double) {
        var t = session.time
        while t + Self.frame <= time {
            t += Self.frame
            session.advance(to: t)
        }
        session.advance(to: time)
    }

    func cardHeight(_ session: ComponentSession) -> Double? {
        session.scene().node(withID: "card")?.frame.height
    }

    /// What a caller can observe of a session, to compare before and after.
    func snapshot(_ session: ComponentSession) -> [String] {
        [
            String(session.time), session.stateName, session.configuration.canonicalText,
            "\(session.environment)", "\(session.viewport)", String(session.isMoving),
            (try? session.displayList().canonicalJSONString()) ?? "<unencodable>",
        ]
    }

    // MARK: - Routing

    @Test func containerTogglesOnlyOnTapsOnTheCard() throws {
        var session = try ComponentSession(component: .morphContainer)
        #expect(session.viewport == SeedScenes(.morphContainer).defaultSize && session.stateName == "collapsed")
        let card = try #require(session.scene().node(withID: "card")?.frame)
        try session.handle(event(0.1, .tap(Point(x: card.minX - 1, y: card.midY))))
        try session.handle(event(0.1, .tap(Point(x: card.midX, y: card.maxY + 1))))
        #expect(session.stateName == "collapsed" && !session.isMoving)
        // A press off the card is not the card's, even if it lifts on it.
        try session.handle(event(0.2, .pointerDown(pointer: 1, location: Point(x: card.minX - 1, y: card.midY))))
        try session.handle(event(0.25, .pointerUp(pointer: 1, location: Point(x: card.minX + 1, y: card.midY))))
        #expect(session.stateName == "collapsed" && !session.isMoving)
        try session.handle(event(0.3, .tap(Point(x: card.midX, y: card.midY))))
        #expect(session.stateName == "expanding" && session.isMoving)
    }

    @Test func heroCardOpensFromTheCardAndClosesFromTheCloseButtonOnly() throws {
        var session = try ComponentSession(component: .heroCard)
        let collapsedCard = try #require(session.scene().node(withID: "card")?.frame)
        // Below the card (the rows) is not the card.
        try session.handle(event(0.1, .tap(Point(x: collapsedCard.midX, y: collapsedCard.maxY + 40))))
        try session.handle(event(0.1, .pointerDown(pointer: 1, location: Point(x: collapsedCard.midX, y: collapsedCard.midY))))
        #expect(session.stateName == "collapsed")
        try session.handle(event(0.2, .tap(Point(x: collapsedCard.midX, y: collapsedCard.midY))))
        #expect(session.stateName == "expanding")
        run(&session, until: 3)
        #expect(session.stateName == "expanded" && !session.isMoving)
        let close = try #require(session.scene().node(withID: "close")?.frame)
        let card = try #require(session.scene().node(withID: "card")?.frame)
        #expect(card.height > collapsedCard.height + 300)
        for point in [
            Point(x: card.midX, y: card.midY), Point(x: collapsedCard.midX, y: collapsedCard.midY),
            Point(x: close.minX - 1, y: close.midY),
        ] {
            try session.handle(event(3.1, .tap(point)))
            #expect(session.stateName == "expanded", "\(point)")
        }
        try session.handle(event(3.2, .tap(Point(x: close.midX, y: close.midY))))
        #expect(session.stateName == "collapsing" && session.isMoving)
    }

    @Test func curtainFollowsThePointerAndIgnoresTapsAndScrubs() throws {
        var session = try ComponentSession(component: .curtain)
        let width = session.viewport.width
        let still = session.displayList()
        try session.handle(event(0.1, .tap(Point(x: width - 10, y: 400))))
        try session.handle(event(0.1, .scrub(progress: 0.5)))
        #expect(session.stateName == "closed" && !session.isMoving)
        var list = session.displayList()
        list.time = still.time
        #expect(list == still)
        // Off the handle nothing starts; on it the drag does.
        try session.handle(event(0.2, .pointerDown(pointer: 1, location: Point(x: width - 60, y: 400))))
        #expect(session.stateName == "closed")
        try session.handle(event(0.3, .pointerDown(pointer: 1, location: Point(x: width - 10, y: 400))))
        #expect(session.stateName == "dragging" && session.isMoving)
        run(&session, until: 2)
        // A held drag whose fold has caught up with the finger asks for no frames (as the
        // file component's machine does); the next move would.
        #expect(session.stateName == "dragging" && !session.isMoving)
        try session.handle(event(2.0, .pointerUp(pointer: 1, location: Point(x: width - 10, y: 400))))
        #expect(session.stateName == "settling" && session.isMoving)
        run(&session, until: 4)
        #expect(session.stateName == "closed" && !session.isMoving)
    }

    @Test func revealedCurtainsStepperChangesTheFoldsAndNothingElseDoes() throws {
        var session = try ComponentSession(component: .curtain)
        let width = session.viewport.width
        let stepper = try #require(session.scene().node(withID: "folds.stepper")).frame
        let minus = Point(x: stepper.minX + stepper.width / 4, y: stepper.midY)
        let plus = Point(x: stepper.maxX - stepper.width / 4, y: stepper.midY)
        func folds() -> Double? { session.configuration["folds"]?.numberValue }
        // Closed: the foreground takes the tap, the stepper beneath does not change.
        try session.handle(event(0.1, .tap(plus)))
        #expect(folds() == 4)
        // Flick open from the trailing handle.
        try session.handle(event(0.2, .pointerDown(pointer: 1, location: Point(x: width - 10, y: 400))))
        for step in 1...5 {
            try session.handle(
                event(
                    0.2 + Double(step) * Self.frame,
                    .pointerMove(pointer: 1, location: Point(x: width - 10 - 50 * Double(step), y: 400))))
        }
        try session.handle(event(0.3, .pointerUp(pointer: 1, location: Point(x: width - 260, y: 400))))
        run(&session, until: 2)
        #expect(session.stateName == "revealed")
        try session.handle(event(2.1, .tap(plus)))
        try session.handle(event(2.2, .tap(plus)))
        #expect(folds() == 6)
        try session.handle(event(2.3, .tap(minus)))
        #expect(folds() == 5)
        // Outside the stepper, and at the ends of 1...8, nothing changes.
        try session.handle(event(2.4, .tap(Point(x: stepper.minX - 20, y: stepper.midY))))
        #expect(folds() == 5)
        for step in 0..<6 { try session.handle(event(2.5 + Double(step) * 0.1, .tap(minus))) }
        #expect(folds() == 1)
        let effect = session.displayList().ops.lazy.compactMap { op -> CurtainEffect? in
            if case .push(let group) = op { group.effect } else { nil }
        }.first
        #expect(effect?.folds == 1)
    }

    @Test func scrubOverridesTheContainerUntilReleased() throws {
        var session = try ComponentSession(component: .morphContainer)
        try session.handle(event(0.1, .scrub(progress: 0.5)))
        let halfwayHeight: Double = 96 + 288 * 0.5
        #expect(cardHeight(session) == halfwayHeight)
        try session.handle(event(0.2, .tap(Point(x: 200, y: 220))))
        #expect(session.stateName == "collapsed")
        try session.handle(event(0.3, .scrub(progress: nil)))
        #expect(cardHeight(session) == 96)
    }

    @Test func eventsStampedInThePastApplyNowAndTimeNeverRunsBack() throws {
        var session = try ComponentSession(component: .morphContainer)
        session.advance(to: 1)
        session.advance(to: 0.5)
        #expect(session.time == 1)
        try session.handle(event(0.2, .tap(Point(x: 200, y: 220))))
        #expect(session.time == 1 && session.stateName == "expanding")
    }

    // MARK: - Settings and environment

    @Test func refusedSetsThrowAndLeaveTheSessionUnchanged() throws {
        let cases: [(ComponentKind, String, InputEvent.ParameterValue)] = [
            (.curtain, "folds", .number(9)), (.curtain, "folds", .string("many")), (.curtain, "nonsense", .number(1)),
            (.curtain, "folds", .number(.nan)), (.morphContainer, "dampingFraction", .number(0)),
            (.morphContainer, "dampingFraction", .number(1e6)), (.morphContainer, "cornerRadiusOpen", .bool(true)),
            (.heroCard, "format", .string("x")),
        ]
        for (component, key, value) in cases {
            var session = try ComponentSession(component: component)
            try session.handle(event(0.1, .tap(Point(x: 200, y: 220))))
            try session.handle(event(0.1, .pointerDown(pointer: 1, location: Point(x: 380, y: 300))))
            let before = snapshot(session)
            #expect(throws: SessionError.self) { try session.handle(event(0.4, .set(key: key, value: value))) }
            do {
                try session.handle(event(0.4, .set(key: key, value: value)))
            } catch {
                switch error {
                case .badSetting(let name, let reason): #expect(name == key && !reason.isEmpty)
                // A non-finite number is outside InputLimits, checked before any setting.
                case .badEvent(let reason): #expect(value.number?.isFinite == false && !reason.isEmpty)
                default: Issue.record("expected badSetting, got \(error)")
                }
            }
            #expect(snapshot(session) == before, "\(component) \(key)")
        }
    }

    @Test func acceptedSetsChangeTheConfiguration() throws {
        var curtain = try ComponentSession(component: .curtain)
        try curtain.handle(event(0.1, .set(key: "folds", value: .number(6))))
        #expect(curtain.configuration.canonicalText.contains("\"folds\":6"))
        var container = try ComponentSession(component: .morphContainer)
        try container.handle(event(0.1, .set(key: "dampingFraction", value: .number(0.5))))
        #expect(container.configuration.canonicalText.contains("\"dampingFraction\":0.5"))
        // A low damping fraction now overshoots the open height: the machine took it.
        try container.handle(event(0.2, .tap(Point(x: 200, y: 220))))
        var tallest = 0.0
        for step in 1...120 {
            container.advance(to: 0.2 + Double(step) / 60)
            tallest = max(tallest, cardHeight(container) ?? 0)
        }
        #expect(tallest > 384 + 20)
    }

    @Test func environmentSizeMovesTheViewportAndTheCurtainsHandle() throws {
        var session = try ComponentSession(component: .curtain)
        #expect(
            session.viewport == SeedScenes(.curtain).defaultSize && session.environment.size == SeedScenes(.curtain).defaultSize)
        // x = 280 is off the 390-wide curtain's handle …
        try session.handle(event(0.1, .pointerDown(pointer: 1, location: Point(x: 280, y: 300))))
        #expect(session.stateName == "closed")
        let small = Size(width: 300, height: 600)
        try session.handle(event(0.2, .environment(.init(size: small))))
        #expect(session.viewport == small && session.environment.size == small)
        #expect(session.displayList().size == small)
        #expect(session.scene().node(withID: "handle")?.frame == Rect(x: 256, y: 0, width: 44, height: 600))
        // … and on the 300-wide one's.
        try session.handle(event(0.3, .pointerDown(pointer: 1, location: Point(x: 280, y: 300))))
        #expect(session.stateName == "dragging")
    }

    @Test func badSizesInEnvironmentEventsAreIgnoredButTheRestApplies() throws {
        var session = try ComponentSession(component: .morphContainer)
        // Outside InputLimits the whole event is refused (`handle` checks the limits first) …
        #expect(throws: SessionError.self) {
            try session.handle(
                event(0.1, .environment(.init(reduceMotion: true, colorScheme: .dark, size: Size(width: 0, height: 10)))))
        }
        #expect(session.viewport == SeedScenes(.morphContainer).defaultSize && session.environment.reduceMotion == false)
        // … and without the bad size the same change applies.
        try session.handle(event(0.1, .environment(.init(reduceMotion: true, colorScheme: .dark))))
        #expect(session.viewport == SeedScenes(.morphContainer).defaultSize)
        #expect(session.environment.reduceMotion == true && session.componentEnvironment.colorScheme == .dark)
        // Reduce Motion reached the machine: the tap jumps.
        try session.handle(event(0.2, .tap(Point(x: 200, y: 220))))
        #expect(session.stateName == "expanded" && !session.isMoving && cardHeight(session) == 384)
    }

    @Test(arguments: [
        Size(width: 0, height: 100), Size(width: 100, height: -1), Size(width: .nan, height: 100),
        Size(width: 100, height: .infinity),
    ])
    func badViewportsThrow(size: Size) {
        #expect(
            performing: { try ComponentSession(component: .curtain, viewport: size) },
            throws: { error in
                guard case SessionError.badViewport(let reported) = error else { return false }
                return "\(reported)" == "\(size)"  // NaN is not equal to itself
            })
    }

    @Test func configurationErrorsAreBadConfiguration() {
        let cases: [(ComponentKind, JSONValue)] = [
            (.curtain, .object([.init("folds", .string("x"))])),
            (.curtain, .object([.init("folds", .number(0))])),
            (.morphContainer, .object([.init("dampingFraction", .number(-1))])),
            (.morphContainer, .object([.init("dampingFraction", .number(50))])),
            (.morphContainer, .object([.init("accent", .string("no-such-colour"))])),
        ]
        for (component, configuration) in cases {
            #expect(
                performing: { try ComponentSession(component: component, configuration: configuration) },
                throws: { error in
                    if case SessionError.badConfiguration = error { true } else { false }
                })
        }
    }

    @Test func onlyTheCurtainHasAScheduledChange() throws {
        let curtain = try ComponentSession(component: .curtain)
        #expect(try ComponentSession(component: .morphContainer).nextScheduledChange(after: 0.3) == nil)
        #expect(try ComponentSession(component: .heroCard).nextScheduledChange(after: 0.3) == nil)
        // A still curtain's picture is constant up to the scheduled time and changes at it.
        func list(at time: Double) -> DisplayList {
            var session = curtain
            session.advance(to: time)
            var list = session.displayList()
            list.time = 0
            return list
        }
        var time = 0.0
        for _ in 0..<20 {
            let next = try #require(curtain.nextScheduledChange(after: time))
            #expect(next > time && next - time <= 1)
            #expect(list(at: next - 1e-6) == list(at: time), "between \(time) and \(next)")
            #expect(list(at: next) != list(at: time), "at \(next)")
            time = next + (next * 7).truncatingRemainder(dividingBy: 0.1)  // land between ticks too
        }
        // The timer's whole seconds are among the ticks.
        #expect(curtain.nextScheduledChange(after: 0.99) == 1)
    }

    /// `status(after:)` reads what the four properties read, through a drag, its spring back
    /// and the timer's ticks.
    @Test func statusIsTheFourReadingsAtOnce() throws {
        var session = try ComponentSession(component: .curtain)
        let events: [InputEvent] =
            [event(0.1, .pointerDown(pointer: 1, location: Point(x: 370, y: 420)))]
            + (1...20).map {
                event(0.1 + Double($0) / 60, .pointerMove(pointer: 1, location: Point(x: 370 - Double($0) * 9, y: 420)))
            }
            + [event(0.5, .pointerUp(pointer: 1, location: Point(x: 190, y: 420)))]
        var states: Set<String> = []
        for time in stride(from: 0.0, through: 2.5, by: 1.0 / 30) {
            for input in events where input.time > time - 1.0 / 30 && input.time <= time { try session.handle(input) }
            session.advance(to: time)
            let status = session.status(after: time)
            #expect(status.stateName == session.stateName && status.isMoving == session.isMoving)
            #expect(status.isAnimating == session.isAnimating)
            #expect(status.nextScheduledChange == session.nextScheduledChange(after: time))
            states.insert(status.stateName)
        }
        #expect(states.count >= 3, "a drag, its settling and rest: \(states)")
    }

    @Test func isMovingFollowsTheSpring() throws {
        var session = try ComponentSession(component: .morphContainer)
        #expect(!session.isMoving)
        try session.handle(event(0.1, .tap(Point(x: 200, y: 220))))
        #expect(session.isMoving && session.stateName == "expanding")
        run(&session, until: 0.3)
        #expect(session.isMoving)
        run(&session, until: 3)
        #expect(!session.isMoving && session.stateName == "expanded" && cardHeight(session) == 384)
    }

    // MARK: - Random sessions

    static let legalStates: Set<String> = [
        "collapsed", "expanding", "expanded", "collapsing", "closed", "dragging", "settling", "revealed",
    ]

    func randomEvent(
        at time: Double, for component: ComponentKind, size: Size,
        using random: inout SeededRandomNumberGenerator
    ) -> InputEvent {
        func coordinate(_ extent: Double) -> Double {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: Double.random(in: -5000...5000, using: &random)
            case 1: extent - Double.random(in: 0...44, using: &random)  // the curtain's handle
            default: Double.random(in: -20...(extent + 20), using: &random)
            }
        }
        let point = Point(x: coordinate(size.width), y: coordinate(size.height))
        let pointer = Int.random(in: 1...2, using: &random)
        let kind: InputEvent.Kind
        switch Int.random(in: 0..<20, using: &random) {
        case 0..<3: kind = .tap(point)
        case 3..<6: kind = .pointerDown(pointer: pointer, location: point)
        case 6..<11: kind = .pointerMove(pointer: pointer, location: point)
        case 11..<13: kind = .pointerUp(pointer: pointer, location: point)
        case 13..<15:
            // Within 0...1: the container's scene draws a negative shadow radius below
            // about -0.3 (reported, not fixed here).
            kind = .scrub(progress: Bool.random(using: &random) ? nil : Double.random(in: 0...1, using: &random))
        case 15..<18:
            let keys = ["folds", "dampingFraction", "cornerRadiusOpen", "title", "nonsense"]
            let key = keys.randomElement(using: &random)!
            let value: InputEvent.ParameterValue =
                switch Int.random(in: 0..<3, using: &random) {
                case 0: .number(Double(Int.random(in: -2...12, using: &random)))
                case 1: .number(Double.random(in: 0...3, using: &random))
                default: Bool.random(using: &random) ? .bool(true) : .string("Porto")
                }
            kind = .set(key: key, value: value)
        default:
            var change = InputEvent.Environment()
            if Bool.random(using: &random) { change.reduceMotion = Bool.random(using: &random) }
            if Bool.random(using: &random) { change.dynamicType = DynamicTypeSize.allCases.randomElement(using: &random) }
            if Bool.random(using: &random) { change.colorScheme = ColorScheme.allCases.randomElement(using: &random) }
            if Int.random(in: 0..<4, using: &random) == 0 {
                // Invalid sizes (ignored) and phone-to-tablet ones; the hero card's layout
                // gives negative frames below about 100 pt (reported, not fixed here).
                change.size =
                    Bool.random(using: &random)
                    ? Size(width: Double.random(in: -10...0, using: &random), height: 500)
                    : Size(
                        width: Double.random(in: 280...900, using: &random), height: Double.random(in: 480...1200, using: &random)
                    )
            }
            kind = .environment(change)
        }
        return InputEvent(time: time, kind: kind)
    }

    @Test(arguments: ComponentKind.allCases)
    func randomSessionsNeverCrashAndEveryFrameDecodes(component: ComponentKind) throws {
        try withEverySeed(1...12) { seed, random in
            var session = try ComponentSession(component: component)
            var time = 0.0
            for _ in 0..<120 {
                time += [0, 0.004, 1.0 / 60, 0.05, 0.4][Int.random(in: 0..<5, using: &random)]
                let input = randomEvent(at: time, for: component, size: session.viewport, using: &random)
                // A value copy: snapshotted (a scene build) only when the input is refused.
                let before = session
                do {
                    try session.handle(input)
                } catch {
                    #expect(snapshot(session) == snapshot(before), "seed \(seed): a refused \(input) changed the session")
                }
                #expect(Self.legalStates.contains(session.stateName), "seed \(seed)")
                let bytes = session.encodedDisplayList(at: time + 1.0 / 120)
                let list = try DisplayList(json: bytes)  // finite numbers, legal values
                #expect(list.isBalanced, "seed \(seed) at \(time)")
                #expect(
                    abs(list.size.width - session.viewport.width) < 1e-4 && abs(list.size.height - session.viewport.height) < 1e-4
                )
                #expect(session.viewport.width > 0 && session.viewport.height > 0)
            }
        }
    }
}
