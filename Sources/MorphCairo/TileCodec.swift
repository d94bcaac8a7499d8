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
        coverage(of: bitmap, rect: rect) == .opaque
    }

    /// What the pixels of a rectangle hold, for the codec choice.
    public enum Coverage: Sendable, Hashable {
        /// Every pixel has alpha 255 (JPEG can carry it).
        case opaque
        /// Every byte is 0: the premultiplied transparent pixel (one PNG per tile size serves).
        case clear
        /// Anything else.
        case mixed
    }

    /// The coverage of `rect` of `bitmap` (which it must lie inside), one pixel a word: the
    /// AND of the words keeps alpha 255 only if every pixel has it, their OR is 0 only if
    /// every byte is. Stops at the first row that settles "mixed".
    public static func coverage(of bitmap: Bitmap, rect: PixelRect) -> Coverage {
        bitmap.pixels.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: UInt32.self) { words in
                var all = UInt32.max, any: UInt32 = 0
                for row in rect.y..<(rect.y + rect.height) {
                    let start = row * bitmap.width + rect.x
                    for word in words[start..<(start + rect.width)] {
                        all &= word
                        any |= word
                    }
                    if UInt32(littleEndian: all) >> 24 != 255, any != 0 { return .mixed }
                }
                return UInt32(littleEndian: all) >> 24 == 255 ? .opaque : any == 0 ? .clear : .mixed
            }
        }
    }

    /// Throws unless `rect` is non-empty and inside `bitmap`.
    static func check(_ rect: PixelRect, in bitmap: Bitmap) throws(MorphCairoError) {
        guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0,
            rect.x + rect.width <= bitmap.width, rect.y + rect.height <= bitmap.height
        else { throw .invalidSize(width: Double(rect.width), height: Double(rect.height)) }
    }
}
