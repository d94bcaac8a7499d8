import Foundation
import MorphKit
import MorphTestSupport
import Testing

@testable import MorphRaster

/// The fast path against the line-by-line reference: ≤ 2/255 per channel for ≥ 99.9 % of the
/// pixels off the seed's step functions; pixels on a step are identified, counted, and allowed.
@Suite struct CurtainPathAgreementTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var width: Int, height: Int, scale: Int, drag: Point, folds: Int
        var testDescription: String { "\(width)×\(height)@\(scale)x drag (\(drag.x), \(drag.y)) folds \(folds)" }
    }

    static let cases: [Case] = [
        Case(width: 120, height: 200, scale: 2, drag: Point(x: 60, y: 100), folds: 4),
        Case(width: 120, height: 200, scale: 2, drag: Point(x: 20, y: 10), folds: 8),
        Case(width: 160, height: 120, scale: 1, drag: Point(x: 100, y: 119), folds: 1),
        Case(width: 90, height: 150, scale: 3, drag: Point(x: 35, y: 75), folds: 3),
        Case(width: 200, height: 100, scale: 1, drag: Point(x: 5, y: -40), folds: 6),  // floored to 20
        Case(width: 200, height: 100, scale: 2, drag: Point(x: 199, y: 50), folds: 4),
    ]

    /// Every compiled variant of the row kernel, each run explicitly (the default is
    /// `Variant.active`, the AVX2 one on a CPU that has it).
    static let variants = CurtainKernel.Variant.allCases

    @Test(arguments: cases, variants)
    func fastPathMatchesReference(_ testCase: Case, variant: CurtainKernel.Variant) throws {
        let layer = try TestLayers.pattern(width: testCase.width, height: testCase.height, scale: testCase.scale, seed: 7)
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: testCase.drag, folds: testCase.folds)
        let reference = kernel.referenceApply(to: layer)
        let fast = kernel.apply(to: layer, variant: variant)
        let truth = SeedCurtain(
            width: Double(testCase.width), height: Double(testCase.height),
            dragX: kernel.drag.x, dragY: kernel.drag.y, folds: Double(kernel.folds))

        var onStep = 0, offStepOverTolerance = 0
        let differences = fast.channelDifferences(to: reference)
        for (index, difference) in differences.enumerated() {
            let x = (Double(index % layer.width) + 0.5) / Double(layer.scale)
            let y = (Double(index / layer.width) + 0.5) / Double(layer.scale)
            if truth.isOnStep(x: x, y: y) {
                onStep += 1
            } else if difference > 2 {
                offStepOverTolerance += 1
            }
        }
        let pixels = differences.count
        #expect(offStepOverTolerance * 1000 <= pixels, "\(offStepOverTolerance) of \(pixels) off-step pixels over 2/255")
        #expect(onStep * 100 <= pixels, "\(onStep) step pixels is more than 1 %")
        // The paths must not merely agree on a blank frame.
        #expect(fast != layer)
        #expect(fast.pixels.contains { $0 != 0 })
    }

    /// The variants are one source compiled three times; the AVX2 and AVX-512 ones fuse the
    /// colour sums' multiply-adds (one rounding instead of two) but compute the same geometry.
    /// On a frame with every kind of row (folded, blurred, cut off, transparent) every channel
    /// agrees with the baseline within 1/255 (a geometry change would move pixels across the
    /// folds' steps, far more), and nearly all bytes agree exactly; the AVX-512 variant gives
    /// the AVX2 variant's bytes, on one worker and on two.
    @Test func variantsAgreeWithinOneStep() throws {
        let layer = try TestLayers.pattern(width: 300, height: 260, scale: 2, seed: 5)
        for drag in [Point(x: 40, y: 30), Point(x: 90, y: 65), Point(x: 140, y: 120)] {
            let kernel = CurtainKernel(bounds: layer.pointSize, drag: drag, folds: 4)
            let baseline = kernel.apply(to: layer, pool: pools[2], variant: .baseline)
            let avx2 = kernel.apply(to: layer, pool: pools[2], variant: .avx2)
            let differences = avx2.channelDifferences(to: baseline)
            #expect(differences.max() ?? 0 <= 1, "drag \(drag)")
            let differing = differences.filter { $0 != 0 }.count
            #expect(differing * 100 <= differences.count, "drag \(drag): \(differing) pixels differ")
            #expect(baseline.pixels.contains { $0 != 0 })
            // Compared here, not inside #expect, so a failure names the drag without printing every byte.
            let sameOnOne = kernel.apply(to: layer, variant: .avx512) == avx2
            let sameOnTwo = kernel.apply(to: layer, pool: pools[2], variant: .avx512) == avx2
            #expect(sameOnOne, "drag \(drag): AVX-512 differs from AVX2 on 1 worker")
            #expect(sameOnTwo, "drag \(drag): AVX-512 differs from AVX2 on 2 workers")
        }
    }

    /// The variant in use: the widest the CPU supports, unless `MORPH_CURTAIN_KERNEL` names
    /// another (which runs only where the CPU can).
    @Test func activeVariantFollowsTheCPUAndTheEnvironment() {
        let forced = ProcessInfo.processInfo.environment["MORPH_CURTAIN_KERNEL"].flatMap(CurtainKernel.Variant.init(rawValue:))
        let widest: CurtainKernel.Variant =
            CurtainKernel.Variant.avx512.cpuSupports ? .avx512 : (CurtainKernel.Variant.avx2.cpuSupports ? .avx2 : .baseline)
        #expect(CurtainKernel.Variant.widest == widest)
        #expect(CurtainKernel.Variant.active == forced.map { min($0, widest) } ?? widest)
        #expect(CurtainKernel.Variant.baseline.isSupported)
        #if arch(x86_64)
            // Every x86-64 CPU this project is measured on (Haswell or Zen and later) has AVX2.
            #expect(CurtainKernel.Variant.avx2.isSupported)
        #endif
        // Whatever the CPU has, the build holds it: a missing variant fails here, it is not skipped.
        for variant in CurtainKernel.Variant.allCases where variant.cpuSupports {
            #expect(variant.isSupported, "\(variant) runs on this CPU but is not in the build")
        }
    }

    /// A requested variant the CPU cannot run falls back to the widest narrower one it can.
    @Test func runnableNeverExceedsTheCPU() {
        for variant in CurtainKernel.Variant.allCases {
            let runnable = variant.runnable
            #expect(runnable.isSupported)
            #expect(runnable <= variant)
            if variant.isSupported { #expect(runnable == variant) }
        }
    }

    @Test func singleCoreAndMultiCoreAreIdentical() throws {
        let layer = try TestLayers.pattern(width: 100, height: 180, scale: 2, seed: 3)
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: Point(x: 48, y: 60), folds: 5)
        #expect(kernel.apply(to: layer) == kernel.apply(to: layer, pool: pools[4]))
    }

    @Test func randomFramesAgreeAndStayFinite() throws {
        try withEverySeed(1...12) { seed, generator in
            let width = Int.random(in: 21...90, using: &generator)
            let height = Int.random(in: 8...90, using: &generator)
            let scale = Int.random(in: 1...3, using: &generator)
            let drag = Point(
                x: Double.random(in: -50...(Double(width) + 60), using: &generator),
                y: Double.random(in: -100...(Double(height) + 100), using: &generator))
            let folds = Int.random(in: 0...9, using: &generator)
            let layer = try TestLayers.pattern(width: width, height: height, scale: scale, seed: seed)
            let kernel = CurtainKernel(bounds: layer.pointSize, drag: drag, folds: folds)
            let truth = SeedCurtain(
                width: Double(width), height: Double(height), dragX: kernel.drag.x,
                dragY: kernel.drag.y, folds: Double(kernel.folds))
            let differences = kernel.apply(to: layer).channelDifferences(to: kernel.referenceApply(to: layer))
            var over = 0
            for (index, difference) in differences.enumerated() where difference > 2 {
                let x = (Double(index % layer.width) + 0.5) / Double(scale)
                let y = (Double(index / layer.width) + 0.5) / Double(scale)
                if !truth.isOnStep(x: x, y: y) { over += 1 }
            }
            #expect(over * 1000 <= differences.count, "seed \(seed): \(over) of \(differences.count) pixels over 2/255")
        }
    }

    /// The tight bound: off the step pixels, every channel within 1/255 of the reference.
    @Test(arguments: cases, variants)
    func fastPathIsWithinOneStepOffTheSteps(_ testCase: Case, variant: CurtainKernel.Variant) throws {
        let layer = try TestLayers.pattern(width: testCase.width, height: testCase.height, scale: testCase.scale, seed: 11)
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: testCase.drag, folds: testCase.folds)
        let truth = SeedCurtain(
            width: Double(testCase.width), height: Double(testCase.height),
            dragX: kernel.drag.x, dragY: kernel.drag.y, folds: Double(kernel.folds))
        var worst = 0, compared = 0
        for (index, difference) in kernel.apply(to: layer, variant: variant)
            .channelDifferences(to: kernel.referenceApply(to: layer)).enumerated()
        {
            let x = (Double(index % layer.width) + 0.5) / Double(layer.scale)
            let y = (Double(index / layer.width) + 0.5) / Double(layer.scale)
            guard !truth.isOnStep(x: x, y: y) else { continue }
            worst = max(worst, difference)
            compared += 1
        }
        #expect(worst <= 1, "an off-step pixel differs by \(worst)/255")
        #expect(compared * 100 >= layer.width * layer.height * 99)
    }

    /// One workspace and output reused across frames of different sizes, drags and worker
    /// counts gives exactly what fresh buffers give: no state leaks from one frame to the next.
    @Test func reusedWorkspaceEqualsFreshBuffers() throws {
        let workspace = CurtainWorkspace()
        var output = try Bitmap(width: 1, height: 1)
        let frames: [(width: Int, height: Int, scale: Int, drag: Point, workers: Int)] = [
            (120, 200, 2, Point(x: 40, y: 80), 2), (120, 200, 2, Point(x: 90, y: 10), 2),
            (80, 300, 3, Point(x: 30, y: 200), 1), (120, 200, 2, Point(x: 40, y: 80), 3),
            (120, 200, 2, Point(x: 120, y: 80), 2),  // effect off: the layer itself (120, 200, 2, Point(x: 70, y: 150), 2),
        ]
        for (index, frame) in frames.enumerated() {
            let layer = try TestLayers.pattern(width: frame.width, height: frame.height, scale: frame.scale, seed: UInt64(index))
            let kernel = CurtainKernel(bounds: layer.pointSize, drag: frame.drag, folds: 4)
            kernel.apply(to: layer, into: &output, workspace: workspace, pool: pools[frame.workers])
            #expect(output == kernel.apply(to: layer), "frame \(index)")
        }
    }
}
