import Foundation
import MorphCairo
import MorphKit
import MorphTestSupport
import Testing

/// Whole frames of each component through cairo, kept as small PNG goldens and compared by
/// decoded pixels: at most 0.1% of pixels may differ by more than 2/255, and none by more than
/// 24/255 (antialiasing and FreeType rasterisation noise stay far inside both; a missing or
/// moved feature, however small, breaks the second). A mismatch writes the actual PNG and a
/// PPM picture of the difference beside the golden.
@Suite struct RenderGoldenTests {
    static let tolerance = 2
    static let minimumFraction = 0.999
    static let maximumDifference = 24

    static let states: [(name: String, list: @Sendable () throws -> DisplayList)] = [
        ("container-collapsed", { try SeedScenes(.morphContainer).scene(progress: 0).displayList() }),
        ("container-midway", { try SeedScenes(.morphContainer).scene(progress: 0.55).displayList() }),
        ("hero-expanded", { try SeedScenes(.heroCard).scene(progress: 1).displayList() }),
        (
            "curtain-folded",
            {
                try SeedScenes(.curtain).scene(drag: Point(x: 200, y: 400), isRevealed: false).displayList()
            }
        ),
    ]

    /// Why `actual` PNG bytes do not match the `expected` golden bytes, or nil when they do.
    static func mismatch(_ expected: Data, _ actual: Data, picture: URL?) -> String? {
        do {
            let want = try PNGDecoder.decodeStraight(Array(expected))
            let got = try PNGDecoder.decodeStraight(Array(actual))
            guard want.width == got.width, want.height == got.height else {
                return "size \(got.width)x\(got.height), golden \(want.width)x\(want.height)"
            }
            let diff = try ImageDiff(
                expected: want.pixels, actual: got.pixels, width: want.width, height: want.height,
                tolerance: tolerance)
            guard let failure = diff.failure(minimumFraction: minimumFraction, maximumDifference: maximumDifference)
            else { return nil }
            guard let picture else { return failure }
            try? Data(diff.pictureAsPPM()).write(to: picture)
            return failure + " — difference picture: \(picture.path)"
        } catch {
            return "cannot compare: \(error)"
        }
    }

    @Test(arguments: states.map(\.name))
    func frameMatchesItsGolden(name: String) throws {
        let list = try #require(Self.states.first { $0.name == name }).list()
        let png = try PNGEncoder.encode(try DisplayListRenderer().render(list, scale: 1))
        let golden = Golden(suite: "RenderGoldenTests")
        let outcome = golden.check(Data(png), name: name, ext: "png") { expected, actual in
            Self.mismatch(expected, actual, picture: golden.directory.appendingPathComponent("\(name).diff.ppm"))
        }
        #expect(outcome.failureMessage == nil, "\(outcome)")
    }

    /// The rule has teeth: the collapsed container without its chevron (a 3×8-point stroke,
    /// ~20 of 329,160 pixels) must not match the collapsed container's golden.
    @Test func aMissingChevronFailsTheGolden() throws {
        var list = try SeedScenes(.morphContainer).scene(progress: 0).displayList()
        let start = try #require(list.ops.firstIndex { $0.id == "chevron" })
        let end = try #require(matchingPop(list.ops, from: start))
        list.ops.removeSubrange(start...end)
        let png = try PNGEncoder.encode(try DisplayListRenderer().render(list, scale: 1))
        let golden = Golden(suite: "RenderGoldenTests")
        let expected = try Data(contentsOf: golden.path(name: "container-collapsed", ext: "png"))
        let failure = try #require(Self.mismatch(expected, Data(png), picture: nil))
        #expect(failure.contains("more than the 24/255 any pixel may"), "\(failure)")
        #expect(!failure.contains("required"), "the share alone would have passed it: \(failure)")
    }
}
