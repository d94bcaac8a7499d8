import MorphKit

/// What one tile stream may cost, checked before any bitmap is allocated.
///
/// A stream holds a handful of layer-sized bitmaps (the cairo surface, the layer, its
/// pre-blurred copy, the kernel's output and the previous layer), so the layer's pixel count
/// bounds its memory: at the default 8 Mpx (32 MiB a bitmap) a stream stays under about
/// 200 MiB, and `--max-tile-streams` (default 4) bounds them all. 8 Mpx holds every phone
/// at 3x and a 12.9-inch iPad (1024 x 1366 points) at 2x.
public enum TileBudget {
    /// The most pixels a tile layer (viewport x scale squared) may have.
    public static let maxLayerPixels = 8 * 1024 * 1024

    /// Why a viewport cannot stream tiles at `scale`, or nil when it can.
    public static func violation(viewport: Size, scale: Int) -> String? {
        let pixels = (viewport.width * Double(scale)).rounded(.up) * (viewport.height * Double(scale)).rounded(.up)
        guard pixels <= Double(maxLayerPixels) else {
            return "a \(Int(viewport.width))x\(Int(viewport.height)) viewport at scale \(scale) needs "
                + "\(Int(pixels)) pixels; tiles are limited to \(maxLayerPixels)"
        }
        return nil
    }
}

/// A tile job refused before rendering because its layer is over `TileBudget`.
struct TileBudgetExceeded: Error, CustomStringConvertible {
    var description: String
}
