import MorphJSON

/// Why a live or replayed component session refused an input.
///
/// Each case is the client's mistake, never ours: the session is unchanged after a throw, so
/// a server can answer with an error and keep the session running.
public enum SessionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The configuration object does not decode for this component.
    case badConfiguration(JSONError)
    /// A `set` event named a key this component does not have, or gave it a bad value.
    case badSetting(key: String, reason: String)
    /// The viewport is not a finite, positive size within `InputLimits.maxViewportSide`.
    case badViewport(Size)
    /// An event carries a number outside `InputLimits` (the reason names it).
    case badEvent(String)
    /// `ComponentSession(component:)` was given a kind that is not built in (a file's
    /// component runs through `ComponentSession(definition:)`).
    case notBuiltIn(ComponentKind)

    public var description: String {
        switch self {
        case .badConfiguration(let error): "bad configuration: \(error)"
        case .badSetting(let key, let reason): "cannot set \(key): \(reason)"
        case .badViewport(let size):
            "viewport \(size.width)x\(size.height) is not a positive finite size of at most \(Int(InputLimits.maxViewportSide)) points a side"
        case .badEvent(let reason): "bad event: \(reason)"
        case .notBuiltIn(let kind): "\(kind) is not a built-in component (load its file)"
        }
    }
}
