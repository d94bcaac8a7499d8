/// Any JSON document, with object members in their written order.
///
/// The bridge between typed values and bytes: decoding maps it to types with a path for every
/// error, and the generic canonical writer prints it. It also carries the free-form parts of
/// recordings and protocol messages (a component's configuration). Equality and hashing treat
/// an object's members as unordered, so a value survives a trip through any JSON coder.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One `"key": value` pair of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The first member named `key`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        let keyLength = key.utf8.count
        return members.first { $0.key.utf8.count == keyLength && $0.key == key }?.value
    }

    /// The kind of value in words ("a number", "an object"), for error messages.
    public var typeName: String {
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
    ///
    /// - Throws: `JSONError.invalidJSON` with the byte offset where reading stopped.
    public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(JSONError) -> JSONValue {
        try JSONParser.parse(bytes, recordsOffsets: false).0
    }
}

// MARK: - Writing

extension JSONValue {
    /// Writes the value in the canonical form (member order as stored, canonical numbers).
    public func write(to writer: inout CanonicalJSONWriter) {
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
    public func firstNonFinitePath(prefix: String = "") -> String? {
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
    public func writePretty(to writer: inout CanonicalJSONWriter, indent: Int = 0) {
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
