/// A drop shadow with SwiftUI `.shadow(color:radius:x:y:)` semantics: the group's silhouette
/// blurred by a Gaussian of standard deviation `gaussianStandardDeviation(radius:)` (equal to
/// the radius), tinted and offset.
///
/// Kept as the seed's three numbers rather than a pre-blurred image, because the container's
/// shadow animates all three together and every renderer can blur.
public struct Shadow: Hashable, Sendable {
    /// The shadow's colour (its alpha is the shadow's opacity).
    public var color: RGBAColor
    /// Blur radius in points, as SwiftUI's `.shadow(radius:)`.
    public var radius: Double
    /// Offset of the shadow from the content, in points.
    public var offset: Point

    /// A shadow; unshifted unless told otherwise.
    public init(color: RGBAColor, radius: Double, offset: Point = .zero) {
        self.color = color
        self.radius = radius
        self.offset = offset
    }

    /// The largest blur radius, in points, a display list may carry: component values above it
    /// are clamped to it, and a decoded list with more is refused.
    ///
    /// A blur's box passes pad the plane by about 3σ = `3 × radius × scale` pixels a side
    /// (`gaussianStandardDeviation(radius:)`) where the group's ink comes within that of the
    /// layer's edge (a full-layer group), so the radius sizes memory. At 64 points and
    /// tile scale 3 that is 574 pixels: on the largest tile layer (`TileBudget.maxLayerPixels`,
    /// 8 Mpx) the padding adds at most 124 MiB (a 12288 × 682 layer; 61 MiB square) to a
    /// stream's budget, and at `morph render`'s scale 4, 170 MiB. SwiftUI shadows rarely pass
    /// 40; the examples stay under 35.
    public static let maxRadius = 64.0

    /// The standard deviation σ of the Gaussian that blurs a shadow of `radius`, in the same
    /// units: σ = radius. Every renderer takes its blur from here (cairo's `GaussianBlur`, SVG's
    /// `feDropShadow stdDeviation`, Lottie's Gaussian Blur blurriness); the page's canvas, which
    /// cannot call Swift, has the same rule once, in `web-preview/js/ops.js` (`SIGMA_PER_RADIUS`),
    /// checked against this function's golden (`Tests/MorphKitTests/__Goldens__/ShadowSigmaTests`).
    ///
    /// Apple documents `radius` only as "a measure of how much to blur the shadow" (SwiftUI
    /// `View.shadow(color:radius:x:y:)`, https://developer.apple.com/documentation/swiftui/view/shadow(color:radius:x:y:))
    /// and `CALayer.shadowRadius` as "the blur radius (in points) used to render the layer's
    /// shadow" (https://developer.apple.com/documentation/quartzcore/calayer/shadowradius), with
    /// no formula. The relation comes from the web's definitions and the conversion design tools
    /// rely on:
    /// - CSS Backgrounds and Borders 3, `box-shadow` blur (https://www.w3.org/TR/css-backgrounds-3/#shadow-blur):
    ///   a blur radius B is drawn as a Gaussian blur whose standard deviation is half the blur
    ///   radius, σ = B / 2; the HTML canvas `shadowBlur` is the same, σ = shadowBlur / 2
    ///   (https://html.spec.whatwg.org/multipage/canvas.html#when-shadows-are-drawn).
    /// - Figma's and Sketch's shadows match CSS's, and the same shadow on iOS takes
    ///   `shadowRadius = B / 2`: Bjango's "Matching drop shadows across CSS, Android, iOS, Figma,
    ///   and Sketch" compares renderings: a number blurs twice as much as an iOS shadow radius
    ///   as it does as a CSS blur, so a design's blur B is handed to iOS as a radius of B / 2.
    ///
    /// So σ = B / 2 = `shadowRadius`: a SwiftUI or Core Animation radius r blurs with σ = r.
    public static func gaussianStandardDeviation(radius: Double) -> Double { radius }

    /// This shadow's blur as a Gaussian's standard deviation, in points:
    /// `Shadow.gaussianStandardDeviation(radius: radius)`.
    public var gaussianStandardDeviation: Double { Self.gaussianStandardDeviation(radius: radius) }

    /// SwiftUI's `.shadow(radius:)` default colour, black at 33% opacity.
    public static func standard(radius: Double) -> Shadow {
        Shadow(color: RGBAColor(white: 0, alpha: 0.33), radius: radius)
    }
}
