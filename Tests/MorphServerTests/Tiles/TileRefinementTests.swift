import MorphCairo
import MorphKit
import MorphRaster
import MorphTestSupport
import Testing

@testable import MorphServer

/// Lossy tiles while the curtain moves, PNG once it rests: in the renderer (the core's side is
/// `TileRestTests`).
@Suite struct TileRefinementTests {
    /// The curtain at 2x folded at `dragX`, as frame `sequence`, asking for `codec`.
    static func job(_ sequence: Int, dragX: Double, codec: TileCodec, refine: Bool = false) throws -> TileJob {
        let list = try SeedScenes(.curtain).scene(drag: Point(x: dragX, y: 420), isRevealed: false, time: 5).displayList()
        return TileJob(
            session: "s", sequence: sequence, serverTime: 0, list: try list.canonicalJSON(), codec: codec, refine: refine)
    }

    /// The layer the tiles show, assembled from a snapshot's tile parts by each part's own
    /// decoder, as the page draws them (each part at its rectangle).
    static func assemble(_ snapshot: TileSnapshot) throws -> StraightImage {
        let grid = try #require(snapshot.layer?.grid)
        var pixels = [UInt8](repeating: 0, count: grid.width * grid.height * 4)
        for part in snapshot.parts.joined() {
            let rect = part.rect
            let tile = try part.codec.decode(part.bytes)
            #expect(tile.width == rect.width && tile.height == rect.height)
            for row in 0..<rect.height {
                let target = ((rect.y + row) * grid.width + rect.x) * 4
                pixels[target..<(target + rect.width * 4)] = tile.pixels[(row * rect.width * 4)..<((row + 1) * rect.width * 4)]
            }
        }
        return StraightImage(width: grid.width, height: grid.height, pixels: pixels)
    }

    @Test(arguments: [TileCodec.jpeg, .webp])
    func aMovingSetIsLossyAndItsRefinementIsTheLosslessLayer(codec: TileCodec) throws {
        let renderer = try TileRenderer(scale: 2)
        let moving = try Self.job(1, dragX: 180, codec: codec)
        let lossy = try #require(try renderer.render(moving, skipped: 0))
        let layer = try #require(
            try DisplayListRenderer().renderEffectLayer(of: try DisplayList(json: moving.list), scale: 2)
        ).bitmap
        let grid = try #require(lossy.layer?.grid)
        // JPEG only where every pixel is opaque (a mixed tile split into opaque columns and a
        // band is JPEG too); WebP everywhere else but transparent tiles, which are one shared PNG.
        var clearTiles = 0
        for index in 0..<grid.count {
            let rect = grid.rect(ofTile: index)
            let coverage = TileCodec.coverage(of: layer, rect: rect)
            clearTiles += coverage == .clear ? 1 : 0
            let splits = codec == .jpeg && coverage == .mixed && TileEncoder.split(rect, of: layer) != nil
            let expected: TileCodec =
                coverage == .clear ? .png : codec == .webp || coverage == .opaque || splits ? codec : .png
            #expect(lossy.codecs[index] == expected, "tile \(index)")
            #expect(lossy.parts[index].count == (splits ? 2 : 1), "tile \(index)")
        }
        #expect(lossy.lossyTileCount > 0 && clearTiles > 0, "\(clearTiles) transparent tiles")
        // A refining job whose frame moved the fold is motion: its changed tiles are lossy.
        let stillMoving = try #require(
            try renderer.render(try Self.job(2, dragX: 170, codec: codec, refine: true), skipped: 0))
        #expect(stillMoving.tiles(after: lossy.version).contains { stillMoving.codecs[$0] == codec })
        let back = try #require(try renderer.render(try Self.job(3, dragX: 180, codec: codec), skipped: 0))
        // At rest, the same frame refining: no kernel, exactly the lossy tiles again, all PNG.
        let rest = try Self.job(3, dragX: 180, codec: codec, refine: true)
        let refined = try #require(try renderer.render(rest, skipped: 0))
        #expect(refined.lossyTileCount == 0 && refined.codecs.allSatisfy { $0 == .png })
        #expect(refined.timings.kernel == 0 && refined.timings.content == 0)
        let resent = Set(refined.tiles(after: back.version))
        #expect(resent == Set((0..<grid.count).filter { back.codecs[$0].isLossy }))
        // The refined tiles are the lossless layer: straight pixels equal to it exactly.
        let assembled = try Self.assemble(refined)
        let equal = assembled == StraightImage(premultiplied: layer)
        #expect(equal, "the refined tiles equal the lossless render")
        // Nothing left to refine: the same job again sends nothing.
        #expect(try renderer.render(rest, skipped: 0) == nil)
    }

    @Test func aSetOfFewChangedTilesIsPNGEvenWhileMoving() throws {
        let renderer = try TileRenderer(scale: 2)
        _ = try renderer.render(try Self.job(1, dragX: 180, codec: .jpeg), skipped: 0)
        // The same fold, one frame later, with nothing moved: the picture rests, so its lossy
        // tiles go out again as PNG; a frame after that, nothing is left to send.
        #expect(try #require(try renderer.render(try Self.job(2, dragX: 180, codec: .jpeg), skipped: 0)).lossyTileCount == 0)
        #expect(try renderer.render(try Self.job(3, dragX: 180, codec: .jpeg), skipped: 0) == nil)
        // A tiny drag changes a few tiles only: PNG, nothing lossy among them.
        let nudged = try #require(try renderer.render(try Self.job(4, dragX: 180.25, codec: .jpeg), skipped: 0))
        let changed = nudged.tiles(after: nudged.version - 1)
        if changed.count <= TileEncoder.losslessDirtyLimit {
            #expect(changed.allSatisfy { nudged.codecs[$0] == .png })
        } else {
            #expect(changed.contains { nudged.codecs[$0] == .jpeg })
        }
    }

    @Test func pngMotionCodecNeverRefines() throws {
        let harness = CoreHarness { $0.tileCodec = .png }
        let (id, _) = harness.openSession("curtain")
        harness.tickNow()
        harness.send(id, #"{"type":"tiles","enabled":true,"scale":1}"#)
        harness.runTileWork()
        harness.send(id, #"{"type":"input","event":{"kind":"pointerDown","pointer":1,"x":370,"y":422}}"#)
        harness.clock.advance(by: 0.05)
        harness.send(id, #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":200,"y":422}}"#)
        harness.tickNow()
        harness.runTileWork()
        #expect(harness.messages(id).last { $0.type == "tiles-done" }?["lossy"]?.numberValue == 0)
        harness.advance(by: 2)
        harness.runTileWork()
        #expect(harness.messages(id).allSatisfy { $0["lossy"]?.numberValue ?? 0 == 0 })
    }
}
