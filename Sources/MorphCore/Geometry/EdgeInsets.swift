/// Distances in points inward from each edge of a rectangle, SwiftUI's `EdgeInsets`
/// (leading and trailing, as in a left-to-right layout).
public struct EdgeInsets: Hashable, Sendable {
    /// From the top edge.
    public var top: Double
    /// From the leading (left) edge.
    public var leading: Double
    /// From the bottom edge.
    public var bottom: Double
    /// From the trailing (right) edge.
    public var trailing: Double

    /// Insets from each edge; missing edges are 0.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets()
}

extension Rect {
    /// The rectangle shrunk by `insets` on each edge (never to a negative width or height).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.leading, y: minY + insets.top,
            width: Swift.max(0, width - insets.leading - insets.trailing),
            height: Swift.max(0, height - insets.top - insets.bottom))
    }
}
