import MorphJSON

/// A component's configuration: a `morph.config.<component>` JSON document whose keys are
/// all optional (a missing key keeps the seed's default).
///
/// A conforming type only says which component it configures, how to read its keys and how
/// to list them; reading bytes, the header check, canonical bytes, `Codable` and the
/// command line's `--set key=value` patches come from here, the same for every component.
public protocol ComponentConfiguration: Codable, Hashable, Sendable {
    /// The component this configures (the document's `format` is `morph.config.<component>`).
    static var component: ComponentKind { get }
    /// Reads the keys after the header; a missing key keeps its default.
    init(members json: JSONCursor) throws(JSONError)
    /// Every key after the header, in the order the document lists them.
    var members: [JSONValue.Member] { get }
}

extension ComponentConfiguration {
    /// Reads a configuration document: checks the optional `format` and `version`, then the keys.
    public init(json: JSONCursor) throws(JSONError) {
        try ConfigurationDocument.checkHeader(json, component: Self.component)
        try self.init(members: json)
    }

    /// Reads a configuration document from bytes; errors carry the key's path and byte offset.
    public init<Bytes: Collection<UInt8>>(json bytes: Bytes) throws(JSONError) {
        try self.init(json: JSONCursor(parsing: bytes))
    }

    /// The whole document, header first.
    public var jsonValue: JSONValue { ConfigurationDocument.document(Self.component, members) }

    /// Canonical bytes of the configuration, every key written.
    public func canonicalJSON() throws(JSONError) -> [UInt8] { try ConfigurationDocument.canonicalJSON(jsonValue) }

    /// The configuration with `key` set from command-line text (JSON, or a bare string),
    /// read by the same code as a file, so a bad value gets the same path-and-reason error.
    public func setting(_ key: String, to text: String) throws(JSONError) -> Self {
        try Self(json: JSONCursor(try ConfigurationDocument.patch(jsonValue, key: key, text: text)))
    }

    /// The configuration with every `key=value` applied in order (`morph export --set`).
    public func setting(_ settings: [(key: String, value: String)]) throws(JSONError) -> Self {
        var result = self
        for (key, value) in settings { result = try result.setting(key, to: value) }
        return result
    }

    /// `Decodable` through the same reader as the bytes, so every coder sees the same shape.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        try self.init(json: JSONCursor(value, path: decoder.codingPath.map(\.stringValue).joined(separator: ".")))
    }

    /// `Encodable` as the document (`format` and `version` included).
    public func encode(to encoder: any Encoder) throws { try jsonValue.encode(to: encoder) }
}
