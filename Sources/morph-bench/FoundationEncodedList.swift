import MorphKit

/// A display list as Foundation's `JSONEncoder` sees it, for the bench's comparison only (the
/// library has no `Codable`): the canonical bytes parsed into a `JSONValue`, then handed to
/// the encoder value by value, so Foundation writes the same JSON the protocol carries.
struct FoundationEncodedList: Encodable {
    let list: DisplayList

    func encode(to encoder: any Encoder) throws {
        try FoundationEncodedValue(value: JSONValue.parse(list.canonicalJSON())).encode(to: encoder)
    }
}

/// A `JSONValue` through Foundation's containers: objects keyed, arrays unkeyed, scalars single.
private struct FoundationEncodedValue: Encodable {
    let value: JSONValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
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
            for element in elements { try unkeyed.encode(FoundationEncodedValue(value: element)) }
        case .object(let members):
            var keyed = encoder.container(keyedBy: Key.self)
            for member in members {
                try keyed.encode(FoundationEncodedValue(value: member.value), forKey: Key(stringValue: member.key))
            }
        }
    }
}
