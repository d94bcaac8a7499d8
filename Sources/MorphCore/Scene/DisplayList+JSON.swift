import MorphJSON

// Reading a display list: the decoder, with a path in every error. Writing has one
// definition, the canonical writer (`DisplayList+CanonicalJSON.swift`). The `jsonValue`s of the values a scene shares with a display list
// (paint, shadow, effect, font, text lines) are the scene export's writer (`Scene+JSON.swift`).

extension DisplayList {
    /// Reads a display list from JSON bytes (any whitespace, unknown keys ignored).
    ///
    /// - Throws: `JSONError.invalidJSON` for bad syntax, `.unsupportedFormat` /
    ///   `.unsupportedVersion` for a foreign document, `.malformed(path:reason:)` naming the
    ///   offending field for anything else (including unbalanced `push`/`pop`).
    public init<Bytes: Collection<UInt8>>(json bytes: Bytes) throws(JSONError) {
        try self.init(json: JSONCursor(parsing: bytes))
    }

    /// Reads a display list from a UTF-8 JSON string.
    public init(json string: String) throws(JSONError) {
        try self.init(json: Array(string.utf8))
    }
}

extension DisplayList: JSONValueDecodable {
    package init(json: JSONCursor) throws(JSONError) {
        let format = try json.required("format").string()
        guard format == Self.format else { throw .unsupportedFormat(format) }
        let version = try json.required("version").integer()
        guard version == Self.version else { throw .unsupportedVersion(version) }
        component = try json.required("component").componentKind()
        size = try json.required("size").size()
        time = try json.required("time").number()
        background = try json.required("background").color()
        // It sizes a renderer's canvas, so it is bounded where it is decoded.
        bleed = try json.optional("bleed")?.number(in: 0...DisplayList.maxBleed) ?? 0
        var ops: [Op] = []
        var depth = 0
        for element in try json.required("ops").elements() {
            let op = try Op(json: element)
            switch op {
            case .push: depth += 1
            case .pop:
                depth -= 1
                guard depth >= 0 else { throw element.fail("pop without a matching push") }
            default: break
            }
            ops.append(op)
        }
        guard depth == 0 else { throw .malformed(path: json.child("ops"), reason: "\(depth) push op(s) never popped") }
        self.ops = ops
        accessibility = try (json.optional("accessibility")?.elements() ?? []).map { (element) throws(JSONError) in
            try AccessibilityElement(json: element)
        }
    }
}

extension DisplayList.Op: JSONValueDecodable {
    package init(json: JSONCursor) throws(JSONError) {
        let kind = try json.required("op").string()
        switch kind {
        case "push": self = .push(try DisplayList.Group(json: json))
        case "pop": self = .pop
        case "fill": self = .fill(try DisplayList.Fill(json: json))
        case "stroke": self = .stroke(try DisplayList.Stroke(json: json))
        case "text": self = .text(try DisplayList.Text(json: json))
        case "image": self = .image(try DisplayList.Image(json: json))
        default:
            throw .malformed(
                path: json.child("op"), reason: "unknown op \"\(kind)\" (expected push, pop, fill, stroke, text or image)")
        }
    }
}

extension DisplayList.Group: JSONValueDecodable {
    package init(json: JSONCursor) throws(JSONError) {
        id = try json.required("id").string()
        transform = try json.optional("transform")?.transform() ?? .identity
        opacity = try json.optional("opacity")?.number(in: 0...1) ?? 1
        clip = try json.optional("clip")?.pathValue()
        shadow = try json.optional("shadow").map { (cursor) throws(JSONError) in try Shadow(json: cursor) }
        effectBox = try json.optional("effect").map { (cursor) throws(JSONError) in
            DisplayList.EffectBox(try CurtainEffect(json: cursor))
        }
    }
}

extension DisplayList.Fill: JSONValueDecodable {
    package init(json: JSONCursor) throws(JSONError) {
        id = try json.required("id").string()
        path = try json.required("path").pathValue()
        paint = try Paint(json: try json.required("paint"))
        rule = try json.optional("rule")?.enumeration(DisplayList.FillRule.self) ?? .nonzero
    }
}

extension DisplayList.Stroke: JSONValueDecodable {
    package init(json: JSONCursor) throws(JSONError) {
        id = try json.required("id").string()
        path = try json.required("path").pathValue()
        color = try json.required("color").color()
        width = try json.required("width").nonNegativeNumber()
        cap = try json.optional("cap")?.enumeration(DisplayList.LineCap.self) ?? .butt
        join = try json.optional("join")?.enumeration(DisplayList.LineJoin.self) ?? .miter
    }
}

extension DisplayList.Text: JSONValueDecodable {
    package init(json: JSONCursor) throws(JSONError) {
        id = try json.required("id").string()
        font = try DisplayList.Font(json: try json.required("font"))
        color = try json.required("color").color()
        lines = try json.required("lines").elements().map { (line) throws(JSONError) in try DisplayList.TextLine(json: line) }
    }
}

extension DisplayList.Font: JSONValueConvertible {
    package init(json: JSONCursor) throws(JSONError) {
        let family = try json.required("family").string()
        let weightCursor = try json.required("weight")
        let weight = try weightCursor.integer()
        guard Self.weights.contains(weight) else { throw weightCursor.fail("weight \(weight) is not 400, 500, 600 or 700") }
        let sizeCursor = try json.required("size")
        let size = try sizeCursor.number()
        guard size > 0 else { throw sizeCursor.fail("font size must be positive") }
        self.init(
            family: family, weight: weight, size: size, tracking: try json.optional("tracking")?.number() ?? 0,
            file: try json.optional("file")?.string())
    }

    package var jsonValue: JSONValue {
        var members: [JSONValue.Member] = [
            .init("family", .string(family)), .init("weight", .number(Double(weight))), .init("size", .number(size)),
        ]
        if tracking != 0 { members.append(.init("tracking", .number(tracking))) }
        if let file { members.append(.init("file", .string(file))) }
        return .object(members)
    }
}

extension DisplayList.TextLine: JSONValueConvertible {
    package init(json: JSONCursor) throws(JSONError) {
        x = try json.required("x").number()
        y = try json.required("y").number()
        text = try json.required("text").string()
        runs = []
        if let runsCursor = try json.optional("runs") {
            let scalarCount = text.unicodeScalars.count
            for element in try runsCursor.elements() {
                let run = try DisplayList.TextRun(json: element)
                guard run.start < run.end, run.end <= scalarCount, run.start >= (runs.last?.end ?? 0) else {
                    throw element.fail("a run must be a non-empty scalar range of the line, after the previous run")
                }
                runs.append(run)
            }
        }
    }

    package var jsonValue: JSONValue {
        var members: [JSONValue.Member] = [.init("x", .number(x)), .init("y", .number(y)), .init("text", .string(text))]
        if !runs.isEmpty { members.append(.init("runs", .array(runs.map(\.jsonValue)))) }
        return .object(members)
    }
}

extension DisplayList.TextRun: JSONValueConvertible {
    package init(json: JSONCursor) throws(JSONError) {
        start = try json.required("start").integer()
        end = try json.required("end").integer()
        font = try DisplayList.Font(json: try json.required("font"))
    }

    package var jsonValue: JSONValue {
        .object([
            .init("start", .number(Double(start))), .init("end", .number(Double(end))), .init("font", font.jsonValue),
        ])
    }
}

extension DisplayList.AccessibilityElement: JSONValueDecodable {
    package init(json: JSONCursor) throws(JSONError) {
        id = try json.required("id").string()
        role = try json.required("role").enumeration(AccessibilityRole.self)
        label = try json.required("label").string()
        value = try json.optional("value")?.string() ?? ""
        hint = try json.optional("hint")?.string() ?? ""
        frame = try json.required("frame").rect()
    }
}

// MARK: - Shared values

extension Paint: JSONValueConvertible {
    package init(json: JSONCursor) throws(JSONError) {
        let type = try json.required("type").string()
        switch type {
        case "solid":
            self = .solid(try json.required("color").color())
        case "linear":
            let from = try json.required("from").point()
            let to = try json.required("to").point()
            let stopsCursor = try json.required("stops")
            var stops: [GradientStop] = []
            for element in try stopsCursor.elements() {
                let offsetCursor = try element.required("offset")
                let offset = try offsetCursor.number(in: 0...1)
                if let previous = stops.last, offset < previous.offset {
                    throw offsetCursor.fail("stop offsets must ascend (\(offset) after \(previous.offset))")
                }
                stops.append(GradientStop(offset: offset, color: try element.required("color").color()))
            }
            guard !stops.isEmpty else { throw stopsCursor.fail("a gradient needs at least one stop") }
            self = .linear(from: from, to: to, stops: stops)
        default:
            throw .malformed(path: json.child("type"), reason: "unknown paint type \"\(type)\" (expected solid or linear)")
        }
    }

    package var jsonValue: JSONValue {
        switch self {
        case .solid(let color):
            .object([.init("type", .string("solid")), .init("color", .color(color))])
        case .linear(let from, let to, let stops):
            .object([
                .init("type", .string("linear")), .init("from", .point(from)), .init("to", .point(to)),
                .init(
                    "stops",
                    .array(stops.map { .object([.init("offset", .number($0.offset)), .init("color", .color($0.color))]) })),
            ])
        }
    }
}

extension Shadow: JSONValueConvertible {
    package init(json: JSONCursor) throws(JSONError) {
        color = try json.required("color").color()
        let radiusCursor = try json.required("radius")
        radius = try radiusCursor.nonNegativeNumber()
        // The radius sizes a renderer's blur buffers, so a list past the maximum is refused.
        guard radius <= Self.maxRadius else {
            throw radiusCursor.fail("shadow radius \(radius) is over the maximum of \(Self.maxRadius) points")
        }
        offset = try json.optional("offset")?.point() ?? .zero
    }

    package var jsonValue: JSONValue {
        .object([.init("color", .color(color)), .init("radius", .number(radius)), .init("offset", .point(offset))])
    }
}

extension CurtainEffect: JSONValueConvertible {
    package init(json: JSONCursor) throws(JSONError) {
        kind = try json.required("kind").enumeration(Kind.self)
        bounds = try json.required("bounds").rect()
        drag = try json.required("drag").point()
        let foldsCursor = try json.required("folds")
        folds = try foldsCursor.integer()
        guard folds >= 1 else { throw foldsCursor.fail("folds must be at least 1") }
        frame = try json.optional("frame")?.rect()
    }

    package var jsonValue: JSONValue {
        .object(
            [
                .init("kind", .string(kind.rawValue)), .init("bounds", .rect(bounds)), .init("drag", .point(drag)),
                .init("folds", .number(Double(folds))),
            ] + (frame.map { [.init("frame", .rect($0))] } ?? []))
    }
}
