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

    /// Tiles are compressed with a window sized to them (zlib's CMF byte, first in the IDAT
    /// data, says 2^(CINFO + 8)); large images keep zlib's 32 KB; both round-trip exactly.
    @Test func tilesUseASmallerDeflateWindowAndStillRoundTrip() throws {
        func windowBytes(_ png: [UInt8]) throws -> Int {
            let idat = try #require((0..<(png.count - 4)).first { Array(png[$0..<($0 + 4)]) == Array("IDAT".utf8) })
            return 1 << (Int(png[idat + 4] >> 4) + 8)
        }
        let tile = try randomPremultiplied(width: 64, height: 64, seed: 3)
        let tilePNG = try PNGEncoder.encode(tile, rect: PixelRect(x: 0, y: 0, width: 64, height: 64), filtering: .none)
        #expect(try windowBytes(tilePNG) == 16 * 1024)
        #expect(try PNGDecoder.decode(tilePNG).pixels == tile.pixels)
        let large = try randomPremultiplied(width: 200, height: 60, seed: 4)
        let largePNG = try PNGEncoder.encode(large)
        #expect(try windowBytes(largePNG) == 32 * 1024)
        #expect(try PNGDecoder.decode(largePNG).pixels == large.pixels)
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

    /// 45 bytes whose header claims 100000 × 100000 are refused before anything is allocated
    /// for the pixels; the limit is the header's width × height.
    @Test func aHeaderOverThePixelLimitIsRefusedBeforeDecoding() throws {
        let header = HostilePNG.header(width: 100_000, height: 100_000)
        #expect(header.count == 45)
        #expect(throws: MorphCairoError.imageTooLarge(width: 100_000, height: 100_000, maxPixels: PNGDecoder.maxPixels)) {
            _ = try PNGDecoder.decode(header, scale: 2)
        }
        let small = try PNGEncoder.encode(StraightImage(width: 3, height: 2, pixels: [UInt8](repeating: 9, count: 24)))
        #expect(throws: MorphCairoError.imageTooLarge(width: 3, height: 2, maxPixels: 5)) {
            _ = try PNGDecoder.decodeStraight(small, maxPixels: 5)
        }
        #expect(try PNGDecoder.decodeStraight(small, maxPixels: 6).width == 3)
    }

    @Test func emptyImageIsRefused() {
        #expect(throws: MorphCairoError.invalidSize(width: 0, height: 0)) {
            _ = try PNGEncoder.encode(StraightImage(width: 0, height: 0, pixels: []))
        }
    }
}
