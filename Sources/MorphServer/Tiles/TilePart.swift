import MorphCairo
import MorphRaster

/// One encoded piece of a tile, sent as one binary message: the whole tile, or one of the two
/// parts of a tile that `TileEncoder` split (opaque columns lossy, a band of columns that
/// are not opaque as PNG). A tile's parts are disjoint and cover it.
public struct TilePart: Hashable, Sendable {
    /// The part's rectangle in layer pixels, inside its tile.
    public let rect: PixelRect
    /// How `bytes` are encoded.
    public let codec: TileCodec
    /// The encoded pixels of `rect`.
    public let bytes: [UInt8]

    /// Makes a part.
    public init(rect: PixelRect, codec: TileCodec, bytes: [UInt8]) {
        self.rect = rect
        self.codec = codec
        self.bytes = bytes
    }
}

extension [TilePart] {
    /// The codec a tile is held in: its lossy parts' codec when it has any (it is then refined
    /// at rest), else PNG.
    var tileCodec: TileCodec { first { $0.codec.isLossy }?.codec ?? .png }
}
