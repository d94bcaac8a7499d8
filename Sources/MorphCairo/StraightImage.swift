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
        pixels = bitmap.pixels.withUnsafeBytes { source in
            [UInt8](unsafeUninitializedCapacity: count) { buffer, written in
                let target = UnsafeMutableRawPointer(buffer.baseAddress!)
                var offset = 0
                for row in rect.y..<(rect.y + rect.height) {
                    let start = (row * bitmap.width + rect.x) * 4
                    for pixel in 0..<rect.width {
                        // Opaque and transparent pixels (most of a tile) move as one word.
                        let word = source.loadUnaligned(fromByteOffset: start + pixel * 4, as: UInt32.self)
                        let alpha = UInt8(truncatingIfNeeded: UInt32(littleEndian: word) >> 24)
                        if alpha == 255 {
                            target.storeBytes(of: word, toByteOffset: offset, as: UInt32.self)
                        } else if alpha == 0 {
                            target.storeBytes(of: 0, toByteOffset: offset, as: UInt32.self)
                        } else {
                            Self.unpremultiply(source, at: start + pixel * 4, alpha: alpha, into: target + offset)
                        }
                        offset += 4
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
        _ source: UnsafeRawBufferPointer, at index: Int, alpha: UInt8, into target: UnsafeMutableRawPointer
    ) {
        let divisor = 2 * Int(alpha)
        for channel in 0..<3 {
            let value = (Int(source[index + channel]) * 510 + Int(alpha)) / divisor
            target.storeBytes(of: UInt8(Swift.min(255, value)), toByteOffset: channel, as: UInt8.self)
        }
        target.storeBytes(of: alpha, toByteOffset: 3, as: UInt8.self)
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
