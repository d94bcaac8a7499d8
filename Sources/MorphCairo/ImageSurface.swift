import CCairo
import MorphRaster

/// An owned cairo ARGB32 image surface: premultiplied, native-endian 32-bit pixels.
///
/// A class only because it owns a C object; `deinit` releases it. Conversions to and from
/// `Bitmap` swap the byte order (ARGB32 on little-endian is B, G, R, A in memory).
final class ImageSurface {
    let pointer: OpaquePointer
    let width: Int
    let height: Int

    /// A transparent surface of `width × height` pixels.
    init(width: Int, height: Int) throws(MorphCairoError) {
        guard width >= 0, height >= 0, width <= 32767, height <= 32767 else {
            throw .invalidSize(width: Double(width), height: Double(height))
        }
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw .cairo(status: Int(CAIRO_STATUS_NO_MEMORY.rawValue), message: "out of memory")
        }
        pointer = surface
        self.width = width
        self.height = height
        try checkCairo(cairo_surface_status(surface))
    }

    /// A surface holding a copy of `bitmap`'s premultiplied pixels.
    convenience init(bitmap: Bitmap) throws(MorphCairoError) {
        try self.init(width: bitmap.width, height: bitmap.height)
        cairo_surface_flush(pointer)
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer) else { return }
        bitmap.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = data + y * stride
                for x in 0..<width {
                    let from = (y * width + x) * 4
                    let pixel =
                        UInt32(source[from + 3]) << 24 | UInt32(source[from]) << 16 | UInt32(source[from + 1]) << 8
                        | UInt32(source[from + 2])
                    (row + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = pixel }
                }
            }
        }
        cairo_surface_mark_dirty(pointer)
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Pixels per row in bytes, which cairo may pad.
    var stride: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// Runs `body` over the pixel words after flushing pending drawing; marks the surface
    /// dirty afterwards so cairo sees any change.
    func withPixels<Result>(_ body: (_ words: UnsafeMutablePointer<UInt32>, _ wordsPerRow: Int) -> Result) -> Result {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else {
            var empty: UInt32 = 0
            return body(&empty, 0)
        }
        let result = data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { body($0, stride / 4) }
        cairo_surface_mark_dirty(pointer)
        return result
    }

    /// The surface as a premultiplied RGBA8 bitmap at `scale` pixels per point.
    func bitmap(scale: Int) throws(MorphCairoError) -> Bitmap {
        let width = width, height = height
        let bytes = withPixels { words, wordsPerRow in
            [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                for y in 0..<height {
                    let row = words + y * wordsPerRow
                    for x in 0..<width {
                        let pixel = row[x]
                        let to = (y * width + x) * 4
                        buffer[to] = UInt8(truncatingIfNeeded: pixel >> 16)
                        buffer[to + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                        buffer[to + 2] = UInt8(truncatingIfNeeded: pixel)
                        buffer[to + 3] = UInt8(truncatingIfNeeded: pixel >> 24)
                    }
                }
                count = width * height * 4
            }
        }
        do {
            return try Bitmap(width: width, height: height, scale: scale, pixels: bytes)
        } catch {
            throw .raster(error)
        }
    }
}

/// Turns a cairo status into a Swift error at the boundary.
func checkCairo(_ status: cairo_status_t) throws(MorphCairoError) {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw .cairo(status: Int(status.rawValue), message: String(cString: cairo_status_to_string(status)))
}
