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
