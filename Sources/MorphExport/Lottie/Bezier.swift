import MorphKit

/// One contour as Lottie stores it: vertices, and in/out tangents relative to each vertex.
struct Bezier: Hashable, Sendable {
    var closed = false
    var vertices: [Point] = []
    var inTangents: [Point] = []
    var outTangents: [Point] = []

    /// The contours of `path`, quadratic segments raised to cubics. A closing vertex equal to
    /// the first is folded into it (Lottie closes with the first vertex's in-tangent).
    static func contours(of path: Path) -> [Bezier] {
        var builder = ContourBuilder()
        for element in path.elements {
            switch element {
            case .move(let point): builder.move(to: point)
            case .line(let point): builder.cubic(to: point, control1: nil, control2: nil)
            case .quadCurve(let point, let control):
                let start = builder.currentPoint ?? point
                builder.cubic(
                    to: point, control1: start + (control - start).scaled(by: 2.0 / 3.0),
                    control2: point + (control - point).scaled(by: 2.0 / 3.0))
            case .curve(let point, let control1, let control2):
                builder.cubic(to: point, control1: control1, control2: control2)
            case .closeSubpath: builder.close()
            }
        }
        builder.finish()
        return builder.result
    }

    /// Collects contours: an open one is finished by the next `move` or the end.
    private struct ContourBuilder {
        var result: [Bezier] = []
        var current: Bezier?
        /// Where a segment after a `close` starts (the closed contour's first point).
        var restart: Point?

        var currentPoint: Point? { current?.vertices.last ?? restart }

        mutating func move(to point: Point) {
            finish()
            current = Bezier(vertices: [point], inTangents: [.zero], outTangents: [.zero])
        }

        /// A line when both controls are nil.
        mutating func cubic(to point: Point, control1: Point?, control2: Point?) {
            if current == nil { move(to: restart ?? point) }
            guard var contour = current else { return }
            let last = contour.vertices.count - 1
            if let control1 { contour.outTangents[last] = control1 - contour.vertices[last] }
            contour.vertices.append(point)
            contour.inTangents.append(control2.map { $0 - point } ?? .zero)
            contour.outTangents.append(.zero)
            current = contour
        }

        mutating func close() {
            guard var contour = current else { return }
            contour.closed = true
            let count = contour.vertices.count
            if count > 1, Bezier.same(contour.vertices[count - 1], contour.vertices[0]) {
                contour.inTangents[0] = contour.inTangents[count - 1]
                contour.vertices.removeLast()
                contour.inTangents.removeLast()
                contour.outTangents.removeLast()
            }
            restart = contour.vertices[0]
            result.append(contour)
            current = nil
        }

        mutating func finish() {
            if let contour = current { result.append(contour) }
            current = nil
        }
    }

    static func same(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    /// Vertex count and closedness: two contours of the same shape interpolate vertex by vertex.
    var shape: String { "\(vertices.count)\(closed ? "c" : "o")" }

    /// Per vertex: the vertex, its in control point and its out control point, absolute. A
    /// curve point is a convex mix of these, so a curve within a tolerance of them is within it
    /// everywhere; Lottie's tangents are written relative (`json(closed:_:)`).
    var samples: [Double] {
        var values: [Double] = []
        values.reserveCapacity(vertices.count * 6)
        for (index, vertex) in vertices.enumerated() {
            let incoming = vertex + inTangents[index]
            let outgoing = vertex + outTangents[index]
            values += [vertex.x, vertex.y, incoming.x, incoming.y, outgoing.x, outgoing.y]
        }
        return values
    }

    /// `{"c", "v", "i", "o"}` from `samples` as written (rounded): the tangents are the written
    /// control points less the written vertex, so a player adds them back to the written points.
    static func json(closed: Bool, _ samples: [Double]) -> JSONValue {
        let precision = Precision.points
        var vertices: [JSONValue] = []
        var incoming: [JSONValue] = []
        var outgoing: [JSONValue] = []
        var index = 0
        while index + 5 < samples.count {
            let x = samples[index]
            let y = samples[index + 1]
            vertices.append(.array([.number(x), .number(y)]))
            incoming.append(
                .array([.number(precision.round(samples[index + 2] - x)), .number(precision.round(samples[index + 3] - y))]))
            outgoing.append(
                .array([.number(precision.round(samples[index + 4] - x)), .number(precision.round(samples[index + 5] - y))]))
            index += 6
        }
        return .object([
            .init("c", .bool(closed)), .init("v", .array(vertices)), .init("i", .array(incoming)),
            .init("o", .array(outgoing)),
        ])
    }

    /// Vertices through `transform`, tangents through its linear part.
    func applying(_ transform: AffineTransform) -> Bezier {
        var copy = self
        copy.vertices = vertices.map { transform.apply(to: $0) }
        let linear = AffineTransform(a: transform.a, b: transform.b, c: transform.c, d: transform.d, tx: 0, ty: 0)
        copy.inTangents = inTangents.map { linear.apply(to: $0) }
        copy.outTangents = outTangents.map { linear.apply(to: $0) }
        return copy
    }

    /// Every vertex moved by `offset` (tangents are relative and stay).
    func offset(by offset: Point) -> Bezier {
        var copy = self
        copy.vertices = vertices.map { $0 + offset }
        return copy
    }
}
