/// How a filled shape is coloured: one colour, or a linear gradient between two points.
///
/// Gradients are resolved to absolute points here, so a renderer never has to know what
/// SwiftUI's `.topLeading` meant for a given frame.
public enum Paint: Hashable, Sendable {
    /// One colour.
    case solid(RGBAColor)
    /// Colours interpolated in sRGB (not premultiplied) from `from` to `to`; stops ascend.
    case linear(from: Point, to: Point, stops: [GradientStop])

    /// Evenly spaced stops, like SwiftUI's `LinearGradient(colors:startPoint:endPoint:)`.
    @inlinable public static func linear(from: Point, to: Point, colors: [RGBAColor]) -> Paint {
        let count = colors.count
        let stops = colors.enumerated().map { index, color in
            GradientStop(offset: count > 1 ? Double(index) / Double(count - 1) : 0, color: color)
        }
        return .linear(from: from, to: to, stops: stops)
    }

    /// The same paint with every colour's alpha multiplied by `factor`.
    public func opacity(_ factor: Double) -> Paint {
        switch self {
        case .solid(let color): .solid(color.opacity(factor))
        case .linear(let from, let to, let stops):
            .linear(from: from, to: to, stops: stops.map { GradientStop(offset: $0.offset, color: $0.color.opacity(factor)) })
        }
    }
}

/// One colour of a gradient at `offset` in 0...1 along the gradient line.
public struct GradientStop: Hashable, Sendable {
    /// Where along the gradient line, 0...1.
    public var offset: Double
    /// The colour at that point.
    public var color: RGBAColor

    /// A stop of `color` at `offset`.
    public init(offset: Double, color: RGBAColor) {
        self.offset = offset
        self.color = color
    }
}
