import Foundation
import MorphCairo
import MorphKit
import MorphRaster
import MorphTestSupport
import Testing

/// The tile codecs on a real folded curtain layer (2x, mid-drag): each tile decoded by the
/// codec's own decoder and compared with the layer's pixels.
@Suite struct TileCodecTests {
    /// The curtain folded at x = 180 pt, as the server's tiles see it.
    static func foldedLayer() throws -> Bitmap {
        let list = try DisplayList(
            json: try SeedScenes(.curtain).scene(drag: Point(x: 180, y: 420), isRevealed: false, time: 5).displayList()
                .canonicalJSON())
        return try #require(try renderer().renderEffectLayer(of: list, scale: 2)).bitmap
    }

    /// Tiles of the layer by alpha: every pixel opaque, or some pixel not.
    static func tiles(of layer: Bitmap) throws -> (opaque: [PixelRect], translucent: [PixelRect]) {
        let grid = try TileGrid(covering: layer)
        let rects = (0..<grid.count).map(grid.rect(ofTile:))
        return (rects.filter { TileCodec.isOpaque(layer, rect: $0) }, rects.filter { !TileCodec.isOpaque(layer, rect: $0) })
    }

    /// Straight RGBA of `rect` of a premultiplied bitmap (what the codecs were given).
    static func straight(_ layer: Bitmap, _ rect: PixelRect) -> StraightImage {
        StraightImage(premultiplied: layer, rect: rect)
    }

    /// Peak signal-to-noise ratio over the colour channels of pixels whose alpha is not 0, in dB.
    static func psnr(_ decoded: StraightImage, _ original: StraightImage) -> Double {
        var squared = 0.0, count = 0
        for index in stride(from: 0, to: original.pixels.count, by: 4) where original.pixels[index + 3] != 0 {
            for channel in 0..<3 {
                let difference = Double(decoded.pixels[index + channel]) - Double(original.pixels[index + channel])
                squared += difference * difference
                count += 1
            }
        }
        guard count > 0, squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(count)))
    }

    /// `coverage` folds pixels as words: against a pixel-by-pixel check, over every rectangle
    /// of a 7×3 bitmap (odd widths, odd offsets) of transparent pixels with one opaque, one
    /// translucent, or one colour-only byte (alpha 0, not clear) at each place, and of opaque
    /// pixels with one translucent.
    @Test func coverageAgreesWithEveryPixel() throws {
        let odd: [(background: SIMD4<UInt8>, pixel: SIMD4<UInt8>)] = [
            (SIMD4(0, 0, 0, 0), SIMD4(9, 9, 9, 255)), (SIMD4(0, 0, 0, 0), SIMD4(9, 9, 9, 128)),
            (SIMD4(0, 0, 0, 0), SIMD4(0, 1, 0, 0)), (SIMD4(9, 9, 9, 255), SIMD4(9, 9, 9, 254)),
        ]
        for (background, pixel) in odd {
            for place in 0..<21 {
                let bitmap = try Bitmap(width: 7, height: 3) { x, y in y * 7 + x == place ? pixel : background }
                for y in 0..<3 {
                    for x in 0..<7 {
                        for height in 1...(3 - y) {
                            for width in 1...(7 - x) {
                                let rect = PixelRect(x: x, y: y, width: width, height: height)
                                var pixels: [SIMD4<UInt8>] = []
                                for row in y..<(y + height) {
                                    for column in x..<(x + width) { pixels.append(bitmap[column, row]) }
                                }
                                let expected: TileCodec.Coverage =
                                    pixels.allSatisfy { $0[3] == 255 }
                                    ? .opaque
                                    : pixels.allSatisfy { $0 == SIMD4(0, 0, 0, 0) } ? .clear : .mixed
                                #expect(TileCodec.coverage(of: bitmap, rect: rect) == expected, "\(pixel) at \(place), \(rect)")
                            }
                        }
                    }
                }
            }
        }
    }

    /// The shared PNG of a transparent tile decodes to transparent pixels of its size.
    @Test func clearTileIsTransparent() throws {
        for (width, height) in [(64, 64), (12, 64), (64, 24), (12, 24)] {
            let image = try PNGDecoder.decodeStraight(try PNGEncoder.clearTile(width: width, height: height))
            #expect(image.width == width && image.height == height)
            #expect(image.pixels.allSatisfy { $0 == 0 })
            #expect(try PNGEncoder.clearTile(width: width, height: height) == PNGEncoder.clearTile(width: width, height: height))
        }
    }

    /// `isOpaque` against a pixel-by-pixel check, over every rectangle of a 7×3 bitmap (odd
    /// widths, odd offsets) with one translucent pixel at each place.
    @Test func isOpaqueAgreesWithEveryPixel() throws {
        for hole in 0..<21 {
            let bitmap = try Bitmap(width: 7, height: 3) { x, y in y * 7 + x == hole ? SIMD4(9, 9, 9, 254) : SIMD4(9, 9, 9, 255) }
            for y in 0..<3 {
                for x in 0..<7 {
                    for height in 1...(3 - y) {
                        for width in 1...(7 - x) {
                            let rect = PixelRect(x: x, y: y, width: width, height: height)
                            let covers = (x..<(x + width)).contains(hole % 7) && (y..<(y + height)).contains(hole / 7)
                            #expect(TileCodec.isOpaque(bitmap, rect: rect) == !covers, "hole \(hole), \(rect)")
                        }
                    }
                }
            }
        }
    }

    @Test func opaqueAndTranslucentTilesBothOccurMidDrag() throws {
        // Of the 7×14 tiles of 128 px, a fifth or more of each kind (21 and 77 at this fold).
        let (opaque, translucent) = try Self.tiles(of: try Self.foldedLayer())
        #expect(opaque.count >= 18 && translucent.count >= 18, "\(opaque.count) opaque, \(translucent.count) not")
    }

    /// JPEG at quality 80, 4:2:0: every opaque tile at 30 dB PSNR or better against the layer
    /// (text on flat fills; the worst measured 33.8 dB) and alpha 255 after decoding.
    @Test func jpegTilesDecodeCloseToTheLayer() throws {
        let layer = try Self.foldedLayer()
        var worst = Double.infinity
        for rect in try Self.tiles(of: layer).opaque {
            let decoded = try JPEGCodec.decode(try TileCodec.jpeg.encode(layer, rect: rect))
            #expect(decoded.width == rect.width && decoded.height == rect.height)
            #expect(stride(from: 3, to: decoded.pixels.count, by: 4).allSatisfy { decoded.pixels[$0] == 255 })
            worst = min(worst, Self.psnr(decoded, Self.straight(layer, rect)))
        }
        #expect(worst >= 30, "worst JPEG tile PSNR \(worst) dB")
    }

    /// Lossy WebP at quality 80 with a lossless alpha plane: alpha exact, colour at 28 dB PSNR
    /// or better where the pixel is visible (the worst measured 30.1 dB, a fold-edge tile), on
    /// opaque and translucent tiles alike.
    @Test func webpTilesKeepAlphaAndDecodeCloseToTheLayer() throws {
        let layer = try Self.foldedLayer()
        let (opaque, translucent) = try Self.tiles(of: layer)
        var worst = Double.infinity
        for rect in opaque.prefix(20) + translucent {
            let original = Self.straight(layer, rect)
            let decoded = try WebPCodec.decode(try TileCodec.webp.encode(layer, rect: rect))
            #expect(decoded.width == rect.width && decoded.height == rect.height)
            let alphaExact = stride(from: 3, to: decoded.pixels.count, by: 4).allSatisfy {
                decoded.pixels[$0] == original.pixels[$0]
            }
            #expect(alphaExact, "alpha of the tile at \(rect.x),\(rect.y)")
            worst = min(worst, Self.psnr(decoded, original))
        }
        #expect(worst >= 28, "worst WebP tile PSNR \(worst) dB")
    }

    /// PNG (unfiltered, as tiles are sent) is lossless: the straight pixels come back exactly.
    @Test func pngTilesAreExact() throws {
        let layer = try Self.foldedLayer()
        let (opaque, translucent) = try Self.tiles(of: layer)
        for rect in opaque.prefix(5) + translucent.prefix(20) {
            let decoded = try TileCodec.png.decode(try TileCodec.png.encode(layer, rect: rect))
            #expect(decoded == Self.straight(layer, rect))
        }
    }

    @Test func decodersRefuseOtherBytes() {
        let notAnImage: [UInt8] = Array("not an image".utf8)
        for codec in TileCodec.allCases {
            #expect(throws: MorphCairoError.self) { try codec.decode(notAnImage) }
        }
    }
}
