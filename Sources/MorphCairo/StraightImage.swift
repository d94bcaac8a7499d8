import MorphRaster

/// RGBA8 pixels with straight (not premultiplied) alpha: what PNG files hold.
///
/// Kept apart from `Bitmap`, which is always premultiplied, so the two encodings cannot be
/// mixed up; conversions round to nearest, and premultiplied → straight → premultiplied is exact.
public struct StraightImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, RGBA, row-major from the top.
    public let pixels: [UInt8]

    /// An image over existing bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// `bitmap` with each colour channel divided by alpha (transparent pixels become 0,0,0,0).
    public init(premultiplied bitmap: Bitmap) {
        let source = bitmap.pixels
        pixels = [UInt8](unsafeUninitializedCapacity: source.count) { buffer, count in
            var index = 0
            while index < source.count {
                let alpha = Int(source[index + 3])
                if alpha == 255 {
                    buffer[index] = source[index]
                    buffer[index + 1] = source[index + 1]
                    buffer[index + 2] = source[index + 2]
                } else if alpha == 0 {
                    buffer[index] = 0
                    buffer[index + 1] = 0
                    buffer[index + 2] = 0
                } else {
                    for channel in 0..<3 {
                        let value = (Int(source[index + channel]) * 510 + alpha) / (2 * alpha)
                        buffer[index + channel] = UInt8(Swift.min(255, value))
                    }
                }
                buffer[index + 3] = UInt8(alpha)
                index += 4
            }
            count = source.count
        }
        width = bitmap.width
        height = bitmap.height
    }

    /// The premultiplied bitmap, at `scale` pixels per point.
    public func premultiplied(scale: Int = 1) throws(MorphCairoError) -> Bitmap {
        let source = pixels
        guard source.count == width * height * 4 else {
            throw .invalidSize(width: Double(width), height: Double(height))
        }
        let bytes = [UInt8](unsafeUninitializedCapacity: source.count) { buffer, count in
            var index = 0
            while index < source.count {
                let alpha = Int(source[index + 3])
                for channel in 0..<3 {
                    buffer[index + channel] = UInt8((Int(source[index + channel]) * alpha * 2 + 255) / 510)
                }
                buffer[index + 3] = UInt8(alpha)
                index += 4
            }
            count = source.count
        }
        do {
            return try Bitmap(width: width, height: height, scale: scale, pixels: bytes)
        } catch {
            throw .raster(error)
        }
    }
}
