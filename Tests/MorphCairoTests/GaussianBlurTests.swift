import Foundation
import MorphKit
import Testing

@testable import MorphCairo

/// The shadow blur's box approximation against the exact Gaussian: a step edge's profile
/// against erfc, coverage kept, the box variance against σ², and the sampled kernel agreeing.
@Suite struct GaussianBlurTests {
    /// A plane that is 1 left of column `edge` and 0 from it on, `rows` rows high.
    func stepPlane(width: Int, rows: Int, edge: Int) -> [Float] {
        (0..<(width * rows)).map { $0 % width < edge ? 1 : 0 }
    }

    @Test(arguments: [3.0, 3.5, 5.0, 8.0, 16.0, 24.0, 48.0])
    func stepEdgeFollowsTheErfProfile(sigma: Double) throws {
        let blur = GaussianBlur(sigma: sigma)
        try #require(!blur.boxHalfWidths.isEmpty, "σ \(sigma) takes the box path")
        // Wide and tall enough that the middle row sees neither the plane's ends nor its top
        // and bottom: the 1-D profile of a half-plane.
        let reach = blur.radius, edge = 3 * reach + 4, width = 6 * reach + 8, rows = 2 * reach + 3
        let blurred = blur.apply(to: stepPlane(width: width, rows: rows, edge: edge), width: width, height: rows)
        let exact = blur.applyExact(to: stepPlane(width: width, rows: rows, edge: edge), width: width, height: rows)
        let middle = rows / 2
        var worstBox = 0.0, worstExact = 0.0
        for x in (edge - 2 * reach)..<(edge + 2 * reach) {
            // Pixel x covers [x, x+1); the half-plane ends at `edge`: alpha = Φ((edge − centre) / σ).
            let centre = Double(x) + 0.5
            let expected = erfc((centre - Double(edge)) / (sigma * 2.0.squareRoot())) / 2
            worstBox = max(worstBox, abs(Double(blurred[middle * width + x]) - expected) * 255)
            worstExact = max(worstExact, abs(Double(exact[middle * width + x]) - expected) * 255)
        }
        #expect(worstBox <= GaussianBlur.boxTolerance, "boxes: \(worstBox)/255 from erfc at σ \(sigma)")
        // The sampled kernel is the tighter oracle: within one 8-bit step.
        #expect(worstExact <= 1, "sampled kernel: \(worstExact)/255 from erfc at σ \(sigma)")
    }

    @Test(arguments: [3.0, 5.0, 16.0, 33.0])
    func boxesKeepCoverageAndVariance(sigma: Double) {
        let blur = GaussianBlur(sigma: sigma)
        var variance = 0.0
        for half in blur.boxHalfWidths {
            let width = 2 * half + 1
            variance += Double(width * width - 1) / 12
        }
        #expect(blur.boxHalfWidths.count == 3)
        #expect(abs(variance - sigma * sigma) <= 2 * sigma + 1, "box variance \(variance) for σ² \(sigma * sigma)")
        // One opaque pixel in the middle of a plane padded by the reach: all its mass stays.
        let side = 2 * blur.radius + 1
        var plane = [Float](repeating: 0, count: side * side)
        plane[side * blur.radius + blur.radius] = 1
        let blurred = blur.apply(to: plane, width: side, height: side)
        #expect(abs(blurred.reduce(0, +) - 1) < 1e-3)
        #expect(blurred[side * blur.radius + blur.radius] < 0.5, "the impulse spread")
    }

    /// A plane whose edges are known to be transparent is padded only by what its margins lack,
    /// with the same result: ink in a 40 × 30 box, a margin of the full reach on the left and
    /// below, a few pixels on the right, none on top (the ink touches the layer's edge there).
    @Test(arguments: [4.0, 16.0, 40.0])
    func clearMarginsOnlySkipPadding(sigma: Double) {
        let blur = GaussianBlur(sigma: sigma)
        let reach = blur.boxHalfWidths.reduce(0, +)
        let clear = GaussianBlur.ClearMargins(left: reach, top: 0, right: 3, bottom: reach + 5)
        let width = clear.left + 40 + clear.right, height = clear.top + 30 + clear.bottom
        var plane = [Float](repeating: 0, count: width * height)
        for y in 0..<30 {
            for x in 0..<40 { plane[(clear.top + y) * width + clear.left + x] = Float((x * 7 + y * 3) % 11) / 10 }
        }
        let padded = blur.apply(to: plane, width: width, height: height)
        let trimmed = blur.apply(to: plane, width: width, height: height, clear: clear)
        let worst = zip(padded, trimmed).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1e-5, "largest difference \(worst) at σ \(sigma)")
    }

    /// Any σ is safe: huge or infinite ones blur at `maxSigma` (a bounded reach and no
    /// sampled kernel of 6σ + 1 weights); NaN and negative ones leave the plane as it is.
    @Test(arguments: [2000.0, 1e6, 1e300, .infinity])
    func aHugeSigmaIsBounded(sigma: Double) {
        let blur = GaussianBlur(sigma: sigma)
        #expect(blur.sigma == GaussianBlur.maxSigma)
        #expect(blur.weights.isEmpty, "the box path builds no sampled kernel")
        #expect(blur.radius <= 3 * Int(GaussianBlur.maxSigma), "reach \(blur.radius)")
        var plane = [Float](repeating: 0, count: 9 * 9)
        plane[40] = 1
        let blurred = blur.apply(to: plane, width: 9, height: 9)
        #expect(blurred.count == 81 && blurred.allSatisfy { $0.isFinite && $0 >= 0 && $0 < 0.01 })
    }

    @Test(arguments: [Double.nan, -1, 0, -Double.infinity])
    func aMeaninglessSigmaDoesNotBlur(sigma: Double) {
        let plane: [Float] = [0, 0, 1, 0, 0]
        #expect(GaussianBlur(sigma: sigma).apply(to: plane, width: 5, height: 1) == plane)
    }

    /// The format's largest shadow at `morph render`'s largest scale is blurred as asked.
    @Test func theLargestShadowInTheFormatIsNotCapped() {
        let sigma = Shadow.gaussianStandardDeviation(radius: Shadow.maxRadius) * 4
        #expect(GaussianBlur(sigma: sigma).sigma == sigma && sigma == 256)
    }

    @Test func smallSigmaKeepsTheSampledKernel() {
        let blur = GaussianBlur(sigma: 2.5)
        #expect(blur.boxHalfWidths.isEmpty)
        let plane: [Float] = [0, 0, 0, 1, 0, 0, 0]
        #expect(blur.apply(to: plane, width: 7, height: 1) == blur.applyExact(to: plane, width: 7, height: 1))
    }
}
