/// The shape of a rounded corner, SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: String, Hashable, Sendable, CaseIterable, Codable {
    /// Apple's "squircle": curvature ramps in from the straight edge (reference §3).
    case continuous
    /// A quarter circle.
    case circular
}

/// Four corner radii, one per corner, as SwiftUI's `UnevenRoundedRectangle` takes them.
public struct CornerRadii: Hashable, Sendable, Codable {
    public var topLeading: Double
    public var bottomLeading: Double
    public var bottomTrailing: Double
    public var topTrailing: Double

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
