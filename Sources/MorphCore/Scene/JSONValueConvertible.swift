import MorphJSON

/// Types that read and write themselves as `JSONValue`; their `Codable` conformances go
/// through it, so Foundation's coders see the same shape as the canonical form.
package protocol JSONValueConvertible {
    init(json: JSONCursor) throws(JSONError)
    var jsonValue: JSONValue { get }
}

extension JSONValueConvertible {
    /// `Decodable` in terms of `init(json:)`.
    package static func decode(from decoder: any Decoder) throws -> Self {
        let value = try JSONValue(from: decoder)
        return try Self(json: JSONCursor(value, path: decoder.codingPath.map(\.stringValue).joined(separator: ".")))
    }

    /// `Encodable` in terms of `jsonValue`.
    package func encodeJSONValue(to encoder: any Encoder) throws {
        try jsonValue.encode(to: encoder)
    }
}
