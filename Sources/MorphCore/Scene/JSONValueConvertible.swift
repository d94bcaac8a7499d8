import MorphJSON

/// Types that read themselves from a `JSONValue` (with a path in every error).
package protocol JSONValueDecodable {
    init(json: JSONCursor) throws(JSONError)
}

/// Types that also write themselves as `JSONValue` (scenes and the values they share with
/// display lists). A display list has no `jsonValue`: its one writer is the canonical one
/// (`DisplayList+CanonicalJSON.swift`).
package protocol JSONValueConvertible: JSONValueDecodable {
    var jsonValue: JSONValue { get }
}
