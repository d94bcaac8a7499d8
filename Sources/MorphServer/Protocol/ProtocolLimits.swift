import MorphKit

/// The sizes a client message may ask for, checked where the message is decoded
/// (`ClientMessage.decode(_:limits:)`); `morphd`'s flags set them (`ServerConfiguration`).
///
/// MorphKit's `InputLimits` is the ceiling (layout is verified up to it): an operator may
/// lower these, never raise them past it.
public struct ProtocolLimits: Sendable, Hashable {
    /// Largest viewport or environment `size` side in points (`--max-viewport`).
    public var maxViewportSide = InputLimits.maxViewportSide
    /// Largest tile scale a viewer may ask for (`--max-tile-scale`); tiles cost the square of it.
    public var maxTileScale = 3
    /// The largest tile scale MorphKit's tile budget is sized for.
    public static let tileScaleCeiling = 3

    /// Largest `set` string value in UTF-8 bytes: a title or a colour fits many times over;
    /// each value is kept in the session's input log and laid out as text.
    public static let maxSetValueBytes = 8192
    /// Largest `set` key in UTF-8 bytes.
    public static let maxSetKeyBytes = 256

    /// Why a `set` event is refused (its key or string value too long), or nil.
    static func setViolation(_ event: InputEvent) -> String? {
        guard case .set(let key, let value) = event.kind else { return nil }
        if key.utf8.count > maxSetKeyBytes { return "set key has \(key.utf8.count) bytes; at most \(maxSetKeyBytes)" }
        if case .string(let text) = value, text.utf8.count > maxSetValueBytes {
            return "set value has \(text.utf8.count) bytes; at most \(maxSetValueBytes)"
        }
        return nil
    }

    /// The defaults: 4096 points a side, tile scales 1...3.
    public init() {}

    /// Why a viewport (or environment size) is refused, or nil when it is within the limit.
    func viewportViolation(_ size: Size) -> String? {
        guard size.width <= maxViewportSide, size.height <= maxViewportSide else {
            return "at most \(Int(maxViewportSide)) points a side on this server"
        }
        return nil
    }
}
