import MorphJSON

extension InputEvent {
    /// The event as one line of canonical JSON (no newline), keys in protocol order:
    /// `t`, `kind`, then the kind's fields as `schemas/protocol.md` lists them.
    public var jsonLine: String {
        var text = "{\"t\":\(JSONText.number(time)),\"kind\":\(JSONText.string(kind.name))"
        switch kind {
        case .tap(let location):
            text += ",\"x\":\(JSONText.number(location.x)),\"y\":\(JSONText.number(location.y))"
        case .pointerDown(let pointer, let location), .pointerMove(let pointer, let location),
            .pointerUp(let pointer, let location):
            text += ",\"pointer\":\(pointer),\"x\":\(JSONText.number(location.x)),\"y\":\(JSONText.number(location.y))"
        case .scrub(let progress):
            text += ",\"progress\":" + (progress.map(JSONText.number) ?? "null")
        case .set(let key, let value):
            text += ",\"key\":\(JSONText.string(key)),\"value\":"
            switch value {
            case .number(let number): text += JSONText.number(number)
            case .bool(let bool): text += bool ? "true" : "false"
            case .string(let string): text += JSONText.string(string)
            }
        case .environment(let environment):
            text += environment.jsonFields
        }
        return text + "}"
    }
}

extension InputEvent.Environment {
    /// `,"reduceMotion":…` etc. for the fields that are set, in protocol order.
    var jsonFields: String {
        var text = ""
        if let reduceMotion { text += ",\"reduceMotion\":\(reduceMotion ? "true" : "false")" }
        if let dynamicType { text += ",\"dynamicType\":\(JSONText.string(dynamicType.rawValue))" }
        if let colorScheme { text += ",\"colorScheme\":\(JSONText.string(colorScheme.rawValue))" }
        if let size { text += ",\"size\":[\(JSONText.number(size.width)),\(JSONText.number(size.height))]" }
        if let safeArea { text += ",\"safeArea\":" + safeArea.jsonObject }
        return text
    }

    /// The environment as a canonical JSON object.
    public var jsonObject: String {
        let fields = jsonFields
        return "{" + (fields.isEmpty ? "" : String(fields.dropFirst())) + "}"
    }
}

extension EdgeInsets {
    /// `{"top":…,"leading":…,"bottom":…,"trailing":…}`, canonical numbers.
    public var jsonObject: String {
        "{\"top\":\(JSONText.number(top)),\"leading\":\(JSONText.number(leading)),"
            + "\"bottom\":\(JSONText.number(bottom)),\"trailing\":\(JSONText.number(trailing))}"
    }

    /// The same object as a `JSONValue`.
    public var jsonValue: JSONValue {
        .object([
            .init("top", .number(top)), .init("leading", .number(leading)), .init("bottom", .number(bottom)),
            .init("trailing", .number(trailing)),
        ])
    }
}
