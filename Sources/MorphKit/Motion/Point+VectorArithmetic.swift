extension Point: VectorArithmetic {
    /// Component-wise sum; lets a drag point be animated as one value.
    public static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// Component-wise difference.
    public static func - (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    /// Both coordinates multiplied by `factor`.
    public func scaled(by factor: Double) -> Point {
        Point(x: x * factor, y: y * factor)
    }

    /// `x² + y²`.
    public var magnitudeSquared: Double { x * x + y * y }
}
