import MorphKit

/// A premultiplied RGBA8 image with value semantics: `width * height` pixels, 4 bytes each,
/// rows top to bottom, and `scale` pixels per point.
///
/// Premultiplied, because bilinear sampling and blurring are only correct on premultiplied
/// colour (a transparent neighbour must not tint an edge); integer scale, because the curtain
/// kernel's blur taps sit whole points apart and stay whole pixels apart only then.
public struct Bitmap: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Pixels per point (1, 2 or 3 on the devices the seeds target).
    public let scale: Int
    /// `width * height * 4` bytes, RGBA, premultiplied by alpha, row-major from the top.
    public private(set) var pixels: [UInt8]

    /// A bitmap over existing bytes; throws when the byte count does not match the size.
    public init(width: Int, height: Int, scale: Int = 1, pixels: [UInt8]) throws(RasterError) {
        try Self.validate(width: width, height: height, scale: scale)
        guard pixels.count == width * height * 4 else {
            throw .pixelCountMismatch(expected: width * height * 4, actual: pixels.count)
        }
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = pixels
    }

    /// A bitmap filled with one premultiplied colour (transparent by default).
    public init(width: Int, height: Int, scale: Int = 1, fill: SIMD4<UInt8> = .zero) throws(RasterError) {
        try Self.validate(width: width, height: height, scale: scale)
        self.width = width
        self.height = height
        self.scale = scale
        if fill == .zero {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                for index in 0..<(width * height) {
                    buffer[index * 4] = fill.x
                    buffer[index * 4 + 1] = fill.y
                    buffer[index * 4 + 2] = fill.z
                    buffer[index * 4 + 3] = fill.w
                }
                count = width * height * 4
            }
        }
    }

    /// A bitmap whose pixel at `(x, y)` is `body(x, y)`; handy for test patterns.
    public init(
        width: Int, height: Int, scale: Int = 1, _ body: (_ x: Int, _ y: Int) -> SIMD4<UInt8>
    ) throws(RasterError) {
        try self.init(width: width, height: height, scale: scale)
        for y in 0..<height {
            for x in 0..<width {
                self[x, y] = body(x, y)
            }
        }
    }

    /// Internal: adopts bytes already known to match the size (kernel outputs).
    init(uncheckedWidth width: Int, height: Int, scale: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "kernel produced a wrong-sized buffer")
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = pixels
    }

    /// Internal: the pixel bytes for writing in place (copied first if shared).
    mutating func withUnsafeMutablePixels<R>(_ body: (UnsafeMutableBufferPointer<UInt8>) -> R) -> R {
        pixels.withUnsafeMutableBufferPointer { body($0) }
    }

    private static func validate(width: Int, height: Int, scale: Int) throws(RasterError) {
        guard width >= 0, height >= 0 else { throw .invalidDimensions(width: width, height: height) }
        guard scale >= 1 else { throw .invalidScale(scale) }
    }

    /// The size in points, which is what layouts and the curtain kernel's bounds speak.
    public var pointSize: Size { Size(width: Double(width) / Double(scale), height: Double(height) / Double(scale)) }

    /// Bytes per row.
    public var bytesPerRow: Int { width * 4 }

    /// The premultiplied RGBA of one pixel; indices outside the bitmap are our own bug.
    public subscript(x: Int, y: Int) -> SIMD4<UInt8> {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside bitmap")
            let offset = (y * width + x) * 4
            return SIMD4(pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside bitmap")
            let offset = (y * width + x) * 4
            pixels[offset] = newValue.x
            pixels[offset + 1] = newValue.y
            pixels[offset + 2] = newValue.z
            pixels[offset + 3] = newValue.w
        }
    }
}
