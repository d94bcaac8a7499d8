import Foundation

/// Continuous ("squircle") and circular rounded rectangles as explicit cubic segments
/// (UIKit's continuous corner), so every renderer draws exactly the same outline.
///
/// Rules, in order:
/// 1. Each radius is clamped to `0...min(w, h) / 2`, as SwiftUI clamps the corner size.
/// 2. Circular corners are one quarter-circle cubic each.
/// 3. Continuous corners with `r ≤ min(w, h) / (2 · 1.528665)` (≈ min/3.0573) are UIKit's
///    three cubics, starting `1.528665 r` from the corner (UIKit's own control points).
/// 4. Above that, a corner cannot reach further than `min(w, h) / 2` along an edge. Its
///    extent stays at `min/2` and its shape blends point by point from the continuous table
///    toward a circular corner (drawn as three 30° cubics), with the blend weight `u` chosen
///    so that the extent `r · lerp(1.528665, 1, u)` equals `min/2`; at `r = min/2`, `u = 1`
///    and the corner is exactly circular (a capsule end). SwiftUI's exact rule there is not
///    public; this one is continuous in `r`, never overlaps its neighbour and ends where
///    SwiftUI ends.
extension Path {
    /// A rounded rectangle with the same radius at each corner (`RoundedRectangle`).
    public init(roundedRect rect: Rect, cornerRadius: Double, style: RoundedCornerStyle = .continuous) {
        self.init(roundedRect: rect, cornerRadii: CornerRadii(all: cornerRadius), style: style)
    }

    /// A rounded rectangle with each corner's own radius (`UnevenRoundedRectangle`),
    /// clockwise from the end of the top-leading corner on the top edge.
    public init(roundedRect rect: Rect, cornerRadii radii: CornerRadii, style: RoundedCornerStyle = .continuous) {
        let width = Swift.max(0, rect.width)
        let height = Swift.max(0, rect.height)
        let limit = Swift.min(width, height) / 2
        func clamped(_ radius: Double) -> Double { radius.isFinite ? Swift.min(Swift.max(0, radius), limit) : 0 }
        let topTrailing = CornerGeometry(radius: clamped(radii.topTrailing), limit: limit, style: style)
        let bottomTrailing = CornerGeometry(radius: clamped(radii.bottomTrailing), limit: limit, style: style)
        let bottomLeading = CornerGeometry(radius: clamped(radii.bottomLeading), limit: limit, style: style)
        let topLeading = CornerGeometry(radius: clamped(radii.topLeading), limit: limit, style: style)
        let minX = rect.minX, minY = rect.minY, maxX = rect.minX + width, maxY = rect.minY + height

        // Each corner maps its local (a, b) — distance back along the incoming edge from the
        // corner, distance in along the outgoing edge — to the rectangle, clockwise.
        var path = Path()
        // A move, four edges, up to three cubics a corner and the close: one allocation.
        path.elements.reserveCapacity(18)
        path.move(to: Point(x: minX + topLeading.extent, y: minY))
        path.addLine(to: Point(x: maxX - topTrailing.extent, y: minY))
        topTrailing.append(to: &path) { Point(x: maxX - $0, y: minY + $1) }
        path.addLine(to: Point(x: maxX, y: maxY - bottomTrailing.extent))
        bottomTrailing.append(to: &path) { Point(x: maxX - $1, y: maxY - $0) }
        path.addLine(to: Point(x: minX + bottomLeading.extent, y: maxY))
        bottomLeading.append(to: &path) { Point(x: minX + $0, y: maxY - $1) }
        path.addLine(to: Point(x: minX, y: minY + topLeading.extent))
        topLeading.append(to: &path) { Point(x: minX + $1, y: minY + $0) }
        path.closeSubpath()
        self = path
    }

    /// An ellipse inscribed in `rect` (a circle when square), four quarter-arc cubics
    /// clockwise from the top.
    public init(ellipseIn rect: Rect) {
        let kappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)
        let rx = rect.width / 2, ry = rect.height / 2
        let cx = rect.midX, cy = rect.midY
        var path = Path()
        path.elements.reserveCapacity(6)
        path.move(to: Point(x: cx, y: cy - ry))
        path.addCurve(
            to: Point(x: cx + rx, y: cy), control1: Point(x: cx + kappa * rx, y: cy - ry),
            control2: Point(x: cx + rx, y: cy - kappa * ry))
        path.addCurve(
            to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + kappa * ry),
            control2: Point(x: cx + kappa * rx, y: cy + ry))
        path.addCurve(
            to: Point(x: cx - rx, y: cy), control1: Point(x: cx - kappa * rx, y: cy + ry),
            control2: Point(x: cx - rx, y: cy + kappa * ry))
        path.addCurve(
            to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - kappa * ry),
            control2: Point(x: cx - kappa * rx, y: cy - ry))
        path.closeSubpath()
        self = path
    }
}

/// UIKit's continuous corner in units of r (control points as UIKit draws them, iOS 14–17): three cubics from the
/// straight edge at 1.528665 r to the other edge, as (a, b) points.
enum ContinuousCorner {
    /// How far the corner reaches along each edge, in units of r.
    static let extent = 1.528665
    /// The 12 points P0 C1 C2 P3 of curves 1–3, P3 of one curve being P0 of the next.
    static let points: [(Double, Double)] = [
        (1.528665, 0), (1.088492958, 0), (0.868406944, 0), (0.631493793, 0.074911388),
        (0.631493793, 0.074911388), (0.372823827, 0.169059556), (0.169059556, 0.372823827), (0.074911388, 0.631493793),
        (0.074911388, 0.631493793), (0, 0.868406944), (0, 1.088492958), (0, 1.528665),
    ]

    /// A quarter circle of radius 1 centred at (1, 1) as three 30° cubics, the same layout
    /// as `points`, so the two can be blended point by point.
    static let circularPoints: [(Double, Double)] = {
        // φ runs 0…90°, point (1 − sin φ, 1 − cos φ); tangent (−cos φ, sin φ).
        func point(_ phi: Double) -> (Double, Double) { (1 - sin(phi), 1 - cos(phi)) }
        func tangent(_ phi: Double) -> (Double, Double) { (-cos(phi), sin(phi)) }
        let step = Double.pi / 6
        let handle = 4.0 / 3.0 * tan(step / 4)
        var result: [(Double, Double)] = []
        for index in 0..<3 {
            let start = Double(index) * step, end = start + step
            let p0 = point(start), p3 = point(end), t0 = tangent(start), t3 = tangent(end)
            result.append(p0)
            result.append((p0.0 + handle * t0.0, p0.1 + handle * t0.1))
            result.append((p3.0 - handle * t3.0, p3.1 - handle * t3.1))
            result.append(p3)
        }
        return result
    }()
}

/// One corner resolved to its extent along the edges and its cubic control points (a, b),
/// computed as the path is built (a rounded rectangle is drawn on most frames: no arrays).
private struct CornerGeometry {
    var extent: Double
    private let radius: Double
    /// Blend weight from the continuous table toward the circle (continuous corners only).
    private let blend: Double
    private let style: RoundedCornerStyle

    init(radius: Double, limit: Double, style: RoundedCornerStyle) {
        self.radius = radius
        self.style = style
        guard radius > 0 else {
            extent = 0
            blend = 0
            return
        }
        switch style {
        case .circular:
            extent = radius
            blend = 0
        case .continuous:
            let threshold = limit / ContinuousCorner.extent
            // Blend weight toward the circle: 0 up to the threshold, then whatever keeps the
            // extent at `limit`, reaching 1 at r = limit.
            if radius <= threshold || limit <= 0 {
                blend = 0
            } else {
                blend = Swift.min(1, (ContinuousCorner.extent - limit / radius) / (ContinuousCorner.extent - 1))
            }
            extent = 0
            extent = point(0).0
        }
    }

    /// Point `index` of the blended table, scaled by the radius.
    private func point(_ index: Int) -> (Double, Double) {
        let table = ContinuousCorner.points[index], circle = ContinuousCorner.circularPoints[index]
        return (radius * (table.0 + (circle.0 - table.0) * blend), radius * (table.1 + (circle.1 - table.1) * blend))
    }

    func append(to path: inout Path, mapping: (Double, Double) -> Point) {
        guard radius > 0 else { return }
        switch style {
        case .circular:
            let kappa = 4.0 / 3.0 * (2.0.squareRoot() - 1)
            let handle = radius - kappa * radius
            path.addCurve(to: mapping(0, radius), control1: mapping(handle, 0), control2: mapping(0, handle))
        case .continuous:
            for curve in 0..<3 {
                let control1 = point(curve * 4 + 1), control2 = point(curve * 4 + 2), end = point(curve * 4 + 3)
                path.addCurve(
                    to: mapping(end.0, end.1), control1: mapping(control1.0, control1.1),
                    control2: mapping(control2.0, control2.1))
            }
        }
    }
}
