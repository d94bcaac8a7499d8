extension Rect: VectorArithmetic {
    /// Origin and size added component-wise (SwiftUI animates a rect as four numbers).
    public static func + (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin + rhs.origin, size: lhs.size + rhs.size)
    }

    /// Origin and size subtracted component-wise.
    public static func - (lhs: Rect, rhs: Rect) -> Rect {
        Rect(origin: lhs.origin - rhs.origin, size: lhs.size - rhs.size)
    }

    /// All four numbers multiplied by `factor`.
    public func scaled(by factor: Double) -> Rect {
        Rect(origin: origin.scaled(by: factor), size: size.scaled(by: factor))
    }

    /// The sum of the four squared numbers.
    public var magnitudeSquared: Double { origin.magnitudeSquared + size.magnitudeSquared }
}
