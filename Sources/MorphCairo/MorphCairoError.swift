import MorphRaster

/// Everything that can go wrong turning a display list into pixels or PNG bytes.
///
/// C status codes (cairo, FreeType, libspng, libjpeg-turbo, libwebp) become these cases at the boundary, so callers
/// never see a C type and can tell bad input (a size or scale) from a broken installation
/// (a missing font file).
public enum MorphCairoError: Error, Hashable, Sendable {
    /// A device scale below 1: bitmaps hold whole pixels per point.
    case invalidScale(Int)
    /// A viewport or layer that is not finite, or larger than cairo's 32767-pixel limit.
    case invalidSize(width: Double, height: Double)
    /// cairo reported a failure; `status` is its `cairo_status_t` value.
    case cairo(status: Int, message: String)
    /// An Inter face could not be loaded (fonts-inter missing?); `code` is FreeType's error.
    case fontUnavailable(path: String, code: Int)
    /// libspng refused to encode; `code` is its error number.
    case pngEncoding(code: Int, message: String)
    /// The bytes are not a PNG libspng can decode; `code` is its error number.
    case pngDecoding(code: Int, message: String)
    /// A picture whose header claims more pixels than the decoder's limit (`PNGDecoder.maxPixels`).
    case imageTooLarge(width: Int, height: Int, maxPixels: Int)
    /// libjpeg-turbo refused to encode or decode; `message` is its error string.
    case jpeg(message: String)
    /// libwebp refused to encode or decode.
    case webp(message: String)
    /// A bitmap could not be built from the rendered pixels.
    case raster(RasterError)
}
