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

    /// Nil when at least `minimumFraction` of pixels are within the tolerance and no channel
    /// anywhere differs by more than `maximumDifference`, else why not.
    ///
    /// Both bounds are needed: a share alone lets a small, wholly wrong feature through (a
    /// missing 3×8-point chevron is ~20 pixels of a 390×844 frame, far under 0.1%), and a cap
    /// alone fails on antialiasing noise spread over an edge.
    /// - Parameters:
    ///   - minimumFraction: share of pixels, 0...1, that must be within `tolerance`.
    ///   - maximumDifference: largest per-channel difference, in 1/255 steps, any pixel may have.
    public func failure(minimumFraction: Double, maximumDifference: Int) -> String? {
        let shareFails = fractionWithinTolerance < minimumFraction
        let worstFails = maxChannelDifference > maximumDifference
        guard shareFails || worstFails else { return nil }
        var reasons: [String] = []
        if shareFails {
            reasons.append(
                "\(pixelsOverTolerance) of \(width * height) pixels differ by more than \(tolerance)/255 "
                    + "(\(fractionWithinTolerance) within, \(minimumFraction) required)")
        }
        if worstFails {
            let worst = pixelDifferences.firstIndex { Int($0) == maxChannelDifference } ?? 0
            reasons.append(
                "pixel (\(worst % width), \(worst / width)) differs by \(maxChannelDifference)/255, "
                    + "more than the \(maximumDifference)/255 any pixel may")
        }
        return reasons.joined(separator: "; ")
            + " (\(pixelsOverTolerance) over \(tolerance)/255, max \(maxChannelDifference)/255)"
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
