import MorphRaster

/// How one tile's pixels are compressed: PNG (lossless, the picture at rest) or a lossy codec
/// for tiles while the curtain moves. The raw values are the tile header's codec byte
/// (`schemas/protocol.md`, "Raster tiles").
public enum TileCodec: UInt8, Hashable, Sendable, CaseIterable {
    /// Lossless 8-bit RGBA, straight alpha.
    case png = 0
    /// Baseline JPEG, 4:2:0: opaque tiles only (JPEG has no alpha).
    case jpeg = 1
    /// Lossy WebP with a lossless alpha plane.
    case webp = 2

    /// The payload's media type, as the page hands it to `createImageBitmap`.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }

    /// True for the codecs whose tiles are refined losslessly once the picture rests.
    public var isLossy: Bool { self != .png }

    /// `rect` of `bitmap` in this codec (PNG unfiltered, for speed). JPEG requires every pixel
    /// of `rect` to be opaque.
    public func encode(_ bitmap: Bitmap, rect: PixelRect) throws(MorphCairoError) -> [UInt8] {
        switch self {
        case .png: try PNGEncoder.encode(bitmap, rect: rect, filtering: .none)
        case .jpeg: try JPEGCodec.encode(bitmap, rect: rect)
        case .webp: try WebPCodec.encode(bitmap, rect: rect)
        }
    }

    /// Pixels decoded from a tile in this codec, straight RGBA8 (tests and tools).
    public func decode(_ bytes: [UInt8]) throws(MorphCairoError) -> StraightImage {
        switch self {
        case .png: try PNGDecoder.decodeStraight(bytes)
        case .jpeg: try JPEGCodec.decode(bytes)
        case .webp: try WebPCodec.decode(bytes)
        }
    }

    /// True when every pixel of `rect` of `bitmap` has alpha 255 (a tile JPEG can carry).
    public static func isOpaque(_ bitmap: Bitmap, rect: PixelRect) -> Bool {
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for row in rect.y..<(rect.y + rect.height) {
                var index = (row * bitmap.width + rect.x) * 4 + 3
                for _ in 0..<rect.width {
                    if pixels[index] != 255 { return false }
                    index += 4
                }
            }
            return true
        }
    }

    /// Throws unless `rect` is non-empty and inside `bitmap`.
    static func check(_ rect: PixelRect, in bitmap: Bitmap) throws(MorphCairoError) {
        guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0,
            rect.x + rect.width <= bitmap.width, rect.y + rect.height <= bitmap.height
        else { throw .invalidSize(width: Double(rect.width), height: Double(rect.height)) }
    }
}
