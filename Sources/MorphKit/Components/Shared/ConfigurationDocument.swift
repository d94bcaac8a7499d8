import MorphJSON

/// The shared JSON plumbing of component configurations: a `format` header, every key
/// optional (missing keys keep the seed's default), and `--set key=value` patches that go
/// through the same decoder, so a bad value gets the same path-and-reason error as a bad file.
enum ConfigurationDocument {
    /// `morph.config.<component>`.
    static func format(_ component: ComponentKind) -> String { "morph.config.\(component.rawValue)" }

    /// Checks the optional `format` and `version` keys of a configuration document.
    static func checkHeader(_ json: JSONCursor, component: ComponentKind) throws(JSONError) {
        if let format = try json.optional("format")?.string(), format != Self.format(component) {
            throw .unsupportedFormat(format)
        }
        if let version = try json.optional("version")?.integer(), version != 1 { throw .unsupportedVersion(version) }
    }

    /// The document header followed by `members`.
    static func document(_ component: ComponentKind, _ members: [JSONValue.Member]) -> JSONValue {
        .object([.init("format", .string(format(component))), .init("version", .number(1))] + members)
    }

    /// Canonical bytes of a configuration.
    static func canonicalJSON(_ value: JSONValue) throws(JSONError) -> [UInt8] {
        if let path = value.firstNonFinitePath() { throw .nonFiniteNumber(path: path) }
        var writer = CanonicalJSONWriter(capacity: 512)
        value.write(to: &writer)
        return writer.bytes
    }

    /// `document` with `key` replaced by `text` read as JSON (a bare word is a string), for
    /// `morph export --set key=value`.
    static func patch(_ document: JSONValue, key: String, text: String) throws(JSONError) -> JSONValue {
        guard case .object(var members) = document, let index = members.firstIndex(where: { $0.key == key }),
            key != "format", key != "version"
        else {
            let known: [String]
            if case .object(let members) = document {
                known = members.map(\.key).filter { $0 != "format" && $0 != "version" }
            } else {
                known = []
            }
            throw .malformed(path: key, reason: "unknown configuration key (known: \(known.joined(separator: ", ")))")
        }
        let value: JSONValue
        if let parsed = try? JSONValue.parse(Array(text.utf8)) {
            value = parsed
        } else {
            value = .string(text)
        }
        members[index].value = value
        return .object(members)
    }
}
