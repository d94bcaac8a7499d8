import Foundation
import MorphKit
import MorphRasterKernel
import MorphTestSupport
import Testing

@testable import MorphRaster

/// Where the seed's maths breaks, the kernel's documented result.
@Suite struct CurtainDegenerateTests {
    @Test func effectOffWhenTheDragSitsOnTheTrailingEdge() throws {
        let layer = try TestLayers.pattern(width: 80, height: 60, scale: 2, seed: 11)
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: Point(x: 80, y: 0), folds: 4)
        #expect(!kernel.isEnabled)
        #expect(kernel.apply(to: layer) == layer)
        #expect(kernel.referenceApply(to: layer) == layer)
        // One point in, the effect runs and changes the frame.
        let on = CurtainKernel(bounds: layer.pointSize, drag: Point(x: 79, y: 0), folds: 4)
        #expect(on.isEnabled)
        #expect(on.apply(to: layer) != layer)
    }

    @Test func unusableInputsLeaveTheLayerUnchanged() throws {
        let layer = try TestLayers.pattern(width: 40, height: 30, scale: 1, seed: 2)
        for kernel in [
            CurtainKernel(bounds: layer.pointSize, drag: Point(x: .nan, y: 3), folds: 4),
            CurtainKernel(bounds: layer.pointSize, drag: Point(x: 30, y: .infinity), folds: 4),
            CurtainKernel(bounds: Size(width: 0, height: 30), drag: Point(x: 30, y: 3), folds: 4),
            CurtainKernel(bounds: Size(width: 40, height: -1), drag: Point(x: 30, y: 3), folds: 4),
        ] {
            #expect(!kernel.isEnabled)
            #expect(kernel.apply(to: layer) == layer)
            #expect(kernel.referenceApply(to: layer) == layer)
        }
    }

    @Test func hostFloorIsIdempotentAndFoldsCountAtLeastOne() {
        let raw = CurtainKernel(bounds: Size(width: 390, height: 844), drag: Point(x: 3, y: 40), folds: 0)
        let floored = CurtainKernel(
            effect: CurtainEffect(
                bounds: Rect(x: 0, y: 0, width: 390, height: 844),
                rawDrag: Point(x: 3, y: 40), folds: 1))
        #expect(raw.drag == Point(x: 20, y: 40))
        #expect(raw == floored)
    }

    @Test func fullyOpenIsTransparent() throws {
        // Only reachable without the host floor: drag.x ≤ 0 makes uniformReveal exactly 1.
        let layer = try TestLayers.pattern(width: 50, height: 40, scale: 2, seed: 5)
        let kernel = CurtainKernel(bounds: layer.pointSize, flooredDrag: Point(x: 0, y: 20), folds: 4)
        #expect(kernel.shading(at: SIMD2(10, 10)) == nil)
        #expect(kernel.apply(to: layer).pixels.allSatisfy { $0 == 0 })
        #expect(kernel.referenceApply(to: layer).pixels.allSatisfy { $0 == 0 })
    }

    @Test func compressionNearOneRunsTheSampleOffTheLayer() throws {
        // uniformReveal = 1 - 1e-7: compression a hair below 1, sample points ~10⁷ widths away.
        let layer = try TestLayers.pattern(width: 50, height: 40, scale: 1, seed: 6)
        let kernel = CurtainKernel(bounds: layer.pointSize, flooredDrag: Point(x: 5e-6, y: 20), folds: 4)
        let shading = try #require(kernel.shading(at: SIMD2(0.5, 20.5)))
        #expect(shading.compression < 1 && shading.compression > 0.999)
        #expect(shading.sample.x.isFinite && shading.sample.y.isFinite)
        #expect(kernel.referenceColor(at: SIMD2(25.5, 20.5), in: layer) == .zero)
        #expect(kernel.apply(to: layer) == kernel.referenceApply(to: layer))
    }

    @Test func quantizeClampsEachChannelAndMapsNaNToZero() {
        #expect(quantize(SIMD4(-3, 300, .nan, 127.5)) == SIMD4(0, 255, 0, 128))
        #expect(quantize(SIMD4(.infinity, -.infinity, 0.49, 254.6)) == SIMD4(255, 0, 0, 255))
    }

    /// The fast path's vector quantizer gives the same bytes as `quantize` on every half step from -2 to 258 (ties included), just below each, and the odd values.
    @Test func vectorQuantizeEqualsScalarQuantize() {
        var values: [Float] = [.nan, .infinity, -.infinity, -0.0, 0.4999999, 254.5, 254.49998, 255.00002, 1e30, -1e30]
        for step in -4...516 {
            let value = Float(step) / 2
            values += [value, value.nextDown, value.nextUp]
        }
        var checked = 0
        for (index, value) in values.enumerated() {
            let lanes = SIMD4(value, values[(index + 7) % values.count], values[(index + 13) % values.count], 127.5)
            #expect(CurtainRows.quantizeLanes(lanes) == quantize(lanes), "\(lanes)")
            checked += 1
        }
        #expect(checked > 1500)
        #expect(CurtainRows.quantizeLanes(SIMD4(1, 2.5, 3.49, 400)) == SIMD4(1, 3, 3, 255))
    }

    @Test func randomParametersNeverProduceNaN() throws {
        try withEverySeed(100..<140) { seed, generator in
            let width = Double.random(in: 1...500, using: &generator)
            let height = Double.random(in: 1...1000, using: &generator)
            // Some drags unfloored, so the kernel's own guards are exercised too.
            let drag = Point(
                x: Double.random(in: -100...(width + 100), using: &generator),
                y: Double.random(in: -2 * height...(3 * height), using: &generator))
            let folds = Int.random(in: -2...12, using: &generator)
            let kernel =
                Bool.random(using: &generator)
                ? CurtainKernel(bounds: Size(width: width, height: height), drag: drag, folds: folds)
                : CurtainKernel(bounds: Size(width: width, height: height), flooredDrag: drag, folds: folds)
            let layer = try Bitmap(width: 8, height: 8, fill: SIMD4(200, 100, 50, 255))
            for _ in 0..<200 {
                let position = SIMD2<Float>(
                    Float.random(in: 0...Float(width), using: &generator),
                    Float.random(in: 0...Float(height), using: &generator))
                let colour = kernel.referenceColor(at: position, in: layer)
                #expect(
                    !colour.x.isNaN && !colour.y.isNaN && !colour.z.isNaN && !colour.w.isNaN,
                    "seed \(seed): NaN at \(position)")
                if let shading = kernel.shading(at: position) {
                    #expect(shading.compression >= 0 && shading.compression < 1, "seed \(seed)")
                }
            }
        }
    }
}
