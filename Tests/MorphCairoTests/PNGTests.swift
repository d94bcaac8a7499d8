import MorphCairo
import MorphRaster
import MorphTestSupport
import Testing

@Suite struct PNGTests {
    /// Premultiplied pixels made the only way they can arise: straight colour times alpha.
    private func randomPremultiplied(width: Int, height: Int, seed: UInt64) throws -> Bitmap {
        var random = SeededRandomNumberGenerator(seed: seed)
        return try Bitmap(width: width, height: height) { _, _ in
            let alpha = UInt8.random(in: 0...255, using: &random)
            func channel() -> UInt8 {
                UInt8((Int(UInt8.random(in: 0...255, using: &random)) * Int(alpha) + 127) / 255)
            }
            return SIMD4(channel(), channel(), channel(), alpha)
        }
    }

    @Test func premultipliedBitmapRoundTripsExactly() throws {
        let bitmap = try randomPremultiplied(width: 37, height: 23, seed: 7)
        let png = try PNGEncoder.encode(bitmap)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.width == 37 && decoded.height == 23)
        #expect(decoded.pixels == bitmap.pixels)
    }

    @Test func fileHoldsStraightAlpha() throws {
        // Half-transparent red, premultiplied (128, 0, 0, 128): the file must say (255, 0, 0, 128).
        let bitmap = try Bitmap(width: 2, height: 1, fill: SIMD4(128, 0, 0, 128))
        let straight = try PNGDecoder.decodeStraight(try PNGEncoder.encode(bitmap))
        #expect(straight.pixels == [255, 0, 0, 128, 255, 0, 0, 128])
        // Fully transparent pixels carry no colour.
        let clear = try PNGDecoder.decodeStraight(try PNGEncoder.encode(try Bitmap(width: 1, height: 1)))
        #expect(clear.pixels == [0, 0, 0, 0])
    }

    @Test func straightImageRoundTripsExactly() throws {
        var random = SeededRandomNumberGenerator(seed: 11)
        let pixels = (0..<(19 * 5 * 4)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let image = StraightImage(width: 19, height: 5, pixels: pixels)
        #expect(try PNGDecoder.decodeStraight(try PNGEncoder.encode(image)) == image)
    }

    @Test func garbageIsADecodingError() {
        #expect {
            _ = try PNGDecoder.decode([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        } throws: { error in
            if case .pngDecoding = error as? MorphCairoError { true } else { false }
        }
    }

    @Test func emptyImageIsRefused() {
        #expect(throws: MorphCairoError.invalidSize(width: 0, height: 0)) {
            _ = try PNGEncoder.encode(StraightImage(width: 0, height: 0, pixels: []))
        }
    }
}
