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
        guard case .array(let markers)? = json["markers"], case .array(let layers)? = json["layers"],
            case .array(let assets)? = json["assets"]
        else {
            Issue.record("no markers or layers")
            return
        }
        #expect(markers.compactMap { $0["cm"] } == [.string("close"), .string("reduced motion")])
        // The play button is filled with the --set accent (the fill's colour, static here); it
        // is drawn in the card's precomp, under the card's clip.
        let precomps = assets.flatMap { asset -> [JSONValue] in if case .array(let inner)? = asset["layers"] { inner } else { [] }
        }
        let play = (layers + precomps).first { $0["nm"] == .string("card/actions/play#fill") }
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
        ["export", "morph-container", "--format", "lottie", "--model", "1"],
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

    /// A component file's transition is sampled from its own machine, as a built-in's is: the
    /// bottom sheet's first animating input (a press on `show`) opens it; a file without a
    /// `scrub` variable records no progress.
    @Test func componentFileLottieSamplesItsMachine() throws {
        let sheet = ComponentFileCommandTests.root.appendingPathComponent("Examples/components/bottom-sheet.json").path
        let result = try MorphExecutable.run(["export", "--component", sheet, "--format", "lottie", "--fps", "20"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue.parse(Array(result.stdout.utf8))
        guard case .array(let markers)? = json["markers"], case .number(let frames)? = json["op"] else {
            Issue.record("no markers")
            return
        }
        #expect(markers.compactMap { $0["cm"] } == [.string("open"), .string("reduced motion")])
        // More than the jump's two frames: the motion, then the reduced-motion segment.
        #expect(markers.first?["dr"].flatMap { if case .number(let n) = $0 { n } else { nil } } ?? 0 > 2)
        #expect(frames > 4 && json["morph"] == nil)
    }

    /// `--recording` replays a session for any component: a built-in name's Lottie is its file's.
    @Test func recordingLottieOfABuiltInIsItsFiles() throws {
        let recording = ComponentFileCommandTests.root.appendingPathComponent(
            "Tests/MorphKitTests/__Fixtures__/recordings/container-double-tap.jsonl"
        ).path
        let tail = ["--format", "lottie", "--fps", "12", "--recording", recording]
        let builtIn = try MorphExecutable.run(["export", "morph-container"] + tail)
        let file = try MorphExecutable.run(["export", "--component", PoseCommandTests.file("morph-container")] + tail)
        #expect(builtIn.status == 0 && file.status == 0, "\(builtIn.stderr)")
        #expect(builtIn.stdout.hasPrefix("{") && builtIn.stdout == file.stdout)
    }

    /// The curtain's fold is refused however its frames come; a recording takes no direction,
    /// pose or setting, and a transition no pose but --time.
    @Test func refusalsOfMovingExports() throws {
        let root = ComponentFileCommandTests.root
        let sheet = root.appendingPathComponent("Examples/components/bottom-sheet.json").path
        let curtain = root.appendingPathComponent("Sources/MorphKit/BuiltIn/curtain.json").path
        let recordings = root.appendingPathComponent("Tests/MorphKitTests/__Fixtures__/recordings")
        for (arguments, message) in [
            (["export", "hero-card", "--format", "lottie", "--recording", "x.jsonl", "--direction", "close"], "--recording"),
            (["export", "--component", sheet, "--format", "svg", "--recording", "x.jsonl"], "--recording"),
            (["export", "hero-card", "--format", "lottie", "--recording", "x.jsonl", "--set", "title=A"], "--set: a replayed"),
            (["export", "hero-card", "--format", "lottie", "--recording", "x.jsonl", "--time", "1"], "--time: a replayed"),
            (["export", "hero-card", "--format", "lottie", "--state", "expanded"], "--state: an animated export"),
            (["export", "hero-card", "--format", "svg", "--animate", "--variable", "progress=1"], "--variable: an animated"),
            (["export", "--component", curtain, "--format", "svg", "--animate"], "pixel kernel"),
            (
                [
                    "export", "--component", curtain, "--format", "lottie", "--fps", "10", "--recording",
                    recordings.appendingPathComponent("curtain-flick-reveals.jsonl").path,
                ], "pixel kernel"
            ),
        ] {
            let result = try MorphExecutable.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("morph export: error:") && result.stderr.contains("usage:"))
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }

    /// `--time` is when the input lands: the seeds draw nothing from the clock, so the
    /// animation is the same at any time.
    @Test func animatedExportTakesTheInputsTime() throws {
        let base = ["export", "hero-card", "--format", "svg", "--animate", "--fps", "20"]
        let now = try MorphExecutable.run(base)
        let later = try MorphExecutable.run(base + ["--time", "5"])
        #expect(now.status == 0 && later.status == 0, "\(later.stderr)")
        #expect(now.stdout.contains("<animate") && now.stdout == later.stdout)
    }

    @Test func curtainRefusalGivesTheMeasuredSize() throws {
        let result = try MorphExecutable.run(["export", "curtain", "--format", "lottie"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("6.7 MB (as measured; --measure measures again; over the 5 MB bound)"))
    }
}
