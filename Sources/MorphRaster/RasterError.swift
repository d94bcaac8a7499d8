/// Everything that can go wrong when building rasters from caller-supplied numbers.
///
/// Sizes come from layouts and the wire, so bad ones are user input and become errors, not traps.
public enum RasterError: Error, Hashable, Sendable {
    /// A width or height below zero.
    case invalidDimensions(width: Int, height: Int)
    /// A scale below 1: a bitmap holds at least one pixel per point.
    case invalidScale(Int)
    /// A pixel buffer whose byte count is not `width * height * 4`.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// A tile edge below 1 pixel.
    case invalidTileSize(Int)
}
