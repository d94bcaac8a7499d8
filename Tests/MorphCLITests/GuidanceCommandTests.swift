import Foundation
import Testing

/// What the command line tells someone writing their own motion (issue 33): the word it
/// meant for a typo, where `check` looked when it found nothing, what `render` wrote, and
/// progress on a terminal (never in a pipe).
@Suite struct GuidanceCommandTests {
    let support = CheckCommandTests()
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func fixture(_ name: String) -> String {
        CheckCommandTests.fixtures.appendingPathComponent("\(name).jsonl").path
    }

    @Test(arguments: [
        (["exprot"], "unknown subcommand 'exprot' (did you mean 'export'?)"),
        (["export", "morph-container", "--progres", "0.5"], "unknown option '--progres' (did you mean '--progress'?)"),
        (["export", "morph-contaner"], "unknown component 'morph-contaner' (did you mean 'morph-container'?)"),
        (["export", "hero-card", "--fromat", "svg"], "unknown option '--fromat' (did you mean '--format'?)"),
        // With --format the state flags are read by a second parser; a typo still exits 2.
        (["export", "hero-card", "--format", "svg", "--animte"], "unknown option '--animte' (did you mean '--animate'?)"),
        (["check", "--updat"], "unknown option '--updat' (did you mean '--update'?)"),
        (["render", "curtain", "--sacle", "2", "--out", "x.png"], "unknown option '--sacle' (did you mean '--scale'?)"),
        (["replay", "x.jsonl", "--filmstrip", "a.png", "--evry", "3"], "unknown option '--evry' (did you mean '--every'?)"),
    ])
    func typosNameTheWordMeant(arguments: [String], line: String) throws {
        let result = try MorphExecutable.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(line), "\(result.stderr)")
    }

    @Test func wordsFarFromAnyKnownOneGetNoGuess() throws {
        for arguments in [["teleport"], ["export", "teapot"], ["export", "curtain", "--verbose"]] {
            let result = try MorphExecutable.run(arguments)
            #expect(result.status == 2)
            #expect(!result.stderr.contains("did you mean"), "\(result.stderr)")
        }
        // `render` has no --format, so it does not offer export's.
        let render = try MorphExecutable.run(["render", "curtain", "--formt", "svg", "--out", "x.png"])
        #expect(render.status == 2 && !render.stderr.contains("did you mean"), "\(render.stderr)")
    }

    @Test func aRecordingsMistypedComponentNamesTheNearestFile() throws {
        let directory = try support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let examples = Self.repository.appendingPathComponent("Examples/components")
        let text = try String(
            contentsOf: examples.appendingPathComponent("recordings/sheet-flick-up-to-large.jsonl"), encoding: .utf8)
        let recording = directory.appendingPathComponent("typo.jsonl")
        try text.replacingOccurrences(of: "\"bottom-sheet\"", with: "\"bottom-shet\"").write(
            to: recording, atomically: true, encoding: .utf8)
        let result = try MorphExecutable.run(["replay", recording.path, "--components", examples.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("unknown component \"bottom-shet\" (did you mean \"bottom-sheet\"?)"), "\(result.stderr)")
    }

    @Test func checkThatFindsNoRecordingFailsAndSaysWhereItLooked() throws {
        let directory = try support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A folder with files, none of them a recording (a baseline alone is not one).
        try Data("{}".utf8).write(to: directory.appendingPathComponent("a.baseline.json"))
        let result = try MorphExecutable.run(["check", directory.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no recordings (*.jsonl; hidden files and folders skipped) in \(directory.path)"))
        #expect(!result.stderr.contains("0 recordings checked"), "\(result.stderr)")
        // A shard may be empty when the run as a whole is not: that is no mistake.
        let shard = try MorphExecutable.run(["check", fixture("curtain-flick-reveals"), "--shard", "2/2"])
        #expect(shard.status == 0, "\(shard.stderr)")
    }

    @Test func renderSaysWhatItWrote() throws {
        let directory = try support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("curtain.png").path
        let result = try MorphExecutable.run(["render", "curtain", "--drag", "180,420", "--size", "200x300", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "wrote \(out): 400×600 px (200×300 pt at scale 2)\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func longRunsShowProgressOnATerminalAndNothingInAPipe() throws {
        let directory = try support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sheet = directory.appendingPathComponent("sheet.png").path
        let filmstrip = ["replay", fixture("curtain-flick-reveals"), "--filmstrip", sheet, "--every", "30"]
        let examples = Self.repository.appendingPathComponent("Examples/components")
        let lottie = [
            "export", "--component", examples.appendingPathComponent("bottom-sheet.json").path, "--format", "lottie",
            "--recording", examples.appendingPathComponent("recordings/sheet-flick-up-to-large.jsonl").path,
        ]
        // `check` has its own test (CheckCommandTests.progressBarOnlyOnATerminal).
        let cases: [([String], [String])] = [
            (filmstrip, ["% frame ", " tiles drawn"]), (lottie, ["% frame ", "writing Lottie: "]),
        ]
        for (arguments, shown) in cases {
            let terminal = try MorphExecutable.runOnTerminal(arguments)
            #expect(terminal.status == 0, "\(arguments): \(terminal.stdout.suffix(400))")
            for text in shown {
                #expect(terminal.stdout.contains("\r\u{1B}[K[") && terminal.stdout.contains(text), "\(arguments): \(text)")
            }
            // The last progress line is erased before the result is printed and the run ends.
            let afterLastBar = terminal.stdout.components(separatedBy: "\r\u{1B}[K[").last ?? ""
            #expect(afterLastBar.contains("\r\u{1B}[K"), "\(arguments)")
            let piped = try MorphExecutable.run(arguments)
            #expect(piped.status == 0)
            #expect(!piped.stderr.contains("\r") && !piped.stderr.contains("\u{1B}"), "\(arguments): \(piped.stderr)")
        }
    }
}
