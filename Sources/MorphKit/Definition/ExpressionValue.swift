/// A value an expression of a component file produces: a number, point, colour, rectangle,
/// transform, animation or text.
///
/// Every case holds its numbers inline, so evaluating never allocates. Truth values are
/// numbers: comparisons give 1 or 0 and anything non-zero counts as true.
public enum ExpressionValue: Hashable, Sendable {
    /// A number (also a truth value).
    case number(Double)
    /// A point, or a size, in points.
    case point(Point)
    /// An sRGB colour with straight alpha.
    case color(RGBAColor)
    /// A rectangle.
    case rect(Rect)
    /// An affine transform.
    case transform(MorphCore.AffineTransform)
    /// A spring animation (`spring(0.42, 0.82)`, `smooth()`, …).
    case animation(Animation)
    /// Text (a constant, or picked by `if`).
    case text(String)
    /// A list of colours (a `colors` configuration field): a gradient's stops.
    case colors([RGBAColor])

    /// The value's type.
    public var type: ExpressionType {
        switch self {
        case .number: .number
        case .point: .point
        case .color: .color
        case .rect: .rect
        case .transform: .transform
        case .animation: .animation
        case .text: .text
        case .colors: .colors
        }
    }

    // Typed reads. The compiler checks every type before evaluation, so a mismatch cannot
    // happen at run time; the fallbacks keep the reads total anyway.

    /// The number, or 0.
    public var number: Double { if case .number(let value) = self { value } else { 0 } }
    /// The point, or the origin.
    public var point: Point { if case .point(let value) = self { value } else { .zero } }
    /// The colour, or clear.
    public var color: RGBAColor { if case .color(let value) = self { value } else { .clear } }
    /// The rectangle, or the zero rectangle.
    public var rect: Rect { if case .rect(let value) = self { value } else { .zero } }
    /// The transform, or the identity.
    public var transform: MorphCore.AffineTransform { if case .transform(let value) = self { value } else { .identity } }
    /// The animation, or `.default`.
    public var animation: Animation { if case .animation(let value) = self { value } else { .default } }
    /// The text, or empty.
    public var text: String { if case .text(let value) = self { value } else { "" } }
    /// The colour list, or none.
    public var colors: [RGBAColor] { if case .colors(let value) = self { value } else { [] } }
}

/// The static type of an expression; every expression's type is known when the file loads.
public enum ExpressionType: String, Hashable, Sendable, CaseIterable {
    /// A number or truth value.
    case number
    /// A point or size.
    case point
    /// A colour.
    case color
    /// A rectangle.
    case rect
    /// An affine transform.
    case transform
    /// An animation.
    case animation
    /// Text.
    case text
    /// A list of colours.
    case colors

    /// The type with an article, for error messages ("a number").
    var described: String {
        switch self {
        case .animation: "an animation"
        case .colors: "a colour list"
        default: "a \(rawValue)"
        }
    }
}

/// The totality rule: a number that is not finite (an overflow) becomes 0, so no NaN or
/// infinity ever reaches a frame.
@inline(__always)
func finite(_ value: Double) -> Double {
    value.isFinite ? value : 0
}
