import Foundation
import MorphKit
import Testing

/// SVG path data (`Path(svgPathData:)`) against the SVG 1.1 grammar and its arc maths: every
/// command in both forms, SVG's number syntax, arcs checked by evaluating the Béziers they
/// become against the ellipse, and mistakes named at their character.
@Suite struct SVGPathTests {
    func path(_ text: String) throws -> [Path.Element] { try Path(svgPathData: text).elements }

    func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    @Test func absoluteAndRelativeCommandsDrawTheSameOutline() throws {
        let absolute = try path("M10 10 L20 10 H30 V20 C30 25 25 30 20 30 S10 25 10 20 Q10 15 15 12 T20 10 Z")
        let relative = try path("m10 10 l10 0 h10 v10 c0 5-5 10-10 10 s-10-5-10-10 q0-5 5-8 t5-2 z")
        #expect(absolute == relative)
        #expect(
            absolute == [
                .move(to: p(10, 10)), .line(to: p(20, 10)), .line(to: p(30, 10)), .line(to: p(30, 20)),
                .curve(to: p(20, 30), control1: p(30, 25), control2: p(25, 30)),
                // S mirrors the previous second control point (25, 30) about (20, 30).
                .curve(to: p(10, 20), control1: p(15, 30), control2: p(10, 25)),
                .quadCurve(to: p(15, 12), control: p(10, 15)),
                // T mirrors the previous control (10, 15) about (15, 12).
                .quadCurve(to: p(20, 10), control: p(20, 9)),
                .closeSubpath,
            ])
    }

    @Test func numbersAndRepeatsAsSVGWritesThem() throws {
        // Pairs after a moveto are linetos; `1.5.5` is 1.5 then .5; signs separate; exponents.
        #expect(try path("M0 0 10 0,10,10") == [.move(to: p(0, 0)), .line(to: p(10, 0)), .line(to: p(10, 10))])
        #expect(try path("M1.5.5L-1-2e1") == [.move(to: p(1.5, 0.5)), .line(to: p(-1, -20))])
        // After Z the current point is the subpath's start: a relative move goes from there.
        #expect(try path("M5 5 L9 9 Z m1 1") == [.move(to: p(5, 5)), .line(to: p(9, 9)), .closeSubpath, .move(to: p(6, 6))])
        #expect(try path("") == [])
        #expect(try path("  ") == [])
    }

    /// Every Bézier an arc becomes, sampled, lies on the ellipse it stands for.
    @Test(arguments: [
        ("M0 0 A10 10 0 0 1 20 0", 10.0, 0.0, 10.0, 10.0),  // half a circle, centre (10, 0)
        ("M0 0 A10 10 0 1 0 20 0", 10.0, 0.0, 10.0, 10.0),  // the other half
        ("M10 0 a10 10 0 0 1 -10 10", 0.0, 0.0, 10.0, 10.0),  // a quarter, relative
        ("M0 0 A20 10 0 0 1 40 0", 20.0, 0.0, 20.0, 10.0),  // half an ellipse
        ("M0 0 A1 1 0 0 1 20 0", 10.0, 0.0, 10.0, 10.0),  // radii too small grow until they reach
    ])
    func arcsLieOnTheirEllipse(text: String, cx: Double, cy: Double, rx: Double, ry: Double) throws {
        let elements = try path(text)
        var from = Point(x: 0, y: 0)
        var curves = 0
        for element in elements {
            switch element {
            case .move(let point): from = point
            case .curve(let to, let c1, let c2):
                curves += 1
                for step in 0...8 {
                    let t = Double(step) / 8, u = 1 - t
                    let x = u * u * u * from.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * to.x
                    let y = u * u * u * from.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * to.y
                    let radius = ((x - cx) / rx) * ((x - cx) / rx) + ((y - cy) / ry) * ((y - cy) / ry)
                    // A quarter-turn cubic strays from the circle by at most 0.027 %.
                    #expect(abs(radius.squareRoot() - 1) < 0.001, "\(text): (\(x), \(y)) at t = \(t)")
                }
                from = to
            default: Issue.record("\(text): unexpected \(element)")
            }
        }
        #expect(curves >= 1 && curves <= 4)
        if case .curve(let end, _, _) = elements.last {
            #expect(end == (text.contains("a10") ? p(0, 10) : text.hasSuffix("40 0") ? p(40, 0) : p(20, 0)))
        }
    }

    @Test func arcSweepAndFlagsThatTouch() throws {
        // Sweep 1 goes clockwise on screen (y down): from (0, 0) to (20, 0) over the top, y < 0.
        let over = try path("M0 0A10 10 0 0 1 20 0")
        let under = try path("M0 0A10 10 0 0 0 20 0")
        func midY(_ elements: [Path.Element]) -> Double {
            guard case .curve(let to, _, _) = elements[1] else { return .nan }
            return to.y
        }
        #expect(midY(over) < 0 && midY(under) > 0)
        // Flags need no separator: `a1 1 0 00.5.5` is rx 1, ry 1, rotation 0, flags 0 and 0, to (.5, .5).
        #expect(try path("M0 0a1 1 0 00.5.5").count >= 2)
        // A zero radius is a straight line; an arc to where it starts draws nothing.
        #expect(try path("M0 0A0 5 0 0 1 10 0") == [.move(to: p(0, 0)), .line(to: p(10, 0))])
        #expect(try path("M3 3A5 5 0 0 1 3 3") == [.move(to: p(3, 3))])
    }

    @Test(arguments: [
        ("L1 2", 0, "path data starts with a moveto (M or m)"),
        ("M1", 2, "a command is missing numbers at the end"),
        ("M1 2 X3", 5, "unknown command 'X'"),
        ("M0 0 A1 1 0 2 0 5 5", 12, "an arc flag is 0 or 1"),
        ("M0 0 L1 e", 8, "expected a number"),
        ("M0 0 L1 1e999", 8, "'1e999' is not a finite number"),
    ])
    func mistakesAreNamedAtTheirCharacter(text: String, offset: Int, reason: String) {
        let error = #expect(throws: SVGPathError.self) { try Path(svgPathData: text) }
        #expect(error?.offset == offset && error?.reason == reason, "\(text): \(String(describing: error))")
    }

    @Test func aPathOverTheSegmentLimitIsRefused() {
        let text = "M0 0" + String(repeating: " L1 1", count: Path.maximumSVGSegments)
        #expect(throws: SVGPathError.self) { try Path(svgPathData: text) }
    }
}
