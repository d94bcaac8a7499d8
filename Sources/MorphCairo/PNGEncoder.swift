import CSpng
import Glibc
import MorphRaster
import Synchronization

/// Bitmaps to PNG bytes through libspng (error codes, no setjmp), at a fast compression level:
/// frames are encoded on the hot path, and size matters less than time there.
public enum PNGEncoder {
    /// zlib level 1: about half the time of the default for a few percent more bytes.
    public static let compressionLevel: Int32 = 1

    /// An 8-bit RGBA PNG of `bitmap`, un-premultiplied (PNG stores straight alpha).
    public static func encode(_ bitmap: Bitmap) throws(MorphCairoError) -> [UInt8] {
        try encode(StraightImage(premultiplied: bitmap))
    }

    /// How rows are filtered before deflate.
    public enum Filtering: Sendable {
        /// libspng tries every PNG filter on each row and keeps the best: smallest files.
        case adaptive
        /// No filter: 3–7× faster on 64 px tiles for a few percent more bytes (measured in
        /// bench/results.md), which is what tiles on the hot path want.
        case none
    }

    /// An 8-bit RGBA PNG of straight (not premultiplied) pixels.
    public static func encode(
        _ image: StraightImage, filtering: Filtering = .adaptive
    ) throws(MorphCairoError) -> [UInt8] {
        guard image.pixels.count == image.width * image.height * 4, image.width > 0, image.height > 0,
            image.width <= Int(UInt32.max), image.height <= Int(UInt32.max)
        else { throw .invalidSize(width: Double(image.width), height: Double(image.height)) }
        guard let context = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
            throw .pngEncoding(code: Int(SPNG_EMEM.rawValue), message: "out of memory")
        }
        defer { spng_ctx_free(context) }
        func check(_ code: Int32) throws(MorphCairoError) {
            guard code != 0 else { return }
            throw .pngEncoding(code: Int(code), message: String(cString: spng_strerror(code)))
        }
        try check(spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1))
        try check(spng_set_option(context, SPNG_IMG_COMPRESSION_LEVEL, compressionLevel))
        if filtering == .none {
            try check(spng_set_option(context, SPNG_FILTER_CHOICE, Int32(SPNG_FILTER_CHOICE_NONE.rawValue)))
        }
        let (windowBits, memoryLevel) = deflateSizes(forImageBytes: image.height * (image.width * 4 + 1))
        try check(spng_set_option(context, SPNG_IMG_WINDOW_BITS, windowBits))
        try check(spng_set_option(context, SPNG_IMG_MEM_LEVEL, memoryLevel))
        var header = spng_ihdr()
        header.width = UInt32(image.width)
        header.height = UInt32(image.height)
        header.bit_depth = 8
        header.color_type = UInt8(SPNG_COLOR_TYPE_TRUECOLOR_ALPHA.rawValue)
        try check(spng_set_ihdr(context, &header))
        try check(
            image.pixels.withUnsafeBytes { bytes in
                spng_encode_image(
                    context, bytes.baseAddress, bytes.count, Int32(SPNG_FMT_PNG.rawValue),
                    Int32(SPNG_ENCODE_FINALIZE.rawValue))
            })
        var length = 0
        var error: Int32 = 0
        guard let buffer = spng_get_png_buffer(context, &length, &error) else {
            try check(error == 0 ? Int32(SPNG_EINTERNAL.rawValue) : error)
            return []
        }
        defer { free(buffer) }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: length))
    }
}

extension PNGEncoder {
    /// zlib's window and hash sizes for `bytes` of filtered image data. zlib allocates its
    /// window and clears its hash table for every stream; with the defaults (a 32 KB window, a
    /// 64 KB hash) that costs about as much as compressing a 64 px tile (16 KB), and a tile set
    /// encodes hundreds of streams (bench/results.md). Under 32 KB: a window of at least half
    /// the data (matches further back are rare in a tile) and a 16 KB hash (`memLevel` 6: hash
    /// bits are `memLevel + 7`; lower also shrinks zlib's literal buffer, costing more blocks).
    /// Larger images keep zlib's defaults. Any of these decode to the same pixels.
    static func deflateSizes(forImageBytes bytes: Int) -> (windowBits: Int32, memoryLevel: Int32) {
        guard bytes < 1 << 15 else { return (15, 8) }
        var windowBits: Int32 = 9
        while windowBits < 14, 2 << windowBits <= bytes { windowBits += 1 }
        return (windowBits, 6)
    }

    /// A PNG of one rectangle of `bitmap` (a tile), un-premultiplied; the rectangle must lie
    /// inside the bitmap.
    public static func encode(
        _ bitmap: Bitmap, rect: PixelRect, filtering: Filtering = .adaptive
    ) throws(MorphCairoError) -> [UInt8] {
        try TileCodec.check(rect, in: bitmap)
        return try encode(StraightImage(premultiplied: bitmap, rect: rect), filtering: filtering)
    }
}

extension PNGEncoder {
    /// The PNG of a `width` × `height` rectangle whose every pixel is transparent, made once per
    /// size: the revealed area behind the fold is many such tiles, and every set that moves
    /// the fold uncovers more of them.
    public static func clearTile(width: Int, height: Int) throws(MorphCairoError) -> [UInt8] {
        let size = SIMD2(width, height)
        if let bytes = clearTiles.withLock({ $0[size] }) { return bytes }
        let bytes = try encode(
            StraightImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: width * height * 4)),
            filtering: .none)
        clearTiles.withLock { $0[size] = bytes }
        return bytes
    }

    /// Guards `clearTile`'s tiles by size (a layer has at most four tile sizes: whole, and cut
    /// at the right or bottom edge), made by any tile encoder.
    private static let clearTiles = Mutex<[SIMD2<Int>: [UInt8]]>([:])
}
