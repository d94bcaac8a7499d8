import MorphKit
import Testing

@Suite struct AffineTransformTests {
    @Test func scaleAboutAnchorKeepsTheAnchorFixed() {
        let anchor = Point(x: 92, y: 26)
        let transform = AffineTransform.scale(15.0 / 24.0, anchor: anchor)
        #expect(transform.apply(to: anchor) == anchor)
        let moved = transform.apply(to: Point(x: 92 + 24, y: 26 + 48))
        #expect(abs(moved.x - (92 + 15)) < 1e-12 && abs(moved.y - (26 + 30)) < 1e-12)
    }

    @Test func concatenationAppliesTheFirstTransformFirst() {
        let scale = AffineTransform.scale(x: 2, y: 3)
        let shift = AffineTransform.translation(x: 10, y: -5)
        let point = Point(x: 1, y: 1)
        let composed = shift.concatenating(after: scale)
        #expect(composed.apply(to: point) == shift.apply(to: scale.apply(to: point)))
        #expect(composed.apply(to: point) == Point(x: 12, y: -2))
    }
}

@Suite struct PathTests {
    @Test func rectPathBoundsAndTransform() {
        let path = Path(rect: Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(path.controlPointBounds == Rect(x: 10, y: 20, width: 30, height: 40))
        let moved = path.applying(.translation(x: 5, y: 5))
        #expect(moved.controlPointBounds == Rect(x: 15, y: 25, width: 30, height: 40))
        #expect(Path().controlPointBounds == .zero)
    }

    @Test func rectContainsItsTopLeftButNotItsBottomRight() {
        let rect = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(rect.contains(Point(x: 0, y: 0)))
        #expect(!rect.contains(Point(x: 10, y: 10)))
        #expect(rect.insetBy(dx: -2, dy: -2).contains(Point(x: 11, y: 11)))
    }
}
