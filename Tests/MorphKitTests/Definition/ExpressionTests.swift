import Foundation
import Testing

@testable import MorphCore
@testable import MorphKit

/// The expression language evaluated against values worked out by hand.
@Suite struct ExpressionTests {
    /// Compiles `source` over x = 3, corner = (10, 20), tint = rgba(0.2, 0.4, 0.6, 1) and
    /// evaluates it in `scheme`.
    static func evaluate(_ source: String, scheme: ColorScheme = .light) throws -> ExpressionValue {
        var scope = ExpressionScope()
        scope.declare("x", .number)
        scope.declare("corner", .point)
        scope.declare("tint", .color)
        var compiler = ExpressionCompiler(scope: scope)
        let reference = try compiler.compile(source)
        let inputs = ExpressionInputs(
            slots: [.number(3), .point(Point(x: 10, y: 20)), .color(RGBAColor(red: 0.2, green: 0.4, blue: 0.6))],
            colorScheme: scheme)
        return compiler.program.evaluate(reference, inputs)
    }

    static func number(_ source: String) throws -> Double {
        let value = try evaluate(source)
        guard case .number(let number) = value else { throw ExpressionError(kind: .typeMismatch, offset: 0, message: "\(value)") }
        return number
    }

    /// Sources and their hand-computed values (typed, so the list type-checks quickly).
    static let handComputed: [(String, Double)] = [
        ("1 + 2 * 3", 7.0), ("(1 + 2) * 3", 9), ("-2 * 3", -6), ("10 / 4", 2.5), ("x * x - 1", 8),
        ("1 < 2 && 3 >= 3", 1), ("1 > 2 || 2 != 2", 0), ("!0", 1), ("!x", 0), ("x == 3", 1),
        ("x > 1 ? 10 : 20", 10), ("if(x < 1, 10, 20)", 20), ("'a' == 'a'", 1), ("'a' != 'b'", 1),
        ("lerp(10, 20, 0.25)", 12.5), ("lerp(10, 20, 1.5)", 25), ("mix(10, 20, 1.5)", 20),
        ("ramp(0.1, 0, 0.4)", 0.25), ("ramp(0.5, 0, 0.25)", 1), ("ramp(-1, 0, 0.25)", 0),
        ("easeIn(0.5)", 0.125), ("easeOut(0.5)", 0.875), ("easeInOut(0.25)", 0.0625), ("easeInOut(0.75)", 0.9375),
        ("min(2, x)", 2), ("max(2, x)", 3), ("clamp(5, 0, 2)", 2), ("clamp(-5, 0, 2)", 0), ("clamp(1, 0, 2)", 1),
        ("pow(2, 10)", 1024), ("abs(-3)", 3), ("sqrt(16)", 4), ("exp(0)", 1), ("sin(0)", 0), ("cos(0)", 1),
        ("mod(7, 3)", 1), ("floor(2.7)", 2), ("round(2.5)", 3), ("sign(-4)", -1),
        ("rubberClamp(0, 50, 100)", 50), ("rubberClamp(0, 100, 100)", 100),
        ("point(1, 2).y", 2), ("corner.x + corner.y", 30), ("rect(10, 20, 30, 40).maxX", 40),
        ("rect(10, 20, 30, 40).midY", 40), ("tint.blue", 0.6), ("opacity(white(1), 0.5).alpha", 0.5),
        ("opacity(white(1), 3).alpha", 1), ("pi", Double.pi), ("true + true", 2),
    ]

    @Test(arguments: handComputed)
    func evaluatesToHandComputedValues(_ source: String, _ expected: Double) throws {
        #expect(try Self.number(source) == expected, "\(source)")
    }

    /// Frames read numbers through `number`, which evaluates the common functions and
    /// leaf operands in place; it gives `evaluate(…).number` exactly, at ordinary and
    /// degenerate inputs alike, and the hand-computed values with the operand in a slot.
    @Test(arguments: [
        ("lerp(16, 0, x)", 12.0), ("lerp(x, 10, 0.5)", 5.125), ("ramp(x, 0, 0.5)", 0.5),
        ("easeOut(ramp(x, 0, 0.5))", 0.875), ("min(x, 1) + max(x, 1)", 1.25), ("clamp(x * 8, 0, 1)", 1),
        ("x > 0.5 ? lerp(1, 2, x) : 1 - x", 0.75), ("-x + abs(-x)", 0), ("!x + (x / 0)", 0),
        ("point(x, 2).x * 4", 1), ("lerp(point(0, 0), point(8, 8), x).y", 2), ("rect(x, 0, 2, 2).maxX", 2.25),
        ("opacity(white(1), x).alpha", 0.25),
    ])
    func numbersReadInPlaceEqualTheEvaluator(_ source: String, _ atAQuarter: Double) throws {
        var scope = ExpressionScope()
        scope.declare("x", .number)
        var compiler = ExpressionCompiler(scope: scope)
        let reference = try compiler.compile(source)
        for x in [0.25, 0, 1, -3, 1e300, -.infinity, .infinity, .nan] {
            let inputs = ExpressionInputs(slots: [.number(x)])
            let read = compiler.program.number(reference, inputs)
            #expect(read.bitPattern == compiler.program.evaluate(reference, inputs).number.bitPattern, "\(source) at \(x)")
            if x == 0.25 { #expect(read == atAQuarter, "\(source)") }
        }
    }

    /// Dynamic Type and symbol metrics: at Large a scaled metric is its base value and a
    /// style its default size; at AX5 the headline is 53 pt, so 240 relative to the large
    /// title (34 → 60 pt) is 240 · 60 / 34 = 423.53, rounded to a third of a point: 423 2/3.
    @Test func textStylesAndSymbolsReadTheDynamicTypeSize() throws {
        func value(_ source: String, _ size: DynamicTypeSize) throws -> ExpressionValue {
            var compiler = ExpressionCompiler(scope: ExpressionScope())
            let reference = try compiler.compile(source)
            return compiler.program.evaluate(reference, ExpressionInputs(slots: [], dynamicTypeSize: size))
        }
        #expect(try value("scaled(240, 'largeTitle')", .large) == .number(240))
        #expect(try value("fontSize('headline')", .large) == .number(17))
        #expect(try value("fontSize('headline')", .accessibility5) == .number(TextStyle.headline.size(at: .accessibility5)))
        #expect(try value("scaled(240, 'largeTitle')", .accessibility5) == .number(1271.0 / 3))
        #expect(try value("symbolSize('xmark', 10)", .large) == .point(Point(x: 6.6000000000000005, y: 6.6000000000000005)))
        #expect(try value("symbolSize('no.such.symbol', 10)", .large) == .point(.zero))
        let layout = TextLayout("Three days by the river", style: .subheadline, at: .xxxLarge, maxWidth: 120)
        #expect(
            try value("measure('Three days by the river', 'subheadline', '', 120)", .xxxLarge)
                == .point(Point(x: layout.size.width, y: layout.size.height)))
        #expect(layout.lines.count > 1)
    }

    /// The rubber band beyond the range: delta 50 over range 100 with coefficient 0.55 is
    /// (1 − 1 / (50 · 0.55 / 100 + 1)) · 100 = 21.5686… points past the end.
    @Test func rubberClampFollowsMorphKitsRubberBand() throws {
        let past = try Self.number("rubberClamp(0, 150, 100)")
        #expect(abs(past - (100 + (1 - 1 / 1.275) * 100)) < 1e-12)
        #expect(try Self.number("rubberClamp(0, -50, 100, 1)") == -(1 - 1 / 1.5) * 100)
    }

    /// Degenerate input has a defined result, never NaN or infinity.
    @Test(arguments: [
        ("7 / 0", 0.0), ("0 / 0", 0), ("sqrt(-4)", 0), ("pow(-8, 0.5)", 0), ("pow(0, -1)", 0), ("exp(1000)", 0),
        ("1e308 * 10", 0), ("-1e308 - 1e308", 0), ("mod(7, 0)", 0), ("rubberClamp(5, 7, 5)", 5),
        ("rubberClamp(5, 7, 1)", 5), ("ramp(3, 1, 1)", 1), ("ramp(0, 1, 1)", 0), ("point(4, 6).x / 0", 0),
        ("measure('Hi', 0, 'regular').width", 0),
    ])
    func degenerateInputHasDefinedResults(_ source: String, _ expected: Double) throws {
        let value = try Self.number(source)
        #expect(value.isFinite)
        #expect(value == expected, "\(source)")
    }

    @Test func pointsRectanglesAndColours() throws {
        #expect(try Self.evaluate("point(1, 2) + corner") == .point(Point(x: 11, y: 22)))
        #expect(try Self.evaluate("corner * 0.5 - point(1, 1)") == .point(Point(x: 4, y: 9)))
        #expect(try Self.evaluate("2 * corner") == .point(Point(x: 20, y: 40)))
        #expect(try Self.evaluate("corner / 0") == .point(Point(x: 0, y: 0)))
        #expect(try Self.evaluate("-corner") == .point(Point(x: -10, y: -20)))
        #expect(try Self.evaluate("lerp(point(0, 0), corner, 0.5)") == .point(Point(x: 5, y: 10)))
        #expect(try Self.evaluate("rect(10, 20, 30, 40).center") == .point(Point(x: 25, y: 40)))
        #expect(try Self.evaluate("rect(corner, point(1, 2))") == .rect(Rect(x: 10, y: 20, width: 1, height: 2)))
        #expect(
            try Self.evaluate("lerp(rect(0, 0, 10, 10), rect(10, 10, 30, 50), 0.5)")
                == .rect(Rect(x: 5, y: 5, width: 20, height: 30)))
        #expect(try Self.evaluate("lerp(rgb(1, 0, 0), rgb(0, 0, 1), 0.5)") == .color(RGBAColor(red: 0.5, green: 0, blue: 0.5)))
        #expect(try Self.evaluate("mix(white(0), white(1), 2)") == .color(RGBAColor(white: 1)))
        #expect(try Self.evaluate("system('label')", scheme: .dark) == .color(.white))
        #expect(try Self.evaluate("system('label')", scheme: .light) == .color(.black))
        #expect(try Self.evaluate("if(x > 1, 'Expanded', 'Collapsed')") == .text("Expanded"))
    }

    @Test func transforms() throws {
        #expect(try Self.evaluate("translate(corner)") == .transform(.translation(x: 10, y: 20)))
        #expect(try Self.evaluate("scale(0.5, corner)") == .transform(.scale(0.5, anchor: Point(x: 10, y: 20))))
        #expect(try Self.evaluate("scale(2, 3)") == .transform(.scale(x: 2, y: 3)))
        #expect(
            try Self.evaluate("concat(translate(1, 2), scale(2))")
                == .transform(AffineTransform.translation(x: 1, y: 2).concatenating(after: .scale(x: 2, y: 2))))
        #expect(
            try Self.evaluate("matrix(1, 2, 3, 4, 5, 6)") == .transform(AffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)))
    }

    @Test func animationsAreSwiftUIsSprings() throws {
        #expect(try Self.evaluate("spring(0.42, 0.82)") == .animation(.spring(response: 0.42, dampingFraction: 0.82)))
        #expect(try Self.evaluate("smooth(0.5, 0.08)") == .animation(.smooth(duration: 0.5, extraBounce: 0.08)))
        #expect(try Self.evaluate("smooth()") == .animation(.smooth))
        #expect(try Self.evaluate("snappy(0.3)") == .animation(.snappy(duration: 0.3)))
        #expect(try Self.evaluate("interactiveSpring()") == .animation(.interactiveSpring))
        #expect(try Self.evaluate("springDuration(0.5, 0.3)") == .animation(.spring(duration: 0.5, bounce: 0.3)))
        // Bounded so the animator cannot diverge: damping 0...10, response and blend >= 0.
        #expect(try Self.evaluate("spring(-1, 50)") == .animation(Animation(response: 0, dampingFraction: 10)))
        #expect(try Self.evaluate("spring(0.3, -1, -2)") == .animation(Animation(response: 0.3, dampingFraction: 0)))
    }

    /// Constant sub-expressions are evaluated once, when the file loads.
    @Test func constantsFold() throws {
        var compiler = ExpressionCompiler(scope: ExpressionScope())
        let folded = try compiler.compile("lerp(22 / 46, 1, 0.5) + rect(0, 0, 145, 40).center.x")
        #expect(compiler.program.nodes[folded.node] == .number(lerp(22.0 / 46.0, 1, 0.5) + 72.5))
        var scope = ExpressionScope()
        scope.declare("p", .number)
        compiler = ExpressionCompiler(scope: scope)
        let live = try compiler.compile("lerp(22 / 46, 1, p)")
        guard case .call = compiler.program.nodes[live.node] else {
            Issue.record("a call on a variable must not fold")
            return
        }
    }
}
