import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct MorphContainerTests {
    typealias M = SeedMath
    let configuration = SeedScenes(.morphContainer)
    let viewport = Size(width: 400, height: 440)

    /// The card's frame per the seed: 340 wide, `lerp(96, 384, p)` tall, centred in the preview.
    func cardFrame(_ p: Double) -> Rect {
        let height = M.lerp(96, 384, p)
        return Rect(x: (viewport.width - 340) / 2, y: (viewport.height - height) / 2, width: 340, height: height)
    }

    @Test(arguments: SeedMath.progresses)
    func cardHeightRadiusAndShadowTriple(p: Double) throws {
        let scene = try configuration.scene(progress: p, size: viewport)
        let card = try #require(scene.node(withID: "card"))
        let group = try #require(card.groupContent)
        #expect(M.near(card.frame, cardFrame(p)))
        let local = Rect(x: 0, y: 0, width: 340, height: M.lerp(96, 384, p))
        #expect(group.clip == Path(roundedRect: local, cornerRadius: M.lerp(16, 28, p), style: .continuous))
        // The clip's top edge starts 1.528665 r in (the radius is under min/3.0573 at every p).
        if case .move(let start) = group.clip?.elements.first {
            #expect(M.near(start.x, 1.528665 * M.lerp(16, 28, p)))
        } else {
            Issue.record("clip does not start with a move")
        }
        let shadow = try #require(group.shadow)
        #expect(M.near(shadow.color, RGBAColor(red: 0, green: 0, blue: 0, alpha: M.lerp(0.06, 0.16, p))))
        #expect(M.near(shadow.radius, M.lerp(8, 34, p)))
        #expect(M.near(shadow.offset, Point(x: 0, y: M.lerp(2, 16, p))))
        let surface = try #require(scene.node(withID: "surface")?.shapeContent)
        #expect(surface.paint == .solid(.white))
    }

    @Test(arguments: SeedMath.progresses)
    func artworkFrameUnevenRadiiAndGradient(p: Double) throws {
        let scene = try configuration.scene(progress: p, size: viewport)
        let card = cardFrame(p)
        let artwork = try #require(scene.node(withID: "artwork"))
        let shape = try #require(artwork.shapeContent)
        let local = Rect(x: M.lerp(16, 0, p), y: M.lerp(16, 0, p), width: M.lerp(64, 340, p), height: M.lerp(64, 196, p))
        #expect(M.near(artwork.frame, local.offsetBy(dx: card.minX, dy: card.minY)))
        let top = M.lerp(10, 28, p), bottom = M.lerp(10, 0, p)
        #expect(
            shape.path
                == Path(
                    roundedRect: local,
                    cornerRadii: CornerRadii(
                        topLeading: top, bottomLeading: bottom, bottomTrailing: bottom, topTrailing: top), style: .continuous))
        if case .move(let start) = shape.path.elements.first {
            #expect(M.near(start.x - local.minX, 1.528665 * top))
        }
        guard case .linear(let from, let to, let stops) = shape.paint else { Issue.record("artwork is not a gradient"); return }
        #expect(from == local.origin && to == Point(x: local.maxX, y: local.maxY))
        #expect(
            stops == [
                GradientStop(offset: 0, color: RGBAColor(red: 0.486, green: 0.361, blue: 1.0)),
                GradientStop(offset: 1, color: RGBAColor(red: 0.184, green: 0.435, blue: 0.929)),
            ])
    }

    @Test(arguments: SeedMath.progresses)
    func waveformOpacityAndScale(p: Double) throws {
        let scene = try configuration.scene(progress: p, size: viewport)
        let local = Rect(x: M.lerp(16, 0, p), y: M.lerp(16, 0, p), width: M.lerp(64, 340, p), height: M.lerp(64, 196, p))
        let group = try #require(scene.node(withID: "artwork.icon")?.groupContent)
        let scale = M.lerp(22.0 / 46.0, 1, p)
        #expect(M.near(group.transform.a, scale) && M.near(group.transform.d, scale))
        #expect(group.transform.b == 0 && group.transform.c == 0)
        // scaleEffect's default anchor is the centre of the overlay, the artwork's centre.
        let center = Point(x: local.midX, y: local.midY)
        #expect(M.near(group.transform.apply(to: center), center))
        let icon = try #require(scene.node(withID: "waveform")?.firstIcon)
        guard case .stroke(let color, _, _, _) = icon.style else { Issue.record("waveform is not stroked"); return }
        #expect(M.near(color, RGBAColor(white: 1, alpha: M.lerp(0.92, 0.62, p))))
        // Drawn at 46 pt, centred on the artwork before scaling.
        let box = Icon.waveform.layoutBox(pointSize: 46)
        let frame = try #require(scene.node(withID: "waveform")).frame
        let card = cardFrame(p)
        #expect(frame.width <= box.width * scale + 1e-9)
        #expect(M.near(frame.midX, card.minX + center.x, box.width * scale / 2))
    }

    @Test(arguments: SeedMath.progresses)
    func titleAndSubtitleOriginsAndScales(p: Double) throws {
        let scene = try configuration.scene(progress: p, size: viewport)
        let card = cardFrame(p)
        for (id, text, size, weight, white, from, to, originFrom, originTo) in [
            ("title", "Northern Lights", 24.0, 600, 0.09, 15.0 / 24.0, 1.0, Point(x: 92, y: 26), Point(x: 20, y: 212)),
            ("subtitle", "Ambient mix · 12 tracks", 13.0, 400, 0.46, 11.0 / 13.0, 1.0, Point(x: 92, y: 56), Point(x: 20, y: 250)),
        ] {
            let node = try #require(scene.node(withID: id))
            let transform = try #require(node.groupContent?.transform)
            let scale = M.lerp(from, to, p)
            let origin = Point(x: M.lerp(originFrom.x, originTo.x, p), y: M.lerp(originFrom.y, originTo.y, p))
            // scaleEffect(anchor: .topLeading) then offset: the text box's top-left lands on the
            // offset and everything else scales away from it.
            #expect(M.near(transform.apply(to: .zero), origin), "\(id)")
            #expect(M.near(transform.a, scale) && M.near(transform.d, scale), "\(id)")
            let label = try #require(scene.node(withID: "\(id).text")?.textContent)
            #expect(
                label.font
                    == DisplayList.Font(family: "Inter", weight: weight, size: size, tracking: Font.systemTracking(size: size)))
            #expect(label.color == RGBAColor(white: white))
            #expect(label.lines.map(\.text) == [text], "fixedSize: one line")
            let width =
                TextMeasure.width(of: text, font: Font(size: size, weight: FontWeight(rawValue: weight)!))
                + Font.systemTracking(size: size) * Double(text.count)
            #expect(M.near(node.frame.minX, card.minX + origin.x) && M.near(node.frame.minY, card.minY + origin.y))
            #expect(M.near(node.frame.width, width * scale, 1e-6))
        }
    }

    @Test(arguments: SeedMath.progresses)
    func chevronIsOutByAQuarter(p: Double) throws {
        let scene = try configuration.scene(progress: p, size: viewport)
        let chevron = try #require(scene.node(withID: "chevron"))
        #expect(M.near(chevron.groupContent?.opacity ?? -1, 1 - M.ramp(p, 0, 0.25)))
        let icon = try #require(scene.node(withID: "chevron.icon"))
        let card = cardFrame(p)
        let box = Icon.chevronRight.layoutBox(pointSize: 13)
        let slot = Rect(x: card.minX + 312, y: card.minY + 41, width: box.width, height: box.height)
        #expect(icon.frame.minX >= slot.minX && icon.frame.maxX <= slot.maxX + 1e-9)
        #expect(icon.frame.minY >= slot.minY && icon.frame.maxY <= slot.maxY + 1e-9)
        guard case .stroke(let color, _, _, _) = icon.iconContent?.style else { Issue.record("chevron not stroked"); return }
        #expect(color == RGBAColor(white: 0.64))
    }

    @Test(arguments: SeedMath.progresses)
    func bodyAndActionsArriveLateAndRise(p: Double) throws {
        let scene = try configuration.scene(progress: p, size: viewport)
        let bodyIn = M.easeOut(M.ramp(p, 0.50, 0.88))
        let actionIn = M.easeOut(M.ramp(p, 0.62, 0.98))
        let body = try #require(scene.node(withID: "body")?.groupContent)
        #expect(M.near(body.opacity, bodyIn))
        #expect(M.near(body.transform.apply(to: .zero), Point(x: 20, y: M.lerp(198, 272, p) + M.lerp(12, 0, bodyIn))))
        #expect(body.bounds?.width == 300)
        let text = try #require(scene.node(withID: "body.text")?.textContent)
        let font = Font(size: 13)
        #expect(
            text.font == DisplayList.Font(family: "Inter", weight: 400, size: 13, tracking: Font.systemTracking(size: 13))
                && text.color == RGBAColor(white: 0.40))
        #expect(text.lines.count >= 2)
        for line in text.lines {
            #expect(TextMeasure.width(of: line.text, font: font) + font.systemTracking * Double(line.text.count) <= 300)
        }
        for (upper, lower) in zip(text.lines, text.lines.dropFirst()) {
            #expect(M.near(lower.y - upper.y, font.lineHeight + 4), "lineSpacing(4)")
        }
        #expect(
            text.lines.map(\.text).joined(separator: " ")
                == "Slow synth pads recorded across three winters in Tromsø. Best played quietly, and late.")

        let actions = try #require(scene.node(withID: "actions")?.groupContent)
        #expect(M.near(actions.opacity, actionIn))
        #expect(M.near(actions.transform.apply(to: .zero), Point(x: 20, y: M.lerp(258, 332, p) + M.lerp(12, 0, actionIn))))
    }

    @Test func playAndSaveButtons() throws {
        let scene = try configuration.scene(progress: 1, size: viewport)
        let accent = RGBAColor(red: 0.184, green: 0.435, blue: 0.929)
        let play = try #require(scene.node(withID: "play")?.shapeContent)
        let save = try #require(scene.node(withID: "save")?.shapeContent)
        // HStack(spacing: 10) of two 145×40 buttons with continuous radius 12.
        #expect(play.path == Path(roundedRect: Rect(x: 0, y: 0, width: 145, height: 40), cornerRadius: 12, style: .continuous))
        #expect(save.path == Path(roundedRect: Rect(x: 155, y: 0, width: 145, height: 40), cornerRadius: 12, style: .continuous))
        #expect(play.paint == .solid(accent))
        #expect(save.paint == .solid(accent.opacity(0.10)))
        let playText = try #require(scene.node(withID: "play.text"))
        let saveText = try #require(scene.node(withID: "save.text"))
        #expect(playText.textContent?.font.weight == 600 && playText.textContent?.font.size == 15)
        #expect(saveText.textContent?.font.weight == 500 && saveText.textContent?.font.size == 15)
        #expect(playText.textContent?.color == .white && saveText.textContent?.color == accent)
        // Labels centred in their buttons.
        let playFrame = try #require(scene.node(withID: "play")).frame
        #expect(M.near(playText.frame.midX, playFrame.midX) && M.near(playText.frame.midY, playFrame.midY))
        let saveFrame = try #require(scene.node(withID: "save")).frame
        #expect(M.near(saveText.frame.midX, saveFrame.midX) && M.near(saveText.frame.midY, saveFrame.midY))
    }

    @Test(arguments: SeedMath.progresses)
    func accessibilityIsOneButton(p: Double) throws {
        let list = try configuration.scene(progress: p, size: viewport).displayList()
        #expect(list.accessibility.count == 1)
        let element = try #require(list.accessibility.first)
        #expect(element.id == "card" && element.role == .button)
        #expect(element.label == "Northern Lights, ambient mix, 12 tracks")
        #expect(element.value == (p > 0.5 ? "Expanded" : "Collapsed"))
        #expect(element.hint == (p > 0.5 ? "Double tap to collapse" : "Double tap to expand"))
        #expect(M.near(element.frame, cardFrame(p)))
    }

    @Test func configurationChangesColoursAndRadius() throws {
        let custom = SeedScenes(
            .morphContainer,
            [
                .init("cornerRadiusOpen", .number(40)),
                .init("accent", .array([.number(1), .number(0), .number(0), .number(1)])),
                .init("dampingFraction", .number(0.95)),
            ])
        let scene = try custom.scene(progress: 0.5, size: viewport)
        let local = Rect(x: 0, y: 0, width: 340, height: M.lerp(96, 384, 0.5))
        #expect(scene.node(withID: "card")?.groupContent?.clip == Path(roundedRect: local, cornerRadius: M.lerp(16, 40, 0.5)))
        #expect(scene.node(withID: "play")?.shapeContent?.paint == .solid(RGBAColor(red: 1, green: 0, blue: 0)))
    }

    @Test func configurationDefaultsPatchesAndErrors() throws {
        var session = try SeedScenes(.morphContainer).session()
        #expect(session.configuration["cornerRadiusOpen"] == .number(28))
        try session.handle(InputEvent(time: 0, kind: .set(key: "cornerRadiusOpen", value: .number(20))))
        try session.handle(InputEvent(time: 0, kind: .set(key: "artA", value: .string("indigo"))))
        #expect(session.configuration["cornerRadiusOpen"] == .number(20) && session.configuration["artA"] == .string("indigo"))
        for (key, value) in [
            ("dampingFraction", InputEvent.ParameterValue.number(0)), ("nope", .number(1)), ("dampingFraction", .number(11)),
        ] {
            #expect(throws: SessionError.self, "\(key)") {
                try session.handle(InputEvent(time: 0, kind: .set(key: key, value: value)))
            }
        }
    }

    @Test func invariantsHoldAcrossTheMorphAndBeyond() throws {
        for step in -4...24 {
            let p = Double(step) / 20
            let problems = SceneInvariants.problems(try configuration.scene(progress: p, size: viewport))
            #expect(problems.isEmpty, "p \(p): \(problems)")
        }
    }

    @Test func goldens() throws {
        let golden = Golden(suite: "MorphContainerTests")
        for p in [0.0, 0.5, 1.0] {
            let scene = try configuration.scene(progress: p, size: viewport)
            let name = "progress-\(p)"
            for outcome in [
                golden.check(Data(try scene.displayList().canonicalJSON()), name: "\(name).display-list", ext: "json"),
                golden.check(scene.displayList().printedDescription, name: "\(name).display-list", ext: "txt"),
                golden.check(Data(try scene.canonicalJSON()), name: "\(name).scene", ext: "json"),
            ] {
                #expect(outcome.failureMessage == nil, "\(outcome.failureMessage ?? "")")
            }
        }
        let document = try configuration.session().configuration
        let config = golden.check(Data(document.compactBytes), name: "configuration", ext: "json")
        #expect(config.failureMessage == nil, "\(config.failureMessage ?? "")")
    }
}
