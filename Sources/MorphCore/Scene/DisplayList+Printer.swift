import MorphJSON

/// A short line-per-op text form of a display list for readable golden diffs (in the manner
/// of OpenSwiftUI's `DisplayListPrinter`): nesting by indentation, numbers in canonical
/// form, paths summarised by their command letters and bounds.
extension DisplayList {
    /// The printed form; stable for equal lists.
    public var printedDescription: String {
        var lines: [String] = []
        lines.append(
            "display-list \(component.rawValue) size=\(Self.format(size)) time=\(Self.format(time)) background=\(Self.format(background))\(bleed > 0 ? " bleed=\(Self.format(bleed))" : "")"
        )
        var depth = 1
        for op in ops {
            if case .pop = op { depth -= 1 }
            let indent = String(repeating: "  ", count: max(depth, 0))
            switch op {
            case .push(let group):
                var text = "push \(group.id)"
                if !group.transform.isIdentity {
                    let t = group.transform
                    text += " transform=[\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(Self.format).joined(separator: " "))]"
                }
                if group.opacity != 1 { text += " opacity=\(Self.format(group.opacity))" }
                if let clip = group.clip { text += " clip=\(Self.format(clip))" }
                if let shadow = group.shadow {
                    text += " shadow=(\(Self.format(shadow.color)) r\(Self.format(shadow.radius)) \(Self.format(shadow.offset)))"
                }
                if let effect = group.effect {
                    text +=
                        " effect=\(effect.kind.rawValue)(bounds \(Self.format(effect.bounds)) drag \(Self.format(effect.drag)) folds \(effect.folds)\(effect.frame.map { " frame \(Self.format($0))" } ?? ""))"
                }
                lines.append(indent + text)
                depth += 1
            case .pop:
                lines.append(indent + "pop")
            case .fill(let fill):
                var text = "fill \(fill.id) \(Self.format(fill.path)) \(Self.format(fill.paint))"
                if fill.rule != .nonzero { text += " rule=\(fill.rule.rawValue)" }
                lines.append(indent + text)
            case .stroke(let stroke):
                lines.append(
                    indent
                        + "stroke \(stroke.id) \(Self.format(stroke.path)) \(Self.format(stroke.color)) width=\(Self.format(stroke.width)) cap=\(stroke.cap.rawValue) join=\(stroke.join.rawValue)"
                )
            case .text(let text):
                lines.append(
                    indent
                        + "text \(text.id) \(text.font.family) \(text.font.weight) \(Self.format(text.font.size)) \(Self.format(text.color))"
                )
                for line in text.lines {
                    var printed = "  @(\(Self.format(line.x)), \(Self.format(line.y))) \(Self.quoted(line.text))"
                    for run in line.runs {
                        printed +=
                            " [\(run.start)..<\(run.end) \(run.font.family) \(run.font.weight) \(Self.format(run.font.size))]"
                    }
                    lines.append(indent + printed)
                }
            case .image(let image):
                var text = "image \(image.id) \(Self.quoted(Self.shortSource(image.source))) \(Self.format(image.rect))"
                if image.interpolation != .medium { text += " interpolation=\(image.interpolation.rawValue)" }
                lines.append(indent + text)
            }
        }
        if !accessibility.isEmpty {
            lines.append("accessibility")
            for element in accessibility {
                var text = "  \(element.id) \(element.role.rawValue) \(Self.quoted(element.label))"
                if !element.value.isEmpty { text += " value=\(Self.quoted(element.value))" }
                if !element.hint.isEmpty { text += " hint=\(Self.quoted(element.hint))" }
                text += " frame=\(Self.format(element.frame))"
                lines.append(text)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An image source for the printed form: a data URI is cut to its first bytes.
    static func shortSource(_ source: String) -> String {
        source.utf8.count > 48 ? String(source.prefix(40)) + "…(\(source.utf8.count) bytes)" : source
    }

    static func format(_ number: Double) -> String {
        var writer = CanonicalJSONWriter(capacity: 16)
        writer.writeNumber(number)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func format(_ size: Size) -> String { "\(format(size.width))×\(format(size.height))" }
    static func format(_ point: Point) -> String { "(\(format(point.x)), \(format(point.y)))" }
    static func format(_ rect: Rect) -> String {
        "(\(format(rect.minX)), \(format(rect.minY)), \(format(rect.width))×\(format(rect.height)))"
    }
    static func format(_ color: RGBAColor) -> String {
        "rgba(\([color.red, color.green, color.blue, color.alpha].map(format).joined(separator: " ")))"
    }
    static func format(_ path: Path) -> String {
        let letters = path.elements.map { element -> String in
            switch element {
            case .move: "M"
            case .line: "L"
            case .curve: "C"
            case .quadCurve: "Q"
            case .closeSubpath: "Z"
            }
        }.joined()
        return "path[\(letters) in \(format(path.controlPointBounds))]"
    }
    static func format(_ paint: Paint) -> String {
        switch paint {
        case .solid(let color): format(color)
        case .linear(let from, let to, let stops):
            "linear(\(format(from)) → \(format(to)): \(stops.map { "\(format($0.offset)) \(format($0.color))" }.joined(separator: ", ")))"
        }
    }
    static func quoted(_ text: String) -> String {
        var writer = CanonicalJSONWriter(capacity: text.utf8.count + 2)
        writer.writeString(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
