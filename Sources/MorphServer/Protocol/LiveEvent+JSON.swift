extension LiveEvent {
    /// The wire and recording form: `t` first (when known), then `kind`, then the fields.
    public var json: JSONValue {
        var members: [JSONValue.Member] = []
        if let time { members.append(.init("t", .number(time))) }
        func point(_ kind: String, _ pointer: Int?, _ x: Double, _ y: Double) {
            members.append(.init("kind", .string(kind)))
            if let pointer { members.append(.init("pointer", .number(Double(pointer)))) }
            members.append(.init("x", .number(x)))
            members.append(.init("y", .number(y)))
        }
        switch kind {
        case .tap(let x, let y): point("tap", nil, x, y)
        case .pointerDown(let pointer, let x, let y): point("pointerDown", pointer, x, y)
        case .pointerMove(let pointer, let x, let y): point("pointerMove", pointer, x, y)
        case .pointerUp(let pointer, let x, let y): point("pointerUp", pointer, x, y)
        case .scrub(let progress):
            members.append(.init("kind", .string("scrub")))
            members.append(.init("progress", progress.map(JSONValue.number) ?? .null))
        case .set(let key, let value):
            members.append(.init("kind", .string("set")))
            members.append(.init("key", .string(key)))
            members.append(.init("value", value))
        case .environment(let change):
            members.append(.init("kind", .string("environment")))
            if let flag = change.reduceMotion { members.append(.init("reduceMotion", .bool(flag))) }
            if let size = change.dynamicType { members.append(.init("dynamicType", .string(size.rawValue))) }
            if let scheme = change.colorScheme { members.append(.init("colorScheme", .string(scheme.rawValue))) }
            if let viewport = change.size { members.append(.init("size", viewport.json)) }
        }
        return .object(members)
    }

    /// Reads and validates an EVENT object; every failure is a `bad-event` answer.
    public static func decode(_ json: JSONValue) -> Result<LiveEvent, ProtocolError> {
        func bad(_ reason: String) -> Result<LiveEvent, ProtocolError> {
            .failure(ProtocolError(.badEvent, reason, request: "input"))
        }
        guard json.objectMembers != nil else { return bad("event must be an object") }
        var time: Double?
        if let value = json["t"], value != .null {
            guard let seconds = value.numberValue, seconds >= 0 else { return bad("t must be a non-negative number") }
            time = seconds
        }
        guard let kindName = json["kind"]?.stringValue else { return bad("event needs a string kind") }
        func coordinate(_ name: String) -> Double? {
            guard let number = json[name]?.numberValue, abs(number) <= 1_000_000 else { return nil }
            return number
        }
        func pointer() -> Int? {
            guard let number = json["pointer"]?.numberValue, number == number.rounded(),
                abs(number) < 1e9
            else { return nil }
            return Int(number)
        }
        switch kindName {
        case "tap":
            guard let x = coordinate("x"), let y = coordinate("y") else { return bad("tap needs numbers x and y") }
            return .success(LiveEvent(time: time, kind: .tap(x: x, y: y)))
        case "pointerDown", "pointerMove", "pointerUp":
            guard let id = pointer() else { return bad("\(kindName) needs an integer pointer") }
            guard let x = coordinate("x"), let y = coordinate("y") else {
                return bad("\(kindName) needs numbers x and y")
            }
            let kind: Kind =
                switch kindName {
                case "pointerDown": .pointerDown(pointer: id, x: x, y: y)
                case "pointerMove": .pointerMove(pointer: id, x: x, y: y)
                default: .pointerUp(pointer: id, x: x, y: y)
                }
            return .success(LiveEvent(time: time, kind: kind))
        case "scrub":
            guard let value = json["progress"] else { return bad("scrub needs progress (a number or null)") }
            if value == .null { return .success(LiveEvent(time: time, kind: .scrub(progress: nil))) }
            guard let progress = value.numberValue, (0...1).contains(progress) else {
                return bad("progress must be within 0...1 or null")
            }
            return .success(LiveEvent(time: time, kind: .scrub(progress: progress)))
        case "set":
            guard let key = json["key"]?.stringValue, !key.isEmpty else { return bad("set needs a string key") }
            guard let value = json["value"] else { return bad("set needs a value") }
            switch value {
            case .number, .bool, .string, .null: break
            case .array, .object: return bad("set value must be a number, boolean, string or null")
            }
            return .success(LiveEvent(time: time, kind: .set(key: key, value: value)))
        case "environment":
            var change = EnvironmentChange()
            if let value = json["reduceMotion"] {
                guard let flag = value.boolValue else { return bad("reduceMotion must be a boolean") }
                change.reduceMotion = flag
            }
            if let value = json["dynamicType"] {
                guard let size = value.stringValue.flatMap(SessionEnvironment.DynamicType.init(rawValue:)) else {
                    return bad("dynamicType must be one of xS…AX5")
                }
                change.dynamicType = size
            }
            if let value = json["colorScheme"] {
                guard let scheme = value.stringValue.flatMap(SessionEnvironment.ColorScheme.init(rawValue:)) else {
                    return bad("colorScheme must be light or dark")
                }
                change.colorScheme = scheme
            }
            if let value = json["size"] {
                guard let size = Viewport(json: value) else { return bad("size must be [w, h], positive") }
                change.size = size
            }
            return .success(LiveEvent(time: time, kind: .environment(change)))
        default:
            return bad("unknown event kind \(kindName)")
        }
    }
}
