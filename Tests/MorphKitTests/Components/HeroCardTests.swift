import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct HeroCardTests {
    typealias M = SeedMath
    let configuration = SeedScenes(.heroCard)
    let viewport = Size(width: 390, height: 844)

    /// Large Title sizes across Dynamic Type (the HIG's table), and the @ScaledMetric rule:
    /// v · size(D) / size(L), rounded to a third of a point.
    static let largeTitleSizes: [DynamicTypeSize: Double] = [
        .xSmall: 31, .small: 32, .medium: 33, .large: 34, .xLarge: 36, .xxLarge: 38, .xxxLarge: 40,
        .accessibility1: 44, .accessibility2: 48, .accessibility3: 52, .accessibility4: 56, .accessibility5: 60,
    ]
    static func scaled(_ value: Double, _ size: DynamicTypeSize) -> Double {
        (value * largeTitleSizes[size]! / 34 * 3).rounded() / 3
    }

    /// The demo's frames written out from the seed for one Dynamic Type size.
    struct Expected {
        var parent: Rect
        var collapsedCard: Rect, expandedCard: Rect
        var collapsedHeader: Point, expandedHeader: Point
        var iconBox: IconLayoutBox
        var title: TextLayout, subtitle: TextLayout
        var rowsTop: Double

        /// The default configuration's header (its icon, title and subtitle).
        init(_ size: Size, _ dynamicType: DynamicTypeSize) {
            let today = TextLayout("Today", style: .largeTitle, at: dynamicType, weight: .bold)
            let top = 20 + today.size.height + 16  // padding(20), VStack spacing 16
            parent = Rect(x: 20, y: top, width: size.width - 40, height: size.height - 20 - top)
            let collapsedHeight = HeroCardTests.scaled(220, dynamicType)
            collapsedCard = Rect(x: 20, y: top, width: size.width - 40, height: collapsedHeight)
            expandedCard = Rect(x: 20, y: top, width: size.width - 40, height: max(collapsedHeight, parent.height))
            iconBox = Icon.tramFill.layoutBox(pointSize: HeroCardTests.scaled(52, dynamicType))
            title = TextLayout("Lisbon", style: .largeTitle, at: dynamicType, weight: .bold, maxWidth: parent.width - 48)
            subtitle = TextLayout(
                "Three days by the river", style: .subheadline, at: dynamicType, maxWidth: parent.width - 48)
            let headerHeight = iconBox.height + 6 + title.size.height + 6 + subtitle.size.height
            collapsedHeader = Point(x: 20 + 24, y: collapsedCard.maxY - 24 - headerHeight)  // padding(24), bottomLeading
            expandedHeader = Point(x: 20 + 24, y: top + 24 + 32)  // padding(24) + top 32
            rowsTop = top + HeroCardTests.scaled(240, dynamicType)
        }
    }

    func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
        Rect(
            x: M.lerp(a.minX, b.minX, t), y: M.lerp(a.minY, b.minY, t), width: M.lerp(a.width, b.width, t),
            height: M.lerp(a.height, b.height, t))
    }

    @Test(arguments: [DynamicTypeSize.xSmall, .large, .xxxLarge, .accessibility3])
    func scaledMetricsFollowDynamicType(size: DynamicTypeSize) throws {
        let scene = try configuration.scene(progress: 0, environment: ComponentEnvironment(dynamicTypeSize: size), size: viewport)
        let expected = Expected(viewport, size)
        #expect(M.near(try #require(scene.node(withID: "card")).frame, expected.collapsedCard))
        #expect(M.near(try #require(scene.node(withID: "row.1")).frame.minY, expected.rowsTop))
    }

    @Test(arguments: SeedMath.progresses)
    func cardGrowsFromItsSlotToItsParent(e: Double) throws {
        let scene = try configuration.scene(progress: e, size: viewport)
        let expected = Expected(viewport, .large)
        let card = try #require(scene.node(withID: "card"))
        let frame = lerp(expected.collapsedCard, expected.expandedCard, e)
        #expect(M.near(card.frame, frame))
        #expect(card.groupContent?.clip == Path(roundedRect: frame, cornerRadius: 28, style: .continuous))
        let background = try #require(scene.node(withID: "card.background")?.shapeContent)
        let orange = RGBAColor(red: 1, green: 0.584, blue: 0), pink = RGBAColor(red: 1, green: 0.176, blue: 0.333)
        let purple = RGBAColor(red: 0.686, green: 0.322, blue: 0.871)
        #expect(
            background.paint
                == .linear(
                    from: frame.origin, to: Point(x: frame.maxX, y: frame.maxY),
                    stops: [
                        GradientStop(offset: 0, color: orange), GradientStop(offset: 0.5, color: pink),
                        GradientStop(offset: 1, color: purple),
                    ]))
        #expect(scene.background == RGBAColor(red: 0.949, green: 0.949, blue: 0.969))
    }

    @Test(arguments: SeedMath.progresses)
    func iconTitleAndSubtitleTravelBetweenTheirFrames(e: Double) throws {
        let scene = try configuration.scene(progress: e, size: viewport)
        let x = Expected(viewport, .large)
        func header(_ origin: Point) -> (Rect, Rect, Rect) {
            let icon = Rect(origin: origin, size: x.iconBox.size)
            let title = Rect(x: origin.x, y: icon.maxY + 6, width: x.title.size.width, height: x.title.size.height)
            let subtitle = Rect(x: origin.x, y: title.maxY + 6, width: x.subtitle.size.width, height: x.subtitle.size.height)
            return (icon, title, subtitle)
        }
        let (iconA, titleA, subtitleA) = header(x.collapsedHeader)
        let (iconB, titleB, subtitleB) = header(x.expandedHeader)
        let title = try #require(scene.node(withID: "title"))
        #expect(M.near(title.frame, lerp(titleA, titleB, e)))
        #expect(
            title.textContent?.font
                == DisplayList.Font(family: "Inter", weight: 700, size: 34, tracking: Font.systemTracking(size: 34)))
        #expect(title.textContent?.color == .white)
        let subtitle = try #require(scene.node(withID: "subtitle"))
        #expect(M.near(subtitle.frame, lerp(subtitleA, subtitleB, e)))
        #expect(
            subtitle.textContent?.font
                == DisplayList.Font(family: "Inter", weight: 400, size: 15, tracking: Font.systemTracking(size: 15)))
        #expect(subtitle.textContent?.color == RGBAColor(white: 1, alpha: 0.85))
        // The icon paints inside its travelling layout box.
        let icon = try #require(scene.node(withID: "icon"))
        let box = lerp(iconA, iconB, e)
        #expect(icon.frame.minX >= box.minX - 1e-9 && icon.frame.maxX <= box.maxX + 1e-9)
        #expect(icon.frame.minY >= box.minY - 1e-9 && icon.frame.maxY <= box.maxY + 1e-9)
        #expect(icon.firstIcon?.name == "tram.fill")
    }

    @Test(arguments: SeedMath.progresses)
    func detailAndCloseFadeInWithATouchTargetLargerThanTheButton(e: Double) throws {
        let scene = try configuration.scene(progress: e, size: viewport)
        let x = Expected(viewport, .large)
        let detail = try #require(scene.node(withID: "detail"))
        #expect(M.near(detail.groupContent?.opacity ?? -1, e))
        let detailText = try #require(scene.node(withID: "detail.text"))
        let headerHeight = x.iconBox.height + 6 + x.title.size.height + 6 + x.subtitle.size.height
        #expect(M.near(detailText.frame.origin, Point(x: 44, y: x.expandedHeader.y + headerHeight + 24)))
        #expect(
            detailText.textContent?.font
                == DisplayList.Font(family: "Inter", weight: 400, size: 17, tracking: Font.systemTracking(size: 17)))
        for line in detailText.textContent?.lines ?? [] {
            // Body at 17 pt: SF Pro's −0.43 pt after every character.
            #expect(
                TextMeasure.width(of: line.text, font: Font(size: 17)) - 0.43 * Double(line.text.count) <= x.parent.width - 48)
        }
        // xmark at .headline (17) padded 12 → circle; padded 16 from the top-trailing corner.
        let xmark = Icon.xmark.layoutBox(pointSize: 17)
        let circle = Rect(
            x: x.expandedCard.maxX - 16 - (xmark.width + 24), y: x.expandedCard.minY + 16,
            width: xmark.width + 24, height: xmark.height + 24)
        let close = try #require(scene.node(withID: "close"))
        #expect(M.near(close.groupContent?.opacity ?? -1, e))
        #expect(M.near(close.frame, circle.insetBy(dx: -2, dy: -2)), "touch target = circle + 2 pt")
        let background = try #require(scene.node(withID: "close.background"))
        #expect(M.near(background.frame, circle))
        #expect(background.shapeContent?.paint == .solid(RGBAColor(white: 1, alpha: 0.2)))
    }

    /// matchedGeometryEffect's default transition: both copies of icon, title and subtitle
    /// drawn at the same (matched) frames, the collapsed copy at 1 − e and the expanded one at
    /// e; the model state's copy is `header`, the other `header.source`, drawn beneath.
    @Test(arguments: [(0.25, 1.0), (0.5, 1.0), (0.75, 1.0), (0.25, 0.0), (0.75, 0.0), (1.0, 1.0), (0.0, 0.0)])
    func matchedGeometryCrossFadesTwoCopiesAtTheMatchedFrames(e: Double, model: Double) throws {
        let scene = try configuration.scene(progress: e, model: model, size: viewport)
        let header = try #require(scene.node(withID: "header")?.groupContent)
        let source = try #require(scene.node(withID: "header.source")?.groupContent)
        let expandedCopy = model == 1 ? header : source, collapsedCopy = model == 1 ? source : header
        #expect(M.near(expandedCopy.opacity, e) && M.near(collapsedCopy.opacity, 1 - e))
        for id in ["icon", "title", "subtitle"] {
            let copy = try #require(scene.node(withID: id)), other = try #require(scene.node(withID: "\(id).source"))
            #expect(copy.frame == other.frame, "\(id): the frames stay matched")
            #expect(copy.content == other.content, "\(id): the same drawing")
        }
        // Painter's order: the source beneath; only the model state's copy is accessible.
        let ids = scene.displayList().ops.compactMap(\.id)
        #expect(try #require(ids.firstIndex(of: "header.source")) < (try #require(ids.firstIndex(of: "header"))))
        let elements = scene.displayList().accessibility.map(\.id)
        #expect(!elements.contains("title.source") && !elements.contains("subtitle.source"))
        // Two copies of the same white ink composite to 1 − e(1 − e) coverage: 0.75 halfway.
        let coverage = header.opacity + source.opacity * (1 - header.opacity)
        #expect(M.near(coverage, 1 - e * (1 - e)))
    }

    @Test(arguments: SeedMath.progresses)
    func rowsSitUnderTheCard(e: Double) throws {
        let scene = try configuration.scene(progress: e, size: viewport)
        let x = Expected(viewport, .large)
        var y = x.rowsTop
        for (index, title) in ["Harbor walk", "Lunch at the market", "Sunset viewpoint"].enumerated() {
            let row = try #require(scene.node(withID: "row.\(index + 1)"))
            let text = TextLayout(title, style: .headline)
            let icon = [Icon.sailboatFill, .forkKnife, .sunHorizonFill][index].layoutBox(pointSize: 17)
            let height = max(text.size.height, icon.height) + 36
            #expect(M.near(row.frame, Rect(x: 20, y: y, width: viewport.width - 40, height: height)), "\(title)")
            let background = try #require(scene.node(withID: "row.\(index + 1).background")?.shapeContent)
            #expect(background.path == Path(roundedRect: row.frame, cornerRadius: 18, style: .continuous))
            #expect(background.paint == .solid(.white))
            #expect(scene.node(withID: "row.\(index + 1).title")?.textContent?.font.weight == 600)
            y += height + 12
        }
        // Painter's order: rows before the card, so the growing card covers them.
        let ids = scene.displayList().ops.compactMap(\.id)
        #expect(try #require(ids.firstIndex(of: "rows")) < (try #require(ids.firstIndex(of: "card"))))
    }

    @Test(arguments: SeedMath.progresses)
    func accessibilityFollowsTheNearerState(e: Double) throws {
        let elements = try configuration.scene(progress: e, size: viewport).displayList().accessibility
        let byID = Dictionary(uniqueKeysWithValues: elements.map { ($0.id, $0) })
        #expect(byID["today"]?.label == "Today")
        #expect(byID["row.2"]?.label == "Lunch at the market")
        #expect(byID["icon"] == nil, "the icon is accessibilityHidden")
        if e >= 0.5 {
            #expect(byID["card"] == nil)
            #expect(byID["close"]?.role == .button && byID["close"]?.label == "Close")
            #expect(byID["title"]?.label == "Lisbon" && byID["subtitle"]?.label == "Three days by the river")
            #expect(byID["detail"] != nil)
        } else {
            #expect(byID["card"]?.role == .button && byID["card"]?.label == "Lisbon" && byID["card"]?.hint == "Expands the card")
            #expect(byID["close"] == nil && byID["title"] == nil)
        }
    }

    @Test func largerDynamicTypeMovesRowsAndGrowsTheCard() throws {
        let large = try configuration.scene(progress: 0, size: viewport)
        let huge = try configuration.scene(
            progress: 0, environment: ComponentEnvironment(dynamicTypeSize: .accessibility3), size: viewport)
        let x = Expected(viewport, .accessibility3)
        #expect(M.near(try #require(huge.node(withID: "card")).frame, x.collapsedCard))
        #expect(try #require(huge.node(withID: "row.1")).frame.minY > (try #require(large.node(withID: "row.1")).frame.minY))
        #expect(huge.node(withID: "title")?.textContent?.font.size == 52)
    }

    @Test func darkSchemeUsesDarkSystemColours() throws {
        let scene = try configuration.scene(progress: 0, environment: ComponentEnvironment(colorScheme: .dark), size: viewport)
        #expect(scene.background == .black)
        #expect(
            scene.node(withID: "row.1.background")?.shapeContent?.paint
                == .solid(RGBAColor(red: 0.110, green: 0.110, blue: 0.118)))
        #expect(scene.node(withID: "today")?.textContent?.color == .white)
    }

    @Test func configurationChangesAndRefusals() throws {
        var session = try configuration.session()
        try session.handle(InputEvent(time: 0, kind: .set(key: "title", value: .string("Porto"))))
        try session.handle(InputEvent(time: 0, kind: .set(key: "colors", value: .string(#"["indigo",[0,0,0,1]]"#))))
        #expect(session.configuration["title"] == .string("Porto"))
        #expect(session.scene().node(withID: "title")?.textContent?.lines.map(\.text) == ["Porto"])
        for (key, value) in [("systemImage", "star"), ("colors", "[]")] {
            #expect(throws: SessionError.self, "\(key)") {
                try session.handle(InputEvent(time: 0, kind: .set(key: key, value: .string(value))))
            }
        }
    }

    @Test func invariants() throws {
        for step in 0...20 {
            for size in [DynamicTypeSize.large, .accessibility5] {
                let scene = try configuration.scene(
                    progress: Double(step) / 20, environment: ComponentEnvironment(dynamicTypeSize: size),
                    size: viewport)
                let problems = SceneInvariants.problems(scene)
                #expect(problems.isEmpty, "e \(step) \(size): \(problems)")
            }
        }
    }

    @Test func goldens() throws {
        let golden = Golden(suite: "HeroCardTests")
        for (name, e, environment) in [
            ("collapsed", 0.0, ComponentEnvironment()), ("halfway", 0.5, ComponentEnvironment()),
            ("expanded", 1.0, ComponentEnvironment()),
            ("collapsed-AX3-dark", 0.0, ComponentEnvironment(dynamicTypeSize: .accessibility3, colorScheme: .dark)),
        ] {
            let scene = try configuration.scene(progress: e, environment: environment, size: viewport)
            for outcome in [
                golden.check(Data(try scene.displayList().canonicalJSON()), name: "\(name).display-list", ext: "json"),
                golden.check(scene.displayList().printedDescription, name: "\(name).display-list", ext: "txt"),
                golden.check(Data(try scene.canonicalJSON()), name: "\(name).scene", ext: "json"),
            ] {
                #expect(outcome.failureMessage == nil, "\(outcome.failureMessage ?? "")")
            }
        }
        // The cross-fade at three points of an opening (model state expanded).
        for e in [0.25, 0.5, 0.75] {
            let list = try configuration.scene(progress: e, model: 1, size: viewport).displayList()
            let outcome = golden.check(list.printedDescription, name: "crossfade-\(Int(e * 100)).display-list", ext: "txt")
            #expect(outcome.failureMessage == nil, "\(outcome.failureMessage ?? "")")
        }
        let config = golden.check(
            Data(try configuration.session().configuration.compactBytes), name: "configuration", ext: "json")
        #expect(config.failureMessage == nil, "\(config.failureMessage ?? "")")
    }
}
