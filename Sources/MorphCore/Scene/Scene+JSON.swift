import MorphJSON

// The scene's JSON form (`schemas/scene.md`): written through the generic canonical writer,
// since exports are not on the per-frame hot path.

extension Scene {
    /// Canonical bytes of the scene document (same conventions as the display list).
    ///
    /// - Throws: `JSONError.nonFiniteNumber(path:)` naming the first NaN or infinity.
    public func canonicalJSON() throws(JSONError) -> [UInt8] {
        let value = jsonValue
        if let path = value.firstNonFinitePath() { throw .nonFiniteNumber(path: path) }
        var writer = CanonicalJSONWriter()
        value.write(to: &writer)
        return writer.bytes
    }

    /// Indented JSON, same key order and numbers, for people (`morph export --pretty`).
    public func prettyJSON() throws(JSONError) -> String {
        let value = jsonValue
        if let path = value.firstNonFinitePath() { throw .nonFiniteNumber(path: path) }
        var writer = CanonicalJSONWriter()
        value.writePretty(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// Reads a scene document. Frames and opacities are taken as written (they were
    /// resolved when the scene was built, and re-deriving them from rounded numbers would
    /// move them in the last decimal).
    public init<Bytes: Collection<UInt8>>(json bytes: Bytes) throws(JSONError) {
        try self.init(json: JSONCursor(parsing: bytes))
    }
}

extension Scene: JSONValueConvertible {
    package init(json: JSONCursor) throws(JSONError) {
        let format = try json.required("format").string()
        guard format == Self.format else { throw .unsupportedFormat(format) }
        let version = try json.required("version").integer()
        guard version == Self.version else { throw .unsupportedVersion(version) }
        self.init(
            component: try json.required("component").componentKind(),
            size: try json.required("size").size(),
            time: try json.required("time").number(),
            background: try json.required("background").color(),
            resolvedRoot: try SceneNode(json: try json.required("root")))
        bleed = try json.optional("bleed")?.number(in: 0...DisplayList.maxBleed) ?? 0
    }

    package var jsonValue: JSONValue {
        // The display list's header members, in its order (`bleed` only when non-zero).
        .object(
            [
                .init("format", .string(Self.format)), .init("version", .number(Double(Self.version))),
                .init("component", .string(component.rawValue)), .init("size", .size(size)), .init("time", .number(time)),
                .init("background", .color(background)),
            ] + (bleed > 0 ? [.init("bleed", .number(bleed))] : []) + [.init("root", root.jsonValue)])
    }
}

extension SceneNode: JSONValueConvertible {
    package init(json: JSONCursor) throws(JSONError) {
        let id = try json.required("id").string()
        let typeCursor = try json.required("type")
        let content: Content
        switch try typeCursor.string() {
        case "group":
            content = .group(
                Group(
                    transform: try json.optional("transform")?.transform() ?? .identity,
                    opacity: try json.optional("groupOpacity")?.number(in: 0...1) ?? 1,
                    clip: try json.optional("clip")?.pathValue(),
                    shadow: try json.optional("shadow").map { (cursor) throws(JSONError) in try Shadow(json: cursor) },
                    bounds: try json.optional("bounds")?.rect()))
        case "shape":
            content = .shape(
                Shape(
                    path: try json.required("path").pathValue(),
                    paint: try Paint(json: try json.required("paint")),
                    rule: try json.optional("rule")?.enumeration(DisplayList.FillRule.self) ?? .nonzero))
        case "text":
            content = .text(
                Text(
                    font: try DisplayList.Font(json: try json.required("font")),
                    color: try json.required("color").color(),
                    lines: try json.required("lines").elements().map { (line) throws(JSONError) in
                        try DisplayList.TextLine(json: line)
                    },
                    bounds: try json.required("bounds").rect()))
        case "icon":
            let style: IconStyle
            if let fill = try json.optional("fill") {
                style = .fill(
                    try fill.color(), rule: try json.optional("rule")?.enumeration(DisplayList.FillRule.self) ?? .nonzero)
            } else if let stroke = try json.optional("stroke") {
                style = .stroke(
                    try stroke.required("color").color(), width: try stroke.required("width").nonNegativeNumber(),
                    cap: try stroke.optional("cap")?.enumeration(DisplayList.LineCap.self) ?? .butt,
                    join: try stroke.optional("join")?.enumeration(DisplayList.LineJoin.self) ?? .miter)
            } else {
                throw json.fail("an icon needs \"fill\" or \"stroke\"")
            }
            content = .icon(
                Icon(name: try json.required("name").string(), path: try json.required("path").pathValue(), style: style))
        case "effect":
            content = .effect(try CurtainEffect(json: try json.required("effect")))
        case "image":
            let image = try DisplayList.Image(json: json)
            content = .image(Image(source: image.source, rect: image.rect, interpolation: image.interpolation))
        case let other:
            throw typeCursor.fail("unknown node type \"\(other)\" (expected group, shape, text, icon, effect or image)")
        }
        var accessibility: Accessibility?
        if let info = try json.optional("accessibility") {
            accessibility = Accessibility(
                role: try info.required("role").enumeration(AccessibilityRole.self),
                label: try info.required("label").string(),
                value: try info.optional("value")?.string() ?? "",
                hint: try info.optional("hint")?.string() ?? "")
        }
        let children = try (json.optional("children")?.elements() ?? []).map { (child) throws(JSONError) in
            try SceneNode(json: child)
        }
        self.init(id: id, content: content, children: children, accessibility: accessibility)
        frame = try json.required("frame").rect()
        opacity = try json.required("opacity").number(in: 0...1)
    }

    package var jsonValue: JSONValue {
        var members: [JSONValue.Member] = [.init("id", .string(id))]
        switch content {
        case .group: members.append(.init("type", .string("group")))
        case .shape: members.append(.init("type", .string("shape")))
        case .text: members.append(.init("type", .string("text")))
        case .icon: members.append(.init("type", .string("icon")))
        case .effect: members.append(.init("type", .string("effect")))
        case .image: members.append(.init("type", .string("image")))
        }
        members.append(.init("frame", .rect(frame)))
        members.append(.init("opacity", .number(opacity)))
        switch content {
        case .group(let group):
            if !group.transform.isIdentity { members.append(.init("transform", .transform(group.transform))) }
            if group.opacity != 1 { members.append(.init("groupOpacity", .number(group.opacity))) }
            if let clip = group.clip { members.append(.init("clip", .path(clip))) }
            if let shadow = group.shadow { members.append(.init("shadow", shadow.jsonValue)) }
            if let bounds = group.bounds { members.append(.init("bounds", .rect(bounds))) }
        case .shape(let shape):
            members.append(.init("path", .path(shape.path)))
            members.append(.init("paint", shape.paint.jsonValue))
            if shape.rule != .nonzero { members.append(.init("rule", .string(shape.rule.rawValue))) }
        case .text(let text):
            members.append(.init("font", text.font.jsonValue))
            members.append(.init("color", .color(text.color)))
            members.append(.init("lines", .array(text.lines.map(\.jsonValue))))
            members.append(.init("bounds", .rect(text.bounds)))
        case .icon(let icon):
            members.append(.init("name", .string(icon.name)))
            members.append(.init("path", .path(icon.path)))
            switch icon.style {
            case .fill(let color, let rule):
                members.append(.init("fill", .color(color)))
                if rule != .nonzero { members.append(.init("rule", .string(rule.rawValue))) }
            case .stroke(let color, let width, let cap, let join):
                var stroke: [JSONValue.Member] = [.init("color", .color(color)), .init("width", .number(width))]
                if cap != .butt { stroke.append(.init("cap", .string(cap.rawValue))) }
                if join != .miter { stroke.append(.init("join", .string(join.rawValue))) }
                members.append(.init("stroke", .object(stroke)))
            }
        case .effect(let effect):
            members.append(.init("effect", effect.jsonValue))
        case .image(let image):
            members.append(.init("source", .string(image.source)))
            members.append(.init("rect", .rect(image.rect)))
            if image.interpolation != .medium { members.append(.init("interpolation", .string(image.interpolation.rawValue))) }
        }
        if let accessibility {
            var info: [JSONValue.Member] = [
                .init("role", .string(accessibility.role.rawValue)), .init("label", .string(accessibility.label)),
            ]
            if !accessibility.value.isEmpty { info.append(.init("value", .string(accessibility.value))) }
            if !accessibility.hint.isEmpty { info.append(.init("hint", .string(accessibility.hint))) }
            members.append(.init("accessibility", .object(info)))
        }
        if !children.isEmpty { members.append(.init("children", .array(children.map(\.jsonValue)))) }
        return .object(members)
    }
}
