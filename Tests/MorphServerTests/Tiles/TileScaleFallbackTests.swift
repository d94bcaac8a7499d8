import MorphCairo
import MorphKit
import MorphRaster
import Testing

@testable import MorphServer

/// The lowered-scale fallback: the policy's decisions from measured set costs, and a renderer
/// that sends a moving picture at half scale and the resting one at full scale, lossless.
@Suite struct TileScaleFallbackTests {
    @Test func policyLowersWhenFullScaleSetsCannotKeepUpAndReturnsWhenTheyCan() {
        var policy = TileScalePolicy(fullScale: 2)
        #expect(policy.loweredScale == 1)
        #expect(policy.scale(moving: true) == 2, "nothing measured yet: full scale")
        policy.record(milliseconds: 10, scale: 2)  // keeps up at 60 Hz
        #expect(policy.scale(moving: true) == 2)
        for _ in 0..<3 { policy.record(milliseconds: 40, scale: 2) }
        #expect(policy.scale(moving: true) == 1, "average \(policy.fullScaleMilliseconds ?? 0) ms")
        #expect(policy.scale(moving: false) == 2, "at rest: full scale")
        // Lowered sets of 5 ms count as 20 full-scale ms: still lowered.
        for _ in 0..<20 { policy.record(milliseconds: 5, scale: 1) }
        #expect(policy.scale(moving: true) == 1)
        // 14 full-scale ms is under the budget but not under the return margin: no flapping.
        for _ in 0..<20 { policy.record(milliseconds: 3.5, scale: 1) }
        #expect(policy.scale(moving: true) == 1)
        for _ in 0..<20 { policy.record(milliseconds: 2, scale: 1) }
        #expect(policy.scale(moving: true) == 2, "8 full-scale ms keeps up again")
    }

    @Test func modesOffAndAlwaysIgnoreTheMeasure() {
        var off = TileScalePolicy(fullScale: 3, mode: .off)
        for _ in 0..<5 { off.record(milliseconds: 500, scale: 3) }
        #expect(off.scale(moving: true) == 3)
        let always = TileScalePolicy(fullScale: 3, mode: .always)
        #expect(always.scale(moving: true) == 1 && always.scale(moving: false) == 3)
        #expect(TileScalePolicy(fullScale: 1, mode: .always).scale(moving: true) == 1)
    }

    /// Forced fallback: a moving set is the whole layer at 1x, flagged lowered in every tile
    /// header, equal to the layer rendered at 1x; the refining job at rest sends it again
    /// whole at 2x, all PNG, equal to the 2x render.
    @Test func forcedFallbackSendsHalfScaleWhileMovingAndFullScaleLosslessAtRest() throws {
        let renderer = try TileRenderer(scale: 2)
        var moving = try TileRefinementTests.job(1, dragX: 180, codec: .png)
        moving.scaleFallback = .always
        let lowered = try #require(try renderer.render(moving, skipped: 0))
        let list = try DisplayList(json: moving.list)
        let oneX = try #require(try DisplayListRenderer().renderEffectLayer(of: list, scale: 1)).bitmap
        #expect(lowered.scale == 1 && lowered.fullScale == 2 && lowered.isLowered && lowered.needsRefinement)
        #expect(lowered.layer?.grid.width == oneX.width && lowered.layer?.grid.height == oneX.height)
        // Lowered sets go in tiles twice as large: 2 × 4 for the 390 × 844 pt curtain at 1x.
        #expect(lowered.layer?.grid.tileSize == 2 * renderer.tileSize && lowered.parts.count == 8)
        #expect(try TileRefinementTests.assemble(lowered) == StraightImage(premultiplied: oneX))
        let header = try #require(TileHeader.decode(lowered.message(tile: 0, complete: true))).header
        #expect(header.scale == 1 && header.flags == TileHeader.completeFlag | TileHeader.loweredFlag)
        #expect(String(decoding: lowered.doneMessage(tiles: 1, lossy: 0), as: UTF8.self).contains("\"fullScale\":2"))

        var rest = moving
        rest.refine = true
        let full = try #require(try renderer.render(rest, skipped: 0))
        let twoX = try #require(try DisplayListRenderer().renderEffectLayer(of: list, scale: 2)).bitmap
        #expect(full.scale == 2 && !full.isLowered && !full.needsRefinement)
        #expect(full.codecs.allSatisfy { $0 == .png })
        #expect(full.tiles(after: lowered.version).count == full.parts.count, "the full-scale layer goes out whole")
        #expect(try TileRefinementTests.assemble(full) == StraightImage(premultiplied: twoX))
        // Rested and refined: the same job again sends nothing.
        #expect(try renderer.render(rest, skipped: 0) == nil)
        let fullHeader = try #require(TileHeader.decode(full.message(tile: 0, complete: true))).header
        #expect(fullHeader.scale == 2 && fullHeader.flags & TileHeader.loweredFlag == 0)
    }

    /// A viewer drawing too slowly for full scale: a fold that stops (the component's resting
    /// frame) stays lowered and lossy, so a pause in a drag costs it no full-scale layer; the
    /// refining job (once the longer rest delay ran out) brings full scale, lossless. Without
    /// such a viewer the same frame is full scale at once.
    @Test func aSlowViewersStoppedFoldWaitsForTheRefiningJobForFullScale() throws {
        func job(_ sequence: Int, dragX: Double, behind: Bool, atRest: Bool = false) throws -> TileJob {
            var job = try TileRefinementTests.job(sequence, dragX: dragX, codec: .jpeg)
            job.scaleFallback = .auto
            job.viewerBehind = behind
            job.atRest = atRest
            return job
        }
        let renderer = try TileRenderer(scale: 2)
        #expect(try #require(try renderer.render(try job(1, dragX: 180, behind: true), skipped: 0)).isLowered)
        let stopped = try job(2, dragX: 150, behind: true, atRest: true)
        let held = try #require(try renderer.render(stopped, skipped: 0))
        #expect(held.isLowered && held.needsRefinement)
        var refining = stopped
        refining.refine = true
        let full = try #require(try renderer.render(refining, skipped: 0))
        #expect(full.scale == 2 && !full.needsRefinement && full.codecs.allSatisfy { $0 == .png })

        let keepingUp = try TileRenderer(scale: 2)
        _ = try keepingUp.render(try job(1, dragX: 180, behind: false), skipped: 0)
        let atOnce = try #require(try keepingUp.render(try job(2, dragX: 150, behind: false, atRest: true), skipped: 0))
        #expect(atOnce.scale == 2 && !atOnce.needsRefinement)
    }

    /// The full-scale picture of a slow viewer's stream draws the lowered unfolded layer too, so
    /// the first moving set after it does not pay for drawing the layer through cairo.
    @Test func aSlowViewersFullScalePictureDrawsTheLoweredLayerAhead() throws {
        let renderer = try TileRenderer(scale: 2)
        var first = try TileRefinementTests.job(1, dragX: 180, codec: .jpeg)
        first.scaleFallback = .auto
        #expect(try #require(try renderer.render(first, skipped: 0)).scale == 2)
        #expect(renderer.contentRenders == 1)
        var resting = first
        resting.refine = true
        resting.viewerBehind = true
        _ = try renderer.render(resting, skipped: 0)
        #expect(renderer.contentRenders == 2, "the 1x layer, drawn with the resting 2x picture")
        var moving = try TileRefinementTests.job(2, dragX: 120, codec: .jpeg)
        moving.scaleFallback = .auto
        moving.viewerBehind = true
        #expect(try #require(try renderer.render(moving, skipped: 0)).isLowered)
        #expect(renderer.contentRenders == 2)
    }

    /// A refining job whose fold moved (the rest delay ran out between late frames) is motion:
    /// it stays lowered and still needs refining; the same frame again, resting, restores 2x.
    @Test func refiningJobWithAMovingFoldStaysLowered() throws {
        let renderer = try TileRenderer(scale: 2)
        var first = try TileRefinementTests.job(1, dragX: 180, codec: .jpeg)
        first.scaleFallback = .always
        #expect(try #require(try renderer.render(first, skipped: 0)).isLowered)
        var late = try TileRefinementTests.job(2, dragX: 150, codec: .jpeg)
        late.scaleFallback = .always
        late.refine = true
        let moved = try #require(try renderer.render(late, skipped: 0))
        #expect(moved.isLowered && moved.needsRefinement)
        let rested = try #require(try renderer.render(late, skipped: 0))
        #expect(rested.scale == 2 && !rested.isLowered && !rested.needsRefinement)
    }
}
