/// A drop shadow with SwiftUI `.shadow(color:radius:x:y:)` semantics: the group's silhouette
/// blurred by a Gaussian of standard deviation `radius / 2`, tinted and offset.
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
    /// A blur's box passes pad the plane by about `1.5 × radius × scale` pixels a side, so the
    /// radius sizes memory. At 64 points and tile scale 3 that is 286 pixels: on the largest
    /// tile layer (`TileBudget.maxLayerPixels`, 8 Mpx) the padding adds at most 59 MB
    /// (a 12288 × 682 layer; 28 MB square) to a stream's ~270 MB budget, and at `morph
    /// render`'s scale 4, 80 MB. SwiftUI shadows rarely pass 40; the examples stay under 35.
    public static let maxRadius = 64.0

    /// SwiftUI's `.shadow(radius:)` default colour, black at 33% opacity.
    public static func standard(radius: Double) -> Shadow {
        Shadow(color: RGBAColor(white: 0, alpha: 0.33), radius: radius)
    }
}
