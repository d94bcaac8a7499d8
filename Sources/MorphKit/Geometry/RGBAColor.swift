/// An sRGB colour with straight (not premultiplied) alpha, components 0...1, as the JSON
/// contract says. Bitmaps premultiply; this type never does.
public struct RGBAColor: Hashable, Sendable, Codable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
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

    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = RGBAColor(white: 0)
    public static let white = RGBAColor(white: 1)
}
