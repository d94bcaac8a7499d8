import MorphJSON

/// Types that read themselves from a `JSONValue` (with a path in every error); their
/// `Decodable` conformances go through it.
package protocol JSONValueDecodable {
    init(json: JSONCursor) throws(JSONError)
}

/// Types that also write themselves as `JSONValue` (scenes and the values they share with
/// display lists); their `Encodable` conformances go through it, so Foundation's coders see
/// the same shape as the canonical form. A display list has no `jsonValue`: its one writer
/// is the canonical one (`DisplayList+CanonicalJSON.swift`), and its `Encodable` goes
/// through those bytes (`encodeCanonical(to:_:)`).
package protocol JSONValueConvertible: JSONValueDecodable {
    var jsonValue: JSONValue { get }
}

extension JSONValueDecodable {
    /// `Decodable` in terms of `init(json:)`.
    package static func decode(from decoder: any Decoder) throws -> Self {
        let value = try JSONValue(from: decoder)
        return try Self(json: JSONCursor(value, path: decoder.codingPath.map(\.stringValue).joined(separator: ".")))
    }
}

extension JSONValueConvertible {
    /// `Encodable` in terms of `jsonValue`.
    package func encodeJSONValue(to encoder: any Encoder) throws {
        try jsonValue.encode(to: encoder)
    }
}

/// `Encodable` for a part of a display list: the canonical bytes `write` produces, parsed,
/// so Foundation's coders see exactly what the protocol carries.
///
/// - Throws: `JSONError.nonFiniteNumber(path:)` naming the first NaN or infinity.
func encodeCanonical(to encoder: any Encoder, _ write: (inout CanonicalJSONWriter) -> Void) throws {
    var writer = CanonicalJSONWriter(capacity: 256)
    write(&writer)
    if writer.sawNonFiniteNumber { throw JSONError.nonFiniteNumber(path: writer.firstNonFinitePath ?? "") }
    try JSONValue.parse(writer.bytes).encode(to: encoder)
}
