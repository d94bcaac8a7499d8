/// Everything that can go wrong reading or writing scenes and display lists.
///
/// Malformed input and an unsupported format or version are separate cases, so a caller can
/// tell "this is broken" from "this is newer than me" (STYLE.md, rive's `ImportResult`).
public enum SceneError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON; `offset` is the byte where reading stopped.
    case invalidJSON(offset: Int, reason: String)
    /// The JSON is well formed but a value is missing, of the wrong type or out of range;
    /// `path` names it like `ops[3].paint.stops[1].offset`.
    case malformed(path: String, reason: String)
    /// The `format` key names something other than what was asked for.
    case unsupportedFormat(String)
    /// The `version` is one this build cannot read.
    case unsupportedVersion(Int)
    /// A NaN or infinite number was about to be written; the canonical form has none.
    case nonFiniteNumber(path: String)

    public var description: String {
        switch self {
        case .invalidJSON(let offset, let reason): "invalid JSON at byte \(offset): \(reason)"
        case .malformed(let path, let reason): "\(path.isEmpty ? "<root>" : path): \(reason)"
        case .unsupportedFormat(let format): "unsupported format \"\(format)\""
        case .unsupportedVersion(let version): "unsupported version \(version)"
        case .nonFiniteNumber(let path): "\(path): number is NaN or infinite"
        }
    }
}
