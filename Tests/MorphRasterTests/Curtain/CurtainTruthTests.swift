import Foundation
import MorphKit
import MorphRasterKernel
import MorphTestSupport
import Testing

@testable import MorphRaster

/// The seed's behaviour checked from the outside: predictions come from `SeedCurtain` (the
/// Metal maths redone in `Double` in the test) or from first principles, never from the kernel.
@Suite struct CurtainTruthTests {
    /// Alpha encodes the pixel column (`alpha = x`), RGB stays 0: the highlight never touches
    /// alpha, and blurring a linear ramp returns the ramp, so output alpha is the sample's pixel x.
    static func columnRamp(width: Int, height: Int) throws -> Bitmap {
        try Bitmap(width: width, height: height) { x, _ in SIMD4(0, 0, 0, UInt8(x)) }
    }

    /// Alpha encodes the pixel row.
    static func rowRamp(width: Int, height: Int) throws -> Bitmap {
        try Bitmap(width: width, height: height) { _, y in SIMD4(0, 0, 0, UInt8(y)) }
    }

    @Test(arguments: [false, true])
    func rowUnderTheFingerIsCompressedByExactlyUniformReveal(fast: Bool) throws {
        let layer = try Self.columnRamp(width: 256, height: 64)
        // Row 32's centre is y = 32.5: the finger's row, where the Gaussian is exactly 1.
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: Point(x: 160, y: 32.5), folds: 4)
        let output = fast ? kernel.apply(to: layer) : kernel.referenceApply(to: layer)
        let uniformReveal = 1 - 160.0 / 256
        var checked = 0, lastColumn = 0
        for x in 0..<256 {
            let sampleX = (Double(x) + 0.5) / (1 - uniformReveal)
            guard sampleX <= 250 else { break }
            guard sampleX >= 4.5 else { continue }
            #expect(abs(Double(output[x, 32].w) - (sampleX - 0.5)) <= 0.51, "column \(x)")
            checked += 1
            lastColumn = x
        }
        #expect(checked > 80)
        // A 5 % different compression would be caught at the far columns.
        let wrongSampleX = (Double(lastColumn) + 0.5) / (1 - uniformReveal * 0.95)
        #expect(abs(Double(output[lastColumn, 32].w) - (wrongSampleX - 0.5)) > 3)
    }

    @Test func rowsFartherFromTheFingerCompressLessAlongTheGaussian() throws {
        let layer = try Self.columnRamp(width: 256, height: 128)
        let drag = Point(x: 150, y: 64.5)
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: drag, folds: 4)
        let output = kernel.apply(to: layer)
        let truth = SeedCurtain(width: 256, height: 128, dragX: drag.x, dragY: drag.y, folds: 4)
        var previous = Double.infinity
        for row in [64, 76, 88, 100, 112] {
            // The far-most column whose 9 taps stay inside measures compression most precisely.
            let expected = truth.compression(y: Double(row) + 0.5)
            let column = Int(((250 * (1 - expected)) - 0.5).rounded(.down))
            let sampleX = Double(output[column, row].w) + 0.5
            let measured = 1 - (Double(column) + 0.5) / sampleX
            #expect(abs(measured - expected) < 0.005, "row \(row): measured \(measured), Gaussian \(expected)")
            #expect(measured < previous, "row \(row) compresses no less than a nearer row")
            previous = measured
        }
        // The bell is wide (0.45): even 48 pt away a row keeps most of the reveal.
        #expect(truth.compression(y: 112.5) > 0.8 * truth.compression(y: 64.5))
    }

    @Test(arguments: [false, true])
    func verticalDisplacementVanishesOnTheCentreLineAndPullsTowardIt(fast: Bool) throws {
        // 255 rows: the centre of row 127 is exactly half the height.
        let layer = try Self.rowRamp(width: 200, height: 255)
        let drag = Point(x: 90, y: 60)
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: drag, folds: 3)
        let output = fast ? kernel.apply(to: layer) : kernel.referenceApply(to: layer)
        let truth = SeedCurtain(width: 200, height: 255, dragX: drag.x, dragY: drag.y, folds: 3)
        var displacedAbove = 0, displacedBelow = 0
        for x in 0..<200 {
            // All 9 taps inside (±4 pt, ±½ px), or transparency would dim the ramp.
            let centreSample = truth.pixel(x: Double(x) + 0.5, y: 127.5).sample.x
            guard centreSample >= 4.5, centreSample <= 195 else { continue }
            #expect(output[x, 127].w == 127, "column \(x) moved on the centre line")
            for row in [30, 220] {
                let predicted = truth.pixel(x: Double(x) + 0.5, y: Double(row) + 0.5)
                guard predicted.sample.x >= 4.5, predicted.sample.x <= 195 else { continue }
                let measured = Double(output[x, row].w)
                #expect(abs(measured - (predicted.sample.y - 0.5)) <= 0.51, "(\(x), \(row))")
                if row < 127, measured > Double(row) { displacedAbove += 1 }
                if row > 127, measured < Double(row) { displacedBelow += 1 }
                #expect(row < 127 ? measured >= Double(row) : measured <= Double(row))
            }
        }
        #expect(displacedAbove > 20 && displacedBelow > 20)
    }

    @Test func blurWeightsSumToOne() {
        let weights = CurtainKernel.blurWeights.map(Double.init)
        let total = weights[0] + 2 * weights[1...].reduce(0, +)
        #expect(abs(total - 1) < 1e-6)
        #expect(zip(weights, weights.dropFirst()).allSatisfy { $0 > $1 }, "a Gaussian falls off")
    }

    /// Blurred half (texel floats 4…7) of ring column `column` (layer column) after preparing
    /// row 0 of `layer`.
    private static func preparedRow(_ layer: Bitmap) -> (scratch: CurtainScratch, texel: (Int) -> SIMD8<Float>) {
        let scratch = CurtainScratch(width: layer.width, scale: layer.scale, ringRows: 8)
        layer.pixels.withUnsafeBufferPointer {
            CurtainRows.prepare(row: 0, of: $0.baseAddress!, height: layer.height, into: scratch)
        }
        let slot = scratch.ring + 2 * scratch.slotStride
        return (
            scratch,
            { column in
                UnsafeRawPointer(slot + (column + scratch.padding) * 8).loadUnaligned(as: SIMD8<Float>.self)
            }
        )
    }

    @Test(arguments: [1, 2, 3])
    func preparedRingRowHasTheBlurTapsOnePointApart(scale: Int) throws {
        // One white pixel: its blurred copy is the kernel's impulse response.
        let centre = 20
        let layer = try Bitmap(width: 41, height: 1, scale: scale) { x, _ in x == centre ? SIMD4(255, 255, 255, 255) : .zero }
        let (scratch, texel) = Self.preparedRow(layer)
        for column in -scratch.padding..<(layer.width + scratch.padding) {
            let offset = column - centre
            var expected = 0.0
            if offset % scale == 0, abs(offset / scale) <= 4 {
                expected = Double(CurtainKernel.blurWeights[abs(offset / scale)]) * 255
            }
            #expect(abs(Double(texel(column)[7]) - expected) < 1e-3, "column \(column)")
            #expect(texel(column)[3] == (column == centre ? 255 : 0), "crisp half, column \(column)")
        }
        let constant = try Bitmap(width: 60, height: 2, scale: scale, fill: SIMD4(10, 20, 30, 40))
        let flat = Self.preparedRow(constant).texel
        #expect(abs(flat(4 * scale + 5)[6] - 30) < 1e-3)
        #expect(flat(4 * scale + 5)[2] == 30)
    }

    @Test(arguments: [false, true])
    func highlightSignAlternatesAcrossFolds(fast: Bool) throws {
        let grey = SIMD4<UInt8>(128, 128, 128, 255)
        let layer = try Bitmap(width: 300, height: 100, fill: grey)
        let drag = Point(x: 150, y: 50.5)
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: drag, folds: 4)
        let output = fast ? kernel.apply(to: layer) : kernel.referenceApply(to: layer)
        let truth = SeedCurtain(width: 300, height: 100, dragX: drag.x, dragY: drag.y, folds: 4)
        var signs: [Double] = []
        for x in 0..<300 {
            let pixel = truth.pixel(x: Double(x) + 0.5, y: 50.5)
            guard pixel.sample.x <= 295, !truth.isOnStep(x: Double(x) + 0.5, y: 50.5, epsilon: 0.02) else { continue }
            let crease = (Double(output[x, 50].x) - 128) / 255 + pixel.compression * 0.1
            guard abs(pixel.foldAmount * 0.1) > 3.0 / 255 else { continue }
            let expected: Double = sin(2 * .pi * pixel.creasePhase) > 0 ? 1 : -1
            #expect(crease * expected > 0, "column \(x): crease light \(crease), expected sign \(expected)")
            #expect(output[x, 50].w == 255, "the highlight never touches alpha")
            if signs.last != expected { signs.append(expected) }
        }
        #expect(signs.count >= 4, "light and shade alternate: \(signs)")
    }

    @Test(arguments: [false, true])
    func constantLayerKeepsItsColourPlusOnlyTheHighlight(fast: Bool) throws {
        let colour = SIMD4<UInt8>(100, 90, 80, 200)
        let layer = try Bitmap(width: 160, height: 90, scale: 2, fill: colour)
        let drag = Point(x: 110, y: 30)
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: drag, folds: 5)
        let output = fast ? kernel.apply(to: layer) : kernel.referenceApply(to: layer)
        let truth = SeedCurtain(width: 80, height: 45, dragX: drag.x, dragY: drag.y, folds: 5)
        var checked = 0
        for y in 0..<90 {
            for x in 0..<160 {
                let px = (Double(x) + 0.5) / 2, py = (Double(y) + 0.5) / 2
                let pixel = truth.pixel(x: px, y: py)
                // Only where all 9 taps (±4 pt, ±½ px) land inside is the sampled colour constant.
                guard pixel.sample.x >= 4.5, pixel.sample.x <= 75.5, pixel.sample.y >= 0.5, pixel.sample.y <= 44.5,
                    !truth.isOnStep(x: px, y: py)
                else { continue }
                let expectedRGB = min(max(100.0 / 255 + pixel.highlight, 0), 1) * 255
                #expect(abs(Double(output[x, y].x) - expectedRGB) <= 1, "(\(x), \(y))")
                #expect(output[x, y].w == colour.w)
                checked += 1
            }
        }
        #expect(checked > 3000)
        // Dragged past the trailing edge (rubber band): nothing is revealed, nothing changes.
        let beyond = CurtainKernel(bounds: layer.pointSize, drag: Point(x: 90, y: 30), folds: 5)
        #expect(beyond.isEnabled)
        #expect(beyond.apply(to: layer) == layer)
        #expect(beyond.referenceApply(to: layer) == layer)
    }

    @Test func scaleOneAndScaleTwoAgreeAfterDownsampling() throws {
        // A smooth layer (no strokes), so one and four pixels per point see the same content.
        func smooth(scale: Int) throws -> Bitmap {
            try Bitmap(width: 120 * scale, height: 200 * scale, scale: scale) { x, y in
                let px = (Double(x) + 0.5) / Double(scale), py = (Double(y) + 0.5) / Double(scale)
                let alpha = 0.7 + 0.3 * sin(py / 19)
                func byte(_ v: Double) -> UInt8 { UInt8((v * alpha * 255).rounded()) }
                return SIMD4(byte(0.5 + 0.5 * sin(px / 11)), byte(0.5 + 0.5 * cos(py / 9)), byte(px / 120), byte(1))
            }
        }
        let kernel = CurtainKernel(bounds: Size(width: 120, height: 200), drag: Point(x: 70, y: 80), folds: 4)
        let one = kernel.apply(to: try smooth(scale: 1))
        let two = kernel.apply(to: try smooth(scale: 2))
        var total = 0, large = 0
        for y in 0..<200 {
            for x in 0..<120 {
                for channel in 0..<4 {
                    var sum = 0
                    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                        sum += Int(two.pixels[((2 * y + dy) * 240 + 2 * x + dx) * 4 + channel])
                    }
                    let difference = abs(sum / 4 - Int(one.pixels[(y * 120 + x) * 4 + channel]))
                    total += difference
                    if difference > 16 { large += 1 }
                }
            }
        }
        let samples = 120 * 200 * 4
        #expect(Double(total) / Double(samples) < 3, "mean difference \(Double(total) / Double(samples))")
        #expect(large * 100 < samples, "\(large) channels differ by more than 16/255")
    }
}
