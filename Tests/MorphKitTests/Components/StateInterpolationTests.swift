import Foundation
import MorphKit
import MorphTestSupport
import Testing

/// SwiftUI's rule for a state change under an animation (schemas/morph-container.md): `body`
/// is evaluated once with the new state, and every animatable modifier value moves from the
/// value it had to the value the new state gives, along the animation's curve, each with its
/// own spring (a second tap mid-flight starts from where each value is and keeps its
/// velocity). So the container's staged fades move linearly with the spring during a tap and
/// follow their ramps only when scrubbed. Expected values come from the seed's formulas at
/// the two states and from springs solved here (closed form, or `SpringODE`), never from the
/// code under test.
@Suite struct StateInterpolationTests {
    typealias M = SeedMath
    static let center = Point(x: 200, y: 220)

    /// What the rule is checked on, read from one frame.
    struct Staged {
        var progress: Double  // from the card's height, 96 + 288 p
        var chevron: Double, body: Double, bodyY: Double, actions: Double, actionsY: Double
        var value: String

        init(_ scene: Scene) throws {
            let card = try #require(scene.node(withID: "card"))
            progress = (card.frame.height - 96) / 288
            chevron = try #require(scene.node(withID: "chevron")?.groupContent).opacity
            let body = try #require(scene.node(withID: "body")?.groupContent)
            let actions = try #require(scene.node(withID: "actions")?.groupContent)
            self.body = body.opacity
            bodyY = body.transform.ty
            self.actions = actions.opacity
            actionsY = actions.transform.ty
            value = try #require(card.accessibility).value
        }
    }

    /// The opening spring's progress from rest at 0 toward 1 (response 0.42, ζ 0.82), in
    /// closed form: 1 − e^(−ζω₀t)(cos ω_d t + ζω₀/ω_d sin ω_d t).
    static func openingProgress(_ t: Double) -> Double {
        let omega0 = 2 * Double.pi / 0.42, zeta = 0.82
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega0 * t) * (cos(omegaD * t) + zeta * omega0 / omegaD * sin(omegaD * t))
    }

    static func tap(_ time: Double) -> InputEvent { InputEvent(time: time, kind: .tap(center)) }

    @Test func theIssuesExampleAtSpringProgressPointTwo() throws {
        // "at spring progress 0.2 the chevron is at 0.8, not at 0.2; the body is at 0.2, not 0"
        let tapped = try Staged(try SeedScenes(.morphContainer).scene(progress: 0.2, model: 1))
        #expect(M.near(tapped.chevron, 0.8) && M.near(tapped.body, 0.2) && M.near(tapped.actions, 0.2))
        #expect(M.near(tapped.bodyY, M.lerp(198 + 12, 272, 0.2)) && M.near(tapped.actionsY, M.lerp(258 + 12, 332, 0.2)))
        #expect(tapped.value == "Expanded")
        // Scrubbed (no model), or with the progress-driven option, the ramps apply.
        for scene in [
            try SeedScenes(.morphContainer).scene(progress: 0.2),
            try SeedScenes(.morphContainer, [.init("interpolation", .string("progress"))]).scene(progress: 0.2, model: 1),
        ] {
            let ramped = try Staged(scene)
            #expect(M.near(ramped.chevron, 0.2) && ramped.body == 0 && ramped.actions == 0)
            #expect(M.near(ramped.bodyY, M.lerp(198, 272, 0.2) + 12) && ramped.value == "Collapsed")
        }
    }

    @Test func aTapMovesEveryStagedValueLinearlyAlongTheSpring() throws {
        var session = try ComponentSession(component: .morphContainer)
        try session.handle(Self.tap(0.1))
        for frame in 1...40 {
            let t = Double(frame) / 60
            session.advance(to: 0.1 + t)
            let staged = try Staged(session.scene())
            let p = staged.progress
            // The fluid integrator against the closed form: within 1% of the distance.
            #expect(abs(p - Self.openingProgress(t)) <= 0.01, "frame \(frame)")
            // Every staged value between its two ends, by the same progress (opacity clamped).
            let clamp = { (x: Double) in min(1, max(0, x)) }
            #expect(M.near(clamp(staged.chevron), clamp(1 - p)), "frame \(frame)")
            #expect(M.near(clamp(staged.body), clamp(p)) && M.near(clamp(staged.actions), clamp(p)), "frame \(frame)")
            #expect(M.near(staged.bodyY, 210 + 62 * p, 1e-9) && M.near(staged.actionsY, 270 + 62 * p, 1e-9))
            // Accessibility reads the state, which flipped at the tap.
            #expect(staged.value == "Expanded", "frame \(frame)")
        }
    }

    @Test func aSecondTapMidFlightStartsEachValueWhereItIsWithItsVelocity() throws {
        var session = try ComponentSession(component: .morphContainer)
        try session.handle(Self.tap(0.1))
        session.advance(to: 0.18)
        try session.handle(Self.tap(0.18))
        // Each value's own spring, solved here: the chevron from 1 toward 0 with the opening
        // spring for 0.08 s, then toward 1 with the closing one (response 0.36, ζ 0.90) from
        // the position and velocity it had; the body's opacity the same way from 0.
        let opening = SpringODE(response: 0.42, dampingRatio: 0.82)
        let closing = SpringODE(response: 0.36, dampingRatio: 0.90)
        let chevronAtRetarget = opening.solve(target: 0, x0: 1, time: 0.08)
        let bodyAtRetarget = opening.solve(target: 1, x0: 0, time: 0.08)
        #expect(chevronAtRetarget.x > 0.2 && chevronAtRetarget.x < 0.8)  // truly mid-flight
        for frame in 1...40 {
            let t = Double(frame) / 60
            session.advance(to: 0.18 + t)
            let staged = try Staged(session.scene())
            let chevron = closing.solve(target: 1, x0: chevronAtRetarget.x, v0: chevronAtRetarget.v, time: t).x
            let body = closing.solve(target: 0, x0: bodyAtRetarget.x, v0: bodyAtRetarget.v, time: t).x
            #expect(abs(staged.chevron - min(1, max(0, chevron))) <= 0.012, "frame \(frame)")
            #expect(abs(staged.body - min(1, max(0, body))) <= 0.012, "frame \(frame)")
            #expect(staged.value == "Collapsed", "frame \(frame)")
        }
    }

    @Test func theProgressOptionRecomputesTheRampsEveryFrame() throws {
        var session = try ComponentSession(
            component: .morphContainer, configuration: .object([.init("interpolation", .string("progress"))]))
        try session.handle(Self.tap(0.1))
        for frame in [3, 9, 15, 21] {
            session.advance(to: 0.1 + Double(frame) / 60)
            let staged = try Staged(session.scene())
            let p = staged.progress
            let bodyIn = M.easeOut(M.ramp(p, 0.50, 0.88)), actionIn = M.easeOut(M.ramp(p, 0.62, 0.98))
            #expect(M.near(staged.chevron, 1 - M.ramp(p, 0, 0.25), 1e-9))
            #expect(M.near(staged.body, bodyIn, 1e-9) && M.near(staged.actions, actionIn, 1e-9))
            #expect(M.near(staged.bodyY, M.lerp(198, 272, p) + M.lerp(12, 0, bodyIn), 1e-9))
            #expect(M.near(staged.actionsY, M.lerp(258, 332, p) + M.lerp(12, 0, actionIn), 1e-9))
            #expect(staged.value == (p > 0.5 ? "Expanded" : "Collapsed"))
        }
    }

    @Test func theOptionIsAConfigurationKeyThatASetChanges() throws {
        var session = try ComponentSession(component: .morphContainer)
        #expect(session.configuration["interpolation"] == .string("swiftui"))
        try session.handle(InputEvent(time: 0, kind: .set(key: "interpolation", value: .string("progress"))))
        #expect(session.configuration["interpolation"] == .string("progress"))
        #expect(throws: SessionError.self) {
            try session.handle(InputEvent(time: 0, kind: .set(key: "interpolation", value: .string("linear"))))
        }
    }

    @Test func theHeroCardsAccessibilityTreeChangesAtTheTap() throws {
        var session = try ComponentSession(component: .heroCard)
        let card = try #require(session.scene().node(withID: "card")).frame
        try session.handle(InputEvent(time: 0.1, kind: .tap(Point(x: card.midX, y: card.midY))))
        session.advance(to: 0.1 + 1.0 / 60)
        let opening = session.displayList().accessibility.map(\.id)
        #expect(!opening.contains("card") && opening.contains("title") && opening.contains("close"))
        while session.isMoving { session.advance(to: session.time + 1.0 / 60) }
        let close = try #require(session.hitTestScene().node(withID: "close")).frame
        try session.handle(InputEvent(time: session.time + 0.1, kind: .tap(Point(x: close.midX, y: close.midY))))
        session.advance(to: session.time + 1.0 / 60)
        let closing = session.displayList().accessibility.map(\.id)
        #expect(closing.contains("card") && !closing.contains("title") && !closing.contains("close"))
    }
}
