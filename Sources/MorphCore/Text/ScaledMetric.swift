/// A dimension that follows Dynamic Type, like SwiftUI's `@ScaledMetric(relativeTo:)`.
///
/// Components state their base value at the default size; the scene builder asks for the value
/// at the environment's Dynamic Type size. Rule (OpenSwiftUI's `ScaledMetric`):
/// `scaled = (v · size(style, current) / size(style, .large))` rounded to a multiple of the
/// pixel length (1/3 pt on a 3× screen), so edges land on device pixels.
public struct ScaledMetric: Hashable, Sendable {
    /// The value at `.large`.
    public var baseValue: Double
    /// The text style whose size ratio scales the value.
    public var textStyle: TextStyle

    /// A metric of `baseValue` points at `.large`, scaling with `textStyle` (SwiftUI's default
    /// is `.body`).
    public init(_ baseValue: Double, relativeTo textStyle: TextStyle = .body) {
        self.baseValue = baseValue
        self.textStyle = textStyle
    }

    /// The scale factor `size(style, dynamicTypeSize) / size(style, .large)`, unrounded.
    public static func factor(relativeTo textStyle: TextStyle, at dynamicTypeSize: DynamicTypeSize)
        -> Double
    {
        textStyle.size(at: dynamicTypeSize) / textStyle.defaultSize
    }

    /// The value at `dynamicTypeSize`, rounded to a multiple of `pixelLength`
    /// (1 / display scale; 1/3 by default for a 3× screen).
    public func value(at dynamicTypeSize: DynamicTypeSize, pixelLength: Double = 1.0 / 3.0)
        -> Double
    {
        Self.round(
            baseValue * Self.factor(relativeTo: textStyle, at: dynamicTypeSize),
            toMultipleOf: pixelLength)
    }

    /// `value` rounded half away from zero to a multiple of `pixelLength`; a non-positive or
    /// non-finite pixel length leaves the value unrounded.
    public static func round(_ value: Double, toMultipleOf pixelLength: Double) -> Double {
        guard pixelLength > 0, pixelLength.isFinite else { return value }
        // Dividing by the scale (3) rather than multiplying by 1/3 keeps 1271/3 exact-as-possible.
        let scale = 1 / pixelLength
        let rounded = (value * scale).rounded(.toNearestOrAwayFromZero)
        return scale == scale.rounded() ? rounded / scale : rounded * pixelLength
    }
}
