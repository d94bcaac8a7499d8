import MorphJSON

// EVENT JSON (schemas/protocol.md, schemas/recording.md) read through MorphJSON's cursor:
// protocol `input` messages and recording lines both go through `init(json:)`, so
// there is one reading, bounded by `InputLimits` where it happens.

extension InputEvent {
    /// Reads EVENT JSON; unknown keys are ignored, and every number must be within
    /// `InputLimits`, so no protocol message or recording line reaches layout with a number
    /// it cannot represent.
    ///
    /// - Parameters:
    ///   - json: the event object, as a cursor that knows its path (and offset, when parsed from bytes).
    ///   - defaultTime: the time of an event without `t`; nil makes `t` required.
    /// - Throws: `JSONError.malformed` naming the key, the reason and (for bytes) the offset.
    public init(json: JSONCursor, defaultTime: Double? = nil) throws(JSONError) {
        if let time = try json.optional("t") {
            self.time = try time.number()
            guard self.time >= 0 else { throw time.fail("`t` must be a finite number >= 0") }
        } else if let defaultTime {
            self.time = defaultTime
        } else {
            throw .malformed(path: json.child("t"), reason: "missing `t`", offset: json.offset)
        }
        func location() throws(JSONError) -> Point {
            Point(x: try json.required("x").number(), y: try json.required("y").number())
        }
        func pointer() throws(JSONError) -> Int { try json.required("pointer").integer() }

        let kindCursor = try json.required("kind")
        let kindName = try kindCursor.string()
        switch kindName {
        case "tap":
            kind = .tap(try location())
        case "pointerDown":
            kind = .pointerDown(pointer: try pointer(), location: try location())
        case "pointerMove":
            kind = .pointerMove(pointer: try pointer(), location: try location())
        case "pointerUp":
            kind = .pointerUp(pointer: try pointer(), location: try location())
        case "scrub":
            // `null` is a value here (release the scrub), so absence is checked apart.
            guard json.value["progress"] != nil else {
                throw .malformed(
                    path: json.child("progress"), reason: "scrub needs `progress` (a number or null)", offset: json.offset)
            }
            kind = .scrub(progress: try json.optional("progress")?.number())
        case "set":
            kind = .set(key: try json.required("key").string(), value: try ParameterValue(json: try json.required("value")))
        case "environment":
            kind = .environment(try Environment(json: json))
        default:
            throw kindCursor.fail("unknown event kind '\(kindName)'")
        }
        // The reason names its keys; the event's own offset would add nothing.
        if let reason = limitViolation { throw .malformed(path: json.path, reason: reason) }
    }
}

extension InputEvent.ParameterValue {
    /// A JSON boolean, number or string; anything else is an error.
    public init(json: JSONCursor) throws(JSONError) {
        switch json.value {
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        default: throw json.fail("`value` must be a number, boolean or string")
        }
    }
}

extension InputEvent.Environment {
    /// Any subset of the fields; `size` is `[w,h]` with numbers >= 0 (a session bounds it
    /// further by `InputLimits`); `safeArea` an object of insets >= 0 (missing edges are 0).
    public init(json: JSONCursor) throws(JSONError) {
        reduceMotion = try json.optional("reduceMotion")?.bool()
        dynamicType = try json.optional("dynamicType")?.enumeration(InputEvent.DynamicType.self)
        colorScheme = try json.optional("colorScheme")?.enumeration(InputEvent.ColorScheme.self)
        if let pair = try json.optional("size") {
            let values = try pair.numbers(count: 2)
            guard values.allSatisfy({ $0 >= 0 }) else { throw pair.fail("`size` must be [w,h] with finite numbers >= 0") }
            size = Size(width: values[0], height: values[1])
        } else {
            size = nil
        }
        if let insets = try json.optional("safeArea") {
            func edge(_ key: String) throws(JSONError) -> Double {
                guard let cursor = try insets.optional(key) else { return 0 }
                let value = try cursor.number()
                guard value >= 0 else { throw cursor.fail("safe-area insets must be finite numbers >= 0") }
                return value
            }
            guard case .object = insets.value else { throw insets.fail("`safeArea` must be an object of insets") }
            safeArea = EdgeInsets(
                top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"),
                trailing: try edge("trailing"))
        } else {
            safeArea = nil
        }
    }
}
