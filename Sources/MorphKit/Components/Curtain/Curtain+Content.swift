import Foundation

/// The example's two layers. The seed gives their SwiftUI source; metrics UIKit decides
/// (inset-grouped list margins, header and footer styles, stepper size, default stack
/// spacing) are the usual iOS values, named here so they are easy to find and change.
extension Curtain {
    /// Inset-grouped list metrics (iOS, 390 pt wide phone).
    enum ListMetrics {
        static let margin = 16.0
        static let contentInset = 16.0
        static let top = 24.0
        static let headerToCell = 7.0
        static let rowHeight = 44.0
        static let cellCornerRadius = 10.0
        static let stepperSize = Size(width: 94, height: 32)
        static let stepperCornerRadius = 8.0
    }

    /// SwiftUI's default spacing between stacked texts, and `imageScale(.large)`.
    enum StackMetrics {
        static let textSpacing = 8.0
        static let largeImageScale = 1.29
    }

    /// The dark settings list, inset 44 on the leading edge by `safeAreaPadding`.
    func background(size: Size, folds: Int, environment: ComponentEnvironment) -> SceneNode {
        let scheme = ColorScheme.dark
        let dynamicType = environment.dynamicTypeSize
        let label = SystemColor.label.color(in: scheme)
        let secondary = SystemColor.secondaryLabel.color(in: scheme)
        // A List scrolls under the bars: its backdrop fills the viewport, its rows start at
        // the safe area (plus the 44 pt `safeAreaPadding` on the leading edge).
        let insets = environment.safeArea
        let cellX = insets.leading + Self.handleWidth + ListMetrics.margin
        let cellWidth = Swift.max(0, size.width - insets.trailing - cellX - ListMetrics.margin)
        let textX = cellX + ListMetrics.contentInset
        let textWidth = Swift.max(0, cellWidth - 2 * ListMetrics.contentInset)

        let header = TextLayout("SETTINGS", style: .footnote, at: dynamicType, maxWidth: textWidth)
        let headerOrigin = Point(x: textX, y: insets.top + ListMetrics.top)
        let rowLabel = TextLayout(
            "Number of Folds (\(folds))", style: .body, at: dynamicType,
            maxWidth: Swift.max(0, textWidth - ListMetrics.stepperSize.width - 8))
        let rowHeight = Swift.max(ListMetrics.rowHeight, rowLabel.size.height + 22)
        let cell = Rect(
            x: cellX, y: headerOrigin.y + header.size.height + ListMetrics.headerToCell, width: cellWidth, height: rowHeight)
        let stepper = Rect(
            x: cell.maxX - ListMetrics.contentInset - ListMetrics.stepperSize.width,
            y: cell.midY - ListMetrics.stepperSize.height / 2,
            width: ListMetrics.stepperSize.width, height: ListMetrics.stepperSize.height)
        let footer = TextLayout(
            markdown: "The backdrop view is not affected by the `Shaders`'s limitations and may use e.g. `List` freely.",
            style: .footnote, at: dynamicType, maxWidth: textWidth)

        // Stepper glyphs: a minus and a plus, dimmed at the ends of 1...8.
        let glyph = 7.0
        let minusCenter = Point(x: stepper.minX + stepper.width / 4, y: stepper.midY)
        let plusCenter = Point(x: stepper.minX + stepper.width * 3 / 4, y: stepper.midY)
        var minus = Path()
        minus.move(to: Point(x: minusCenter.x - glyph, y: minusCenter.y))
        minus.addLine(to: Point(x: minusCenter.x + glyph, y: minusCenter.y))
        var plus = Path()
        plus.move(to: Point(x: plusCenter.x - glyph, y: plusCenter.y))
        plus.addLine(to: Point(x: plusCenter.x + glyph, y: plusCenter.y))
        plus.move(to: Point(x: plusCenter.x, y: plusCenter.y - glyph))
        plus.addLine(to: Point(x: plusCenter.x, y: plusCenter.y + glyph))
        var divider = Path()
        divider.move(to: Point(x: stepper.midX, y: stepper.minY + 8))
        divider.addLine(to: Point(x: stepper.midX, y: stepper.maxY - 8))
        let disabled = label.opacity(0.3)

        return .group(
            "background", bounds: Rect(x: 0, y: 0, width: size.width, height: size.height),
            children: [
                .shape(
                    "background.fill", path: Path(rect: Rect(x: 0, y: 0, width: size.width, height: size.height)),
                    paint: .solid(SystemColor.systemGroupedBackground.color(in: scheme))),
                .text(
                    "settings.header", layout: header, origin: headerOrigin, color: secondary,
                    accessibility: .init(role: .header, label: "Settings")),
                .shape(
                    "settings.cell",
                    path: Path(roundedRect: cell, cornerRadius: ListMetrics.cellCornerRadius, style: .continuous),
                    paint: .solid(SystemColor.secondarySystemGroupedBackground.color(in: scheme))),
                .text(
                    "folds.label", layout: rowLabel,
                    origin: Point(x: textX, y: cell.midY - rowLabel.size.height / 2), color: label),
                .group(
                    "folds.stepper", bounds: stepper,
                    accessibility: .init(role: .adjustable, label: "Number of Folds (\(folds))", value: "\(folds)"),
                    children: [
                        .shape(
                            "folds.stepper.background",
                            path: Path(roundedRect: stepper, cornerRadius: ListMetrics.stepperCornerRadius, style: .continuous),
                            paint: .solid(SystemColor.tertiarySystemFill.color(in: scheme))),
                        .icon(
                            "folds.stepper.divider", name: "divider", path: divider,
                            style: .stroke(SystemColor.separator.color(in: scheme), width: 1, cap: .butt, join: .miter)),
                        .icon(
                            "folds.decrement", name: "minus", path: minus,
                            style: .stroke(
                                folds > Self.foldRange.lowerBound ? label : disabled, width: 2, cap: .round, join: .round)),
                        .icon(
                            "folds.increment", name: "plus", path: plus,
                            style: .stroke(
                                folds < Self.foldRange.upperBound ? label : disabled, width: 2, cap: .round, join: .round)),
                    ]),
                .text(
                    "settings.footer", layout: footer, origin: Point(x: textX, y: cell.maxY + ListMetrics.headerToCell),
                    color: secondary, accessibility: .init(role: .text, label: footer.lines.map(\.text).joined(separator: " "))),
            ])
    }

    /// The light text card: `VStack(alignment: .leading, spacing: 12)` in `.body.leading(.loose)`,
    /// padded 16 inside the safe area, on white 0.96 filling the viewport. The seed's strings
    /// are Markdown (`LocalizedStringKey`): backticked words are drawn monospaced.
    ///
    /// Only the timer's text (once a second) and the spinner (eight times a second) change
    /// with time, so the card is built in parts kept between frames (`Curtain+ContentParts`):
    /// the paragraphs above the timer, the timer, the paragraphs below it (placed by the
    /// timer's height) and the progress view. A frame looks them up instead of parsing,
    /// laying out and placing every paragraph again.
    func foregroundContent(
        size: Size, time: Double, effectEnabled: Bool, environment: ComponentEnvironment, accessible: Bool
    ) -> [SceneNode] {
        let key = ContentKey(size: size, environment: environment, accessible: accessible)
        let timerText = Self.timerText(seconds: time)
        let phase = effectEnabled ? nil : Int((time * 8).rounded(.down)) % 8
        // Most frames show the same timer and phase as one before: the whole card is kept too.
        return Self.contents.parts(for: CardKey(content: key, timerText: timerText, spinnerPhase: phase)) {
            Self.assembleContent(key, timerText: timerText, spinnerPhase: phase)
        }
    }

    /// The card from its kept parts (each made on a miss).
    static func assembleContent(_ key: ContentKey, timerText: String, spinnerPhase phase: Int?) -> [SceneNode] {
        let head = contentHeads.parts(for: key) { contentHead(key) }
        let text = "For example, this timer continues to update: " + timerText
        let timer = timerParagraphs.parts(for: TimerKey(content: key, text: text)) {
            var column = head.column
            column.paragraph("timer", text)
            return column.keptParts
        }
        let tail = contentTails.parts(for: TailKey(content: key, y: timer.column.y)) { contentTail(timer.column) }
        let progress = progressViews.parts(for: ProgressKey(box: tail.progressBox, spinnerPhase: phase)) {
            Scene.resolvedAtTop(
                phase.map { progressSpinner(tail.progressBox, phase: $0) } ?? progressPlaceholder(tail.progressBox))
        }
        return head.nodes + timer.nodes + tail.nodes + [progress] + tail.closingNodes
    }

    /// The paragraphs above the timer, from the card's fill to "… remain live."
    static func contentHead(_ key: ContentKey) -> ContentParts {
        let dynamicType = key.environment.dynamicTypeSize
        let scheme = ColorScheme.light
        let primary = SystemColor.label.color(in: scheme)
        let secondary = SystemColor.secondaryLabel.color(in: scheme)
        let size = key.size
        var column = ContentColumn(size: size, environment: key.environment, accessible: key.accessible)
        column.nodes.append(
            .shape(
                "foreground.fill", path: Path(rect: Rect(x: 0, y: 0, width: size.width, height: size.height)),
                paint: .solid(RGBAColor(white: 0.96))))

        // Heading: caption (medium, uppercase, `.tracking(0.2)`) over title (semibold) with
        // `.padding(.bottom)`.
        column.paragraph(
            "heading.caption", "SWIFTUI SNIPPETS", style: .caption, weight: .medium, leading: .standard,
            tracking: Self.captionTracking, color: secondary, spacing: StackMetrics.textSpacing)
        column.paragraph(
            "heading.title", "Curtain Effect", style: .title, weight: .semibold, leading: .standard,
            color: primary, bottomPadding: 16)
        column.paragraph(
            "intro",
            "This effect uses a SwiftUI `Shader` in combination with a `DragGesture` to create a curtain effect that deforms the view in response to the drag location."
        )

        // HStack(alignment: .firstTextBaseline) { hand icon (large); semibold hint }.
        let left = column.left, width = column.width, y = column.y
        let bodySize = TextStyle.body.size(at: dynamicType)
        let iconSize = bodySize * StackMetrics.largeImageScale
        let iconBox = Icon.handPointUpLeft.layoutBox(pointSize: iconSize)
        let hint = TextLayout(
            "Try swiping from the right!", style: .body, at: dynamicType, weight: .semibold,
            maxWidth: Swift.max(0, width - iconBox.width - StackMetrics.textSpacing), leading: .loose)
        let ascent = Swift.max(iconBox.baseline, hint.firstBaseline)
        let baselineY = y + ascent
        column.nodes.append(
            .icon(
                "swipe.icon", icon: .handPointUpLeft,
                shapes: Icon.handPointUpLeft.shapes(
                    pointSize: iconSize, weight: .regular,
                    origin: Point(x: left, y: baselineY - iconBox.baseline)),
                color: primary))
        column.nodes.append(
            .text(
                "swipe.text", layout: hint,
                origin: Point(x: left + iconBox.width + StackMetrics.textSpacing, y: baselineY - hint.firstBaseline),
                color: primary, accessibility: column.accessibility("Try swiping from the right!")))
        column.y =
            Swift.max(baselineY - iconBox.baseline + iconBox.height, baselineY - hint.firstBaseline + hint.size.height) + 12

        column.paragraph(
            "live", "Because this approach does not rely on snapshotting, the contents of the foreground layer remain live.")
        return column.keptParts
    }

    /// The paragraphs below the timer, starting at `column`'s `y`, around the progress view.
    static func contentTail(_ column: ContentColumn) -> ContentTail {
        var column = column
        column.nodes = []
        column.paragraph("caveats", "However, some caveats still apply:")
        column.paragraph(
            "uikit",
            "Views backed by UIKit will not display correctly on the top layer, this includes `List` but also `ProgressView`. Instead, the will render like this:"
        )
        let nodes = column.keptParts.nodes

        // ProgressView: a spinner while the layer is drawn normally; under the active effect
        // UIKit-backed views draw SwiftUI's placeholder (yellow, red no-entry sign).
        let box = Rect(x: column.left, y: column.y, width: 20, height: 20)
        column.y = box.maxY + 12
        column.nodes = []
        column.paragraph(
            "scrollview",
            "More importantly, `ScrollView` also doesn't seem to work, limiting how much content you can fit on the screen.")
        return ContentTail(nodes: nodes, progressBox: box, closingNodes: column.keptParts.nodes)
    }

    /// Eight spokes, the brightest one at `phase` (stepping round eight times a second).
    static func progressSpinner(_ box: Rect, phase: Int) -> SceneNode {
        let center = Point(x: box.midX, y: box.midY)
        let spokes = (0..<8).map { index -> SceneNode in
            let angle = Double(index) * Double.pi / 4 - Double.pi / 2
            var path = Path()
            path.move(to: Point(x: center.x + 5 * cos(angle), y: center.y + 5 * sin(angle)))
            path.addLine(to: Point(x: center.x + 9 * cos(angle), y: center.y + 9 * sin(angle)))
            let age = (phase - index + 8) % 8
            return .icon(
                "progress.spoke.\(index)", name: "spoke", path: path,
                style: .stroke(
                    RGBAColor(red: 0.557, green: 0.557, blue: 0.576, alpha: 1 - Double(age) * 0.1),
                    width: 2, cap: .round, join: .round))
        }
        return .group("progress", bounds: box, children: spokes)
    }

    static func progressPlaceholder(_ box: Rect) -> SceneNode {
        let sign = box.insetBy(dx: 3, dy: 3)
        var slash = Path()
        let offset = sign.width / 2 * 0.7071
        slash.move(to: Point(x: sign.midX - offset, y: sign.midY - offset))
        slash.addLine(to: Point(x: sign.midX + offset, y: sign.midY + offset))
        let red = RGBAColor(red: 1, green: 0.231, blue: 0.188)
        return .group(
            "progress", bounds: box,
            children: [
                .shape("progress.placeholder", path: Path(rect: box), paint: .solid(RGBAColor(red: 1, green: 0.8, blue: 0))),
                .icon(
                    "progress.sign", name: "nosign", path: Path(ellipseIn: sign).appending(slash),
                    style: .stroke(red, width: 2, cap: .round, join: .round)),
            ])
    }
}

extension Path {
    /// This path followed by the elements of `other`.
    func appending(_ other: Path) -> Path { Path(elements + other.elements) }
}
