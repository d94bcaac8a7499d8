/// A 2-D affine map `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, the same six numbers as
/// Canvas `setTransform` and cairo's `cairo_matrix_t`, so renderers pass it through as is.
public struct AffineTransform: Hashable, Sendable {
    /// The x contribution to x' (x' = a·x + c·y + tx); 1 for no scale.
    public var a: Double
    /// The x contribution to y' (y' = b·x + d·y + ty); 0 for no shear.
    public var b: Double
    /// The y contribution to x'; 0 for no shear.
    public var c: Double
    /// The y contribution to y'; 1 for no scale.
    public var d: Double
    /// Translation along x, in points.
    public var tx: Double
    /// Translation along y, in points.
    public var ty: Double

    /// The matrix [a b c d tx ty], in the order Canvas and cairo take it.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A move by (x, y) points.
    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale about the origin by x horizontally and y vertically.
    public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A uniform scale that keeps `anchor` fixed, as SwiftUI's `scaleEffect(_:anchor:)` does.
    public static func scale(_ factor: Double, anchor: Point) -> AffineTransform {
        AffineTransform(
            a: factor, b: 0, c: 0, d: factor,
            tx: anchor.x - factor * anchor.x, ty: anchor.y - factor * anchor.y)
    }

    /// Whether this is exactly the identity (so renderers and JSON can skip it).
    public var isIdentity: Bool { self == .identity }

    /// `self` applied after `first`: `(self ∘ first)(p) = self(first(p))`.
    public func concatenating(after first: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * first.a + c * first.b,
            b: b * first.a + d * first.b,
            c: a * first.c + c * first.d,
            d: b * first.c + d * first.d,
            tx: a * first.tx + c * first.ty + tx,
            ty: b * first.tx + d * first.ty + ty)
    }

    /// The point mapped through the transform.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}
