import MorphKit

/// Writes one display list as an SVG document with the canvas page's and cairo's semantics.
///
/// The mapping, op by op (`schemas/export.md` has the whole contract):
/// - `push` becomes `<g transform opacity filter>`; a clip is an inner `<g clip-path>`, so the
///   shadow (an `feDropShadow` filter, σ = `Shadow.gaussianStandardDeviation` in the group's
///   units) is cast by the clipped silhouette and is itself not clipped, as cairo and the
///   canvas draw it.
/// - `fill` becomes `<path>` with a solid colour or a `linearGradient` in user space.
/// - `stroke` becomes `<path fill="none">` with width, cap, join and Canvas's miter limit 10.
/// - `text` becomes `<text>` in Inter with one x per character (MorphKit's advances and
///   kerning, so no shaping moves a glyph), or the glyph outlines as a `<path>`.
/// - `image` becomes `<image preserveAspectRatio="none">` over its rect: the PNG inline as a
///   data URI when `images` has its bytes (a self-contained file), else its source as written.
///
/// Ids of definitions (gradients, clips, filters) come from a counter in document order, so
/// two lists of the same structure give the same ids: the SMIL animator relies on that.
public struct SVGWriter: Sendable {
    /// How text ops are written.
    public enum TextMode: String, Sendable, CaseIterable {
        /// `<text font-family="Inter">`: small, selectable; needs Inter where it is shown.
        case text
        /// Glyph outlines as paths: looks the same everywhere, no font needed.
        case outlines
    }

    public var textMode: TextMode
    /// Write default values too (identity transforms, opacity 1, alpha 1), so consecutive
    /// frames have the same attributes and SMIL can animate them value by value.
    public var explicitDefaults: Bool
    /// PNG bytes by `image` source, embedded as data URIs; a source missing here is linked as
    /// written (a file name, relative to where the SVG is opened).
    public var images: [String: [UInt8]]

    public init(textMode: TextMode = .text, explicitDefaults: Bool = false, images: [String: [UInt8]] = [:]) {
        self.textMode = textMode
        self.explicitDefaults = explicitDefaults
        self.images = images
    }

    /// The whole document as text, with an XML declaration.
    public func svg(_ list: DisplayList) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + document(list).xml()
    }

    /// The root `<svg>` element: viewport size in points and the bleed around it (the
    /// `viewBox` starts at `-bleed`, so the ops keep their coordinates), background, then the ops.
    public func document(_ list: DisplayList, idPrefix: String = "") -> SVGElement {
        let canvas = Self.canvas(list)
        var root = SVGElement(
            "svg",
            [
                .init("xmlns", "http://www.w3.org/2000/svg"),
                .init("width", NumberText.format(canvas.width)),
                .init("height", NumberText.format(canvas.height)),
                .init(
                    "viewBox",
                    [canvas.minX, canvas.minY, canvas.width, canvas.height].map(NumberText.format).joined(separator: " ")),
            ])
        root.children.append(frame(list, idPrefix: idPrefix))
        return root
    }

    /// One frame's content as a `<g>`: the background rectangle and the ops. The animator
    /// stacks these when frames differ in structure.
    public func frame(_ list: DisplayList, idPrefix: String = "") -> SVGElement {
        var builder = Builder(writer: self, ops: list.ops, idPrefix: idPrefix)
        let canvas = Self.canvas(list)
        var background = SVGElement(
            "rect",
            (list.bleed > 0 ? [.init("x", NumberText.format(canvas.minX)), .init("y", NumberText.format(canvas.minY))] : [])
                + [
                    .init("width", NumberText.format(canvas.width)),
                    .init("height", NumberText.format(canvas.height)),
                ])
        background.attributes += paint("fill", list.background)
        var content = builder.build()
        content.insert(background, at: 0)
        return SVGElement("g", [.init("id", idPrefix + "frame")], children: content)
    }

    /// What the document shows: the viewport and `bleed` points past each edge (a frame in a
    /// larger canvas clips nothing, so a shadow reaches past it).
    static func canvas(_ list: DisplayList) -> Rect {
        Rect(
            x: 0 - list.bleed, y: 0 - list.bleed, width: list.size.width + 2 * list.bleed,
            height: list.size.height + 2 * list.bleed)
    }

    func paint(_ property: String, _ color: RGBAColor) -> [SVGElement.Attribute] {
        var attributes = [SVGElement.Attribute(property, NumberText.rgb(color))]
        if color.alpha < 1 || explicitDefaults { attributes.append(.init(property + "-opacity", NumberText.alpha(color.alpha))) }
        return attributes
    }

    static func transform(_ transform: AffineTransform) -> String {
        let t = transform
        if t.b == 0, t.c == 0 {
            // The form the animator can split into animateTransform translate + scale.
            return "translate(\(NumberText.format(t.tx)) \(NumberText.format(t.ty))) "
                + "scale(\(NumberText.format(t.a)) \(NumberText.format(t.d)))"
        }
        return "matrix(" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(NumberText.format).joined(separator: " ") + ")"
    }

    /// Walks the ops once, nesting groups.
    private struct Builder {
        let writer: SVGWriter
        let ops: [DisplayList.Op]
        let idPrefix: String
        let ends: [Int?]
        var index = 0
        var counter = 0

        init(writer: SVGWriter, ops: [DisplayList.Op], idPrefix: String) {
            self.writer = writer
            self.ops = ops
            self.idPrefix = idPrefix
            self.ends = DisplayList.matchingPops(ops)
        }

        mutating func nextID(_ kind: String) -> String {
            counter += 1
            return "\(idPrefix)\(kind)\(counter)"
        }

        /// Elements up to the next unmatched `pop` (or the end).
        mutating func build() -> [SVGElement] {
            var elements: [SVGElement] = []
            while index < ops.count {
                let op = ops[index]
                index += 1
                switch op {
                case .pop: return elements
                case .push(let group): elements.append(self.group(group, start: index - 1))
                case .fill(let fill): elements += self.fill(fill)
                case .stroke(let stroke): elements += self.stroke(stroke)
                case .text(let text): elements += self.text(text)
                case .image(let image): elements.append(self.image(image))
                }
            }
            return elements
        }

        mutating func group(_ group: DisplayList.Group, start: Int) -> SVGElement {
            var outer = SVGElement("g", [.init("data-id", group.id)])
            if !group.transform.isIdentity || writer.explicitDefaults {
                outer.attributes.append(.init("transform", SVGWriter.transform(group.transform)))
            }
            let opacity = group.opacity.isNaN ? 0 : Swift.min(1, Swift.max(0, group.opacity))
            if opacity < 1 || writer.explicitDefaults { outer.attributes.append(.init("opacity", NumberText.format(opacity))) }
            var definitions: [SVGElement] = []
            if let shadow = group.shadow {
                let id = nextID("shadow")
                let end = ends[start] ?? ops.count
                var bounds = SVGWriter.bounds(of: ops[(start + 1)..<end])
                if let clip = group.clip, !clip.isEmpty {
                    bounds = bounds.flatMap { Self.intersection($0, clip.controlPointBounds) }
                }
                // The filter region covers the content plus 3σ and the offset.
                let sigma = Swift.max(0, shadow.gaussianStandardDeviation)
                let region = (bounds ?? .zero).insetBy(
                    dx: -(3 * sigma + abs(shadow.offset.x) + 2), dy: -(3 * sigma + abs(shadow.offset.y) + 2))
                var drop = SVGElement(
                    "feDropShadow",
                    [
                        .init("dx", NumberText.format(shadow.offset.x)), .init("dy", NumberText.format(shadow.offset.y)),
                        .init("stdDeviation", NumberText.format(sigma)),
                        .init("flood-color", NumberText.rgb(shadow.color)),
                    ])
                drop.attributes.append(.init("flood-opacity", NumberText.alpha(shadow.color.alpha)))
                definitions.append(
                    SVGElement(
                        "filter",
                        [
                            .init("id", id), .init("filterUnits", "userSpaceOnUse"),
                            .init("x", NumberText.format(region.minX)), .init("y", NumberText.format(region.minY)),
                            .init("width", NumberText.format(region.width)),
                            .init("height", NumberText.format(region.height)),
                            .init("color-interpolation-filters", "sRGB"),
                        ], children: [drop]))
                outer.attributes.append(.init("filter", "url(#\(id))"))
            }
            var content = build()
            if let clip = group.clip {
                let id = nextID("clip")
                definitions.append(
                    SVGElement(
                        "clipPath", [.init("id", id)],
                        children: [SVGElement("path", [.init("d", NumberText.pathData(clip))])]))
                content = [SVGElement("g", [.init("clip-path", "url(#\(id))")], children: content)]
            }
            if !definitions.isEmpty { outer.children.append(SVGElement("defs", children: definitions)) }
            outer.children += content
            return outer
        }

        static func intersection(_ a: Rect, _ b: Rect) -> Rect? {
            let minX = Swift.max(a.minX, b.minX), maxX = Swift.min(a.maxX, b.maxX)
            let minY = Swift.max(a.minY, b.minY), maxY = Swift.min(a.maxY, b.maxY)
            guard minX <= maxX, minY <= maxY else { return nil }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }

        mutating func fill(_ fill: DisplayList.Fill) -> [SVGElement] {
            var path = SVGElement("path", [.init("data-id", fill.id), .init("d", NumberText.pathData(fill.path))])
            var definitions: [SVGElement] = []
            switch fill.paint {
            case .solid(let color):
                path.attributes += writer.paint("fill", color)
            case .linear(let from, let to, let stops):
                let id = nextID("gradient")
                definitions.append(
                    SVGElement(
                        "linearGradient",
                        [
                            .init("id", id), .init("gradientUnits", "userSpaceOnUse"),
                            .init("x1", NumberText.format(from.x)), .init("y1", NumberText.format(from.y)),
                            .init("x2", NumberText.format(to.x)), .init("y2", NumberText.format(to.y)),
                        ],
                        children: stops.map { stop in
                            SVGElement(
                                "stop",
                                [
                                    .init("offset", NumberText.format(stop.offset)),
                                    .init("stop-color", NumberText.rgb(stop.color)),
                                    .init("stop-opacity", NumberText.alpha(stop.color.alpha)),
                                ])
                        }))
                path.attributes.append(.init("fill", "url(#\(id))"))
            }
            if fill.rule == .evenodd { path.attributes.append(.init("fill-rule", "evenodd")) }
            return definitions.isEmpty ? [path] : [SVGElement("defs", children: definitions), path]
        }

        func stroke(_ stroke: DisplayList.Stroke) -> [SVGElement] {
            guard stroke.width > 0, stroke.width.isFinite else { return [] }
            var path = SVGElement(
                "path", [.init("data-id", stroke.id), .init("d", NumberText.pathData(stroke.path)), .init("fill", "none")])
            path.attributes += writer.paint("stroke", stroke.color)
            path.attributes += [
                .init("stroke-width", NumberText.format(stroke.width)),
                .init("stroke-linecap", stroke.cap.rawValue), .init("stroke-linejoin", stroke.join.rawValue),
                .init("stroke-miterlimit", "10"),
            ]
            return [path]
        }

        func image(_ image: DisplayList.Image) -> SVGElement {
            let href = writer.images[image.source].map(ImageSource.dataURI(png:)) ?? image.source
            var element = SVGElement(
                "image",
                [
                    .init("data-id", image.id), .init("x", NumberText.format(image.rect.minX)),
                    .init("y", NumberText.format(image.rect.minY)), .init("width", NumberText.format(image.rect.width)),
                    .init("height", NumberText.format(image.rect.height)), .init("preserveAspectRatio", "none"),
                    .init("href", href),
                ])
            if image.interpolation == .none { element.attributes.append(.init("image-rendering", "pixelated")) }
            return element
        }

        func text(_ text: DisplayList.Text) -> [SVGElement] {
            switch writer.textMode {
            case .outlines:
                var path = SVGElement(
                    "path", [.init("data-id", text.id), .init("d", NumberText.pathData(GlyphOutlines.path(for: text)))])
                path.attributes += writer.paint("fill", text.color)
                return [path]
            case .text:
                let weight = GlyphOutlines.nearestWeight(text.font.weight)
                let font = Font(size: text.font.size, weight: weight)
                var element = SVGElement(
                    "text",
                    [
                        .init("data-id", text.id), .init("xml:space", "preserve"),
                        // A component's own font by its family (the viewer needs it installed).
                        .init("font-family", text.font.file == nil ? "Inter" : text.font.family),
                        .init("font-weight", String(weight.rawValue)),
                        .init("font-size", NumberText.format(text.font.size)),
                        // Glyphs go where MorphKit put them: no kerning, ligatures or contextual
                        // alternates on top (cairo draws plain cmap glyphs too).
                        .init(
                            "style",
                            "white-space:pre;font-kerning:none;font-variant-ligatures:none;"
                                + "font-feature-settings:'liga' 0,'calt' 0,'kern' 0"),
                    ])
                element.attributes += writer.paint("fill", text.color)
                for line in text.lines {
                    // A line with code is one tspan per piece, the code in its own family.
                    for piece in line.pieces(in: text.font) {
                        let xs = TextMeasure.glyphPositions(
                            of: piece.text, from: piece.x, font: piece.font, file: piece.file, tracking: piece.tracking
                        ).map { NumberText.format($0.x) }
                        var attributes: [SVGElement.Attribute] = [
                            .init("x", xs.joined(separator: " ")), .init("y", NumberText.format(line.y)),
                        ]
                        if piece.font.design != font.design {
                            attributes.append(.init("font-family", piece.font.family(in: piece.file)))
                        }
                        element.children.append(SVGElement("tspan", attributes, text: piece.text))
                    }
                }
                return [element]
            }
        }
    }

    /// The control-point bounds of a run of ops in the coordinates where it starts (nested
    /// transforms applied; strokes widened by half their width; text by its font's ascender
    /// and descender), nil when nothing is drawn.
    static func bounds(of ops: ArraySlice<DisplayList.Op>) -> Rect? {
        var result: Rect?
        var transforms: [AffineTransform] = [.identity]
        func include(_ rect: Rect) {
            let mapped = rect.applying(transforms[transforms.count - 1])
            result = result.map { $0.union(mapped) } ?? mapped
        }
        for op in ops {
            switch op {
            case .push(let group):
                transforms.append(transforms[transforms.count - 1].concatenating(after: group.transform))
            case .pop:
                if transforms.count > 1 { transforms.removeLast() }
            case .fill(let fill):
                if !fill.path.isEmpty { include(fill.path.controlPointBounds) }
            case .stroke(let stroke):
                if !stroke.path.isEmpty {
                    let half = stroke.width / 2
                    include(stroke.path.controlPointBounds.insetBy(dx: -half, dy: -half))
                }
            case .text(let text):
                let weight = GlyphOutlines.nearestWeight(text.font.weight)
                let font = Font(size: text.font.size, weight: weight)
                for line in text.lines {
                    var width = TextMeasure.width(of: line.text, font: font) + text.font.tracking * Double(line.text.count)
                    if !line.runs.isEmpty, let last = line.pieces(in: text.font).last {
                        width =
                            last.x - line.x
                            + TextMeasure.width(
                                of: last.text, font: last.font, file: last.file,
                                ligatures: FontFile.substitutesLigatures(tracking: last.tracking))
                            + last.tracking * Double(last.text.count)
                    }
                    include(
                        Rect(x: line.x, y: line.y - font.ascender, width: width, height: font.ascender + font.descender))
                }
            case .image(let image):
                include(image.rect)
            }
        }
        return result
    }
}
