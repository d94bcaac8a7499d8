// Read-outs and value semantics for `JSONValue`'s free-form uses (configurations, events).

extension JSONValue {
    /// The members as a dictionary (the first of duplicate keys wins), if this is an object.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        var dictionary: [String: JSONValue] = [:]
        for member in members where dictionary[member.key] == nil { dictionary[member.key] = member.value }
        return dictionary
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

    /// An object from a dictionary, members sorted by key so equal dictionaries give equal
    /// bytes.
    public static func object(sorting dictionary: [String: JSONValue]) -> JSONValue {
        .object(
            dictionary.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) })
                .map { Member($0, dictionary[$0]!) })
    }

    /// Canonical text for recordings: object keys sorted by their UTF-8 bytes, numbers in
    /// shortest round-trip form, no whitespace — the same value always gives the same bytes.
    public var canonicalText: String {
        var text = ""
        writeSorted(to: &text)
        return text
    }

    private func writeSorted(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += JSONText.number(value)
        case .string(let value): text += JSONText.string(value)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.writeSorted(to: &text)
            }
            text += "]"
        case .object:
            let members = objectValue ?? [:]
            text += "{"
            for (index, key) in members.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if index > 0 { text += "," }
                text += JSONText.string(key) + ":"
                members[key]!.writeSorted(to: &text)
            }
            text += "}"
        }
    }
}

extension JSONValue: Hashable {
    /// Objects compare as unordered maps: member order is an accident of the writer.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object, .object): lhs.objectValue == rhs.objectValue
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .number(let value): hasher.combine(2); hasher.combine(value)
        case .string(let value): hasher.combine(3); hasher.combine(value)
        case .array(let items): hasher.combine(4); hasher.combine(items)
        case .object: hasher.combine(5); hasher.combine(objectValue ?? [:])
        }
    }
}
