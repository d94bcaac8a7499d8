import MorphJSON

extension DefinitionLoader {
    /// Keys each node type accepts (besides `type`, `id`, `when`, `accessibility`, `children`).
    static let nodeKeys: [String: Set<String>] = [
        "group": ["transform", "opacity", "clip", "shadow", "bounds", "level"],
        "shape": ["path", "fill"],
        "text": [
            "text", "font", "maxWidth", "lineSpacing", "alignment", "position", "anchor", "color", "leading", "tracking",
            "markdown", "lineLimit", "maxHeight",
        ],
        "icon": ["icon", "pointSize", "weight", "position", "anchor", "color"],
        "stroke": ["name", "path", "color", "width", "cap", "join"],
        "effect": ["kernel", "enabled", "bounds", "drag", "folds", "frame"],
        "image": ["source", "frame", "contentMode", "interpolation", "opacity", "cornerRadius"],
    ]

    /// Node types built from their expressions alone (text layout's Dynamic Type size aside,
    /// which `loadText` records), so a subtree of them may be kept as a still part.
    static let stillCapableTypes: Set<String> = ["group", "shape", "text", "icon", "stroke", "image"]

    func string(_ cursor: JSONCursor, _ key: String) throws(DefinitionError) -> String {
        try json { () throws(JSONError) in try cursor.required(key).string() }
    }

    func optionalNumber(_ cursor: JSONCursor, _ key: String) throws(DefinitionError) -> Double? {
        try json { () throws(JSONError) in try cursor.optional(key)?.number() }
    }

    /// A case of `T` named by its Swift name (`semibold`, `continuous`, `body`).
    func named<T: NamedCases>(_ cursor: JSONCursor, _ key: String, _ type: T.Type) throws(DefinitionError) -> T? {
        guard let member = try json({ () throws(JSONError) in try cursor.optional(key) }) else { return nil }
        let name = try json { () throws(JSONError) in try member.string() }
        guard let found = T.byName[name] else {
            throw fail(.malformed, member, "'\(name)' is not one of \(T.names.joined(separator: ", "))")
        }
        return found
    }

    /// A text or icon node's `position`, `anchor` (default `[0, 0]`) and `color`.
    mutating func placement(_ cursor: JSONCursor) throws(DefinitionError) -> NodeTemplate.Placement {
        let anchor = try json { () throws(JSONError) in try cursor.optional("anchor")?.numbers(count: 2) } ?? [0, 0]
        return NodeTemplate.Placement(
            position: try requiredExpression(cursor, "position", .point), anchor: Point(x: anchor[0], y: anchor[1]),
            color: try requiredExpression(cursor, "color", .color))
    }

    mutating func loadNode(_ cursor: JSONCursor) throws(DefinitionError) -> NodeTemplate {
        let type = try string(cursor, "type")
        if type == "repeat" { return try loadRepeat(cursor) }
        try countSceneNode(cursor)
        guard let allowed = Self.nodeKeys[type] else {
            throw fail(.malformed, cursor, "type '\(type)' is not one of group, shape, text, icon, stroke, effect, image, repeat")
        }
        let idCursor = try json { () throws(JSONError) in try cursor.required("id") }
        let id = try string(cursor, "id")
        if repeatCopy == nil, !nodeIDs.insert(id).inserted {
            throw fail(.badReference, idCursor, "node id '\(id)' is used twice")
        }
        if case .object(let members) = cursor.value,
            let unknown = members.first(where: {
                !allowed.contains($0.key) && !["type", "id", "when", "accessibility", "children"].contains($0.key)
            })
        {
            throw fail(
                .malformed, cursor,
                "a \(type) node has no key '\(unknown.key)' (keys: \(allowed.sorted().joined(separator: ", ")))")
        }
        let (outerDependency, outerKeyLeaves) = (nodeDependency, nodeKeyLeaves)
        (nodeDependency, nodeKeyLeaves) = ([], [])
        // A group's `level` holds for everything the group compiles, its own properties and
        // its subtree (a trait collection's level, as UIKit passes it down), until a group
        // inside sets another.
        let outerLevel = compiler.level
        let level = type == "group" ? try named(cursor, "level", UserInterfaceLevel.self) : nil
        if let level { compiler.level = level }
        let idKey = try repeatedNodeID(id, idCursor)
        let when = try expression(cursor, "when", .number)
        let content: NodeTemplate.Content
        switch type {
        case "group":
            var group = NodeTemplate.GroupTemplate()
            group.level = level
            group.transform = try expression(cursor, "transform", .transform)
            group.opacity = try expression(cursor, "opacity", .number)
            if let clip = try json({ () throws(JSONError) in try cursor.optional("clip") }) { group.clip = try loadPath(clip) }
            if let shadow = try json({ () throws(JSONError) in try cursor.optional("shadow") }) {
                group.shadow = (
                    try requiredExpression(shadow, "color", .color), try requiredExpression(shadow, "radius", .number),
                    try expression(shadow, "offset", .point) ?? compiler.constant(.point(.zero))
                )
                group.shadowWhen = try expression(shadow, "when", .number)
            }
            group.bounds = try expression(cursor, "bounds", .rect)
            content = .group(group)
        case "shape":
            let path = try loadPath(try json { () throws(JSONError) in try cursor.required("path") })
            content = .shape(path: path, paint: try loadPaint(try json { () throws(JSONError) in try cursor.required("fill") }))
        case "text":
            content = .text(try loadText(cursor))
        case "stroke":
            content = .stroke(
                NodeTemplate.StrokeTemplate(
                    name: try string(cursor, "name"),
                    path: try loadPath(try json { () throws(JSONError) in try cursor.required("path") }),
                    color: try requiredExpression(cursor, "color", .color),
                    width: try requiredExpression(cursor, "width", .number),
                    cap: try named(cursor, "cap", DisplayList.LineCap.self) ?? .round,
                    join: try named(cursor, "join", DisplayList.LineJoin.self) ?? .round))
        case "effect":
            let kernel = try json { () throws(JSONError) in try cursor.required("kernel").enumeration(CurtainEffect.Kind.self) }
            content = .effect(
                NodeTemplate.EffectTemplate(
                    kernel: kernel, enabled: try expression(cursor, "enabled", .number),
                    bounds: try requiredExpression(cursor, "bounds", .rect), drag: try requiredExpression(cursor, "drag", .point),
                    folds: try requiredExpression(cursor, "folds", .number), frame: try expression(cursor, "frame", .rect)))
        case "image":
            content = .image(try loadImage(cursor, id: id))
        default:
            content = .icon(try loadIcon(cursor))
        }
        let accessibility = try loadAccessibility(cursor)
        var children: [NodeTemplate] = []
        if let list = try json({ () throws(JSONError) in try cursor.optional("children") }) {
            guard type == "group" || type == "effect" else {
                throw fail(.malformed, list, "only groups and effects have children")
            }
            for child in try json({ () throws(JSONError) in try list.elements() }) { children.append(try loadNode(child)) }
        }
        compiler.level = outerLevel
        // The subtree's expressions have all been compiled: a still one is built once per
        // configuration, environment and viewport (`DataComponent.StillParts`). A node type
        // whose building may read the frame beyond its expressions (time, say) and that this
        // check has not been taught is taken to move.
        if !Self.stillCapableTypes.contains(type) { nodeDependency.formUnion([.motion, .continuous]) }
        let (stillIndex, keyed) = keptPart()
        // A moving node whose children are all still or keyed (the curtain's effect layer and
        // its paragraphs) keeps its children's list as one part, by all of their keys.
        var keptChildren: NodeTemplate.Keyed?
        if stillIndex == nil, keyed == nil, children.count > 1,
            children.allSatisfy({ $0.stillIndex != nil || $0.keyed != nil })
        {
            var leaves: [KeyLeaf] = []
            for leaf in children.flatMap({ $0.keyed?.leaves ?? [] }) where !leaves.contains(leaf) { leaves.append(leaf) }
            keptChildren = NodeTemplate.Keyed(index: keptChildrenCount, leaves: leaves)
            keptChildrenCount += 1
        }
        nodeDependency.formUnion(outerDependency)
        nodeKeyLeaves = outerKeyLeaves + nodeKeyLeaves.filter { !outerKeyLeaves.contains($0) }
        return NodeTemplate(
            id: id, when: when, content: content, accessibility: accessibility, children: children, stillIndex: stillIndex,
            keyed: keyed, keptChildren: keptChildren, idKey: idKey)
    }

    /// A node's `accessibility`: the element VoiceOver reads, while its `when` is non-zero.
    mutating func loadAccessibility(_ cursor: JSONCursor) throws(DefinitionError) -> NodeTemplate.AccessibilityTemplate? {
        guard let info = try json({ () throws(JSONError) in try cursor.optional("accessibility") }) else { return nil }
        return NodeTemplate.AccessibilityTemplate(
            when: try expression(info, "when", .number),
            role: try json { () throws(JSONError) in try info.required("role").enumeration(AccessibilityRole.self) },
            label: try requiredExpression(info, "label", .text), value: try expression(info, "value", .text),
            hint: try expression(info, "hint", .text))
    }

    mutating func loadText(_ cursor: JSONCursor) throws(DefinitionError) -> NodeTemplate.TextTemplate {
        let fontCursor = try json { () throws(JSONError) in try cursor.required("font") }
        let (weight, weightCode) = try fontWeight(fontCursor)
        let style = try named(fontCursor, "style", TextStyle.self)
        let (size, sizeCode) = try fontSize(fontCursor)
        guard (style == nil) != (size == nil && sizeCode == nil) else {
            throw fail(.malformed, fontCursor, "a font has either a size or a style")
        }
        var text = NodeTemplate.TextTemplate(
            text: try requiredExpression(cursor, "text", .text),
            font: Font(size: size ?? 17, weight: weight ?? .regular), file: try fontFamily(fontCursor),
            style: style, maxWidth: try expression(cursor, "maxWidth", .number),
            lineSpacing: try optionalNumber(cursor, "lineSpacing") ?? 0,
            alignment: try named(cursor, "alignment", TextAlignment.self) ?? .leading, placement: try placement(cursor),
            cachedLayout: nil, styleWeight: nil, leading: try named(cursor, "leading", Font.Leading.self) ?? .standard,
            tracking: try optionalNumber(cursor, "tracking") ?? 0,
            markdown: try json { () throws(JSONError) in try cursor.optional("markdown")?.bool() } ?? false)
        var constantWidth: Double?? = .some(nil)
        if let maxWidth = text.maxWidth {
            constantWidth =
                if case .number(let width)? = compiler.program.constant(at: maxWidth.node) { .some(width) } else { nil }
        }
        text.sizeCode = sizeCode
        text.weightCode = weightCode
        text.lineLimit = try limit(cursor, "lineLimit", "a line limit is a whole number of lines, 0 or more (0: none)") {
            $0 >= 0 && $0 == $0.rounded() && $0 <= Double(Int32.max)
        }
        text.maxHeight = try limit(cursor, "maxHeight", "a maximum height is a finite number of points, 0 or more") {
            $0 >= 0 && $0.isFinite
        }
        let limits = [text.lineLimit, text.maxHeight].compactMap { $0 }
        if style == nil, sizeCode == nil, weightCode == nil, limits.isEmpty,
            case .text(let string)? = compiler.program.constant(at: text.text.node), let width = constantWidth
        {
            text.cachedLayout = text.layout(
                string, maxWidth: width.map { max(0, $0) }, at: .large, font: text.font, styleWeight: nil)
        }
        text.styleWeight = weight
        // A text style reads the frame's Dynamic Type size.
        let layoutDependency = dependency(of: text.text).union(text.maxWidth.map { dependency(of: $0) } ?? [])
            .union(sizeCode.map { dependency(of: $0) } ?? []).union(weightCode.map { dependency(of: $0) } ?? [])
            .union(limits.reduce([]) { $0.union(dependency(of: $1)) })
            .union(style == nil ? [] : .environment)
        nodeDependency.formUnion(layoutDependency)
        if text.cachedLayout == nil, layoutDependency.isStill {
            text.stillLayout = stillLayoutCount
            stillLayoutCount += 1
        }
        return text
    }

    /// A text's `lineLimit` or `maxHeight`: an expression, whose constant value must pass `valid`.
    mutating func limit(_ cursor: JSONCursor, _ key: String, _ message: String, valid: (Double) -> Bool)
        throws(DefinitionError) -> ExpressionReference?
    {
        guard let member = try json({ () throws(JSONError) in try cursor.optional(key) }) else { return nil }
        let reference = try expression(member, .number)
        if case .number(let value)? = compiler.program.constant(at: reference.node), !valid(value) {
            throw fail(.malformed, member, "\(message), not \(JSONText.number(value))")
        }
        return reference
    }

    /// A font's `size`: a number (checked against `ComponentLimits.fontSizes`) or an
    /// expression read each frame.
    mutating func fontSize(_ font: JSONCursor) throws(DefinitionError) -> (Double?, ExpressionReference?) {
        guard let member = try json({ () throws(JSONError) in try font.optional("size") }) else { return (nil, nil) }
        switch member.value {
        case .number(let size):
            let sizes = ComponentLimits.fontSizes
            guard sizes.contains(size) else {
                throw fail(.malformed, member, "a font size is \(sizes.lowerBound)…\(sizes.upperBound) points, not \(size)")
            }
            return (size, nil)
        case .string: return (nil, try expression(member, .number))
        default: throw fail(.malformed, member, "a font size is a number or an expression")
        }
    }

    /// A font's `weight`: a weight's name, or an expression whose text names one each frame.
    mutating func fontWeight(_ font: JSONCursor) throws(DefinitionError) -> (FontWeight?, ExpressionReference?) {
        guard let member = try json({ () throws(JSONError) in try font.optional("weight") }) else { return (nil, nil) }
        let written = try json { () throws(JSONError) in try member.string() }
        if let weight = FontWeight.byName[written] { return (weight, nil) }
        do {
            return (nil, try expression(member, .text))
        } catch {
            // A lone word that is neither a weight nor a name in scope was meant as a weight.
            if written.allSatisfy(\.isLetter) {
                throw fail(.malformed, member, "'\(written)' is not one of \(FontWeight.names.joined(separator: ", "))")
            }
            throw error
        }
    }

    /// An icon node: `icon` a symbol name (a constant is checked now) and `pointSize`.
    mutating func loadIcon(_ cursor: JSONCursor) throws(DefinitionError) -> NodeTemplate.IconTemplate {
        let nameCursor = try json { () throws(JSONError) in try cursor.required("icon") }
        // A symbol's own name is taken as written; anything else is a text expression.
        var template: NodeTemplate.IconTemplate
        if case .string(let written) = nameCursor.value, let icon = Icon(rawValue: written) {
            template = NodeTemplate.IconTemplate(
                icon: icon, name: compiler.constant(.text(written)),
                pointSize: try requiredExpression(cursor, "pointSize", .number),
                weight: try named(cursor, "weight", SymbolWeight.self) ?? .regular, placement: try placement(cursor))
        } else {
            let name = try expression(nameCursor, .text)
            var icon: Icon?
            if case .text(let constant)? = compiler.program.constant(at: name.node) {
                guard let known = Icon(rawValue: constant) else {
                    let names = Icon.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    throw fail(.badReference, nameCursor, "unknown icon '\(constant)' (icons: \(names))")
                }
                icon = known
            }
            template = NodeTemplate.IconTemplate(
                icon: icon, name: name, pointSize: try requiredExpression(cursor, "pointSize", .number),
                weight: try named(cursor, "weight", SymbolWeight.self) ?? .regular, placement: try placement(cursor))
        }
        // Only the position moves: the shapes are drawn once per configuration.
        if dependency(of: template.name).union(dependency(of: template.pointSize)).isStill {
            template.stillShapes = stillIconCount
            stillIconCount += 1
        }
        return template
    }

    mutating func loadPath(_ cursor: JSONCursor) throws(DefinitionError) -> NodeTemplate.PathTemplate {
        let style = try named(cursor, "style", RoundedCornerStyle.self) ?? .continuous
        if let rect = try expression(cursor, "rect", .rect) { return .rect(rect) }
        if let rect = try expression(cursor, "ellipse", .rect) { return .ellipse(rect) }
        if let points = try json({ () throws(JSONError) in try cursor.optional("polyline")?.elements() }) {
            guard !points.isEmpty else { throw fail(.malformed, cursor, "a polyline has at least one point") }
            var compiled: [ExpressionReference] = []
            for point in points { compiled.append(try expression(point, .point)) }
            return .polyline(compiled)
        }
        if let data = try json({ () throws(JSONError) in try cursor.optional("svg") }) {
            return try loadSVGPath(data, in: cursor)
        }
        if let parts = try json({ () throws(JSONError) in try cursor.optional("subpaths")?.elements() }) {
            var paths: [NodeTemplate.PathTemplate] = []
            for part in parts { paths.append(try loadPath(part)) }
            return .subpaths(paths)
        }
        guard let rect = try expression(cursor, "roundedRect", .rect) else {
            throw fail(
                .malformed, cursor,
                "a path is {\"rect\": …}, {\"ellipse\": …}, {\"roundedRect\": …, \"cornerRadius\": …}, {\"polyline\": [points]}, "
                    + "{\"svg\": \"path data\"} or {\"subpaths\": [paths]}"
            )
        }
        if let radius = try expression(cursor, "cornerRadius", .number) {
            return .roundedRect(rect, radius: radius, style: style)
        }
        let radii = try json { () throws(JSONError) in try cursor.required("cornerRadii").elements() }
        guard radii.count == 4 else {
            throw fail(.malformed, cursor, "cornerRadii lists 4 radii: topLeading, bottomLeading, bottomTrailing, topTrailing")
        }
        var compiled: [ExpressionReference] = []
        for radius in radii { compiled.append(try expression(radius, .number)) }
        return .roundedRectCorners(rect, radii: compiled, style: style)
    }

    /// `{"svg": "M…", "viewBox": [x, y, w, h], "in": rect}`: the data is a constant, parsed
    /// here so a mistake is reported at load with the character it is at; `viewBox` and `in`
    /// come together or not at all.
    mutating func loadSVGPath(_ data: JSONCursor, in cursor: JSONCursor) throws(DefinitionError) -> NodeTemplate.PathTemplate {
        guard case .string(let text) = data.value else {
            throw fail(.malformed, data, "svg is SVG path data (a string such as \"M0 0 L10 0 Z\"), found \(data.value.typeName)")
        }
        guard text.utf8.count <= ComponentLimits.svgPathDataBytes else {
            throw fail(.limit, data, "svg path data is over \(ComponentLimits.svgPathDataBytes) bytes")
        }
        let path: Path
        do {
            path = DataComponent.bounded(try Path(svgPathData: text))
        } catch {
            throw fail(.malformed, data, "\(error)")
        }
        let box = try json { () throws(JSONError) in try cursor.optional("viewBox")?.numbers(count: 4) }
        let into = try expression(cursor, "in", .rect)
        switch (box, into) {
        case (nil, nil):
            return .svg(data: text, path: path, fit: nil)
        case (let box?, let into?):
            guard box[2] > 0, box[3] > 0, box.allSatisfy({ abs($0) <= ComponentLimits.pathCoordinate }) else {
                throw fail(.malformed, cursor, "viewBox is [x, y, width, height] with a positive width and height")
            }
            return .svg(data: text, path: path, fit: (Rect(x: box[0], y: box[1], width: box[2], height: box[3]), into))
        default:
            throw fail(
                .malformed, cursor,
                "viewBox and in come together: the box the path data is drawn in, and the rect it is fitted into")
        }
    }

    mutating func loadPaint(_ cursor: JSONCursor) throws(DefinitionError) -> NodeTemplate.PaintTemplate {
        guard case .object = cursor.value else { return .solid(try expression(cursor, .color)) }
        let linear = try json { () throws(JSONError) in try cursor.required("linear") }
        let stops = try json { () throws(JSONError) in try linear.required("colors") }
        if case .string = stops.value {
            return .linearList(
                from: try requiredExpression(linear, "from", .point), to: try requiredExpression(linear, "to", .point),
                colors: try expression(stops, .colors))
        }
        var colors: [ExpressionReference] = []
        for color in try json({ () throws(JSONError) in try linear.required("colors").elements() }) {
            colors.append(try expression(color, .color))
        }
        return .linear(
            from: try requiredExpression(linear, "from", .point), to: try requiredExpression(linear, "to", .point), colors: colors
        )
    }
}

extension DefinitionLoader {
    /// How the node whose subtree was just compiled is kept between frames: a still part
    /// (its index in the still parts) when nothing in it moves, or, when it moves only now and
    /// then (the machine state, a stepped clock), a part kept by the values it reads
    /// (`DataComponent.KeptByKey`); neither when it moves every frame.
    mutating func keptPart() -> (stillIndex: Int?, keyed: NodeTemplate.Keyed?) {
        if nodeDependency.isStill {
            stillNodeCount += 1
            return (stillNodeCount - 1, nil)
        }
        guard nodeDependency.isKeyable else { return (nil, nil) }
        keyedNodeCount += 1
        return (nil, NodeTemplate.Keyed(index: keyedNodeCount - 1, leaves: nodeKeyLeaves))
    }
}
