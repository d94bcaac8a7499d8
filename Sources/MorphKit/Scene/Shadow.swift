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

    /// SwiftUI's `.shadow(radius:)` default colour, black at 33% opacity.
    public static func standard(radius: Double) -> Shadow {
        Shadow(color: RGBAColor(white: 0, alpha: 0.33), radius: radius)
    }
}
