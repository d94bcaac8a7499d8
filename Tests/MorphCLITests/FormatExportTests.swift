import Foundation
import MorphKit
import Testing

/// `morph export --format svg|lottie`: wiring and refusals (the formats themselves are tested
/// in MorphExportTests, the browser and the Python Lottie suites).
@Suite struct FormatExportTests {
    @Test func svgFrameHasTheStatesViewport() throws {
        let result = try MorphExecutable.run(["export", "hero-card", "--size", "320x500", "--format", "svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<?xml"))
        #expect(result.stdout.contains("viewBox=\"0 0 320 500\""))
        #expect(result.stdout.contains("font-family=\"Inter\""))
        let outlines = try MorphExecutable.run(["export", "hero-card", "--format", "svg", "--text", "outlines"])
        #expect(outlines.status == 0 && !outlines.stdout.contains("<text"))
    }

    @Test func lottieCarriesTheSettingsAndMarkers() throws {
        let result = try MorphExecutable.run([
            "export", "morph-container", "--format", "lottie", "--fps", "30", "--direction", "close",
            "--set", "accent=[1,0,0,1]",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue.parse(Array(result.stdout.utf8))
        #expect(json["fr"] == .number(30))
        guard case .array(let markers)? = json["markers"], case .array(let layers)? = json["layers"] else {
            Issue.record("no markers or layers")
            return
        }
        #expect(markers.compactMap { $0["cm"] } == [.string("close"), .string("reduced motion")])
        // The play button is filled with the --set accent (the fill's colour, static here).
        let play = layers.first { $0["nm"] == .string("card/actions/play#fill") }
        guard case .array(let groups)? = play?["shapes"], case .array(let items)? = groups.first?["it"] else {
            Issue.record("no play button layer")
            return
        }
        let fill = items.first { $0["ty"] == .string("fl") }
        #expect(fill?["c"]?["k"] == .array([.number(1), .number(0), .number(0), .number(1)]))
    }

    @Test(arguments: [
        ["export", "curtain", "--format", "lottie"],
        ["export", "hero-card", "--format", "lottie", "--progress", "0.5"],
        ["export", "hero-card", "--format", "gif"],
        ["export", "hero-card", "--format", "svg", "--fps", "30"],
        ["export", "hero-card", "--format", "lottie", "--text", "outlines"],
        ["export", "morph-container", "--format", "svg", "--animate", "--direction", "both"],
        ["export", "hero-card", "--format", "lottie", "--fps", "0"],
    ])
    func badCombinationsExitTwo(arguments: [String]) throws {
        let result = try MorphExecutable.run(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.contains("morph export: error:") && result.stderr.contains("usage:"))
    }

    /// A component file's Lottie replays a recording; the curtain file's fold is refused as
    /// the built-in curtain is.
    @Test func componentFileLottieNeedsARecordingAndNoFold() throws {
        let root = ComponentFileCommandTests.root
        let sheet = root.appendingPathComponent("Examples/components/bottom-sheet.json").path
        let curtain = root.appendingPathComponent("Sources/MorphKit/BuiltIn/curtain.json").path
        let recordings = root.appendingPathComponent("Tests/MorphKitTests/__Fixtures__/recordings")
        for arguments in [
            ["export", "--component", sheet, "--format", "lottie"],
            ["export", "hero-card", "--format", "lottie", "--recording", "x.jsonl"],
            ["export", "--component", sheet, "--format", "svg", "--recording", "x.jsonl"],
            [
                "export", "--component", curtain, "--format", "lottie", "--fps", "10", "--recording",
                recordings.appendingPathComponent("curtain-flick-reveals.jsonl").path,
            ],
        ] {
            let result = try MorphExecutable.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("morph export: error:") && result.stderr.contains("usage:"))
        }
    }

    @Test func curtainRefusalGivesTheMeasuredSize() throws {
        let result = try MorphExecutable.run(["export", "curtain", "--format", "lottie"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("6.7 MB (as measured; --measure measures again; over the 5 MB bound)"))
    }
}
