import Foundation

extension InputEvent {
    /// Set in a decoder's `userInfo` to a `Double` to stamp events that arrive without `t`
    /// (protocol `input` messages: "`t` optional: the server stamps arrival time").
    public static let defaultTimeKey = CodingUserInfoKey(rawValue: "morph.inputEvent.defaultTime")!

    private enum CodingKeys: String, CodingKey {
        case t, kind, x, y, pointer, progress, key, value
        case reduceMotion, dynamicType, colorScheme, size
    }

    /// Decodes protocol EVENT JSON; unknown keys are ignored, bad values throw
    /// `DecodingError.dataCorrupted` with a readable description.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let time = try container.decodeIfPresent(Double.self, forKey: .t) {
            self.time = time
        } else if let time = decoder.userInfo[InputEvent.defaultTimeKey] as? Double {
            self.time = time
        } else {
            throw DecodingError.keyNotFound(CodingKeys.t, .init(codingPath: decoder.codingPath, debugDescription: "missing `t`"))
        }
        guard time.isFinite, time >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .t, in: container, debugDescription: "`t` must be a finite number >= 0")
        }

        func location() throws -> Point {
            let x = try container.decode(Double.self, forKey: .x)
            let y = try container.decode(Double.self, forKey: .y)
            guard x.isFinite, y.isFinite else {
                throw DecodingError.dataCorruptedError(forKey: .x, in: container, debugDescription: "`x` and `y` must be finite")
            }
            return Point(x: x, y: y)
        }
        func pointer() throws -> Int { try container.decode(Int.self, forKey: .pointer) }

        let kindName = try container.decode(String.self, forKey: .kind)
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
            guard container.contains(.progress) else {
                throw DecodingError.keyNotFound(
                    CodingKeys.progress,
                    .init(codingPath: container.codingPath, debugDescription: "scrub needs `progress` (a number or null)"))
            }
            let progress = try container.decodeIfPresent(Double.self, forKey: .progress)
            if let progress, !progress.isFinite {
                throw DecodingError.dataCorruptedError(
                    forKey: .progress, in: container, debugDescription: "`progress` must be finite or null")
            }
            kind = .scrub(progress: progress)
        case "set":
            let key = try container.decode(String.self, forKey: .key)
            kind = .set(key: key, value: try container.decode(ParameterValue.self, forKey: .value))
        case "environment":
            kind = .environment(try Environment(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown event kind '\(kindName)'")
        }
        // Bounded where decoded, so no protocol message or recording line reaches layout
        // with a number it cannot represent.
        if let reason = limitViolation {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: reason))
        }
    }

    /// Encodes protocol EVENT JSON (key order is the encoder's; `jsonLine` fixes it).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .t)
        try container.encode(kind.name, forKey: .kind)
        switch kind {
        case .tap(let location):
            try container.encode(location.x, forKey: .x)
            try container.encode(location.y, forKey: .y)
        case .pointerDown(let pointer, let location), .pointerMove(let pointer, let location),
            .pointerUp(let pointer, let location):
            try container.encode(pointer, forKey: .pointer)
            try container.encode(location.x, forKey: .x)
            try container.encode(location.y, forKey: .y)
        case .scrub(let progress):
            if let progress {
                try container.encode(progress, forKey: .progress)
            } else {
                try container.encodeNil(forKey: .progress)
            }
        case .set(let key, let value):
            try container.encode(key, forKey: .key)
            try container.encode(value, forKey: .value)
        case .environment(let environment):
            try environment.encode(to: encoder)
        }
    }
}

extension InputEvent.ParameterValue {
    /// A JSON boolean, number or string; anything else is an error.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            guard value.isFinite else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "`value` must be finite")
            }
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "`value` must be a number, boolean or string")
        }
    }

    /// The bare JSON value.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }
}

extension InputEvent.Environment {
    private enum CodingKeys: String, CodingKey {
        case reduceMotion, dynamicType, colorScheme, size
    }

    /// Any subset of the fields; `size` is `[w,h]` with finite, non-negative numbers.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reduceMotion = try container.decodeIfPresent(Bool.self, forKey: .reduceMotion)
        dynamicType = try container.decodeIfPresent(InputEvent.DynamicType.self, forKey: .dynamicType)
        colorScheme = try container.decodeIfPresent(InputEvent.ColorScheme.self, forKey: .colorScheme)
        if let pair = try container.decodeIfPresent([Double].self, forKey: .size) {
            guard pair.count == 2, pair.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .size, in: container, debugDescription: "`size` must be [w,h] with finite numbers >= 0")
            }
            size = Size(width: pair[0], height: pair[1])
        } else {
            size = nil
        }
    }

    /// Only the fields that are set.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(reduceMotion, forKey: .reduceMotion)
        try container.encodeIfPresent(dynamicType, forKey: .dynamicType)
        try container.encodeIfPresent(colorScheme, forKey: .colorScheme)
        if let size { try container.encode([size.width, size.height], forKey: .size) }
    }
}
