/// A vector outline as explicit segments, so every renderer draws the same curve: the
/// continuous-corner maths, icon shapes and clip outlines are all resolved to these in
/// MorphKit and never re-derived by a renderer.
public struct Path: Hashable, Sendable {
    /// One drawing command; coordinates in points.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(to: Point)
        /// A straight segment to a point.
        case line(to: Point)
        /// A quadratic Bézier segment to a point.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier segment to a point.
        case curve(to: Point, control1: Point, control2: Point)
        /// A straight segment back to the subpath's start, closing it.
        case closeSubpath
    }

    /// The segments in drawing order.
    public var elements: [Element]

    /// A path from its segments (empty by default).
    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    /// Whether the path has no segments.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) { elements.append(.move(to: point)) }
    /// Adds a straight segment to `point`.
    public mutating func addLine(to point: Point) { elements.append(.line(to: point)) }
    /// Adds a quadratic Bézier segment to `point`.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        elements.append(.quadCurve(to: point, control: control))
    }
    /// Adds a cubic Bézier segment to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }
    /// Closes the current subpath.
    public mutating func closeSubpath() { elements.append(.closeSubpath) }

    /// A plain rectangle, clockwise from the top-left corner.
    @inlinable public init(rect: Rect) {
        self.init([
            .move(to: Point(x: rect.minX, y: rect.minY)),
            .line(to: Point(x: rect.maxX, y: rect.minY)),
            .line(to: Point(x: rect.maxX, y: rect.maxY)),
            .line(to: Point(x: rect.minX, y: rect.maxY)),
            .closeSubpath,
        ])
    }

    /// Every point of the path mapped through `transform`.
    public func applying(_ transform: AffineTransform) -> Path {
        mappingPoints { transform.apply(to: $0) }
    }

    /// Every point (end and control points alike) mapped through `map`.
    @inline(__always)
    package func mappingPoints(_ map: (Point) -> Point) -> Path {
        Path(
            elements.map { element in
                switch element {
                case .move(let point): .move(to: map(point))
                case .line(let point): .line(to: map(point))
                case .quadCurve(let point, let control): .quadCurve(to: map(point), control: map(control))
                case .curve(let point, let control1, let control2):
                    .curve(to: map(point), control1: map(control1), control2: map(control2))
                case .closeSubpath: .closeSubpath
                }
            })
    }

    /// Every point of the path moved by `offset`. Drawn at the origin and moved, an icon's
    /// points are those drawn at `offset` (`origin + x · scale` is one addition either way)
    /// unless a coordinate of `offset` is zero, where `-0 + 0` would give the other zero.
    @inlinable package func translated(by offset: Point) -> Path {
        @inline(__always) func moved(_ p: Point) -> Point { Point(x: p.x + offset.x, y: p.y + offset.y) }
        // Written over a copy in place: appending element by element cost twice as much.
        var result = elements
        result.withUnsafeMutableBufferPointer { elements in
            for index in elements.indices {
                switch elements[index] {
                case .move(let point): elements[index] = .move(to: moved(point))
                case .line(let point): elements[index] = .line(to: moved(point))
                case .quadCurve(let point, let control): elements[index] = .quadCurve(to: moved(point), control: moved(control))
                case .curve(let point, let control1, let control2):
                    elements[index] = .curve(to: moved(point), control1: moved(control1), control2: moved(control2))
                case .closeSubpath: break
                }
            }
        }
        return Path(result)
    }

    /// The smallest rectangle holding every end and control point (control points bound a
    /// Bézier curve, so this contains the drawn shape).
    public var controlPointBounds: Rect {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        func include(_ point: Point) {
            minX = Swift.min(minX, point.x); maxX = Swift.max(maxX, point.x)
            minY = Swift.min(minY, point.y); maxY = Swift.max(maxY, point.y)
        }
        for element in elements {
            switch element {
            case .move(let point), .line(let point): include(point)
            case .quadCurve(let point, let control): include(point); include(control)
            case .curve(let point, let control1, let control2):
                include(point); include(control1); include(control2)
            case .closeSubpath: break
            }
        }
        guard minX <= maxX else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
