extension Point: VectorArithmetic {
    /// Component-wise sum; lets a drag point be animated as one value.
    @inlinable public static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// Component-wise difference.
    @inlinable public static func - (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    /// Both coordinates multiplied by `factor`.
    @inlinable public func scaled(by factor: Double) -> Point {
        Point(x: x * factor, y: y * factor)
    }

    /// `x² + y²`.
    @inlinable public var magnitudeSquared: Double { x * x + y * y }
}
