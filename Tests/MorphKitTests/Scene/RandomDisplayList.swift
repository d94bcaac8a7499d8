import MorphKit
import MorphTestSupport

/// Seeded random display lists for round-trip properties: awkward numbers (negative, tiny,
/// huge, many decimals), awkward strings and random nesting.
enum RandomDisplayList {
    static func make(using random: inout SeededRandomNumberGenerator) -> DisplayList {
        func number() -> Double {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: Double.random(in: -1...1, using: &random) * 1e-6
            case 1: Double.random(in: -1e6...1e6, using: &random)
            case 2: Double(Int.random(in: -500...500, using: &random))
            case 3: Double.random(in: 0...1, using: &random)
            case 4: Double.random(in: -1...1, using: &random) * 1e18
            default: -0.0
            }
        }
        func unit() -> Double { Double.random(in: 0...1, using: &random) }
        func color() -> RGBAColor { RGBAColor(red: unit(), green: unit(), blue: unit(), alpha: unit()) }
        func point() -> Point { Point(x: number(), y: number()) }
        func string() -> String {
            let pieces = ["a", "Tromsø", "\"", "\\", "\n", "\u{0}", "\u{7f}", "🎵", "·", " ", "/", "\u{2028}"]
            return (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
        }
        func path() -> Path {
            var path = Path()
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                switch Int.random(in: 0..<5, using: &random) {
                case 0: path.move(to: point())
                case 1: path.addLine(to: point())
                case 2: path.addCurve(to: point(), control1: point(), control2: point())
                case 3: path.addQuadCurve(to: point(), control: point())
                default: path.closeSubpath()
                }
            }
            return path
        }
        func paint() -> Paint {
            if Bool.random(using: &random) { return .solid(color()) }
            var offsets = (0..<Int.random(in: 1...4, using: &random)).map { _ in unit() }
            offsets.sort()
            return .linear(from: point(), to: point(), stops: offsets.map { GradientStop(offset: $0, color: color()) })
        }
        var ops: [DisplayList.Op] = []
        var depth = 0
        for index in 0..<Int.random(in: 0...30, using: &random) {
            let id = "n\(index)\(string())"
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                ops.append(
                    .push(
                        DisplayList.Group(
                            id: id,
                            transform: Bool.random(using: &random)
                                ? .identity
                                : AffineTransform(a: number(), b: number(), c: number(), d: number(), tx: number(), ty: number()),
                            opacity: Bool.random(using: &random) ? 1 : unit(),
                            clip: Bool.random(using: &random) ? nil : path(),
                            shadow: Bool.random(using: &random)
                                ? nil : Shadow(color: color(), radius: min(Shadow.maxRadius, abs(number())), offset: point()),
                            effect: Bool.random(using: &random)
                                ? nil
                                : CurtainEffect(
                                    bounds: Rect(x: number(), y: number(), width: unit() * 400, height: unit() * 900),
                                    rawDrag: point(), folds: Int.random(in: 1...8, using: &random)))))
                depth += 1
            case 1 where depth > 0:
                ops.append(.pop)
                depth -= 1
            case 2:
                ops.append(
                    .fill(
                        DisplayList.Fill(
                            id: id, path: path(), paint: paint(),
                            rule: Bool.random(using: &random) ? .nonzero : .evenodd)))
            case 3:
                ops.append(
                    .stroke(
                        DisplayList.Stroke(
                            id: id, path: path(), color: color(), width: abs(number()),
                            cap: DisplayList.LineCap.allCases.randomElement(using: &random)!,
                            join: DisplayList.LineJoin.allCases.randomElement(using: &random)!)))
            default:
                ops.append(
                    .text(
                        DisplayList.Text(
                            id: id,
                            font: DisplayList.Font(
                                weight: [400, 500, 600, 700].randomElement(using: &random)!, size: 1 + unit() * 40),
                            color: color(),
                            lines: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                                DisplayList.TextLine(x: number(), y: number(), text: string())
                            })))
            }
        }
        ops.append(contentsOf: repeatElement(.pop, count: depth))
        let elements = (0..<Int.random(in: 0...3, using: &random)).map { index in
            DisplayList.AccessibilityElement(
                id: "a\(index)", role: AccessibilityRole.allCases.randomElement(using: &random)!, label: string(),
                value: string(), hint: string(), frame: Rect(x: number(), y: number(), width: unit() * 100, height: unit() * 100))
        }
        return DisplayList(
            component: ComponentKind.allCases.randomElement(using: &random)!,
            size: Size(width: unit() * 1000, height: unit() * 1000), time: abs(number()), background: color(), ops: ops,
            accessibility: elements)
    }
}
