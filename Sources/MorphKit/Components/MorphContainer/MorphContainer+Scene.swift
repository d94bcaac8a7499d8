extension MorphContainer {
    /// The scene at `progress` (0 the collapsed row, 1 the open panel; values outside are
    /// drawn as given, which is what a spring's overshoot needs).
    ///
    /// `model` is the state a tap set (the seed's `interactive`, 0 or 1) when `progress` is
    /// its animation's value, nil when `progress` is scrubbed (the seed's `progress`
    /// parameter). Under `interpolation` `.swiftUI` an animated frame moves the staged fades
    /// (chevron, body, actions: opacity and rise) linearly with the progress between their
    /// values at 0 and 1, and accessibility reads the model state, as SwiftUI evaluates `body`
    /// once with the new state; a scrub, or `.progress`, evaluates every value at `progress`
    /// and reads accessibility by `progress > 0.5`. Every other value is linear in the
    /// progress, so the two rules give it the same number.
    ///
    /// The card sits centred in the safe area of `size` (`environment.safeArea`), as the
    /// seed's preview frame does on a device; nothing of the seed ignores the safe area, so
    /// the open panel stays clear of the status bar and the home indicator. Node ids: `card` (group:
    /// clip, shadow, accessibility), `surface`, `artwork`, `artwork.icon` (the waveform's scale
    /// group) with `waveform`, `title`/`subtitle` (position-and-scale groups) with
    /// `title.text`/`subtitle.text`, `chevron` (opacity group) with `chevron.icon`, `body`
    /// with `body.text`, `actions` with `play`, `play.text`, `save`, `save.text`.
    public func scene(
        progress p: Double, model: Double? = nil, environment: ComponentEnvironment = .standard,
        size: Size = MorphContainer.previewSize, time: Double = 0
    ) -> Scene {
        let scheme = environment.colorScheme
        let cardHeight = lerp(Self.closedHeight, Self.openHeight, p)
        // The preview's frame sits centred in the safe area, as a root view does (the
        // component file computes the same numbers in the same order).
        let insets = environment.safeArea
        let card = Rect(
            x: insets.leading + (size.width - insets.leading - insets.trailing - Self.cardWidth) / 2,
            y: insets.top + (size.height - insets.top - insets.bottom - cardHeight) / 2,
            width: Self.cardWidth, height: cardHeight)
        let local = Rect(x: 0, y: 0, width: Self.cardWidth, height: cardHeight)

        // Three shadow parameters move together.
        let shadow = Shadow(
            color: RGBAColor(white: 0).opacity(lerp(0.06, 0.16, p)), radius: lerp(8, 34, p),
            offset: Point(x: 0, y: lerp(2, 16, p)))
        let staged = Staged(progress: p, model: model, interpolation: interpolation)
        let still = Self.stillParts.parts(for: StillKey(container: self, scheme: scheme)) { stillParts(scheme) }
        let expanded = staged.isExpanded
        let accessibility = SceneNode.Accessibility(
            role: .button, label: Self.accessibilityLabel, value: expanded ? "Expanded" : "Collapsed",
            hint: expanded ? "Double tap to collapse" : "Double tap to expand")

        return Scene(
            component: .morphContainer, size: size, time: time, background: SystemColor.systemBackground.color(in: scheme),
            root: .group(
                "card", transform: .translation(x: card.minX, y: card.minY),
                clip: Path(roundedRect: local, cornerRadius: lerp(16, cornerRadiusOpen, p), style: .continuous),
                shadow: shadow, bounds: local, accessibility: accessibility,
                children: cardChildren(p, local: local, staged: staged, still: still, scheme: scheme)))
    }

    /// The card's children in one array filled in place (concatenating the parts allocated an
    /// array per `+`); returned rather than held in a local, so the scene's resolve finds it
    /// uniquely referenced and writes the frames in place instead of copying it.
    private func cardChildren(
        _ p: Double, local: Rect, staged: Staged, still: StillParts, scheme: ColorScheme
    ) -> [SceneNode] {
        var children: [SceneNode] = []
        children.reserveCapacity(8)
        children.append(.shape("surface", path: Path(rect: local), paint: .solid(surface.resolved(in: scheme))))
        artwork(p, scheme, into: &children)
        header(p, still, into: &children)
        children.append(chevron(staged, still))
        detail(staged, still, into: &children)
        return children
    }

    /// The artwork: a 64 pt thumbnail inset 16 that ends flush with the top of the card; its
    /// bottom corners straighten while the top pair grow into the card radius.
    private func artwork(_ p: Double, _ scheme: ColorScheme, into nodes: inout [SceneNode]) {
        let topRadius = lerp(10, cornerRadiusOpen, p)
        let bottomRadius = lerp(10, 0, p)
        let frame = Rect(x: lerp(16, 0, p), y: lerp(16, 0, p), width: lerp(64, Self.cardWidth, p), height: lerp(64, 196, p))
        let shape = SceneNode.shape(
            "artwork",
            path: Path(
                roundedRect: frame,
                cornerRadii: CornerRadii(
                    topLeading: topRadius, bottomLeading: bottomRadius, bottomTrailing: bottomRadius, topTrailing: topRadius),
                style: .continuous),
            paint: .linear(
                from: frame.origin, to: Point(x: frame.maxX, y: frame.maxY),
                colors: [artA.resolved(in: scheme), artB.resolved(in: scheme)]))
        // Drawn once at 46 pt and scaled, centred on the artwork (the overlay's default
        // alignment and `scaleEffect`'s default anchor).
        let box = Icon.waveform.layoutBox(pointSize: 46)
        let center = Point(x: frame.midX, y: frame.midY)
        let shapes = Icon.waveform.shapes(
            pointSize: 46, weight: .light, origin: Point(x: center.x - box.width / 2, y: center.y - box.height / 2))
        let icon = SceneNode.group(
            "artwork.icon", transform: .scale(lerp(22.0 / 46.0, 1, p), anchor: center),
            children: [
                .icon("waveform", icon: .waveform, shapes: shapes, color: RGBAColor(white: 1).opacity(lerp(0.92, 0.62, p)))
            ])
        nodes.append(shape)
        nodes.append(icon)
    }

    /// Title and subtitle, each owning its origin at both ends; scaled about the top-leading
    /// corner, then offset.
    private func header(_ p: Double, _ still: StillParts, into nodes: inout [SceneNode]) {
        func label(_ id: String, _ text: SceneNode, scale: Double, x: Double, y: Double) -> SceneNode {
            .group(id, transform: AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: x, ty: y), children: [text])
        }
        nodes.append(label("title", still.title, scale: lerp(15.0 / 24.0, 1, p), x: lerp(92, 20, p), y: lerp(26, 212, p)))
        nodes.append(
            label("subtitle", still.subtitle, scale: lerp(11.0 / 13.0, 1, p), x: lerp(92, 20, p), y: lerp(56, 250, p)))
    }

    /// The progress and the rule the staged values are drawn by.
    private struct Staged {
        var progress: Double
        var model: Double?
        var interpolation: StateInterpolation

        /// `f` at the progress under the rule (`StateInterpolation.value`).
        func value(_ f: (Double) -> Double) -> Double {
            interpolation.value(progress, model: model, f)
        }

        /// What accessibility reads: the model state under SwiftUI's rule, else the progress.
        var isExpanded: Bool {
            guard interpolation == .swiftUI, let model else { return progress > 0.5 }
            return model > 0.5
        }
    }

    /// Out early: gone by a quarter of the way.
    private func chevron(_ staged: Staged, _ still: StillParts) -> SceneNode {
        .group("chevron", opacity: staged.value { 1 - ramp($0, 0, 0.25) }, children: [still.chevron])
    }

    /// Body copy over 0.50–0.88 and actions over 0.62–0.98, eased out, rising 12 pt.
    private func detail(_ staged: Staged, _ still: StillParts, into nodes: inout [SceneNode]) {
        let bodyIn = staged.value { easeOut(ramp($0, 0.50, 0.88)) }
        let actionIn = staged.value { easeOut(ramp($0, 0.62, 0.98)) }
        let bodyY = staged.value { lerp(198, 272, $0) + lerp(12, 0, easeOut(ramp($0, 0.50, 0.88))) }
        let actionsY = staged.value { lerp(258, 332, $0) + lerp(12, 0, easeOut(ramp($0, 0.62, 0.98))) }
        let body = SceneNode.group(
            "body", transform: .translation(x: 20, y: bodyY), opacity: bodyIn,
            bounds: Rect(x: 0, y: 0, width: 300, height: still.bodyHeight), children: [still.body])
        let actions = SceneNode.group(
            "actions", transform: .translation(x: 20, y: actionsY), opacity: actionIn, children: still.actions)
        nodes.append(body)
        nodes.append(actions)
    }
}

extension MorphContainer {
    /// What `stillParts` keys on: everything the still parts depend on.
    struct StillKey: Equatable, Sendable {
        var container: MorphContainer
        var scheme: ColorScheme
    }

    /// The contents of the groups that move (their transforms and opacities do; the text,
    /// the chevron and the buttons inside do not).
    struct StillParts: Sendable {
        var title: SceneNode
        var subtitle: SceneNode
        var chevron: SceneNode
        var body: SceneNode
        var bodyHeight: Double
        var actions: [SceneNode]
    }

    /// Still parts already built, so a frame of the transition copies them.
    static let stillParts = StillPartsCache<StillKey, StillParts>()

    /// Lays out the text and builds the still parts (what `stillParts` keeps).
    private func stillParts(_ scheme: ColorScheme) -> StillParts {
        func label(_ id: String, _ text: String, font: Font, color: RGBAColor) -> SceneNode {
            .text("\(id).text", layout: TextLayout(text, font: font), origin: .zero, color: color)
        }
        let bodyLayout = TextLayout(Self.bodyText, font: .system(size: 13), maxWidth: 300, lineSpacing: 4)
        let accent = self.accent.resolved(in: scheme)
        func button(_ id: String, _ title: String, weight: FontWeight, x: Double, fill: RGBAColor, ink: RGBAColor) -> [SceneNode]
        {
            let frame = Rect(x: x, y: 0, width: 145, height: 40)
            let layout = TextLayout(title, font: .system(size: 15, weight: weight))
            let origin = Point(x: frame.midX - layout.size.width / 2, y: frame.midY - layout.size.height / 2)
            return [
                .shape(id, path: Path(roundedRect: frame, cornerRadius: 12, style: .continuous), paint: .solid(fill)),
                .text("\(id).text", layout: layout, origin: origin, color: ink),
            ]
        }
        let chevron = Icon.chevronRight.shapes(pointSize: 13, weight: .semibold, origin: Point(x: 312, y: 41))
        return StillParts(
            title: label("title", Self.title, font: .system(size: 24, weight: .semibold), color: RGBAColor(white: 0.09)),
            subtitle: label("subtitle", Self.subtitle, font: .system(size: 13, weight: .regular), color: RGBAColor(white: 0.46)),
            chevron: .icon("chevron.icon", icon: .chevronRight, shapes: chevron, color: RGBAColor(white: 0.64)),
            body: .text("body.text", layout: bodyLayout, origin: .zero, color: RGBAColor(white: 0.40)),
            bodyHeight: bodyLayout.size.height,
            actions: button("play", "Play", weight: .semibold, x: 0, fill: accent, ink: RGBAColor(white: 1))
                + button("save", "Save", weight: .medium, x: 155, fill: accent.opacity(0.10), ink: accent))
    }
}
