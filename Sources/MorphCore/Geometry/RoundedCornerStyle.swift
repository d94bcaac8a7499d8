/// The shape of a rounded corner, SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: String, Hashable, Sendable, CaseIterable {
    /// Apple's "squircle": curvature ramps in from the straight edge (UIKit's continuous corner).
    case continuous
    /// A quarter circle.
    case circular
}

/// Four corner radii, one per corner, as SwiftUI's `UnevenRoundedRectangle` takes them.
public struct CornerRadii: Hashable, Sendable {
    /// Radius of the top-leading corner.
    public var topLeading: Double
    /// Radius of the bottom-leading corner.
    public var bottomLeading: Double
    /// Radius of the bottom-trailing corner.
    public var bottomTrailing: Double
    /// Radius of the top-trailing corner.
    public var topTrailing: Double

    /// Radii per corner, as SwiftUI's `UnevenRoundedRectangle`.
    public init(topLeading: Double, bottomLeading: Double, bottomTrailing: Double, topTrailing: Double) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }

    /// The same radius at every corner.
    public init(all radius: Double) {
        self.init(topLeading: radius, bottomLeading: radius, bottomTrailing: radius, topTrailing: radius)
    }
}
