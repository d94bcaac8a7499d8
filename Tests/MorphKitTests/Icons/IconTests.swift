import Foundation
import MorphKit
import Testing

private func points(of path: Path) -> [Point] {
    path.elements.flatMap { element -> [Point] in
        switch element {
        case .move(let point), .line(let point): [point]
        case .quadCurve(let point, let control): [point, control]
        case .curve(let point, let control1, let control2): [point, control1, control2]
        case .closeSubpath: []
        }
    }
}

@Suite struct IconTests {
    static let sizes: [Double] = [11, 13, 17, 22, 46, 52, 91.67]

    @Test func rawValuesAreTheSFSymbolNames() {
        #expect(
            Icon.allCases.map(\.rawValue) == [
                "waveform", "chevron.right", "tram.fill", "sailboat.fill", "fork.knife",
                "sun.horizon.fill", "xmark", "hand.point.up.left",
            ])
        #expect(Icon(rawValue: "tram.fill") == .tramFill)
    }

    @Test func everyIconPaintsFiniteNonEmptyShapesInsideItsBox() {
        let origin = Point(x: 37.5, y: -12.25)
        for icon in Icon.allCases {
            for size in Self.sizes {
                for weight in SymbolWeight.allCases {
                    let box = icon.layoutBox(pointSize: size)
                    let frame = Rect(origin: origin, size: box.size)
                    let shapes = icon.shapes(pointSize: size, weight: weight, origin: origin)
                    #expect(!shapes.isEmpty, "\(icon)")
                    for shape in shapes {
                        #expect(!shape.path.isEmpty)
                        #expect(points(of: shape.path).allSatisfy { $0.x.isFinite && $0.y.isFinite })
                        let painted = shape.paintedBounds
                        #expect(painted.width > 0 || painted.height > 0)
                        let tolerance = 1e-9 * size
                        #expect(
                            painted.minX >= frame.minX - tolerance && painted.maxX <= frame.maxX + tolerance
                                && painted.minY >= frame.minY - tolerance
                                && painted.maxY <= frame.maxY + tolerance,
                            "\(icon) at \(size) \(weight): \(painted) outside \(frame)")
                        if case .stroke(let width, _, _) = shape.paint {
                            #expect(width > 0 && width.isFinite)
                        }
                    }
                }
            }
        }
    }

    @Test func boxesSitOnTheBaselineAtAboutCapHeight() {
        for icon in Icon.allCases {
            let box = icon.layoutBox(pointSize: 17)
            let capHeight = Font.system(size: 17).capHeight
            #expect(box.baseline <= box.height)
            #expect(box.height - box.baseline <= 0.15 * 17, "\(icon) hangs too far below")
            #expect(box.baseline >= 0.85 * capHeight && box.baseline <= 1.3 * capHeight, "\(icon)")
        }
    }

    @Test func strokesFollowTheWeight() throws {
        func width(_ weight: SymbolWeight) throws -> Double {
            let shape = try #require(Icon.chevronRight.shapes(pointSize: 13, weight: weight).first)
            guard case .stroke(let width, let cap, let join) = shape.paint else {
                Issue.record("chevron is not stroked")
                return 0
            }
            #expect(cap == .round && join == .round)
            return width
        }
        let widths = try SymbolWeight.allCases.map(width)
        #expect(widths == widths.sorted())
        #expect(Set(widths).count == widths.count)
        let xmark = Icon.xmark.shapes(pointSize: 17, weight: .semibold)
        #expect(xmark.count == 2)
        #expect(xmark.allSatisfy { if case .stroke = $0.paint { true } else { false } })
    }

    @Test func drawnLargeAndScaledDownMatchesDrawnSmall() {
        // The container draws the waveform at 46 pt light and scales it by 22/46.
        let factor = 22.0 / 46.0
        let scale = AffineTransform.scale(x: factor, y: factor)
        let large = Icon.waveform.shapes(pointSize: 46, weight: .light)
        let small = Icon.waveform.shapes(pointSize: 22, weight: .light)
        #expect(large.count == small.count)
        for (big, little) in zip(large, small) {
            let scaled = points(of: big.path.applying(scale))
            let direct = points(of: little.path)
            #expect(scaled.count == direct.count)
            for (a, b) in zip(scaled, direct) {
                #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
            }
            if case .stroke(let bigWidth, _, _) = big.paint, case .stroke(let littleWidth, _, _) = little.paint {
                #expect(abs(bigWidth * factor - littleWidth) < 1e-9)
            }
        }
    }

    @Test func fittingCentresTheBoxInARect() {
        let rect = Rect(x: 10, y: 20, width: 64, height: 64)
        for icon in Icon.allCases {
            let shapes = icon.shapes(fitting: rect, weight: .semibold)
            var minX = Double.infinity, maxX = -Double.infinity
            var minY = Double.infinity, maxY = -Double.infinity
            for shape in shapes {
                let b = shape.paintedBounds
                minX = min(minX, b.minX); maxX = max(maxX, b.maxX)
                minY = min(minY, b.minY); maxY = max(maxY, b.maxY)
            }
            #expect(minX >= rect.minX - 1e-9 && maxX <= rect.maxX + 1e-9, "\(icon)")
            #expect(minY >= rect.minY - 1e-9 && maxY <= rect.maxY + 1e-9, "\(icon)")
        }
    }

    @Test func shapesAreDeterministic() {
        for icon in Icon.allCases {
            let first = icon.shapes(pointSize: 52, weight: .semibold, origin: Point(x: 24, y: 56))
            let second = icon.shapes(pointSize: 52, weight: .semibold, origin: Point(x: 24, y: 56))
            #expect(first == second)
        }
    }

    @Test func filledIconsUseTheirRule() {
        let tram = Icon.tramFill.shapes(pointSize: 52)
        #expect(tram.contains { $0.paint == .fill(.evenodd) })
        #expect(Icon.sailboatFill.shapes(pointSize: 52).allSatisfy { $0.paint == .fill(.nonzero) })
        #expect(SymbolWeight(.semibold) == .semibold)
    }
}
