/// A value a spring can move: a vector space with a squared length.
///
/// Springs and animators are written once against this protocol and then drive scalars,
/// points, sizes, rectangles and colours alike, as SwiftUI's `VectorArithmetic` does.
public protocol VectorArithmetic: Equatable {
    /// The additive identity; an animator at rest has this velocity.
    static var zero: Self { get }
    /// Component-wise sum.
    static func + (lhs: Self, rhs: Self) -> Self
    /// Component-wise difference.
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self
    /// The sum of the squared components; completion thresholds compare against it.
    var magnitudeSquared: Double { get }
}
