import Foundation
import MorphKit
import Testing

@Suite struct RoundedRectTests {
    private func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-5) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    /// Reference §3 test vector: a UIKit dump of 60×30, r 8, the top edge and top-right corner.
    @Test func continuousCornerMatchesTheUIKitVector() {
        let path = Path(roundedRect: Rect(x: 0, y: 0, width: 60, height: 30), cornerRadius: 8, style: .continuous)
        let e = path.elements
        #expect(e[0] == .move(to: Point(x: 12.22932, y: 0)))
        guard case .line(let lineEnd) = e[1], case .curve(let p1, let a1, let b1) = e[2],
            case .curve(let p2, let a2, let b2) = e[3], case .curve(let p3, let a3, let b3) = e[4]
        else {
            Issue.record("unexpected element kinds \(e.prefix(5))")
            return
        }
        #expect(close(lineEnd, Point(x: 47.77068, y: 0)))
        #expect(
            close(a1, Point(x: 51.292056, y: 0)) && close(b1, Point(x: 53.052744, y: 0))
                && close(p1, Point(x: 54.948050, y: 0.599291)))
        #expect(
            close(a2, Point(x: 57.017409, y: 1.352476)) && close(b2, Point(x: 58.647524, y: 2.982591))
                && close(p2, Point(x: 59.400709, y: 5.051950)))
        #expect(
            close(a3, Point(x: 60, y: 6.947256)) && close(b3, Point(x: 60, y: 8.707944)) && close(p3, Point(x: 60, y: 12.229320)))
    }

    @Test func allFourCornersAreMirrorsAndThePathCloses() {
        let rect = Rect(x: 10, y: 20, width: 60, height: 30)
        let path = Path(roundedRect: rect, cornerRadius: 8)
        let mirrorX = AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 2 * rect.midX, ty: 0)
        let mirrorY = AffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: 2 * rect.midY)
        // The outline is symmetric: every end point mirrored is an end point of the path.
        let ends = path.elements.compactMap { element -> Point? in
            switch element {
            case .move(let p), .line(let p), .curve(let p, _, _): p
            default: nil
            }
        }
        for point in ends {
            for mirror in [mirrorX, mirrorY] {
                let image = mirror.apply(to: point)
                #expect(ends.contains { close($0, image, 1e-9) }, "\(point) mirrored")
            }
        }
        #expect(path.elements.last == .closeSubpath)
        #expect(path.controlPointBounds == rect)
        // 1 move, 4 edges, 4 × 3 cubics, close.
        #expect(path.elements.count == 1 + 4 + 12 + 1)
    }

    @Test func radiusIsClampedToHalfTheShortSide() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        #expect(
            Path(roundedRect: rect, cornerRadius: 500, style: .circular)
                == Path(roundedRect: rect, cornerRadius: 20, style: .circular))
        #expect(Path(roundedRect: rect, cornerRadius: 500) == Path(roundedRect: rect, cornerRadius: 20))
        #expect(Path(roundedRect: rect, cornerRadius: -3) == Path(roundedRect: rect, cornerRadius: 0))
        // A clamped circular corner makes a capsule: the straight top edge spans the rest.
        let capsule = Path(roundedRect: rect, cornerRadius: 500, style: .circular)
        #expect(capsule.elements[0] == .move(to: Point(x: 20, y: 0)))
        #expect(capsule.elements[1] == .line(to: Point(x: 80, y: 0)))
    }

    @Test func largeContinuousRadiiBlendToCircularAtHalfTheShortSide() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        let limit = 20.0
        let capsuleEnd = Path(roundedRect: rect, cornerRadius: limit)
        // At r = min/2 the corner is a true quarter circle: points on the circle at radius r.
        let center = Point(x: 100 - limit, y: limit)
        guard case .curve(let p1, _, _) = capsuleEnd.elements[2], case .curve(let p2, _, _) = capsuleEnd.elements[3] else {
            Issue.record("expected curves"); return
        }
        for point in [p1, p2] {
            #expect(abs(hypot(point.x - center.x, point.y - center.y) - limit) < 1e-9)
        }
        // Between the threshold and min/2 the extent is pinned at min/2 and the outline
        // changes continuously with r.
        let threshold = limit / 1.528665
        var previous: Path?
        for step in 0...20 {
            let radius = threshold + (limit - threshold) * Double(step) / 20
            let path = Path(roundedRect: rect, cornerRadius: radius)
            #expect(close(Self.firstPoint(path), Point(x: limit, y: 0), 1e-9), "extent at r \(radius)")
            if let previous {
                #expect(Self.maxDistance(previous, path) < 0.6, "jump at r \(radius)")
            }
            previous = path
        }
        // Just below the threshold the table is used (extent 1.528665 r).
        let below = Path(roundedRect: rect, cornerRadius: threshold * 0.99)
        #expect(abs(Self.firstPoint(below).x - 1.528665 * threshold * 0.99) < 1e-9)
    }

    @Test func unevenRadiiGiveEachCornerItsOwnExtent() {
        let rect = Rect(x: 0, y: 0, width: 340, height: 196)
        let path = Path(
            roundedRect: rect, cornerRadii: CornerRadii(topLeading: 28, bottomLeading: 0, bottomTrailing: 0, topTrailing: 28))
        #expect(close(Self.firstPoint(path), Point(x: 1.528665 * 28, y: 0), 1e-9))
        // Square bottom corners: the right edge runs straight into the bottom-right corner.
        #expect(path.elements.contains(.line(to: Point(x: 340, y: 196))))
        #expect(path.elements.contains(.line(to: Point(x: 0, y: 196))))
        #expect(path.elements.filter { if case .curve = $0 { true } else { false } }.count == 6)
        #expect(path.controlPointBounds == rect)
    }

    @Test func ellipseTouchesItsRectMidpoints() {
        let path = Path(ellipseIn: Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(path.elements.first == .move(to: Point(x: 20, y: 0)))
        #expect(path.controlPointBounds == Rect(x: 0, y: 0, width: 40, height: 20))
    }

    private static func firstPoint(_ path: Path) -> Point {
        if case .move(let point) = path.elements.first { return point }
        return Point(x: .nan, y: .nan)
    }

    private static func points(_ path: Path) -> [Point] {
        path.elements.flatMap { element -> [Point] in
            switch element {
            case .move(let p), .line(let p): [p]
            case .curve(let p, let c1, let c2): [c1, c2, p]
            case .quadCurve(let p, let c): [c, p]
            case .closeSubpath: []
            }
        }
    }

    private static func maxDistance(_ a: Path, _ b: Path) -> Double {
        zip(points(a), points(b)).map { hypot($0.x - $1.x, $0.y - $1.y) }.max() ?? .infinity
    }
}
