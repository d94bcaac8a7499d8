import CSpng
import MorphRaster

/// PNG bytes back to pixels through libspng: what the encoder wrote, in tests, and the layer
/// `morph curtain --in` folds.
public enum PNGDecoder {
    /// The most pixels a PNG may have to be decoded: 32 Mpx (a 6K screen's screenshot) is
    /// 128 MiB of RGBA and as much again premultiplied. A header's width × height is checked
    /// against it before anything is allocated, so 45 bytes claiming 100000 × 100000 cost
    /// nothing.
    public static let maxPixels = 32 * 1024 * 1024

    /// The image as straight 8-bit RGBA, whatever its colour type and depth.
    ///
    /// - Throws: `.imageTooLarge` when the header's width × height is over `maxPixels`,
    ///   `.pngDecoding` for bytes libspng cannot decode.
    public static func decodeStraight(_ bytes: [UInt8], maxPixels: Int = maxPixels) throws(MorphCairoError)
        -> StraightImage
    {
        guard let context = spng_ctx_new(0) else {
            throw .pngDecoding(code: Int(SPNG_EMEM.rawValue), message: "out of memory")
        }
        defer { spng_ctx_free(context) }
        func check(_ code: Int32) throws(MorphCairoError) {
            guard code != 0 else { return }
            throw .pngDecoding(code: Int(code), message: String(cString: spng_strerror(code)))
        }
        let format = Int32(SPNG_FMT_RGBA8.rawValue)
        // libspng reads the buffer during every call below, so all of them stay inside the
        // closure; codes come out and become errors outside it.
        var header = spng_ihdr()
        var pixels: [UInt8] = []
        let code = bytes.withUnsafeBytes { raw -> Int32 in
            var code = spng_set_png_buffer(context, raw.baseAddress, raw.count)
            if code == 0 { code = spng_get_ihdr(context, &header) }
            guard code == 0, Int(header.width) * Int(header.height) <= maxPixels else { return code }
            var size = 0
            if code == 0 { code = spng_decoded_image_size(context, format, &size) }
            guard code == 0 else { return code }
            pixels = [UInt8](repeating: 0, count: size)
            return pixels.withUnsafeMutableBytes { out in spng_decode_image(context, out.baseAddress, out.count, format, 0) }
        }
        try check(code)
        guard Int(header.width) * Int(header.height) <= maxPixels else {
            throw .imageTooLarge(width: Int(header.width), height: Int(header.height), maxPixels: maxPixels)
        }
        return StraightImage(width: Int(header.width), height: Int(header.height), pixels: pixels)
    }

    /// The image as a premultiplied bitmap at `scale` pixels per point.
    public static func decode(_ bytes: [UInt8], scale: Int = 1, maxPixels: Int = maxPixels) throws(MorphCairoError)
        -> Bitmap
    {
        try decodeStraight(bytes, maxPixels: maxPixels).premultiplied(scale: scale)
    }
}
