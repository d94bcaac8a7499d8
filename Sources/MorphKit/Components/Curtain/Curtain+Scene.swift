extension Curtain {
    /// The stack at one moment.
    ///
    /// - Parameters:
    ///   - drag: the drag position in the stack's coordinates, or nil when there has been
    ///     none (the effect then gets `(maxX, 0)` and is off).
    ///   - isRevealed: whether the background is revealed (moves the handle to the leading
    ///     edge, hides the foreground from accessibility, adds the radius-10 shadow).
    ///   - folds: the stepper's value; nil uses the configuration's.
    ///   - environment: Dynamic Type size and colour scheme the content is laid out for.
    ///   - size: the stack's size in points.
    ///   - time: the scene clock; the foreground's live timer shows it.
    ///
    /// Safe area (`environment.safeArea`): both layers' content is laid out inside it, while
    /// their backdrops fill the viewport (the list scrolls under the bars; the card's
    /// `.background` style ignores the safe area). The effect layer is the card as drawn, so
    /// the kernel's bounds are the viewport and drag points stay in viewport coordinates;
    /// the handle strip keeps the full height, as `RevealMachine` tests it by x alone.
    ///
    /// Ids: `background` (the dark list: `settings.header`, `settings.cell`, `folds.label`,
    /// `folds.stepper` …, `settings.footer`), `foreground` (shadow) with `foreground.layer`
    /// (the effect node while the effect is on, a plain group otherwise) and its content,
    /// `handle` (an invisible 44 pt strip).
    public func scene(
        drag: Point?, isRevealed: Bool, folds: Int? = nil, environment: ComponentEnvironment = .standard,
        size: Size = Curtain.defaultSize, time: Double = 0
    ) -> Scene {
        let folds = Swift.min(Swift.max(folds ?? self.folds, Self.foldRange.lowerBound), Self.foldRange.upperBound)
        let maxX = size.width
        let dragPosition = drag ?? Point(x: maxX, y: 0)
        // The seed compares the raw drag x with the width; the kernel gets max(20, x).
        let isEnabled = dragPosition.x != maxX
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let content = foregroundContent(
            size: size, time: time, effectEnabled: isEnabled, environment: environment,
            accessible: !isRevealed)
        let layer: SceneNode =
            isEnabled
            ? .effect("foreground.layer", CurtainEffect(bounds: bounds, rawDrag: dragPosition, folds: folds), children: content)
            : .group("foreground.layer", bounds: bounds, children: content)
        let key = BackgroundKey(curtain: self, folds: folds, environment: environment, size: size)
        let backdrop = Self.backgrounds.parts(for: key) {
            Scene.resolvedAtTop(background(size: size, folds: folds, environment: environment))
        }
        let handle = Rect(x: isRevealed ? 0 : maxX - Self.handleWidth, y: 0, width: Self.handleWidth, height: size.height)

        return Scene(
            component: .curtain, size: size, time: time, background: SystemColor.systemGroupedBackground.color(in: .dark),
            root: .group(
                "stack", bounds: bounds,
                children: [
                    backdrop,
                    .group(
                        "foreground", shadow: isRevealed ? .standard(radius: Self.revealedShadowRadius) : nil, bounds: bounds,
                        children: [layer]),
                    .group("handle", bounds: handle, children: []),
                ]))
    }
}

extension Curtain {
    /// What the background under the curtain depends on: it never moves with the drag.
    struct BackgroundKey: Equatable, Sendable {
        var curtain: Curtain
        var folds: Int
        var environment: ComponentEnvironment
        var size: Size
    }

    /// Backgrounds already built and resolved (the root group does not move them), so a
    /// frame of a drag copies the list under the curtain.
    static let backgrounds = StillPartsCache<BackgroundKey, SceneNode>()
}
