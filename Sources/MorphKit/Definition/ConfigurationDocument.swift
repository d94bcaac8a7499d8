import MorphJSON

/// Configuration documents (`morph.config.<name>`): `--set key=value` patches go through the
/// same reader as a file's values, so a bad value gets the same path-and-reason error as a bad
/// file.
enum ConfigurationDocument {
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
