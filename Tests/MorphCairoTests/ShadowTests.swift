import Foundation
import MorphKit
import MorphRaster
import Testing

@testable import MorphCairo

/// A shadow's edge against the analytic Gaussian: a black half-plane blurred with standard
/// deviation σ has alpha Φ((edge − x) / σ) = erfc((x − edge) / (σ√2)) / 2 at distance x − edge
/// outside it. Tolerance ±3/255.
@Suite struct ShadowTests {
    @Test(arguments: [(radius: 16.0, scale: 2), (radius: 6.0, scale: 3), (radius: 24.0, scale: 1)])
    func edgeProfileIsGaussian(radius: Double, scale: Int) throws {
        // A tall black rect whose right edge is at x = 100; its shadow is moved 6 pt right.
        // Beneath the content only the shadow shows, to the right of the rect.
        let offset = 6.0, edge = 100.0
        let rect = Path(rect: Rect(x: 20, y: -50, width: edge - 20, height: 500))
        let shadow = Shadow(color: .black, radius: radius, offset: Point(x: offset, y: 0))
        let list = DisplayList(
            component: .curtain, size: Size(width: 220, height: 400), background: .white,
            ops: [.push(.init(id: "card", shadow: shadow)), .fill(.init(id: "r", path: rect, paint: .solid(.black))), .pop])
        let bitmap = try renderer().render(list, scale: scale)
        let sigma = radius / 2 * Double(scale)  // device pixels
        let shadowEdge = (edge + offset) * Double(scale)
        let row = bitmap.height / 2
        var worst = 0
        var checked = 0
        for x in Int(edge) * scale..<bitmap.width {
            let centre = Double(x) + 0.5
            let alpha = erfc((centre - shadowEdge) / (sigma * 2.0.squareRoot())) / 2
            let expected = Int((255 * (1 - alpha)).rounded())
            let actual = bitmap[x, row]
            worst = max(worst, abs(Int(actual.x) - expected))
            #expect(actual.x == actual.y && actual.y == actual.z && actual.w == 255)
            checked += 1
        }
        #expect(checked > 0)
        #expect(worst <= 3, "largest difference \(worst)/255 over \(checked) pixels")
        // The profile is visible: half-dark right at the shifted edge.
        let atEdge = Int(bitmap[Int(shadowEdge), row].x)
        #expect(abs(atEdge - 128) <= 8)
    }

    /// A radius past the format's maximum in a list built in code (or a transform that magnifies
    /// a shadow) blurs at `GaussianBlur.maxSigma` instead of allocating without bound: 1e6,
    /// 1e300 and infinity draw what σ = 128 draws (radius 256 at scale 1).
    @Test(arguments: [1e6, 1e300, Double.infinity])
    func aHugeRadiusBlursAtTheLargestSigma(radius: Double) throws {
        func list(_ radius: Double) -> DisplayList {
            DisplayList(
                component: .curtain, size: Size(width: 120, height: 80), background: .white,
                ops: [
                    .push(.init(id: "card", shadow: Shadow(color: .black, radius: radius))),
                    .fill(.init(id: "r", path: Path(rect: Rect(x: 40, y: 20, width: 40, height: 40)), paint: .solid(.black))),
                    .pop,
                ])
        }
        let capped = try renderer().render(list(2 * GaussianBlur.maxSigma), scale: 1)
        #expect(try renderer().render(list(radius), scale: 1) == capped)
        // σ = 128 spreads a 40 pt square's shadow thin: a few levels of grey at most.
        #expect(capped[5, 5].x >= 248 && capped[60, 40].x == 0)
    }

    @Test func silhouetteIsClippedAndTinted() throws {
        // The clip cuts the content to a 20 pt square, and the shadow follows the clipped
        // shape, in the shadow colour, at the group's opacity.
        let shadow = Shadow(color: RGBAColor(red: 0, green: 0, blue: 1), radius: 0.01, offset: Point(x: 40, y: 0))
        let group = DisplayList.Group(
            id: "g", opacity: 0.5, clip: Path(rect: Rect(x: 10, y: 10, width: 20, height: 20)), shadow: shadow)
        let list = DisplayList(
            component: .curtain, size: Size(width: 100, height: 60), background: .white,
            ops: [
                .push(group),
                .fill(.init(id: "r", path: Path(rect: Rect(x: 0, y: 0, width: 60, height: 60)), paint: .solid(.black))), .pop,
            ])
        let bitmap = try renderer().render(list, scale: 1)
        #expect(distance(pixel(bitmap, atPoint: 60, 20), RGBAColor(red: 0.5, green: 0.5, blue: 1)) <= 1)  // shadow
        #expect(distance(pixel(bitmap, atPoint: 20, 20), RGBAColor(white: 0.5)) <= 1)  // content at 50%
        #expect(distance(pixel(bitmap, atPoint: 35, 20), .white) == 0)  // clipped away, no shadow
        #expect(distance(pixel(bitmap, atPoint: 60, 40), .white) == 0)  // below the clipped silhouette
    }
}
