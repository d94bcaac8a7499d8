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
        let sigma = Shadow.gaussianStandardDeviation(radius: radius) * Double(scale)  // device pixels
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
    /// 1e300 and infinity draw what σ = 256 draws (radius 256 at scale 1).
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
        let capped = try renderer().render(list(GaussianBlur.maxSigma), scale: 1)
        #expect(try renderer().render(list(radius), scale: 1) == capped)
        // σ = 256 spreads a 40 pt square's shadow thin: a few levels of grey at most.
        #expect(capped[5, 5].x >= 248 && capped[60, 40].x == 0)
    }

    /// σ = radius, measured: the 16 %–84 % width of a blurred straight edge is 2σ (Φ(±1)), so a
    /// radius-8 shadow at scale 2 (σ = 16 px) spreads over 32 px, within ±1.5 px (the box
    /// passes' ±3/255 at Φ's slope there is under 0.8 px a side); σ = radius / 2 would give 16.
    @Test(arguments: [(radius: 8.0, scale: 2), (radius: 3.0, scale: 1), (radius: 20.0, scale: 1)])
    func edgeWidthIsTwiceTheRadius(radius: Double, scale: Int) throws {
        let edge = 100.0
        let rect = Path(rect: Rect(x: -100, y: -100, width: edge + 100, height: 500))
        let list = DisplayList(
            component: .curtain, size: Size(width: 100 + 5 * radius, height: 200), background: .white,
            ops: [
                .push(.init(id: "card", shadow: Shadow(color: .black, radius: radius, offset: Point(x: 0, y: 0)))),
                .fill(.init(id: "r", path: rect, paint: .solid(.white))), .pop,
            ])
        // The content is white on white: only the shadow shows, to the right of x = 100 pt, and
        // the part of it under the content is hidden, so read the outer half and mirror it:
        // darkness d(x) = Φ((edge − x) / σ) outside; 84 % sits at the edge's mirror of 16 %.
        let bitmap = try renderer().render(list, scale: scale)
        let row = bitmap.height / 2
        let darkness = (0..<bitmap.width).map { 1 - Double(bitmap[$0, row].x) / 255 }
        let start = Int(edge) * scale
        // Outside the content the profile falls from 0.5 at the edge: find where it is 0.16.
        var crossing: Double?
        for x in start..<(bitmap.width - 1) where darkness[x] >= 0.16 && darkness[x + 1] < 0.16 {
            let fraction = (darkness[x] - 0.16) / (darkness[x] - darkness[x + 1])
            crossing = Double(x) + 0.5 + fraction
            break
        }
        let outer = try #require(crossing) - edge * Double(scale)
        let width = 2 * outer  // 16 % to 84 %: symmetric about the edge
        let sigma = Shadow.gaussianStandardDeviation(radius: radius) * Double(scale)
        #expect(abs(width - 2 * sigma) <= 1.5, "16–84 % width \(width) px for σ \(sigma) px")
        #expect(abs(darkness[start] - 0.5) <= 0.05 + 0.5 / sigma, "half dark at the edge: \(darkness[start])")
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
