import Foundation
import MorphCairo
import MorphKit
import MorphRaster
import MorphTestSupport
import Testing

@testable import MorphServer

/// Mixed tiles whose pixels that are not opaque form a band of columns at one side: the
/// opaque columns go out as JPEG and only the band as PNG (`TileEncoder.split`).
@Suite struct TileSplitTests {
    /// A 64 × 64 layer, opaque grey but for `translucent` columns at alpha 200 and `clear` ones at 0.
    static func tile(translucent: [Int] = [], clear: [Int] = []) throws -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for y in 0..<64 {
            for x in 0..<64 {
                let alpha: UInt8 = clear.contains(x) ? 0 : translucent.contains(x) ? 200 : 255
                let grey = UInt8(Int(alpha) * (100 + x) / 255)
                pixels.replaceSubrange(((y * 64 + x) * 4)..<((y * 64 + x + 1) * 4), with: [grey, grey, grey, alpha])
            }
        }
        return try Bitmap(width: 64, height: 64, pixels: pixels)
    }

    static let whole = PixelRect(x: 0, y: 0, width: 64, height: 64)

    static func columns(_ range: Range<Int>) -> PixelRect {
        PixelRect(x: range.lowerBound, y: 0, width: range.count, height: 64)
    }

    @Test func aBandAtEitherSideSplitsOffTheOpaqueColumns() throws {
        // The layer's left edge: 4 translucent columns.
        let left = try #require(TileEncoder.split(Self.whole, of: try Self.tile(translucent: [0, 1, 2, 3])))
        #expect(left.opaque == Self.columns(4..<64) && left.band == Self.columns(0..<4))
        // The fold's edge: translucent, then transparent, to the right; an opaque column inside
        // the band stays in it.
        let fold = try #require(
            TileEncoder.split(Self.whole, of: try Self.tile(translucent: [40, 42], clear: Array(43..<64))))
        #expect(fold.opaque == Self.columns(0..<40) && fold.band == Self.columns(40..<64))
    }

    @Test func otherMixedTilesStayWhole() throws {
        // Not opaque at both sides, or only in the middle: no single band.
        #expect(TileEncoder.split(Self.whole, of: try Self.tile(translucent: [0, 63])) == nil)
        #expect(TileEncoder.split(Self.whole, of: try Self.tile(translucent: [30, 31])) == nil)
        // Too few opaque columns left for a JPEG part of their own.
        let narrow = Array(0..<(64 - TileEncoder.minimumOpaqueColumns + 1))
        #expect(TileEncoder.split(Self.whole, of: try Self.tile(translucent: narrow)) == nil)
        #expect(TileEncoder.split(Self.whole, of: try Self.tile()) == nil)
    }

    /// On a real mid-drag layer (2x): the split tiles' parts are disjoint and cover the tile,
    /// the band is exactly the layer's straight pixels, the JPEG part at 28 dB PSNR or better
    /// (whole opaque JPEG tiles are held to 30 dB in `TileCodecTests`; the left edge's parts
    /// hold the start of every text line, the worst measured 29.0 dB); at rest every tile is one PNG.
    @Test func splitTilesOfAFoldedLayerCarryItsPixels() throws {
        let list = try SeedScenes(.curtain).scene(drag: Point(x: 180, y: 420), isRevealed: false, time: 5).displayList()
        let layer = try #require(try DisplayListRenderer().renderEffectLayer(of: list, scale: 2)).bitmap
        let grid = try TileGrid(covering: layer)
        let rects = (0..<grid.count).map(grid.rect(ofTile:))
        let moving = try TileEncoder.encode(layer, tiles: rects, dirtyCount: rects.count, requested: .jpeg)
        var splitTiles = 0, leftEdge = 0
        for (rect, parts) in zip(rects, moving) where parts.count == 2 {
            splitTiles += 1
            let (opaque, band) = (parts[0], parts[1])
            #expect(opaque.codec == .jpeg && band.codec == .png)
            #expect(opaque.rect.y == rect.y && band.rect.y == rect.y && opaque.rect.height == rect.height)
            #expect(opaque.rect.width + band.rect.width == rect.width)
            #expect(
                opaque.rect.x == rect.x + band.rect.width && band.rect.x == rect.x
                    || band.rect.x == rect.x + opaque.rect.width && opaque.rect.x == rect.x)
            #expect(TileCodec.coverage(of: layer, rect: opaque.rect) == .opaque)
            leftEdge += rect.x == 0 && band.rect.x == 0 ? 1 : 0
            #expect(try band.codec.decode(band.bytes) == StraightImage(premultiplied: layer, rect: band.rect))
            let decoded = try opaque.codec.decode(opaque.bytes)
            #expect(decoded.width == opaque.rect.width && decoded.height == opaque.rect.height)
            let psnr = TileSplitTests.psnr(decoded, StraightImage(premultiplied: layer, rect: opaque.rect))
            #expect(psnr >= 28, "tile at \(rect.x),\(rect.y): \(psnr) dB")
        }
        // Every row of tiles has the left edge's 4 translucent columns.
        #expect(leftEdge == grid.rows, "\(leftEdge) left-edge tiles split of \(grid.rows)")
        #expect(splitTiles > grid.rows)
        let resting = try TileEncoder.encode(layer, tiles: rects, dirtyCount: rects.count, requested: .png)
        #expect(resting.allSatisfy { $0.count == 1 && $0[0].codec == .png })
    }

    /// A viewer is sent each part as its own message, with the part's rectangle, and
    /// `tiles-done` counts the messages.
    @Test func eachPartIsOneMessage() throws {
        let renderer = try TileRenderer(scale: 2)
        let list = try SeedScenes(.curtain).scene(drag: Point(x: 180, y: 420), isRevealed: false, time: 5).displayList()
        let job = TileJob(session: "s", sequence: 1, serverTime: 0, list: try list.canonicalJSON(), codec: .jpeg)
        let snapshot = try #require(try renderer.render(job, skipped: 0))
        let subscription = TileSubscription(scale: 2)
        subscription.pending.offer(snapshot)
        let (headers, done) = TileStreamTests.drain(subscription)
        let parts = Array(snapshot.parts.joined())
        #expect(parts.count > snapshot.parts.count, "some tiles split")
        #expect(headers.count == parts.count && done?["tiles"]?.numberValue == Double(parts.count))
        #expect(done?["lossy"]?.numberValue == Double(parts.filter { $0.codec.isLossy }.count))
        for (header, part) in zip(headers, parts) {
            #expect(
                PixelRect(x: Int(header.x), y: Int(header.y), width: Int(header.width), height: Int(header.height))
                    == part.rect)
            #expect(header.codec == part.codec && header.flags & TileHeader.completeFlag != 0)
        }
    }

    /// Peak signal-to-noise ratio over the colour channels, in dB (every pixel here is opaque).
    static func psnr(_ decoded: StraightImage, _ original: StraightImage) -> Double {
        var squared = 0.0
        for index in original.pixels.indices where index % 4 != 3 {
            let difference = Double(decoded.pixels[index]) - Double(original.pixels[index])
            squared += difference * difference
        }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(original.pixels.count / 4 * 3)))
    }
}
