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
        // Scalars rather than arrays of corners (three allocations per call, several calls
        // per node per frame); the comparisons are `min()`/`max()`'s, in the same order.
        let p0 = transform.apply(to: Point(x: minX, y: minY)), p1 = transform.apply(to: Point(x: maxX, y: minY))
        let p2 = transform.apply(to: Point(x: maxX, y: maxY)), p3 = transform.apply(to: Point(x: minX, y: maxY))
        var lowX = p0.x, highX = p0.x, lowY = p0.y, highY = p0.y
        func include(_ corner: Point) {
            if corner.x < lowX { lowX = corner.x }
            if corner.x > highX { highX = corner.x }
            if corner.y < lowY { lowY = corner.y }
            if corner.y > highY { highY = corner.y }
        }
        include(p1)
        include(p2)
        include(p3)
        return Rect(x: lowX, y: lowY, width: highX - lowX, height: highY - lowY)
    }
}
