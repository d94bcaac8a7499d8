import Foundation
import MorphKit
import Testing

@testable import MorphRaster

/// A layer's blur prepass done once (`CurtainPreparedLayer`) stands in for the per-frame ring:
/// the fast path's output must be the same bytes, for every variant, drag and worker count.
@Suite struct CurtainPreparedLayerTests {
    static let drags = [Point(x: 60, y: 100), Point(x: 20, y: 10), Point(x: 110, y: 199), Point(x: 5, y: -40)]

    @Test(arguments: CurtainKernel.Variant.allCases, [1, 2])
    func preparedRowsGiveTheSameBytesAsTheRing(variant: CurtainKernel.Variant, workers: Int) throws {
        let layer = try TestLayers.pattern(width: 120, height: 200, scale: 2, seed: 11)
        let prepared = try #require(CurtainPreparedLayer(layer: layer, variant: variant))
        let workspace = CurtainWorkspace()
        var output = layer
        for drag in Self.drags {
            let kernel = CurtainKernel(bounds: layer.pointSize, drag: drag, folds: 4)
            kernel.apply(
                to: layer, into: &output, workspace: workspace, prepared: prepared, concurrency: workers, variant: variant)
            let ring = kernel.apply(to: layer, concurrency: workers, variant: variant)
            #expect(output == ring, "drag \(drag)")
            #expect(output.pixels.contains { $0 != 0 } && output != layer)
        }
    }

    /// Content changing under the fold (the timer's text): `update` prepares the rows that
    /// differ, and the result equals rows prepared afresh from the new layer.
    @Test func updateFollowsChangedRows() throws {
        let layer = try TestLayers.pattern(width: 120, height: 200, scale: 2, seed: 11)
        let prepared = try #require(CurtainPreparedLayer(layer: layer))
        var changed = layer.pixels
        for x in 40..<80 { changed.replaceSubrange(((150 * 240 + x) * 4)..<((150 * 240 + x + 1) * 4), with: [9, 9, 9, 255]) }
        let newLayer = try Bitmap(width: 240, height: 400, scale: 2, pixels: changed)
        #expect(prepared.update(to: newLayer))
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: Point(x: 70, y: 80), folds: 4)
        var output = newLayer
        kernel.apply(to: newLayer, into: &output, workspace: CurtainWorkspace(), prepared: prepared)
        #expect(output == kernel.apply(to: newLayer))
        #expect(output != kernel.apply(to: layer), "the change shows through the fold")
        // Another size: not followed; a different layer of the same size is never read blindly.
        #expect(!prepared.update(to: try TestLayers.pattern(width: 100, height: 200, scale: 2, seed: 11)))
        let other = try TestLayers.pattern(width: 120, height: 200, scale: 2, seed: 12)
        kernel.apply(to: other, into: &output, workspace: CurtainWorkspace(), prepared: prepared)
        #expect(output == kernel.apply(to: other))
    }

    @Test func layersOverTheLimitAreNotPrepared() throws {
        let side = Int(Double(CurtainPreparedLayer.maxPixels).squareRoot()) + 1
        #expect(CurtainPreparedLayer(layer: try Bitmap(width: side, height: side)) == nil)
        #expect(CurtainPreparedLayer(layer: try Bitmap(width: 8, height: 8)) != nil)
    }
}
