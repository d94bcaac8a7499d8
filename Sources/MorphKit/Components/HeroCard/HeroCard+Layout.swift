extension HeroCard {
    /// Both layouts of the demo for one viewport and Dynamic Type size, in viewport points.
    ///
    /// The demo's padded stack is laid out in the safe area (`environment.safeArea`): "Today"
    /// sits 20 pt below its top, and the expanded card stops 20 pt above its bottom, clear of
    /// the home indicator. Only the grouped background `ignoresSafeArea()`.
    public struct Layout: Hashable, Sendable {
        /// The "Today" large title above the list.
        public var today: TextLayout
        /// Where the "Today" title's text box starts.
        public var todayOrigin: Point
        /// The `ZStack` the card grows to fill (its parent).
        public var parent: Rect
        /// The demo rows under the card, top to bottom.
        public var rows: [RowLayout]
        /// The card's frame when collapsed, in its place in the list.
        public var collapsedCard: Rect
        /// The card's frame when expanded: its parent's frame.
        public var expandedCard: Rect
        /// Icon, title and subtitle frames in the collapsed and expanded layouts.
        public var collapsedIcon: Rect, expandedIcon: Rect
        /// Title frames in the collapsed and expanded layouts.
        public var collapsedTitle: Rect, expandedTitle: Rect
        /// Subtitle frames in the collapsed and expanded layouts.
        public var collapsedSubtitle: Rect, expandedSubtitle: Rect
        /// The card icon's point size (`@ScaledMetric`, so it follows Dynamic Type).
        public var iconSize: Double
        /// The title's lines, laid out once and drawn in both layouts.
        public var title: TextLayout
        /// The subtitle's lines, laid out once and drawn in both layouts.
        public var subtitle: TextLayout
        /// The detail text shown only when expanded.
        public var detail: TextLayout
        /// Where the detail text box starts in the expanded layout.
        public var detailOrigin: Point
        /// The close button's visible circle and its touch target (2 pt larger each side).
        public var closeCircle: Rect
        /// The area a tap closes the card from: the circle grown 2 points on each side.
        public var closeTouchTarget: Rect
        /// Where the close button's `xmark` glyph box starts.
        public var closeIconOrigin: Point
        /// The `xmark` glyph's point size.
        public var closeIconSize: Double
    }

    /// One demo row: its background frame, label icon and title.
    public struct RowLayout: Hashable, Sendable {
        /// The row's background frame.
        public var frame: Rect
        /// Where the row's label icon box starts.
        public var iconOrigin: Point
        /// The label icon's point size.
        public var iconSize: Double
        /// The row title's lines.
        public var title: TextLayout
        /// Where the row title's text box starts.
        public var titleOrigin: Point
    }

    /// Lays the demo out: `VStack(spacing: 16) { "Today"; ZStack(.top) { rows; card } }`
    /// padded 20 inside the safe area, the card at the top of the `ZStack`, collapsed at `collapsedHeight` and
    /// expanded to fill it.
    public func layout(environment: ComponentEnvironment = .standard, size: Size = HeroCard.defaultSize) -> Layout {
        let dynamicType = environment.dynamicTypeSize
        let padding = 20.0
        // The padded stack lives in the safe area; only its background ignores it (the
        // scene's background fills the viewport).
        let safe = Rect(x: 0, y: 0, width: size.width, height: size.height).inset(by: environment.safeArea)
        let today = TextLayout("Today", style: .largeTitle, at: dynamicType, weight: .bold)
        let todayOrigin = Point(x: safe.minX + padding, y: safe.minY + padding)
        let parentTop = todayOrigin.y + today.size.height + 16
        let parent = Rect(
            x: todayOrigin.x, y: parentTop, width: Swift.max(0, safe.width - 2 * padding),
            height: Swift.max(0, safe.maxY - padding - parentTop))

        // Rows: Label(.headline) padded 18, spacing 12, starting rowsOffset below the top.
        let headline = TextStyle.headline.size(at: dynamicType)
        var rowLayouts: [RowLayout] = []
        var rowY = parent.minY + Self.rowsOffset.value(at: dynamicType)
        for row in rows {
            let box = row.systemImage.layoutBox(pointSize: headline)
            let textWidth = Swift.max(0, parent.width - 36 - box.width - Self.labelSpacing)
            let text = TextLayout(row.title, style: .headline, at: dynamicType, maxWidth: textWidth)
            let contentHeight = Swift.max(text.size.height, box.height)
            let frame = Rect(x: parent.minX, y: rowY, width: parent.width, height: contentHeight + 36)
            rowLayouts.append(
                RowLayout(
                    frame: frame,
                    iconOrigin: Point(x: frame.minX + 18, y: frame.minY + 18 + (contentHeight - box.height) / 2),
                    iconSize: headline, title: text,
                    titleOrigin: Point(
                        x: frame.minX + 18 + box.width + Self.labelSpacing,
                        y: frame.minY + 18 + (contentHeight - text.size.height) / 2)))
            rowY = frame.maxY + 12
        }

        let collapsedHeight = Self.collapsedHeight.value(at: dynamicType)
        let collapsedCard = Rect(x: parent.minX, y: parent.minY, width: parent.width, height: collapsedHeight)
        let expandedCard = Rect(
            x: parent.minX, y: parent.minY, width: parent.width,
            height: Swift.max(collapsedHeight, parent.height))

        // Header: VStack(alignment: .leading, spacing: 6) { icon; title; subtitle }.
        let iconSize = Self.iconSize.value(at: dynamicType)
        let iconBox = systemImage.layoutBox(pointSize: iconSize)
        let contentWidth = Swift.max(0, parent.width - 48)
        let title = TextLayout(self.title, style: .largeTitle, at: dynamicType, weight: .bold, maxWidth: contentWidth)
        let subtitle = TextLayout(self.subtitle, style: .subheadline, at: dynamicType, maxWidth: contentWidth)
        let headerHeight = iconBox.height + 6 + title.size.height + 6 + subtitle.size.height
        func header(at origin: Point) -> (Rect, Rect, Rect) {
            let icon = Rect(origin: origin, size: iconBox.size)
            let titleFrame = Rect(origin: Point(x: origin.x, y: icon.maxY + 6), size: title.size)
            let subtitleFrame = Rect(origin: Point(x: origin.x, y: titleFrame.maxY + 6), size: subtitle.size)
            return (icon, titleFrame, subtitleFrame)
        }
        // Collapsed: padded 24, bottom-leading in the card.
        let collapsed = header(at: Point(x: collapsedCard.minX + 24, y: collapsedCard.maxY - 24 - headerHeight))
        // Expanded: padded 24 plus 32 on top, top-leading.
        let expandedOrigin = Point(x: expandedCard.minX + 24, y: expandedCard.minY + 24 + 32)
        let expanded = header(at: expandedOrigin)
        let detail = TextLayout(self.detail, style: .body, at: dynamicType, maxWidth: contentWidth)
        let detailOrigin = Point(x: expandedOrigin.x, y: expandedOrigin.y + headerHeight + 24)

        // Close: xmark (.headline) padded 12 in a circle, the button padded 16 from the
        // top-trailing corner; the touch target is 2 pt larger than the circle.
        let closeBox = Icon.xmark.layoutBox(pointSize: headline)
        let circleSize = Size(width: closeBox.width + 24, height: closeBox.height + 24)
        let closeCircle = Rect(
            x: expandedCard.maxX - 16 - circleSize.width, y: expandedCard.minY + 16,
            width: circleSize.width, height: circleSize.height)

        return Layout(
            today: today, todayOrigin: todayOrigin, parent: parent, rows: rowLayouts,
            collapsedCard: collapsedCard, expandedCard: expandedCard,
            collapsedIcon: collapsed.0, expandedIcon: expanded.0,
            collapsedTitle: collapsed.1, expandedTitle: expanded.1,
            collapsedSubtitle: collapsed.2, expandedSubtitle: expanded.2,
            iconSize: iconSize, title: title, subtitle: subtitle, detail: detail, detailOrigin: detailOrigin,
            closeCircle: closeCircle, closeTouchTarget: closeCircle.insetBy(dx: -2, dy: -2),
            closeIconOrigin: Point(x: closeCircle.minX + 12, y: closeCircle.minY + 12), closeIconSize: headline)
    }
}
