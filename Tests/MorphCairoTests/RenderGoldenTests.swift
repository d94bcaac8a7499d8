import Foundation
import MorphCairo
import MorphKit
import MorphTestSupport
import Testing

/// Whole frames of each component through cairo, kept as small PNG goldens and compared by
/// decoded pixels: at most 0.1% of pixels may differ by more than 2/255 (antialiasing and
/// FreeType rasterisation noise stay far inside that). A mismatch writes the actual PNG and a
/// PPM picture of the difference beside the golden.
@Suite struct RenderGoldenTests {
    static let tolerance = 2
    static let minimumFraction = 0.999

    static let states: [(name: String, list: @Sendable () -> DisplayList)] = [
        ("container-collapsed", { MorphContainer().scene(progress: 0).displayList() }),
        ("container-midway", { MorphContainer().scene(progress: 0.55).displayList() }),
        ("hero-expanded", { HeroCard().scene(progress: 1).displayList() }),
        (
            "curtain-folded",
            {
                Curtain().scene(drag: Point(x: 200, y: 400), isRevealed: false).displayList()
            }
        ),
    ]

    @Test(arguments: states.map(\.name))
    func frameMatchesItsGolden(name: String) throws {
        let list = try #require(Self.states.first { $0.name == name }).list()
        let png = try PNGEncoder.encode(try DisplayListRenderer().render(list, scale: 1))
        let golden = Golden(suite: "RenderGoldenTests")
        let outcome = golden.check(Data(png), name: name, ext: "png") { expected, actual in
            do {
                let want = try PNGDecoder.decodeStraight(Array(expected))
                let got = try PNGDecoder.decodeStraight(Array(actual))
                guard want.width == got.width, want.height == got.height else {
                    return "size \(got.width)x\(got.height), golden \(want.width)x\(want.height)"
                }
                let diff = try ImageDiff(
                    expected: want.pixels, actual: got.pixels, width: want.width, height: want.height,
                    tolerance: Self.tolerance)
                guard let failure = diff.failure(minimumFraction: Self.minimumFraction) else { return nil }
                let picture = golden.directory.appendingPathComponent("\(name).diff.ppm")
                try? Data(diff.pictureAsPPM()).write(to: picture)
                return failure + " — difference picture: \(picture.path)"
            } catch {
                return "cannot compare: \(error)"
            }
        }
        #expect(outcome.failureMessage == nil, "\(outcome)")
    }
}
