extension RGBAColor: VectorArithmetic {
    /// All-zero components (transparent black), the additive identity.
    public static var zero: RGBAColor { .clear }

    /// Component-wise sum, unclamped: intermediate spring values may overshoot 0...1.
    public static func + (lhs: RGBAColor, rhs: RGBAColor) -> RGBAColor {
        RGBAColor(
            red: lhs.red + rhs.red, green: lhs.green + rhs.green,
            blue: lhs.blue + rhs.blue, alpha: lhs.alpha + rhs.alpha)
    }

    /// Component-wise difference, unclamped.
    public static func - (lhs: RGBAColor, rhs: RGBAColor) -> RGBAColor {
        RGBAColor(
            red: lhs.red - rhs.red, green: lhs.green - rhs.green,
            blue: lhs.blue - rhs.blue, alpha: lhs.alpha - rhs.alpha)
    }

    /// All four components multiplied by `factor`.
    public func scaled(by factor: Double) -> RGBAColor {
        RGBAColor(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha * factor)
    }

    /// The sum of the four squared components.
    public var magnitudeSquared: Double { red * red + green * green + blue * blue + alpha * alpha }
}
