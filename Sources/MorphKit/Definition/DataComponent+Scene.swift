/// Building a frame from the scene template: every property evaluated once, then the same
/// MorphKit value builders (paths, text layout, icons, scene nodes).
extension DataComponent {
    func scene(_ context: Context) -> Scene {
        let still = stillParts(context)
        let inputs = inputs(context, still: still)
        let code = definition.code
        let root = build(definition.root, inputs, context, still: still) ?? .group(definition.root.id, children: [])
        let background = code.color(definition.background, inputs)
        still.giveBack(inputs.slots)
        // Every node that is not fresh comes from `resolvedAtTop` (still parts, kept nodes).
        var scene = Scene(
            component: definition.kind, size: context.viewport, time: context.time, background: background, root: root,
            keptNodesResolvedAtTop: ())
        // The bleed belongs to the file's own viewport, the preview's frame; any other
        // viewport is a screen chosen for the session, whose edges do clip.
        scene.bleed = context.viewport == definition.defaultViewport ? definition.bleed : 0
        return scene
    }

    /// The node for `template`; with `still`, a still subtree or text layout is taken from it.
    func build(_ template: NodeTemplate, _ inputs: ExpressionInputs, _ context: Context, still: StillParts?) -> SceneNode? {
        var nodes: [SceneNode] = []
        nodes.reserveCapacity(1)
        build(template, inputs, context, still: still, into: &nodes)
        return nodes.popLast()
    }

    /// Appends the node for `template` to `nodes` (nothing where its `when` leaves it out): a
    /// node is built where it ends, not returned through each caller and copied on the way.
    func build(
        _ template: NodeTemplate, _ inputs: ExpressionInputs, _ context: Context, still: StillParts?,
        into nodes: inout [SceneNode]
    ) {
        if let still, let index = template.stillIndex {
            if still.hasNode[index] { nodes.append(still.nodes[index]) }
            return
        }
        if let still, let keyed = template.keyed {
            // Kept resolved at the top of a scene, as still subtrees are.
            let node = still.keyed.value(keyed.index, keyed.leaves, definition.code, inputs) {
                var built: [SceneNode] = []
                buildNode(template, inputs, context, still: still, into: &built)
                return built.popLast().map(Scene.resolvedAtTop)
            }
            if let node { nodes.append(node) }
            return
        }
        buildNode(template, inputs, context, still: still, into: &nodes)
    }

    /// Appends the node for `template` to `nodes`, built now.
    private func buildNode(
        _ template: NodeTemplate, _ inputs: ExpressionInputs, _ context: Context, still: StillParts?,
        into nodes: inout [SceneNode]
    ) {
        let code = definition.code
        if let when = template.when, code.number(when, inputs) == 0 { return }
        // A repeated node's id is its entry's key between the repeat's and its own (after
        // the enclosing repeats' and their entries' keys).
        let id =
            template.idKey.map { key in
                var id = ""
                for outer in key.outer { id += outer.prefix + code.text(outer.key, inputs) + "." }
                return id + key.prefix + code.text(key.key, inputs) + "." + template.id
            } ?? template.id
        var accessibility = template.accessibility.map { info in
            SceneNode.Accessibility(
                role: info.role, label: code.text(info.label, inputs),
                value: info.value.map { code.text($0, inputs) } ?? "",
                hint: info.hint.map { code.text($0, inputs) } ?? "")
        }
        if let when = template.accessibility?.when, code.number(when, inputs) == 0 { accessibility = nil }
        switch template.content {
        case .group(let group):
            let children = children(of: template, inputs, context, still: still)
            let shadowDrawn = group.shadowWhen.map { code.number($0, inputs) != 0 } ?? true
            let shadow = group.shadow.flatMap { shadow -> Shadow? in
                guard shadowDrawn else { return nil }
                return Shadow(
                    color: code.color(shadow.color, inputs), radius: code.number(shadow.radius, inputs),
                    offset: code.point(shadow.offset, inputs))
            }
            nodes.append(
                .group(
                    id, transform: group.transform.map { code.transform($0, inputs) } ?? .identity,
                    opacity: group.opacity.map { code.number($0, inputs) } ?? 1,
                    clip: group.clip.map { path($0, inputs) }, shadow: shadow,
                    bounds: group.bounds.map { code.rect($0, inputs) }, accessibility: accessibility,
                    children: children))
        case .shape(let shape, let paint):
            nodes.append(
                .shape(id, path: path(shape, inputs), paint: self.paint(paint, inputs), accessibility: accessibility))
        case .text(let text):
            let kept = still.flatMap { still in text.stillLayout.flatMap { still.layouts[$0] } }
            let layout = text.cachedLayout ?? kept ?? self.layout(text, inputs, context)
            nodes.append(
                .text(
                    id, layout: layout, origin: origin(text.placement, of: layout.size, inputs),
                    color: code.color(text.placement.color, inputs), accessibility: accessibility, file: text.file))
        case .icon(let symbolTemplate):
            if let still, let index = symbolTemplate.stillShapes {
                guard let kept = still.icons[index] else { return }
                let origin = origin(symbolTemplate.placement, of: kept.size, inputs)
                // At a zero coordinate moving the shapes could give -0 where drawing gives 0.
                if origin.x != 0, origin.y != 0 {
                    let shapes = kept.shapes.map { IconShape(path: $0.path.translated(by: origin), paint: $0.paint) }
                    nodes.append(
                        .icon(
                            id, icon: kept.icon, merged: shapes,
                            color: code.color(symbolTemplate.placement.color, inputs), accessibility: accessibility))
                    return
                }
            }
            guard let symbol = symbolTemplate.icon ?? Icon(rawValue: code.text(symbolTemplate.name, inputs)) else {
                return
            }
            let pointSize = code.number(symbolTemplate.pointSize, inputs)
            let box = symbol.layoutBox(pointSize: pointSize)
            let origin = origin(symbolTemplate.placement, of: Size(width: box.width, height: box.height), inputs)
            nodes.append(
                .icon(
                    id, icon: symbol,
                    shapes: symbol.shapes(pointSize: pointSize, weight: symbolTemplate.weight, origin: origin),
                    color: code.color(symbolTemplate.placement.color, inputs), accessibility: accessibility))
        case .stroke(let stroke):
            nodes.append(
                .icon(
                    id, name: stroke.name, path: path(stroke.path, inputs),
                    style: .stroke(
                        code.color(stroke.color, inputs), width: code.number(stroke.width, inputs),
                        cap: stroke.cap, join: stroke.join),
                    accessibility: accessibility))
        case .image(let image):
            nodes.append(imageNode(id, image, inputs, accessibility: accessibility))
        case .repeated(let repeated):
            // The first `count` copies, in the list's order.
            let count = Swift.min(Swift.max(code.number(repeated.count, inputs), 0), Double(template.childRefs.count))
            var children: [SceneNode] = []
            children.reserveCapacity(Int(count))
            for child in template.childRefs.prefix(Int(count)) {
                child._withUnsafeGuaranteedRef { self.build($0, inputs, context, still: still, into: &children) }
            }
            nodes.append(.group(id, accessibility: accessibility, children: children))
        case .effect(let effect):
            let children = children(of: template, inputs, context, still: still)
            let bounds = code.rect(effect.bounds, inputs)
            if let enabled = effect.enabled, code.number(enabled, inputs) == 0 {
                nodes.append(.group(id, bounds: bounds, accessibility: accessibility, children: children))
                return
            }
            // A frame equal to the layer is the default, so a list without insets keeps its bytes.
            let frame = effect.frame.map { code.rect($0, inputs) }
            var node = SceneNode.effect(
                id,
                CurtainEffect(
                    kind: effect.kernel, bounds: bounds, drag: code.point(effect.drag, inputs),
                    folds: Self.folds(code.number(effect.folds, inputs)), frame: frame == bounds ? nil : frame),
                children: children)
            node.accessibility = accessibility
            nodes.append(node)
        }
    }

    /// The children `template` draws now, its kept list when it has one.
    private func children(of template: NodeTemplate, _ inputs: ExpressionInputs, _ context: Context, still: StillParts?)
        -> [SceneNode]
    {
        func build() -> [SceneNode] {
            var children: [SceneNode] = []
            children.reserveCapacity(template.children.count)
            for child in template.childRefs {
                child._withUnsafeGuaranteedRef { self.build($0, inputs, context, still: still, into: &children) }
            }
            return children
        }
        guard let still, let kept = template.keptChildren else { return build() }
        return still.keptChildren.value(kept.index, kept.leaves, definition.code, inputs, build)
    }

    /// A fold count the kernel can draw: rounded, 1 to 64.
    static func folds(_ value: Double) -> Int { Int(Swift.min(Swift.max(value.rounded(), 1), 64)) }

    /// The top-left corner of a box of `size` whose anchor point lies at the position.
    private func origin(_ placement: NodeTemplate.Placement, of size: Size, _ inputs: ExpressionInputs) -> Point {
        let position = definition.code.point(placement.position, inputs)
        return Point(x: position.x - placement.anchor.x * size.width, y: position.y - placement.anchor.y * size.height)
    }

    /// The text's layout, its string, width, and a size or weight given as expressions,
    /// evaluated now.
    func layout(_ text: NodeTemplate.TextTemplate, _ inputs: ExpressionInputs, _ context: Context) -> TextLayout {
        let code = definition.code
        var font = text.font
        var styleWeight = text.styleWeight
        if let sizeCode = text.sizeCode {
            let sizes = ComponentLimits.fontSizes
            // A NaN falls to the smallest size (`max` keeps its first argument when the second is NaN).
            font.size = Swift.min(Swift.max(sizes.lowerBound, code.number(sizeCode, inputs)), sizes.upperBound)
        }
        if let weightCode = text.weightCode {
            let named = FontWeight.byName[code.text(weightCode, inputs)]
            if text.style == nil { font.weight = named ?? .regular } else { styleWeight = named }
        }
        return text.layout(
            code.text(text.text, inputs),
            maxWidth: text.maxWidth.map { max(0, code.number($0, inputs)) },
            at: context.environment.dynamicTypeSize, font: font, styleWeight: styleWeight,
            lineLimit: text.lineLimit.flatMap { Self.lineLimit(code.number($0, inputs)) },
            maxHeight: text.maxHeight.map { code.number($0, inputs) })
    }

    /// A line limit from an expression's value: rounded down, below 1 (and NaN) no limit.
    static func lineLimit(_ value: Double) -> Int? {
        value >= 1 ? Int(Swift.min(value, Double(Int32.max))) : nil
    }

    /// The path of `template`, built from coordinates, sizes and radii clamped to
    /// `ComponentLimits.pathCoordinate`: each is finite, but what path building adds up
    /// (`x + width`, a corner's control points) would not be from near the largest double.
    private func path(_ template: NodeTemplate.PathTemplate, _ inputs: ExpressionInputs) -> Path {
        let code = definition.code
        func rect(_ rect: ExpressionReference) -> Rect {
            let r = code.rect(rect, inputs)
            return Rect(
                x: Self.bounded(r.minX), y: Self.bounded(r.minY), width: Self.bounded(r.width), height: Self.bounded(r.height))
        }
        func number(_ number: ExpressionReference) -> Double { Self.bounded(code.number(number, inputs)) }
        switch template {
        case .rect(let r): return Path(rect: rect(r))
        case .ellipse(let r): return Path(ellipseIn: rect(r))
        case .roundedRect(let r, let radius, let style):
            return Path(roundedRect: rect(r), cornerRadius: number(radius), style: style)
        case .roundedRectCorners(let r, let radii, let style):
            let radius = radii.map(number)
            return Path(
                roundedRect: rect(r),
                cornerRadii: CornerRadii(
                    topLeading: radius[0], bottomLeading: radius[1], bottomTrailing: radius[2], topTrailing: radius[3]),
                style: style)
        case .polyline(let points):
            var line = Path()
            for (index, point) in points.enumerated() {
                let p = code.point(point, inputs)
                let bounded = Point(x: Self.bounded(p.x), y: Self.bounded(p.y))
                if index == 0 { line.move(to: bounded) } else { line.addLine(to: bounded) }
            }
            return line
        case .subpaths(let parts):
            return Path(parts.flatMap { path($0, inputs).elements })
        case .svg(_, let shape, nil):
            return shape
        case .svg(_, let shape, let fit?):
            let into = rect(fit.into)
            let scale = Swift.min(into.width / fit.viewBox.width, into.height / fit.viewBox.height)
            let origin = Point(
                x: into.midX - (fit.viewBox.midX) * scale, y: into.midY - (fit.viewBox.midY) * scale)
            return Self.bounded(
                shape.applying(MorphCore.AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: origin.x, ty: origin.y)))
        }
    }

    /// Every point of `path` clamped to ±`ComponentLimits.pathCoordinate`.
    static func bounded(_ path: Path) -> Path {
        path.mappingPoints { Point(x: bounded($0.x), y: bounded($0.y)) }
    }

    /// `value` clamped to ±`ComponentLimits.pathCoordinate`.
    @inline(__always)
    static func bounded(_ value: Double) -> Double {
        Swift.min(Swift.max(value, -ComponentLimits.pathCoordinate), ComponentLimits.pathCoordinate)
    }

    private func paint(_ template: NodeTemplate.PaintTemplate, _ inputs: ExpressionInputs) -> Paint {
        let code = definition.code
        switch template {
        case .solid(let color): return .solid(code.color(color, inputs))
        case .linear(let from, let to, let colors):
            return .linear(
                from: code.point(from, inputs), to: code.point(to, inputs),
                colors: colors.map { code.color($0, inputs) })
        case .linearList(let from, let to, let colors):
            return .linear(
                from: code.point(from, inputs), to: code.point(to, inputs),
                colors: code.evaluate(colors, inputs).colors)
        }
    }
}

extension NodeTemplate.TextTemplate {
    /// The text laid out as the node draws it: in its text style at `size` with `styleWeight`
    /// (or in `font`), with its leading, tracking, and Markdown code spans when it is Markdown.
    func layout(
        _ source: String, maxWidth: Double?, at size: DynamicTypeSize, font: Font, styleWeight: FontWeight?,
        lineLimit: Int? = nil, maxHeight: Double? = nil
    ) -> TextLayout {
        let parsed = markdown ? InlineMarkdown(source) : InlineMarkdown(text: source)
        guard let style else {
            return TextLayout(
                parsed.text, font: font, maxWidth: maxWidth, lineSpacing: lineSpacing, leading: leading,
                alignment: alignment, tracking: tracking, codeSpans: parsed.codeSpans, lineLimit: lineLimit,
                maxHeight: maxHeight, file: file, cache: FrameCaches.current.textLayouts)
        }
        return TextLayout(
            parsed.text, style: style, at: size, weight: styleWeight, maxWidth: maxWidth, lineSpacing: lineSpacing,
            leading: leading, alignment: alignment, tracking: tracking, codeSpans: parsed.codeSpans, lineLimit: lineLimit,
            maxHeight: maxHeight, file: file, cache: FrameCaches.current.textLayouts)
    }
}

extension InlineMarkdown {
    /// Plain text: no code spans.
    init(text: String) {
        self.init("")
        self.text = text
    }
}
