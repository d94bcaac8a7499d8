/// Any JSON document, with object members in their written order.
///
/// The bridge between typed values and bytes: decoding maps it to types with a path for every
/// error, the generic canonical writer prints it, and `Codable` goes through it so Foundation's
/// coders see the same shape as the canonical form. It also carries the free-form parts of
/// recordings and protocol messages (a component's configuration). Equality and hashing treat
/// an object's members as unordered, so a value survives a trip through any JSON coder.
public enum JSONValue: Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (JSON has one number type).
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, its members in document order.
    case object([Member])

    /// One `"key": value` pair of an object.
    public struct Member: Hashable, Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSONValue
        /// A member `key: value`.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The first member named `key`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

// MARK: - Parsing

extension JSONValue {
    /// Parses a complete JSON text (RFC 8259); trailing non-whitespace is an error.
    public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(SceneError) -> JSONValue {
        let array = Array(bytes)
        var parser = JSONParser(bytes: array)
        let value = try parser.parseDocument()
        return value
    }
}

/// A recursive-descent parser over UTF-8 bytes with a nesting limit, so hostile input can
/// neither crash the stack nor loop.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    static let maximumDepth = 256

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ reason: String) -> SceneError { .invalidJSON(offset: index, reason: reason) }

    mutating func parseDocument() throws(SceneError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the document") }
        return value
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(SceneError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(SceneError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] {
            throw fail("invalid literal")
        }
        index += count
    }

    mutating func enter() throws(SceneError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth)") }
    }

    mutating func parseObject() throws(SceneError) -> JSONValue {
        try enter()
        index += 1
        var members: [JSONValue.Member] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a key string")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    mutating func parseArray() throws(SceneError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw fail("expected ',' or ']'")
        }
        depth -= 1
        return .array(elements)
    }

    mutating func parseNumber() throws(SceneError) -> Double {
        let start = index
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw fail("number out of range")
        }
        return value
    }

    mutating func parseString() throws(SceneError) -> String {
        index += 1  // opening quote
        var scalars: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if code >= 0xD800, code < 0xDC00 {
                        // A high surrogate must be followed by an escaped low surrogate.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("lone surrogate") }
                        index += 2
                        let low = try parseHex4()
                        guard low >= 0xDC00, low < 0xE000 else { throw fail("lone surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if code >= 0xDC00, code < 0xE000 {
                        throw fail("lone surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid code point") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw fail("invalid escape")
                }
            case 0x00..<0x20:
                throw fail("control character in string")
            default:
                scalars.append(byte)
                index += 1
            }
        }
    }

    mutating func parseHex4() throws(SceneError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail("invalid hex digit")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }
}

// MARK: - Writing

extension JSONValue {
    /// Writes the value in the canonical form (member order as stored, canonical numbers).
    func write(to writer: inout CanonicalJSONWriter) {
        switch self {
        case .null: writer.writeRaw("null")
        case .bool(let value): writer.writeRaw(value ? "true" : "false")
        case .number(let value): writer.writeNumber(value)
        case .string(let value): writer.writeString(value)
        case .array(let elements):
            writer.writeByte(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { writer.writeByte(UInt8(ascii: ",")) }
                element.write(to: &writer)
            }
            writer.writeByte(UInt8(ascii: "]"))
        case .object(let members):
            writer.writeByte(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { writer.writeByte(UInt8(ascii: ",")) }
                writer.writeString(member.key)
                writer.writeByte(UInt8(ascii: ":"))
                member.value.write(to: &writer)
            }
            writer.writeByte(UInt8(ascii: "}"))
        }
    }

    /// Where the first NaN or infinite number sits, as a path, or nil when all are finite.
    func firstNonFinitePath(prefix: String = "") -> String? {
        switch self {
        case .number(let value): return value.isFinite ? nil : prefix
        case .array(let elements):
            for (position, element) in elements.enumerated() {
                if let found = element.firstNonFinitePath(prefix: "\(prefix)[\(position)]") { return found }
            }
            return nil
        case .object(let members):
            for member in members {
                let path = prefix.isEmpty ? member.key : "\(prefix).\(member.key)"
                if let found = member.value.firstNonFinitePath(prefix: path) { return found }
            }
            return nil
        default: return nil
        }
    }

    /// Indented, human-readable JSON with the same member order, for `--pretty`.
    func writePretty(to writer: inout CanonicalJSONWriter, indent: Int = 0) {
        func newline(_ level: Int) {
            writer.writeByte(0x0A)
            for _ in 0..<(level * 2) { writer.writeByte(0x20) }
        }
        switch self {
        case .array(let elements) where !elements.isEmpty:
            // Arrays of scalars (points, colours, path commands) stay on one line.
            let isFlat = elements.allSatisfy {
                switch $0 {
                case .array, .object: false
                default: true
                }
            }
            if isFlat { write(to: &writer); return }
            writer.writeByte(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { writer.writeByte(UInt8(ascii: ",")) }
                newline(indent + 1)
                element.writePretty(to: &writer, indent: indent + 1)
            }
            newline(indent)
            writer.writeByte(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            writer.writeByte(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { writer.writeByte(UInt8(ascii: ",")) }
                newline(indent + 1)
                writer.writeString(member.key)
                writer.writeRaw(": ")
                member.value.writePretty(to: &writer, indent: indent + 1)
            }
            newline(indent)
            writer.writeByte(UInt8(ascii: "}"))
        default:
            write(to: &writer)
        }
    }
}

// MARK: - Codable

extension JSONValue: Codable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            self = .object(try keyed.allKeys.map { Member($0.stringValue, try keyed.decode(JSONValue.self, forKey: $0)) })
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let elements):
            var unkeyed = encoder.unkeyedContainer()
            for element in elements { try unkeyed.encode(element) }
        case .object(let members):
            var keyed = encoder.container(keyedBy: Key.self)
            for member in members { try keyed.encode(member.value, forKey: Key(stringValue: member.key)) }
        }
    }
}
