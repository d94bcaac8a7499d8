import Foundation
import MorphTestSupport
import Testing

@testable import MorphCore
@testable import MorphKit

/// The seeds' state machines as their bundled files run them, through raw input: which
/// springs a tap or press starts, that a retarget keeps position and velocity, that Reduce
/// Motion jumps, that scrubbing blocks taps, and the curtain's handle, rubber band and release
/// rule. Springs are checked against `SpringODE` solved here; release decisions against the
/// tracked-velocity rule computed here.
@Suite struct SeedMachineTests {
    static let frame = 1.0 / 60

    /// A variable's value, target and velocity (the animator's own readings); NaNs, and an
    /// issue recorded, when the file has no such variable.
    static func reading(_ session: ComponentSession, _ name: String) -> (
        value: ExpressionValue, target: ExpressionValue, velocity: ExpressionValue
    ) {
        guard let index = session.definition.variables.firstIndex(where: { $0.name == name }) else {
            Issue.record("no variable \(name)")
            return (.number(.nan), .number(.nan), .number(.nan))
        }
        return session.model.animators[index].readings(atTarget: false)
    }

    static func number(_ value: ExpressionValue) -> Double {
        if case .number(let number) = value { return number }
        return .nan
    }

    static func point(_ value: ExpressionValue) -> Point {
        if case .point(let point) = value { return point }
        return Point(x: .nan, y: .nan)
    }

    /// Advances frame by frame until nothing animates (at most 10 s); returns the time.
    static func settle(_ session: inout ComponentSession) -> Double {
        let start = session.time
        while session.isAnimating && session.time < start + 10 { session.advance(to: session.time + frame) }
        return session.time
    }

    static func centre(_ session: ComponentSession, _ id: String) throws -> Point {
        let frame = try #require(session.hitTestScene().node(withID: id)).frame
        return Point(x: frame.midX, y: frame.midY)
    }

    static func tap(_ session: inout ComponentSession, _ id: String, at time: Double) throws {
        try session.handle(InputEvent(time: time, kind: .tap(try centre(session, id))))
    }

    /// `progress` follows the spring from `start` (at rest) toward `target` for 40 frames.
    static func expectSpring(
        _ session: inout ComponentSession, from start: Double, to target: Double, _ spring: SpringODE,
        _ label: String
    ) throws {
        let tapTime = session.time
        for frame in 1...40 {
            let t = Double(frame) * Self.frame
            session.advance(to: tapTime + t)
            let expected = spring.solve(target: target, x0: start, time: t).x
            let progress = number(reading(session, "progress").value)
            #expect(abs(progress - expected) <= 0.01, "\(label) frame \(frame): \(progress) vs \(expected)")
        }
    }

    @Test func containerOpensAndClosesWithItsTwoSpringsAndSettles() throws {
        var session = try ComponentSession(component: .morphContainer)
        #expect(session.stateName == "collapsed")
        try Self.tap(&session, "card", at: 0)
        #expect(session.stateName == "expanding" && Self.number(Self.reading(session, "progress").target) == 1)
        try Self.expectSpring(&session, from: 0, to: 1, SpringODE(response: 0.42, dampingRatio: 0.82), "open")
        _ = Self.settle(&session)
        #expect(session.stateName == "expanded" && Self.number(Self.reading(session, "progress").value) == 1)
        try Self.tap(&session, "card", at: session.time + 0.5)
        #expect(session.stateName == "collapsing")
        // The closing spring is stiffer: response 0.36, damping min(1, 0.82 + 0.08).
        try Self.expectSpring(&session, from: 1, to: 0, SpringODE(response: 0.36, dampingRatio: 0.90), "close")
        _ = Self.settle(&session)
        #expect(session.stateName == "collapsed" && !session.isAnimating)
    }

    @Test func aMidFlightTapRetargetsKeepingPositionAndVelocity() throws {
        var session = try ComponentSession(component: .morphContainer)
        try Self.tap(&session, "card", at: 0)
        session.advance(to: 12 * Self.frame)
        let before = Self.reading(session, "progress")
        #expect(Self.number(before.value) > 0.3 && Self.number(before.velocity) > 0)
        // Hit tested against the expanded layout: the card is there.
        try Self.tap(&session, "card", at: 12 * Self.frame)
        let after = Self.reading(session, "progress")
        #expect(session.stateName == "collapsing" && Self.number(after.target) == 0)
        #expect(after.value == before.value && after.velocity == before.velocity)
        // A third tap opens again from wherever it is: never queued.
        session.advance(to: 15 * Self.frame)
        try Self.tap(&session, "card", at: 15 * Self.frame)
        #expect(session.stateName == "expanding")
        _ = Self.settle(&session)
        #expect(session.stateName == "expanded")
    }

    @Test func reduceMotionJumpsAlsoWhenTurnedOnMidFlight() throws {
        var reduced = try ComponentSession(component: .morphContainer, environment: .init(reduceMotion: true))
        try Self.tap(&reduced, "card", at: 0)
        #expect(reduced.stateName == "expanded" && !reduced.isAnimating && reduced.jumps == 1)
        try Self.tap(&reduced, "card", at: 0.1)
        #expect(reduced.stateName == "collapsed" && Self.number(Self.reading(reduced, "progress").value) == 0)
        var flying = try ComponentSession(component: .morphContainer)
        try Self.tap(&flying, "card", at: 0)
        flying.advance(to: 0.1)
        try flying.handle(InputEvent(time: 0.1, kind: .environment(.init(reduceMotion: true))))
        try Self.tap(&flying, "card", at: 0.15)
        #expect(flying.stateName == "collapsed" && !flying.isAnimating)
    }

    @Test func aScrubOverridesAndBlocksTapsUntilReleased() throws {
        var session = try ComponentSession(component: .morphContainer)
        try session.handle(InputEvent(time: 0, kind: .scrub(progress: 0.4)))
        #expect(session.stateName == "collapsed")
        // The seed's `guard progress == nil`: taps do nothing while scrubbing.
        try Self.tap(&session, "card", at: 0.1)
        #expect(session.stateName == "collapsed" && !session.isAnimating)
        try session.handle(InputEvent(time: 0.2, kind: .scrub(progress: nil)))
        try Self.tap(&session, "card", at: 0.3)
        #expect(session.stateName == "expanding")
    }

    @Test func theDampingFractionIsConfigurable() throws {
        var session = try ComponentSession(component: .morphContainer)
        try session.handle(InputEvent(time: 0, kind: .set(key: "dampingFraction", value: .number(0.6))))
        try Self.tap(&session, "card", at: 0)
        try Self.expectSpring(&session, from: 0, to: 1, SpringODE(response: 0.42, dampingRatio: 0.6), "open at 0.6")
        _ = Self.settle(&session)
        // Closing uses min(1, 0.95 + 0.08) = 1.
        try session.handle(InputEvent(time: session.time, kind: .set(key: "dampingFraction", value: .number(0.95))))
        try Self.tap(&session, "card", at: session.time + 0.5)
        try Self.expectSpring(&session, from: 1, to: 0, SpringODE(response: 0.36, dampingRatio: 1), "close at 1")
    }

    @Test func theHeroCardOpensByTheCardAndClosesOnlyByItsButton() throws {
        var session = try ComponentSession(component: .heroCard)
        try Self.tap(&session, "card", at: 0)
        #expect(session.stateName == "expanding")
        session.advance(to: 0.1)
        // The card button is gone once expanded: a tap where it was does not close.
        let progress = Self.reading(session, "progress")
        try Self.tap(&session, "close", at: 0.1)
        let reversed = Self.reading(session, "progress")
        #expect(session.stateName == "collapsing" && reversed.value == progress.value)
        try Self.tap(&session, "card", at: 0.15)
        #expect(session.stateName == "expanding")
        _ = Self.settle(&session)
        #expect(session.stateName == "expanded")
        let card = try Self.centre(session, "title")
        try session.handle(InputEvent(time: session.time + 0.2, kind: .tap(card)))
        #expect(session.stateName == "expanded")
        var reduced = try ComponentSession(component: .heroCard, environment: .init(reduceMotion: true))
        try Self.tap(&reduced, "card", at: 0)
        #expect(reduced.stateName == "expanded" && !reduced.isAnimating)
        try Self.tap(&reduced, "close", at: 0.1)
        #expect(reduced.stateName == "collapsed")
    }

    // MARK: - The curtain

    static let width = 390.0

    static func drag(_ session: inout ComponentSession, _ samples: [(x: Double, t: Double)], y: Double = 400, pointer: Int = 1)
        throws
    {
        try session.handle(
            InputEvent(time: samples[0].t, kind: .pointerDown(pointer: pointer, location: Point(x: samples[0].x, y: y))))
        for sample in samples.dropFirst() {
            try session.handle(
                InputEvent(time: sample.t, kind: .pointerMove(pointer: pointer, location: Point(x: sample.x, y: y))))
        }
    }

    static func lift(_ session: inout ComponentSession, x: Double, y: Double = 400, at time: Double, pointer: Int = 1) throws {
        try session.handle(InputEvent(time: time, kind: .pointerUp(pointer: pointer, location: Point(x: x, y: y))))
    }

    /// The tracked velocity by the reference's rule, computed here from the last 3 samples.
    static func trackedVelocityX(_ samples: [(x: Double, t: Double)]) -> Double {
        let n = samples.count
        let latest = (samples[n - 1].x - samples[n - 2].x) / (samples[n - 1].t - samples[n - 2].t)
        let previous = (samples[n - 2].x - samples[n - 3].x) / (samples[n - 2].t - samples[n - 3].t)
        return 0.25 * latest + 0.75 * previous
    }

    @Test func theDragStartsOnlyOnTheTrailingHandleAndOnePointerOwnsIt() throws {
        var session = try ComponentSession(component: .curtain)
        try Self.drag(&session, [(300, 0), (250, 0.01)])
        #expect(session.stateName == "closed")
        try Self.lift(&session, x: 250, at: 0.02)
        // x ≥ width − 44 is the handle (minimumDistance 0: it starts at once).
        try Self.drag(&session, [(346, 0.1)], pointer: 7)
        #expect(session.stateName == "dragging")
        try Self.drag(&session, [(380, 0.12), (10, 0.13)], y: 10, pointer: 8)
        try Self.lift(&session, x: 10, y: 10, at: 0.14, pointer: 8)
        #expect(session.stateName == "dragging")
    }

    @Test func theDragFollowsThroughTheRubberBand() throws {
        var session = try ComponentSession(component: .curtain)
        try Self.drag(&session, [(380, 0), (10, 0.05)], y: 320)
        let range = 1_000_000.0 - 44
        let stretch = 34 * 0.55 / range + 1
        let band = 44 - (1 - 1 / stretch) * range
        let target = Self.point(Self.reading(session, "dragPosition").target)
        #expect(abs(target.x - band) < 1e-9 && target.x < 44 && target.x > 10 && target.y == 320)
    }

    @Test func aQuickFlickRevealsAndASlowDragOrAHeldFingerSpringsBack() throws {
        let samples: [(x: Double, t: Double)] = [(370, 0), (330, 0.016), (270, 0.033), (200, 0.05)]
        #expect(200 + 0.25 * Self.trackedVelocityX(samples) < 100)
        var flick = try ComponentSession(component: .curtain)
        try Self.drag(&flick, samples)
        try Self.lift(&flick, x: 200, at: 0.05)
        #expect(flick.stateName == "settling" && Self.number(Self.reading(flick, "revealed").value) == 1)
        #expect(Self.point(Self.reading(flick, "dragPosition").target) == Point(x: 44, y: 400))
        _ = Self.settle(&flick)
        #expect(flick.stateName == "revealed")

        var held = try ComponentSession(component: .curtain)
        try Self.drag(&held, samples)
        // Held still for half a second: the velocity has decayed, so it springs back.
        try Self.lift(&held, x: 200, at: 0.55)
        #expect(Self.point(Self.reading(held, "dragPosition").target) == Point(x: Self.width, y: 400))
        _ = Self.settle(&held)
        #expect(held.stateName == "closed")

        var slow = try ComponentSession(component: .curtain)
        let steps = (0...55).map { (x: 370 - 4 * Double($0), t: Double($0) * Self.frame) }
        try Self.drag(&slow, steps, y: 200)
        try Self.lift(&slow, x: steps.last!.x, y: 200, at: steps.last!.t + 0.5)
        _ = Self.settle(&slow)
        #expect(slow.stateName == "closed")
    }

    @Test func aRevealedCurtainDragsFromTheLeadingHandleAndAFlingClosesIt() throws {
        var session = try ComponentSession(component: .curtain)
        try Self.drag(&session, [(380, 0), (200, 0.02), (60, 0.04)], y: 100)
        try Self.lift(&session, x: 50, y: 100, at: 0.05)
        let end = Self.settle(&session)
        #expect(session.stateName == "revealed")
        // The trailing strip is no longer the handle.
        try Self.drag(&session, [(370, end)], y: 100, pointer: 3)
        #expect(session.stateName == "revealed")
        try Self.lift(&session, x: 370, y: 100, at: end + 0.05, pointer: 3)
        try Self.drag(&session, [(20, end + 0.1), (150, end + 0.12), (300, end + 0.14)], y: 100, pointer: 4)
        #expect(session.stateName == "dragging")
        try Self.lift(&session, x: 340, y: 100, at: end + 0.15, pointer: 4)
        #expect(Self.number(Self.reading(session, "revealed").value) == 0)
        _ = Self.settle(&session)
        #expect(session.stateName == "closed")
    }

    @Test func grabbingWhileSettlingRetargets() throws {
        var session = try ComponentSession(component: .curtain)
        try Self.drag(&session, [(370, 0), (300, 0.5)], y: 100)
        try Self.lift(&session, x: 300, y: 100, at: 1.2)
        session.advance(to: 1.25)
        #expect(session.stateName == "settling")
        let before = Self.reading(session, "dragPosition")
        try Self.drag(&session, [(360, 1.25)], y: 150, pointer: 2)
        #expect(session.stateName == "dragging")
        // The spring picks up from where the point is, with its velocity.
        let after = Self.reading(session, "dragPosition")
        #expect(after.value == before.value && after.velocity == before.velocity)
    }
}
