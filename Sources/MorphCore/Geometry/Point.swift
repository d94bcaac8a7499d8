/// A position in points; origin top-left, y down (the units contract in ARCHITECTURE.md).
public struct Point: Hashable, Sendable {
    /// Horizontal position in points, growing to the right.
    public var x: Double
    /// Vertical position in points, growing downwards.
    public var y: Double

    /// A point at (x, y).
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)
}

/// A width and height in points.
public struct Size: Hashable, Sendable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A size of `width` × `height` points.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}
