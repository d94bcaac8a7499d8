import Foundation
import MorphKit
import MorphTestSupport
import Testing

@testable import MorphRaster

/// The seed measures the curtain in its view's own space: the `GeometryReader` lays the
/// foreground out inside the safe area, the drag is read in the named "curtain" space (origin
/// at the safe area's top-left) and `.boundingRect` is the view's own bounds there, while the
/// layer the shader samples is everything the view draws, its background reaching into the
/// insets included (`layerEffect`: "a subregion of the rasterized contents of self").
@Suite struct CurtainSafeAreaTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var origin: Point, drag: Point, folds: Int
        var testDescription: String { "origin (\(origin.x), \(origin.y)) drag (\(drag.x), \(drag.y))" }
    }

    /// A layer reaching past the view above (the status bar) and on both sides.
    static let cases: [Case] = [
        Case(origin: Point(x: 0, y: -30), drag: Point(x: 60, y: 70), folds: 4),
        Case(origin: Point(x: -12, y: -20), drag: Point(x: 40, y: 10), folds: 3),
    ]

    /// With a layer reaching past the view, the fast path still agrees with the reference
    /// (≤ 2/255 off the seed's steps, which are found in the view's points).
    @Test(arguments: cases, CurtainKernel.Variant.allCases)
    func fastPathMatchesReferenceForALayerPastTheView(_ testCase: Case, variant: CurtainKernel.Variant) throws {
        let layer = try TestLayers.pattern(width: 120, height: 200, scale: 2, seed: 11)
        let view = Size(width: 120 + testCase.origin.x, height: 200 + 2 * testCase.origin.y)
        let kernel = CurtainKernel(bounds: view, drag: testCase.drag, folds: testCase.folds, origin: testCase.origin)
        let reference = kernel.referenceApply(to: layer)
        let fast = kernel.apply(to: layer, variant: variant)
        let truth = SeedCurtain(
            width: view.width, height: view.height, dragX: kernel.drag.x, dragY: kernel.drag.y, folds: Double(kernel.folds))
        var overTolerance = 0
        for (index, difference) in fast.channelDifferences(to: reference).enumerated() where difference > 2 {
            let x = (Double(index % layer.width) + 0.5) / 2 + testCase.origin.x
            let y = (Double(index / layer.width) + 0.5) / 2 + testCase.origin.y
            if !truth.isOnStep(x: x, y: y) { overTolerance += 1 }
        }
        #expect(overTolerance * 1000 <= layer.width * layer.height, "\(overTolerance) off-step pixels over 2/255")
        #expect(fast.pixels.contains { $0 != 0 })
    }

    /// The fold edge of the curtain held at (200, 459) on an iPhone 15 (390 × 844, insets
    /// 59/34): a row's edge is where the sample `x / (1 − compression)` leaves the 390 pt view
    /// (alpha 1/2), and `compression` falls off with the row's distance to the finger over the
    /// view's height, 751 pt, not the viewport's 844. Predicted in `Double` from the seed's
    /// formula; the viewport's reading is 4–6 pt off at these rows, so 1 pt tells them apart.
    @Test func curtainFoldEdgeIsMeasuredOverTheSafeArea() throws {
        var session = try ComponentSession(component: .curtain)
        #expect(session.viewport == Size(width: 390, height: 844))
        let fingerY = 459.0
        var events = [InputEvent(time: 0.1, kind: .pointerDown(pointer: 1, location: Point(x: 380, y: fingerY)))]
        for step in 1...9 {
            let location = Point(x: 380 - 20 * Double(step), y: fingerY)
            events.append(InputEvent(time: 0.1 + Double(step) / 60, kind: .pointerMove(pointer: 1, location: location)))
        }
        // Stepped at 60 Hz as a live session is, so the fold's spring catches up with the finger.
        var frame = 0
        while Double(frame) / 60 < 3 {
            frame += 1
            let time = Double(frame) / 60
            while let next = events.first, next.time <= time {
                session.advance(to: next.time)
                try session.handle(events.removeFirst())
            }
            session.advance(to: time)
        }
        let effect = try #require(
            session.displayList().ops.lazy.compactMap { op -> CurtainEffect? in
                if case .push(let group) = op { return group.effect }
                return nil
            }.first)
        #expect(effect.bounds == Rect(x: 0, y: 0, width: 390, height: 844))
        #expect(effect.frame == Rect(x: 0, y: 59, width: 390, height: 751))
        #expect(abs(effect.drag.x - 200) < 0.01 && abs(effect.drag.y - fingerY) < 0.01, "\(effect) \(session.stateName)")

        let layer = try Bitmap(width: 390 * 2, height: 844 * 2, scale: 2, fill: SIMD4(255, 255, 255, 255))
        let folded = CurtainKernel(effect: effect).apply(to: layer)
        func edge(row y: Double) -> Double {
            let row = Int(y * 2)
            var column = 0
            while column < folded.width && folded[column, row].w >= 128 { column += 1 }
            return Double(column) / 2
        }
        func seedEdge(row y: Double, height: Double, top: Double) -> Double {
            let seed = SeedCurtain(width: 390, height: height, dragX: 200, dragY: fingerY - top, folds: 4)
            return 390 * (1 - seed.compression(y: y + 0.25 - top))
        }
        for y in [120.0, 250, 700, 780] {
            let expected = seedEdge(row: y, height: 751, top: 59)
            let viewportReading = seedEdge(row: y, height: 844, top: 0)
            #expect(abs(edge(row: y) - expected) <= 1, "row \(y): edge \(edge(row: y)), seed \(expected)")
            #expect(abs(viewportReading - expected) > 3, "row \(y): the viewport's reading is not told apart")
        }
        // The status-bar strip (y < 59) is part of the layer and folds with it.
        #expect(folded[10, 40].w == 255)
    }
}
