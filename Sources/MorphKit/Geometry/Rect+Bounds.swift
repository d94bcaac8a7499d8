/// Bounding-box helpers the scene uses to resolve frames in viewport coordinates.
extension Rect {
    /// The smallest rectangle holding both; an empty (zero-size, origin-zero) side is ignored.
    public func union(_ other: Rect) -> Rect {
        if self == .zero { return other }
        if other == .zero { return self }
        let minX = Swift.min(self.minX, other.minX), minY = Swift.min(self.minY, other.minY)
        let maxX = Swift.max(self.maxX, other.maxX), maxY = Swift.max(self.maxY, other.maxY)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The bounding box of the four corners mapped through `transform`.
    public func applying(_ transform: AffineTransform) -> Rect {
        if transform.isIdentity { return self }
        let corners = [
            transform.apply(to: Point(x: minX, y: minY)), transform.apply(to: Point(x: maxX, y: minY)),
            transform.apply(to: Point(x: maxX, y: maxY)), transform.apply(to: Point(x: minX, y: maxY)),
        ]
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min()!, minY = ys.min()!
        return Rect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
    }
}
