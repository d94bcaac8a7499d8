extension Size: VectorArithmetic {
    /// Component-wise sum.
    public static func + (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }

    /// Component-wise difference.
    public static func - (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }

    /// Width and height multiplied by `factor`.
    public func scaled(by factor: Double) -> Size {
        Size(width: width * factor, height: height * factor)
    }

    /// `width² + height²`.
    public var magnitudeSquared: Double { width * width + height * height }
}
