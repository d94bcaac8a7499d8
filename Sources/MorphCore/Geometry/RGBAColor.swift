/// An sRGB colour with straight (not premultiplied) alpha, components 0...1, as the JSON
/// contract says. Bitmaps premultiply; this type never does.
public struct RGBAColor: Hashable, Sendable {
    /// Red, 0...1, sRGB.
    public var red: Double
    /// Green, 0...1, sRGB.
    public var green: Double
    /// Blue, 0...1, sRGB.
    public var blue: Double
    /// Opacity, 0...1 (not premultiplied into the other channels).
    public var alpha: Double

    /// A colour from sRGB components, opaque unless told otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The colour with every component in 0...1 and NaN as 0, as every renderer reads it
    /// (`schemas/component.md`: colours are clamped where drawn); a colour already inside
    /// comes back bit for bit.
    public var clampedToUnit: RGBAColor {
        func unit(_ value: Double) -> Double { value >= 0 ? Swift.min(1, value) : 0 }
        return RGBAColor(red: unit(red), green: unit(green), blue: unit(blue), alpha: unit(alpha))
    }

    /// SwiftUI's `Color(white:)`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The same colour with its alpha multiplied, like SwiftUI's `.opacity(_:)` on a colour,
    /// and kept in 0...1 as SwiftUI does: a spring's overshoot can push the factor past 1.
    public func opacity(_ factor: Double) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: Swift.min(1, Swift.max(0, alpha * factor)))
    }

    /// Fully transparent.
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque black.
    public static let black = RGBAColor(white: 0)
    /// Opaque white.
    public static let white = RGBAColor(white: 1)
}
