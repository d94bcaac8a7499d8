import Testing

@testable import MorphCore
@testable import MorphKit

/// A component file draws an icon whose symbol and size stay put once at the origin and moves
/// it to each frame's position (`Path.translated(by:)`): that must give the very numbers
/// drawing it there gives, or the file's frames would drift from the bytes they had.
@Suite struct IconTranslationTests {
    private func bits(_ shapes: [IconShape]) -> [UInt64] {
        shapes.flatMap { shape in
            shape.path.elements.flatMap { element -> [UInt64] in
                let points: [Point] =
                    switch element {
                    case .move(let point), .line(let point): [point]
                    case .quadCurve(let point, let control): [point, control]
                    case .curve(let point, let control1, let control2): [point, control1, control2]
                    case .closeSubpath: []
                    }
                return points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] }
            }
        }
    }

    @Test func drawnAtTheOriginAndMovedIsDrawnThere() {
        var generator = SystemRandomNumberGenerator()
        let origins =
            [Point(x: 37.5, y: -12.25), Point(x: -0.1, y: 1e-9), Point(x: 1e6, y: -3.3)]
            + (0..<40).map { _ in
                Point(x: Double.random(in: -900...900, using: &generator), y: Double.random(in: -900...900, using: &generator))
            }
        for icon in Icon.allCases {
            for size in IconTests.sizes {
                for weight in SymbolWeight.allCases {
                    let atZero = icon.shapes(pointSize: size, weight: weight, origin: .zero)
                    for origin in origins {
                        let moved = atZero.map { IconShape(path: $0.path.translated(by: origin), paint: $0.paint) }
                        let drawn = icon.shapes(pointSize: size, weight: weight, origin: origin)
                        #expect(moved == drawn, "\(icon) \(size) \(origin)")
                        // Bit for bit: == takes -0 for 0.
                        #expect(bits(moved) == bits(drawn), "\(icon) \(size) \(origin)")
                    }
                }
            }
        }
    }
}
