/// A per-pixel comparison of two RGBA8 images with a stated tolerance, for pixel tests and
/// PNG goldens: how far apart they are, how many pixels exceed the tolerance, and a picture
/// of where (so a failing golden shows its difference instead of describing it).
public struct ImageDiff: Sendable, Hashable {
    /// Why two images cannot be compared.
    public enum Failure: Error, Hashable, Sendable {
        case sizeMismatch(expected: Int, actual: Int)
        case badDimensions(width: Int, height: Int, bytes: Int)
    }

    public let width: Int
    public let height: Int
    /// Allowed per-channel difference, in 1/255 steps.
    public let tolerance: Int
    /// Largest per-channel difference anywhere.
    public let maxChannelDifference: Int
    /// Pixels where some channel differs by more than `tolerance`.
    public let pixelsOverTolerance: Int
    /// Per pixel, the largest channel difference (row-major).
    public let pixelDifferences: [UInt8]

    /// Compares `actual` with `expected`, both `width × height` RGBA8 (premultiplied or not,
    /// as long as both are the same).
    public init(expected: [UInt8], actual: [UInt8], width: Int, height: Int, tolerance: Int) throws(Failure) {
        guard expected.count == actual.count else {
            throw .sizeMismatch(expected: expected.count, actual: actual.count)
        }
        guard width > 0, height > 0, width * height * 4 == expected.count else {
            throw .badDimensions(width: width, height: height, bytes: expected.count)
        }
        var differences = [UInt8](repeating: 0, count: width * height)
        var maxDifference = 0
        var over = 0
        for pixel in 0..<(width * height) {
            var largest = 0
            for channel in 0..<4 {
                let index = pixel * 4 + channel
                largest = max(largest, abs(Int(expected[index]) - Int(actual[index])))
            }
            differences[pixel] = UInt8(largest)
            maxDifference = max(maxDifference, largest)
            if largest > tolerance { over += 1 }
        }
        self.width = width
        self.height = height
        self.tolerance = tolerance
        self.maxChannelDifference = maxDifference
        self.pixelsOverTolerance = over
        self.pixelDifferences = differences
    }

    /// Share of pixels within the tolerance, 0...1.
    public var fractionWithinTolerance: Double {
        1 - Double(pixelsOverTolerance) / Double(width * height)
    }

    /// Nil when at least `minimumFraction` of pixels are within the tolerance, else why not.
    public func failure(minimumFraction: Double) -> String? {
        guard fractionWithinTolerance < minimumFraction else { return nil }
        return "\(pixelsOverTolerance) of \(width * height) pixels differ by more than \(tolerance)/255 "
            + "(max \(maxChannelDifference)/255; \(fractionWithinTolerance) within, \(minimumFraction) required)"
    }

    /// The difference as a binary PPM (P6): black where equal, grey within tolerance, red
    /// beyond it, brighter for larger differences. PPM needs no encoder, and any viewer opens it.
    public func pictureAsPPM() -> [UInt8] {
        var bytes = Array("P6\n\(width) \(height)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 3)
        for difference in pixelDifferences {
            let level = difference == 0 ? 0 : UInt8(min(255, 64 + Int(difference) * 4))
            if Int(difference) > tolerance {
                bytes += [level, 0, 0]
            } else {
                bytes += [level / 2, level / 2, level / 2]
            }
        }
        return bytes
    }
}
