import MorphTestSupport
import Testing

@Suite struct ImageDiffTests {
    private func image(_ width: Int, _ height: Int, _ value: (Int, Int) -> [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in 0..<height { for x in 0..<width { bytes += value(x, y) } }
        return bytes
    }

    @Test func identicalImagesHaveNoDifference() throws {
        let picture = image(4, 3) { x, y in [UInt8(x * 40), UInt8(y * 60), 7, 255] }
        let diff = try ImageDiff(expected: picture, actual: picture, width: 4, height: 3, tolerance: 0)
        #expect(diff.maxChannelDifference == 0 && diff.pixelsOverTolerance == 0)
        #expect(diff.fractionWithinTolerance == 1)
        #expect(diff.failure(minimumFraction: 1, maximumDifference: 0) == nil)
    }

    @Test func countsPixelsBeyondTheToleranceByTheirWorstChannel() throws {
        let expected = image(4, 4) { _, _ in [100, 100, 100, 255] }
        // One pixel off by 3 in alpha only, one off by 10 in red, the rest off by 1.
        let actual = image(4, 4) { x, y in
            if (x, y) == (0, 0) { return [100, 100, 100, 252] }
            if (x, y) == (3, 2) { return [110, 100, 100, 255] }
            return [101, 99, 100, 255]
        }
        let diff = try ImageDiff(expected: expected, actual: actual, width: 4, height: 4, tolerance: 2)
        #expect(diff.maxChannelDifference == 10)
        #expect(diff.pixelsOverTolerance == 2)
        #expect(diff.pixelDifferences[0] == 3 && diff.pixelDifferences[2 * 4 + 3] == 10 && diff.pixelDifferences[1] == 1)
        #expect(abs(diff.fractionWithinTolerance - 14.0 / 16.0) < 1e-12)
        #expect(diff.failure(minimumFraction: 0.8, maximumDifference: 10) == nil)
        #expect(diff.failure(minimumFraction: 0.9, maximumDifference: 10)?.contains("2 of 16 pixels") == true)
    }

    /// One wholly wrong pixel in a large image passes any share rule but fails the cap, and the
    /// message names that pixel.
    @Test func capsTheWorstPixelWhateverTheShare() throws {
        let expected = image(100, 100) { _, _ in [255, 255, 255, 255] }
        let actual = image(100, 100) { x, y in (x, y) == (42, 7) ? [0, 0, 0, 255] : [255, 255, 255, 255] }
        let diff = try ImageDiff(expected: expected, actual: actual, width: 100, height: 100, tolerance: 2)
        #expect(diff.fractionWithinTolerance == 0.9999)
        #expect(diff.failure(minimumFraction: 0.999, maximumDifference: 255) == nil)
        let failure = try #require(diff.failure(minimumFraction: 0.999, maximumDifference: 32))
        #expect(failure.contains("pixel (42, 7) differs by 255/255"))
        #expect(!failure.contains("required"), "the share rule held: \(failure)")
        // Both rules broken: both reasons.
        let both = try #require(diff.failure(minimumFraction: 1, maximumDifference: 32))
        #expect(both.contains("1 of 10000 pixels") && both.contains("pixel (42, 7)"))
    }

    @Test func pictureMarksPixelsBeyondToleranceInRed() throws {
        let expected = image(2, 1) { _, _ in [0, 0, 0, 255] }
        let actual: [UInt8] = [0, 0, 0, 255, 50, 0, 0, 255]
        let diff = try ImageDiff(expected: expected, actual: actual, width: 2, height: 1, tolerance: 4)
        let ppm = diff.pictureAsPPM()
        let header = Array("P6\n2 1\n255\n".utf8)
        #expect(Array(ppm.prefix(header.count)) == header)
        let body = Array(ppm.dropFirst(header.count))
        #expect(body == [0, 0, 0, 255, 0, 0])
    }

    @Test func refusesImagesOfDifferentSizes() {
        #expect(throws: ImageDiff.Failure.sizeMismatch(expected: 8, actual: 4)) {
            try ImageDiff(expected: [UInt8](repeating: 0, count: 8), actual: [0, 0, 0, 0], width: 2, height: 1, tolerance: 0)
        }
        #expect(throws: ImageDiff.Failure.badDimensions(width: 3, height: 1, bytes: 8)) {
            try ImageDiff(
                expected: [UInt8](repeating: 0, count: 8), actual: [UInt8](repeating: 0, count: 8),
                width: 3, height: 1, tolerance: 0)
        }
    }
}
