import CTurboJPEG
import Glibc
import MorphRaster

/// Opaque tiles to JPEG and back through libjpeg-turbo's TurboJPEG API (error codes, no
/// setjmp): the server's codec for tiles while the curtain moves.
///
/// JPEG has no alpha channel, so only opaque rectangles are encoded; for them premultiplied
/// and straight colour are the same bytes, and the encoder reads the bitmap in place (the
/// row pitch skips the rest of the layer), with no crop and no copy.
public enum JPEGCodec {
    /// Quality 80 with 4:2:0 chroma: measured on curtain frames (bench/results.md) as the
    /// point past which bytes grow faster than the picture improves, for text on flat fills.
    public static let defaultQuality: Int32 = 80

    /// A baseline JPEG of `rect` of `bitmap`, whose pixels there must all be opaque (the
    /// alpha bytes are ignored). The rectangle must lie inside the bitmap.
    public static func encode(
        _ bitmap: Bitmap, rect: PixelRect, quality: Int32 = defaultQuality
    ) throws(MorphCairoError) -> [UInt8] {
        try TileCodec.check(rect, in: bitmap)
        guard let handle = tjInitCompress() else { throw .jpeg(message: "out of memory") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(
                handle, pixels.baseAddress! + (rect.y * bitmap.width + rect.x) * 4, Int32(rect.width),
                Int32(bitmap.bytesPerRow), Int32(rect.height), Int32(TJPF_RGBX.rawValue), &output, &length,
                Int32(TJSAMP_420.rawValue), quality, TJFLAG_FASTDCT)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { throw .jpeg(message: String(cString: tjGetErrorStr2(handle))) }
        return [UInt8](UnsafeBufferPointer(start: output, count: Int(length)))
    }

    /// A JPEG decoded to straight RGBA8 (alpha 255); tests use it to check what was sent.
    public static func decode(_ bytes: [UInt8]) throws(MorphCairoError) -> StraightImage {
        guard let handle = tjInitDecompress() else { throw .jpeg(message: "out of memory") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        var pixels: [UInt8] = []
        let status = bytes.withUnsafeBufferPointer { jpeg -> Int32 in
            let size = UInt(jpeg.count)
            var status = tjDecompressHeader3(handle, jpeg.baseAddress, size, &width, &height, &subsampling, &colorspace)
            guard status == 0, width > 0, height > 0 else { return -1 }
            pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
            status = pixels.withUnsafeMutableBufferPointer { out in
                tjDecompress2(handle, jpeg.baseAddress, size, out.baseAddress, width, 0, height, Int32(TJPF_RGBA.rawValue), 0)
            }
            return status
        }
        guard status == 0 else { throw .jpeg(message: String(cString: tjGetErrorStr2(handle))) }
        return StraightImage(width: Int(width), height: Int(height), pixels: pixels)
    }
}
