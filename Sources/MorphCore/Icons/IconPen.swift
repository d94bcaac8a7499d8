/// Draws icon designs given in em units into points: scales by the point size, offsets by the
/// box origin, and supplies the weight's stroke width.
struct IconPen {
    var origin: Point
    var scale: Double
    var strokeWidth: Double

    /// Magic number for a quarter circle as one cubic Bézier: 4/3 · (√2 − 1).
    static let kappa = 0.5522847498

    func point(_ x: Double, _ y: Double) -> Point {
        Point(x: origin.x + x * scale, y: origin.y + y * scale)
    }

    /// A stroked polyline through em-unit points, round caps and joins.
    func stroke(_ points: [(Double, Double)], widthFactor: Double = 1) -> IconShape {
        var path = Path()
        path.elements.reserveCapacity(points.count)
        for (index, (x, y)) in points.enumerated() {
            if index == 0 { path.move(to: point(x, y)) } else { path.addLine(to: point(x, y)) }
        }
        return IconShape(
            path: path, paint: .stroke(width: strokeWidth * widthFactor, cap: .round, join: .round))
    }

    /// A stroked path built in em units.
    func stroke(widthFactor: Double = 1, _ build: (inout EmPath) -> Void) -> IconShape {
        var em = EmPath(pen: self)
        build(&em)
        return IconShape(
            path: em.path, paint: .stroke(width: strokeWidth * widthFactor, cap: .round, join: .round))
    }

    /// A filled path built in em units.
    func fill(_ rule: IconShape.FillRule = .nonzero, _ build: (inout EmPath) -> Void) -> IconShape {
        var em = EmPath(pen: self)
        build(&em)
        return IconShape(path: em.path, paint: .fill(rule))
    }
}

/// A path under construction in em units.
struct EmPath {
    let pen: IconPen
    var path = Path()

    /// Room for a typical icon's segments up front: growing the array element by element
    /// reallocated it several times per icon per frame.
    init(pen: IconPen) {
        self.pen = pen
        path.elements.reserveCapacity(16)
    }

    mutating func move(_ x: Double, _ y: Double) { path.move(to: pen.point(x, y)) }
    mutating func line(_ x: Double, _ y: Double) { path.addLine(to: pen.point(x, y)) }
    mutating func quad(_ x: Double, _ y: Double, control cx: Double, _ cy: Double) {
        path.addQuadCurve(to: pen.point(x, y), control: pen.point(cx, cy))
    }
    mutating func curve(
        _ x: Double, _ y: Double, _ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double
    ) {
        path.addCurve(to: pen.point(x, y), control1: pen.point(c1x, c1y), control2: pen.point(c2x, c2y))
    }
    mutating func close() { path.closeSubpath() }

    /// A rounded rectangle, clockwise, circular corners of radius `r`.
    mutating func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, r: Double) {
        let k = r * (1 - IconPen.kappa)
        move(x + r, y)
        line(x + w - r, y)
        curve(x + w, y + r, x + w - k, y, x + w, y + k)
        line(x + w, y + h - r)
        curve(x + w - r, y + h, x + w, y + h - k, x + w - k, y + h)
        line(x + r, y + h)
        curve(x, y + h - r, x + k, y + h, x, y + h - k)
        line(x, y + r)
        curve(x + r, y, x, y + k, x + k, y)
        close()
    }

    /// A full circle, clockwise from the top.
    mutating func circle(_ cx: Double, _ cy: Double, r: Double) {
        let k = r * IconPen.kappa
        move(cx, cy - r)
        curve(cx + r, cy, cx + k, cy - r, cx + r, cy - k)
        curve(cx, cy + r, cx + r, cy + k, cx + k, cy + r)
        curve(cx - r, cy, cx - k, cy + r, cx - r, cy + k)
        curve(cx, cy - r, cx - r, cy - k, cx - k, cy - r)
        close()
    }
}
