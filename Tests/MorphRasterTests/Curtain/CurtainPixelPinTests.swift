import Foundation
import MorphKit
import MorphTestSupport
import Testing

@testable import MorphRaster

/// The fast path's exact bytes, pinned per compiled variant: a rewrite of the row kernels for
/// speed must leave every pixel as it was, not merely within the reference's tolerance. Each
/// case's output is hashed (FNV-1a 64 over the RGBA bytes) and compared with the hash the
/// kernel gave when the pin was recorded; 1, 2 and 3 workers must all give the pinned bytes.
@Suite struct CurtainPixelPinTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var width: Int, height: Int, scale: Int, drag: Point, folds: Int, origin: Point = .zero
        var testDescription: String {
            "\(width)×\(height)@\(scale)x drag (\(drag.x), \(drag.y)) folds \(folds) origin (\(origin.x), \(origin.y))"
        }
    }

    /// Folded, blurred, cut-off and transparent rows; scales 1 to 3; a layer past the view.
    static let cases: [Case] = [
        Case(width: 120, height: 200, scale: 2, drag: Point(x: 60, y: 100), folds: 4),
        Case(width: 120, height: 200, scale: 2, drag: Point(x: 20, y: 10), folds: 8),
        Case(width: 160, height: 120, scale: 1, drag: Point(x: 100, y: 119), folds: 1),
        Case(width: 90, height: 150, scale: 3, drag: Point(x: 35, y: 75), folds: 3),
        Case(width: 200, height: 100, scale: 2, drag: Point(x: 199, y: 50), folds: 4),
        Case(width: 133, height: 97, scale: 2, drag: Point(x: 70, y: 30), folds: 5),
        Case(width: 120, height: 200, scale: 2, drag: Point(x: 40, y: 10), folds: 3, origin: Point(x: -12, y: -20)),
    ]

    /// Recorded from the kernel before its rows were rewritten for speed (issue 35), per
    /// variant, in the order of `cases`. The AVX-512 variant must give the AVX2 variant's bytes.
    static let pinned: [CurtainKernel.Variant: [UInt64]] = [
        .baseline: [
            5_885_116_228_458_934_170, 13_736_073_456_914_869_677, 11_558_228_292_983_184_980, 8_753_575_188_819_827_701,
            6_914_030_561_539_897_298, 194_038_056_142_623_849, 11_405_025_442_333_693_644,
        ],
        .avx2: [
            5_885_116_228_458_934_170, 2_847_367_157_159_381_120, 11_558_228_292_983_184_980, 8_753_575_188_819_827_701,
            6_914_030_561_539_897_298, 194_038_056_142_623_849, 11_405_025_442_333_693_644,
        ],
        .avx512: [
            5_885_116_228_458_934_170, 2_847_367_157_159_381_120, 11_558_228_292_983_184_980, 8_753_575_188_819_827_701,
            6_914_030_561_539_897_298, 194_038_056_142_623_849, 11_405_025_442_333_693_644,
        ],
    ]

    @Test(arguments: CurtainKernel.Variant.allCases)
    func outputBytesMatchThePin(_ variant: CurtainKernel.Variant) throws {
        // A variant this CPU can run must be in the build and run, not stand in for a narrower one.
        #expect(variant.isSupported == variant.cpuSupports, "\(variant): built and runnable \(variant.isSupported)")
        var hashes: [UInt64] = []
        for (index, testCase) in Self.cases.enumerated() {
            let layer = try TestLayers.pattern(
                width: testCase.width, height: testCase.height, scale: testCase.scale, seed: UInt64(20 + index))
            let view = Size(
                width: Double(testCase.width) / Double(testCase.scale) + testCase.origin.x,
                height: Double(testCase.height) / Double(testCase.scale) + 2 * testCase.origin.y)
            let kernel = CurtainKernel(bounds: view, drag: testCase.drag, folds: testCase.folds, origin: testCase.origin)
            let single = kernel.apply(to: layer, variant: variant)
            #expect(single.pixels.contains { $0 != 0 }, "\(testCase)")
            for workers in [2, 3] {
                let banded = kernel.apply(to: layer, pool: pools[workers], variant: variant)
                #expect(banded == single, "\(testCase), \(workers) workers")
            }
            hashes.append(Self.fnv1a(single.pixels))
        }
        let expected = try #require(Self.pinned[variant.runnable], "no pin for \(variant): \(hashes)")
        #expect(hashes == expected)
    }

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
