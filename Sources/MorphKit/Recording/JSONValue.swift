/// Any JSON value, for the free-form parts of recordings (a component's configuration).
///
/// Recordings must round-trip configuration they do not understand, and `Codable` has no
/// "any JSON" type; this one is `Hashable` so recordings compare by value.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// The number, if this is one.
    public var numberValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// Canonical text: object keys sorted by their UTF-8 bytes, numbers as `JSONText.number`,
    /// no whitespace — the same value always gives the same bytes.
    public var canonicalText: String {
        var text = ""
        write(to: &text)
        return text
    }

    func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += JSONText.number(value)
        case .string(let value): text += JSONText.string(value)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { text += "," }
                text += JSONText.string(key) + ":"
                members[key]!.write(to: &text)
            }
            text += "}"
        }
    }
}
