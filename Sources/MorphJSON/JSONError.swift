/// Everything that can go wrong reading or writing a Morph JSON document.
///
/// Malformed input and an unsupported format or version are separate cases, so a caller can
/// tell "this is broken" from "this is newer than me" (as rive's `ImportResult` does).
/// Errors found in bytes carry the byte offset, so a reader can point at the spot.
public enum JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON; `offset` is the byte where reading stopped.
    case invalidJSON(offset: Int, reason: String)
    /// The JSON is well formed but a value is missing, of the wrong type or out of range;
    /// `path` names it like `ops[3].paint.stops[1].offset`, and `offset` is the byte where
    /// that value (or, for a missing key, its object) starts when it was read from bytes.
    case malformed(path: String, reason: String, offset: Int? = nil)
    /// The `format` key names something other than what was asked for.
    case unsupportedFormat(String)
    /// The `version` is one this build cannot read.
    case unsupportedVersion(Int)
    /// A NaN or infinite number was about to be written; the canonical form has none.
    case nonFiniteNumber(path: String)

    /// The byte offset in the input the error points at, when it came from bytes.
    public var offset: Int? {
        switch self {
        case .invalidJSON(let offset, _): offset
        case .malformed(_, _, let offset): offset
        default: nil
        }
    }

    /// The error without its byte offset: what is wrong and where, in document terms (for
    /// comparing errors from bytes with errors from values).
    public var withoutOffset: JSONError {
        if case .malformed(let path, let reason, _) = self { return .malformed(path: path, reason: reason) }
        return self
    }

    public var description: String {
        switch self {
        case .invalidJSON(let offset, let reason): "invalid JSON at byte \(offset): \(reason)"
        case .malformed(let path, let reason, let offset):
            (path.isEmpty ? reason : "\(path): \(reason)") + (offset.map { " (byte \($0))" } ?? "")
        case .unsupportedFormat(let format): "unsupported format \"\(format)\""
        case .unsupportedVersion(let version): "unsupported version \(version)"
        case .nonFiniteNumber(let path): "\(path): number is NaN or infinite"
        }
    }
}
