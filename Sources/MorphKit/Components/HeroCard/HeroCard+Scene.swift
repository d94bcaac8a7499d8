extension HeroCard {
    /// The demo at expansion `progress` (0 collapsed … 1 expanded).
    ///
    /// The card's frame is interpolated from its slot to its parent; icon, title and subtitle
    /// from their collapsed to their expanded frames (both layouts give them the same size,
    /// so they translate). Matched geometry cross-fades: in flight both copies of the header
    /// are drawn at the matched frames, the collapsed one at opacity 1 − e and the expanded
    /// one at e (`header` is the model state's copy, `header.source` the other, beneath it,
    /// at opacity 0 at rest). Detail text and the close button fade in with the progress
    /// (the default `.opacity` transition). Accessibility follows the model state: `model`
    /// is the state a button set (`isExpanded`, 0 or 1) when `progress` is its animation's
    /// value, and the tree changes with it at the tap, as SwiftUI rebuilds it when the state
    /// changes; for a scrub (`model` nil) it is the state the card is nearer. Collapsed, the
    /// card is one button; expanded, its title, subtitle, detail and Close.
    ///
    /// `pressed` is the button a pointer holds down (`ComponentSession.pressedControl`):
    /// `.buttonStyle(.plain)` draws a pressed button's label at `pressedOpacity`: `card`
    /// dims the collapsed header (the card button's label; the gradient is the card's
    /// background, outside the button), `close` the close button.
    ///
    /// Ids: `today`, `rows` with `row.<n>` (background, icon, title), `card` (clip) with
    /// `card.background`, `header.source` (`icon.source`, `title.source`,
    /// `subtitle.source`), `header` (`icon`, `title`, `subtitle`), `detail` (`detail.text`),
    /// `close` (`close.background`, `close.icon`; its frame is the touch target).
    public func scene(
        progress e: Double, model: Double? = nil, pressed: String? = nil, environment: ComponentEnvironment = .standard,
        size: Size = HeroCard.defaultSize, time: Double = 0
    ) -> Scene {
        let scheme = environment.colorScheme
        let still = Self.stillParts.parts(for: StillKey(card: self, environment: environment, size: size)) {
            stillParts(environment: environment, size: size)
        }
        let layout = still.layout
        let white = RGBAColor(white: 1)
        let expanded = (model ?? e) >= 0.5

        func lerpRect(_ a: Rect, _ b: Rect) -> Rect {
            Rect(
                x: lerp(a.minX, b.minX, e), y: lerp(a.minY, b.minY, e), width: lerp(a.width, b.width, e),
                height: lerp(a.height, b.height, e))
        }

        let card = lerpRect(layout.collapsedCard, layout.expandedCard)
        let icon = lerpRect(layout.collapsedIcon, layout.expandedIcon)
        let title = lerpRect(layout.collapsedTitle, layout.expandedTitle)
        let subtitle = lerpRect(layout.collapsedSubtitle, layout.expandedSubtitle)
        let gradient = Paint.linear(
            from: card.origin, to: Point(x: card.maxX, y: card.maxY),
            colors: colors.map { $0.resolved(in: scheme) })

        // matchedGeometryEffect with the default transition: while the state changes, the
        // collapsed and the expanded copies of the header are both drawn at the matched frames
        // and cross-fade (`.opacity`, with the removed and inserted contents): the collapsed
        // copy at 1 − e, the expanded one at e. `header` is the copy of the model state,
        // `header.source` the other one, beneath it; at rest it is at opacity 0, kept so that
        // every frame of a transition has the same ops (exports animate values, not a flip-book).
        // The spring overshoots 1; SwiftUI clamps opacity, and display lists must stay in 0...1.
        let fade = min(max(e, 0), 1)
        // Both copies sit at the same frames, so they share their contents (the icon drawn
        // once, the lines placed once): the encoder then writes those numbers once a frame.
        let iconNode = SceneNode.icon(
            "icon", icon: systemImage,
            shapes: systemImage.shapes(pointSize: layout.iconSize, weight: .semibold, origin: icon.origin), color: white)
        let titleNode = SceneNode.text("title", layout: layout.title, origin: title.origin, color: white)
        let subtitleNode = SceneNode.text(
            "subtitle", layout: layout.subtitle, origin: subtitle.origin, color: white.opacity(0.85))
        func header(_ suffix: String, isExpandedCopy: Bool) -> SceneNode {
            let accessible = suffix.isEmpty && expanded
            var title = titleNode, subtitle = subtitleNode
            title.id = "title\(suffix)"
            subtitle.id = "subtitle\(suffix)"
            if accessible {
                title.accessibility = .init(role: .text, label: self.title)
                subtitle.accessibility = .init(role: .text, label: self.subtitle)
            }
            return .group(
                "header\(suffix)",
                opacity: isExpandedCopy ? fade : (1 - fade) * (pressed == "card" ? Self.pressedOpacity : 1),
                children: [iconNode.withIconID("icon\(suffix)"), title, subtitle])
        }
        // The expanded content is laid out in the card as it is now (its top and width do not
        // move, so it sits where the expanded layout puts it).
        let offset = card.minY - layout.expandedCard.minY

        return Scene(
            component: .heroCard, size: size, time: time,
            background: SystemColor.systemGroupedBackground.color(in: scheme),
            root: .group(
                "demo",
                children: [
                    still.today, still.rows,
                    .group(
                        "card", clip: Path(roundedRect: card, cornerRadius: Self.cornerRadius, style: .continuous), bounds: card,
                        accessibility: expanded ? nil : .init(role: .button, label: self.title, hint: "Expands the card"),
                        // A literal, not a local: the scene's resolve then finds the array
                        // uniquely referenced and writes frames in place instead of copying it.
                        children: [
                            .shape("card.background", path: Path(rect: card), paint: gradient),
                            header(".source", isExpandedCopy: !expanded), header("", isExpandedCopy: expanded),
                            .group(
                                "detail", transform: .translation(x: 0, y: offset), opacity: fade,
                                accessibility: expanded ? .init(role: .text, label: detail) : nil,
                                children: [.text("detail.text", layout: layout.detail, origin: layout.detailOrigin, color: white)]
                            ),
                            .group(
                                "close", transform: .translation(x: 0, y: offset),
                                opacity: fade * (pressed == "close" ? Self.pressedOpacity : 1), bounds: layout.closeTouchTarget,
                                accessibility: expanded ? .init(role: .button, label: "Close") : nil,
                                children: still.close),
                        ]),
                ]),
            keptChildren: 2)
    }
}

extension HeroCard {
    /// What `stillParts` keys on: everything the still parts depend on.
    struct StillKey: Equatable, Sendable {
        var card: HeroCard
        var environment: ComponentEnvironment
        var size: Size
    }

    /// The scene's parts that no progress moves: the layout, "Today", the rows under the
    /// card (both resolved: they sit at the top of the scene) and the close button's
    /// contents (its group moves, not them).
    struct StillParts: Sendable {
        var layout: Layout
        var today: SceneNode
        var rows: SceneNode
        var close: [SceneNode]
    }

    /// Still parts already built, so a frame of the transition copies them.
    static let stillParts = StillPartsCache<StillKey, StillParts>()

    /// Lays the demo out and builds its still parts (what `stillParts` keeps).
    func stillParts(environment: ComponentEnvironment, size: Size) -> StillParts {
        let scheme = environment.colorScheme
        let layout = self.layout(environment: environment, size: size)
        let primary = SystemColor.label.color(in: scheme)
        let white = RGBAColor(white: 1)
        let rows = layout.rows.enumerated().map { index, row -> SceneNode in
            let id = "row.\(index + 1)"
            let item = self.rows[index]
            return .group(
                id, bounds: row.frame, accessibility: .init(role: .text, label: item.title),
                children: [
                    .shape(
                        "\(id).background", path: Path(roundedRect: row.frame, cornerRadius: 18, style: .continuous),
                        paint: .solid(SystemColor.secondarySystemGroupedBackground.color(in: scheme))),
                    .icon(
                        "\(id).icon", icon: item.systemImage,
                        shapes: item.systemImage.shapes(pointSize: row.iconSize, weight: .semibold, origin: row.iconOrigin),
                        color: primary),
                    .text("\(id).title", layout: row.title, origin: row.titleOrigin, color: primary),
                ])
        }

        return StillParts(
            layout: layout,
            today: Scene.resolvedAtTop(
                .text(
                    "today", layout: layout.today, origin: layout.todayOrigin, color: primary,
                    accessibility: .init(role: .text, label: "Today"))),
            rows: Scene.resolvedAtTop(.group("rows", children: rows)),
            close: [
                .shape("close.background", path: Path(ellipseIn: layout.closeCircle), paint: .solid(white.opacity(0.2))),
                .icon(
                    "close.icon", icon: .xmark,
                    shapes: Icon.xmark.shapes(pointSize: layout.closeIconSize, weight: .semibold, origin: layout.closeIconOrigin),
                    color: white),
            ])
    }
}
