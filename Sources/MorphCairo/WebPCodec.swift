import CWebP
import MorphRaster

/// Tiles to lossy WebP (with its alpha plane, kept lossless) and back through libwebp.
///
/// Measured against JPEG for the curtain's motion tiles (bench/results.md); it is kept for
/// that comparison and as the codec for tiles that are not opaque, which JPEG cannot carry.
public enum WebPCodec {
    /// Quality of the colour planes; the alpha plane is lossless.
    public static let defaultQuality: Float = 80
    /// libwebp's speed/size trade-off, 0 (fastest) to 6: 0, as tiles are sent on the hot path.
    public static let method: Int32 = 0

    /// A lossy WebP of `rect` of `bitmap` (un-premultiplied, as WebP holds straight alpha).
    public static func encode(
        _ bitmap: Bitmap, rect: PixelRect, quality: Float = defaultQuality
    ) throws(MorphCairoError) -> [UInt8] {
        try TileCodec.check(rect, in: bitmap)
        let tile = StraightImage(premultiplied: bitmap, rect: rect)
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else { throw .webp(message: "libwebp version mismatch") }
        config.quality = quality
        config.method = method
        config.alpha_quality = 100
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw .webp(message: "libwebp version mismatch") }
        picture.use_argb = 0
        picture.width = Int32(rect.width)
        picture.height = Int32(rect.height)
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer {
            WebPPictureFree(&picture)
            WebPMemoryWriterClear(&writer)
        }
        let imported = tile.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(rect.width * 4))
        }
        guard imported != 0 else { throw .webp(message: "out of memory") }
        let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let bytes = writer.mem else {
            throw .webp(message: "encoding failed (error \(picture.error_code.rawValue))")
        }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: writer.size))
    }

    /// A WebP decoded to straight RGBA8; tests use it to check what was sent.
    public static func decode(_ bytes: [UInt8]) throws(MorphCairoError) -> StraightImage {
        var width: Int32 = 0, height: Int32 = 0
        let image = bytes.withUnsafeBufferPointer { data -> StraightImage? in
            guard let pixels = WebPDecodeRGBA(data.baseAddress, data.count, &width, &height) else { return nil }
            defer { WebPFree(pixels) }
            let count = Int(width) * Int(height) * 4
            return StraightImage(
                width: Int(width), height: Int(height), pixels: [UInt8](UnsafeBufferPointer(start: pixels, count: count)))
        }
        guard let image else { throw .webp(message: "not a WebP libwebp can decode") }
        return image
    }
}
