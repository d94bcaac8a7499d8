import CCairo
import MorphKit

extension DisplayListRenderer {
    /// An `image` op: the PNG decoded once per renderer (`images` or the op's own data URI),
    /// then drawn scaled into `rect` as the canvas's `drawImage` does: edge pixels extend to
    /// the rectangle's border instead of fading out, the sampling filter per `interpolation`.
    /// A source the renderer has no bytes for, or that does not decode, draws nothing (the
    /// page draws nothing until a picture arrives, too).
    func draw(_ image: DisplayList.Image, on context: DrawingContext) {
        let rect = image.rect
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite, rect.minX.isFinite,
            rect.minY.isFinite, let surface = decodedImage(image.source)
        else { return }
        let cr = context.pointer
        cairo_save(cr)
        cairo_translate(cr, rect.minX, rect.minY)
        cairo_scale(cr, rect.width / Double(surface.width), rect.height / Double(surface.height))
        cairo_set_source_surface(cr, surface.pointer, 0, 0)
        if let pattern = cairo_get_source(cr) {
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            let filter: cairo_filter_t =
                switch image.interpolation {
                case .none: CAIRO_FILTER_NEAREST
                case .low: CAIRO_FILTER_FAST
                case .medium: CAIRO_FILTER_GOOD
                case .high: CAIRO_FILTER_BEST
                }
            cairo_pattern_set_filter(pattern, filter)
        }
        cairo_rectangle(cr, 0, 0, Double(surface.width), Double(surface.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The decoded surface for `source`, from the cache or decoded now (nil when there are
    /// no bytes for it or they are not a PNG within `ImageSource`'s bounds).
    private func decodedImage(_ source: String) -> ImageSurface? {
        if let cached = decodedImages[source] { return cached }
        var bytes = images[source]
        if bytes == nil, case .success(.inline(let inline)) = ImageSource.parse(source) { bytes = inline }
        guard let bytes, let asset = try? ImageAsset(source: source, png: bytes),
            let bitmap = try? PNGDecoder.decode(asset.png), let surface = try? ImageSurface(bitmap: bitmap)
        else { return nil }
        decodedImages[source] = surface
        return surface
    }
}
