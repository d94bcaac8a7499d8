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
        self.init(premultiplied: bitmap, rect: PixelRect(x: 0, y: 0, width: bitmap.width, height: bitmap.height))
    }

    /// The pixels of `rect` (inside `bitmap`) with each colour channel divided by alpha: one
    /// tile, cut and un-premultiplied in one pass.
    public init(premultiplied bitmap: Bitmap, rect: PixelRect) {
        let count = rect.width * rect.height * 4
        pixels = bitmap.pixels.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: count) { buffer, written in
                var target = 0
                for row in rect.y..<(rect.y + rect.height) {
                    var index = (row * bitmap.width + rect.x) * 4
                    for _ in 0..<rect.width {
                        Self.unpremultiply(source, at: index, into: buffer, at: target)
                        index += 4
                        target += 4
                    }
                }
                written = count
            }
        }
        width = rect.width
        height = rect.height
    }

    @inline(__always)
    private static func unpremultiply(
        _ source: UnsafeBufferPointer<UInt8>, at index: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at target: Int
    ) {
        let alpha = Int(source[index + 3])
        if alpha == 255 {
            buffer[target] = source[index]
            buffer[target + 1] = source[index + 1]
            buffer[target + 2] = source[index + 2]
        } else if alpha == 0 {
            buffer[target] = 0
            buffer[target + 1] = 0
            buffer[target + 2] = 0
        } else {
            for channel in 0..<3 {
                let value = (Int(source[index + channel]) * 510 + alpha) / (2 * alpha)
                buffer[target + channel] = UInt8(Swift.min(255, value))
            }
        }
        buffer[target + 3] = UInt8(alpha)
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
