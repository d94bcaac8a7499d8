/// Builders that turn the text and icon helpers' results into scene nodes.
extension SceneNode {
    /// A text node for `layout` with its box's top-left at `origin`: each line's baseline
    /// origin is moved by `origin`, and the node's bounds is the text box. `file` is the
    /// component's own font the layout was measured in (`TextLayout`'s `file`), which the
    /// display list names for the layout's default-design lines.
    public static func text(
        _ id: String, layout: TextLayout, origin: Point, color: RGBAColor, accessibility: Accessibility? = nil,
        file: FontFile? = nil
    ) -> SceneNode {
        func displayFont(_ font: Font, tracking: Double) -> DisplayList.Font {
            var display = DisplayList.Font(font, file: file)
            display.tracking = tracking
            return display
        }
        return .text(
            id, font: displayFont(layout.font, tracking: layout.tracking), color: color,
            lines: layout.lines.map { line in
                DisplayList.TextLine(
                    x: origin.x + line.origin.x, y: origin.y + line.origin.y, text: line.text,
                    runs: line.runs.map {
                        DisplayList.TextRun(
                            start: $0.range.lowerBound, end: $0.range.upperBound,
                            font: displayFont($0.font, tracking: $0.tracking))
                    })
            },
            bounds: Rect(origin: origin, size: layout.size), accessibility: accessibility)
    }

    /// An icon's shapes as one node when they share a paint, else a group `id` with children
    /// `id.0`, `id.1`, …; consecutive strokes with equal parameters and non-zero fills merge
    /// into one path (their subpaths draw the same either way).
    public static func icon(
        _ id: String, icon: MorphCore.Icon, shapes: [IconShape], color: RGBAColor, accessibility: Accessibility? = nil
    ) -> SceneNode {
        .icon(id, icon: icon, merged: mergedIconShapes(shapes), color: color, accessibility: accessibility)
    }

    /// `shapes` as `icon(_:icon:shapes:color:accessibility:)` draws them: consecutive strokes
    /// with equal parameters and non-zero fills merged into one path.
    package static func mergedIconShapes(_ shapes: [IconShape]) -> [IconShape] {
        var merged: [IconShape] = []
        for shape in shapes {
            if let last = merged.last, last.paint == shape.paint, last.paint != .fill(.evenodd) {
                merged[merged.count - 1].path.elements.append(contentsOf: shape.path.elements)
            } else {
                merged.append(shape)
            }
        }
        return merged
    }

    /// `icon(_:icon:shapes:color:accessibility:)` of shapes `mergedIconShapes` gave.
    package static func icon(
        _ id: String, icon: MorphCore.Icon, merged: [IconShape], color: RGBAColor, accessibility: Accessibility? = nil
    ) -> SceneNode {
        func style(_ paint: IconShape.Paint) -> IconStyle {
            switch paint {
            case .fill(let rule): .fill(color, rule: rule == .evenodd ? .evenodd : .nonzero)
            case .stroke(let width, let cap, let join):
                .stroke(color, width: width, cap: DisplayList.LineCap(cap), join: DisplayList.LineJoin(join))
            }
        }
        if merged.count == 1 {
            return .icon(
                id, name: icon.rawValue, path: merged[0].path, style: style(merged[0].paint), accessibility: accessibility)
        }
        return .group(
            id, accessibility: accessibility,
            children: merged.enumerated().map { index, shape in
                .icon("\(id).\(index)", name: icon.rawValue, path: shape.path, style: style(shape.paint))
            })
    }
}

extension DisplayList.Font {
    /// The display list's font for a text-helper `Font`, in `file` when the text is in a
    /// component's own font (the default design only).
    public init(_ font: Font, file: FontFile? = nil) {
        if let file, font.design == .default {
            self.init(family: file.family, weight: font.weight.rawValue, size: font.size, file: file.source, face: file)
        } else {
            self.init(design: font.design, weight: font.weight.rawValue, size: font.size)
        }
    }
}

// Case by case, not through the name: looking a case up by its string was a string switch
// for every stroked icon of every frame.
extension DisplayList.LineCap {
    /// The display list's cap for an icon's.
    init(_ cap: IconShape.LineCap) {
        switch cap {
        case .butt: self = .butt
        case .round: self = .round
        case .square: self = .square
        }
    }
}

extension DisplayList.LineJoin {
    /// The display list's join for an icon's.
    init(_ join: IconShape.LineJoin) {
        switch join {
        case .miter: self = .miter
        case .round: self = .round
        case .bevel: self = .bevel
        }
    }
}
