import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct CurtainTests {
    typealias M = SeedMath
    let configuration = SeedScenes(.curtain)
    let viewport = Size(width: 390, height: 844)

    @Test func noDragMeansTheEffectIsOffAtMaxX() throws {
        let scene = try configuration.scene(drag: nil, isRevealed: false, size: viewport)
        let layer = try #require(scene.node(withID: "foreground.layer"))
        #expect(layer.effectContent == nil, "dragPosition ?? (maxX, 0) equals maxX: disabled")
        #expect(scene.displayList().ops.allSatisfy { if case .push(let group) = $0 { group.effect == nil } else { true } })
        let handle = try #require(scene.node(withID: "handle"))
        #expect(handle.frame == Rect(x: 390 - 44, y: 0, width: 44, height: 844), "trailing when closed")
        #expect(scene.node(withID: "foreground")?.groupContent?.shadow == nil)
    }

    @Test(arguments: [
        Point(x: 300, y: 400), Point(x: 100, y: 10), Point(x: 44, y: 844), Point(x: 19.5, y: 5), Point(x: -30, y: 0),
    ])
    func dragTurnsTheEffectOnWithTheFlooredPoint(drag: Point) throws {
        for folds in [1, 4, 8] {
            let scene = try configuration.scene(drag: drag, isRevealed: false, folds: folds, size: viewport)
            let effect = try #require(scene.node(withID: "foreground.layer")?.effectContent)
            #expect(effect.kind == .curtain)
            #expect(effect.drag == Point(x: max(20, drag.x), y: drag.y))
            #expect(effect.folds == folds)
            #expect(effect.bounds == Rect(x: 0, y: 0, width: 390, height: 844))
        }
    }

    @Test func dragAtExactlyTheWidthIsOff() throws {
        let scene = try configuration.scene(drag: Point(x: 390, y: 200), isRevealed: false, size: viewport)
        #expect(scene.node(withID: "foreground.layer")?.effectContent == nil)
        let nearly = try configuration.scene(drag: Point(x: 389.9, y: 200), isRevealed: false, size: viewport)
        #expect(nearly.node(withID: "foreground.layer")?.effectContent != nil)
    }

    @Test func revealedMovesTheHandleAddsTheShadowAndHidesTheForeground() throws {
        let scene = try configuration.scene(drag: Point(x: 44, y: 300), isRevealed: true, size: viewport)
        #expect(scene.node(withID: "handle")?.frame == Rect(x: 0, y: 0, width: 44, height: 844), "leading when revealed")
        let shadow = try #require(scene.node(withID: "foreground")?.groupContent?.shadow)
        #expect(shadow.radius == 10)
        #expect(shadow.color == RGBAColor(white: 0, alpha: 0.33) && shadow.offset == .zero)
        let ids = Set(scene.displayList().accessibility.map(\.id))
        #expect(!ids.contains("intro") && !ids.contains("timer"))
        #expect(ids.contains("folds.stepper"), "the background stays accessible")
        let closed = Set(
            try configuration.scene(drag: nil, isRevealed: false, size: viewport).displayList().accessibility.map(\.id))
        #expect(closed.contains("intro") && closed.contains("timer") && closed.contains("heading.title"))
    }

    /// SwiftUI rule: a `List` section's header carries `.isHeader` without an explicit
    /// `accessibilityAddTraits`; its footer stays static text.
    @Test func theSettingsSectionHeaderIsAHeaderAndItsFooterIsText() throws {
        let elements = try configuration.scene(drag: nil, isRevealed: false, size: viewport).displayList().accessibility
        let header = try #require(elements.first { $0.id == "settings.header" })
        #expect(header.role == .header && header.label == "Settings")
        #expect(elements.first { $0.id == "settings.footer" }?.role == .text)
        #expect(elements.filter { $0.role == .header }.map(\.id) == ["settings.header"], "only the section header")
    }

    @Test(arguments: 1...8)
    func stepperShowsTheFoldCount(folds: Int) throws {
        let scene = try configuration.scene(drag: nil, isRevealed: false, folds: folds, size: viewport)
        let element = try #require(scene.displayList().accessibility.first { $0.id == "folds.stepper" })
        #expect(element.role == .adjustable && element.label == "Number of Folds (\(folds))" && element.value == "\(folds)")
        #expect(scene.node(withID: "folds.label")?.textContent?.lines.map(\.text).joined() == "Number of Folds (\(folds))")
        guard case .stroke(let minus, _, _, _) = scene.node(withID: "folds.decrement")?.iconContent?.style,
            case .stroke(let plus, _, _, _) = scene.node(withID: "folds.increment")?.iconContent?.style
        else {
            Issue.record("stepper glyphs missing"); return
        }
        #expect((minus.alpha < 1) == (folds == 1) && (plus.alpha < 1) == (folds == 8), "ends of 1...8 disabled")
    }

    @Test func backgroundIsDarkAndInsetByTheHandle() throws {
        let scene = try configuration.scene(drag: nil, isRevealed: false, size: viewport)
        #expect(scene.background == .black)
        let cell = try #require(scene.node(withID: "settings.cell"))
        #expect(cell.frame.minX >= 44, "safeAreaPadding(leading: 44)")
        #expect(cell.shapeContent?.paint == .solid(RGBAColor(red: 0.110, green: 0.110, blue: 0.118)))
        #expect(scene.node(withID: "settings.header")?.textContent?.lines.first?.text == "SETTINGS")
        let foreground = try #require(scene.node(withID: "foreground.fill"))
        #expect(foreground.shapeContent?.paint == .solid(RGBAColor(white: 0.96)))
        #expect(foreground.frame == Rect(x: 0, y: 0, width: 390, height: 844))
    }

    @Test func foregroundTextUsesLooseBodyAndShowsTheClock() throws {
        let scene = try configuration.scene(drag: nil, isRevealed: false, size: viewport, time: 65.7)
        let intro = try #require(scene.node(withID: "intro")?.textContent)
        #expect(intro.font == DisplayList.Font(family: "Inter", weight: 400, size: 17, tracking: -0.43), "SF Pro at 17 pt")
        let body = Font(size: 17)
        for (upper, lower) in zip(intro.lines, intro.lines.dropFirst()) {
            #expect(M.near(lower.y - upper.y, 22 + 2), ".body leading 22, .loose +2")
        }
        for line in intro.lines {
            #expect(TextMeasure.width(of: line.text, font: body) + intro.font.tracking * Double(line.text.count) <= 390 - 32)
        }
        #expect(intro.lines.first?.x == 16)
        let timer = try #require(scene.node(withID: "timer")?.textContent)
        #expect(timer.lines.map(\.text).joined(separator: " ").hasSuffix("update: 1:05"))
        #expect(TimerText.text(seconds: 0) == "0:00")
        #expect(TimerText.text(seconds: 59.99) == "0:59")
        #expect(TimerText.text(seconds: 3661) == "1:01:01")
    }

    @Test func configurationFoldsInOneToEight() throws {
        var session = try configuration.session()
        try session.handle(InputEvent(time: 0, kind: .set(key: "folds", value: .number(6))))
        #expect(session.configuration["folds"] == .number(6))
        #expect(throws: SessionError.self) {
            try session.handle(InputEvent(time: 0, kind: .set(key: "folds", value: .number(9))))
        }
        #expect(session.configuration["folds"] == .number(6))
    }

    @Test func invariants() throws {
        var random = SeededRandomNumberGenerator(seed: 3)
        for _ in 0..<40 {
            let drag: Point? =
                Bool.random(using: &random)
                ? Point(x: Double.random(in: -100...500, using: &random), y: Double.random(in: -50...900, using: &random)) : nil
            let scene = try configuration.scene(
                drag: drag, isRevealed: Bool.random(using: &random),
                folds: Int.random(in: 1...8, using: &random), size: viewport,
                time: Double.random(in: 0...4000, using: &random))
            let problems = SceneInvariants.problems(scene)
            #expect(problems.isEmpty, "\(String(describing: drag)): \(problems)")
        }
    }

    @Test func goldens() throws {
        let golden = Golden(suite: "CurtainTests")
        for (name, drag, revealed, folds, time) in [
            ("closed", nil, false, 4, 1.25), ("dragging", Point(x: 180, y: 420), false, 4, 2.0),
            ("revealed", Point(x: 44, y: 420), true, 6, 3.0), ("floored", Point(x: 10, y: 100), false, 8, 0.0),
        ] as [(String, Point?, Bool, Int, Double)] {
            let scene = try configuration.scene(drag: drag, isRevealed: revealed, folds: folds, size: viewport, time: time)
            for outcome in [
                golden.check(Data(try scene.displayList().canonicalJSON()), name: "\(name).display-list", ext: "json"),
                golden.check(scene.displayList().printedDescription, name: "\(name).display-list", ext: "txt"),
                golden.check(Data(try scene.canonicalJSON()), name: "\(name).scene", ext: "json"),
            ] {
                #expect(outcome.failureMessage == nil, "\(outcome.failureMessage ?? "")")
            }
        }
        let config = golden.check(
            Data(try configuration.session().configuration.compactBytes), name: "configuration", ext: "json")
        #expect(config.failureMessage == nil, "\(config.failureMessage ?? "")")
    }
}
