import Foundation
import MorphKit
import Testing

/// `morph explore` through the binary: options, a planted bug found and written as a
/// recording `morph replay` plays, JUnit, and `--save` recordings `morph check` accepts.
@Suite struct ExploreCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MorphKitTests/__Fixtures__/explore")

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("morph-explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func helpListsTheRules() throws {
        let result = try MorphExecutable.run(["explore", "--help"])
        #expect(result.status == 0)
        for rule in FrameRule.allCases { #expect(result.stdout.contains("  \(rule.rawValue) "), "\(rule)") }
        // How thresholds are found, and what is not.
        #expect(result.stdout.contains("Thresholds: some drags are released just short of and just past a threshold"))
        #expect(result.stdout.contains("Not found: thresholds in dragChange"))
        #expect(result.stdout.contains("10, 30, 60, 90 % of the settling duration"))
        #expect(result.stdout.contains("390x844, 430x932, 375x667, 744x1133"))
        let list = try MorphExecutable.run(["--help"])
        #expect(list.stdout.contains("  explore "))
    }

    @Test(arguments: [
        ([], "missing component: a built-in NAME or --component FILE"),
        (["curtian"], "unknown component 'curtain'"),
        (["curtain", "--sequences", "3", "--seconds", "2"], "--sequences and --seconds both say when to stop; give one"),
        (["curtain", "--seed", "-1"], "--seed expects a non-negative integer, got '-1'"),
        (["curtain", "--minutes", "1"], "unknown option '--minutes'"),
        (["curtain", "--jobs", "0"], "--jobs expects an integer in 1...256, got '0'"),
        (["curtain", "hero-card"], "one component at a time (got 'hero-card' too)"),
    ])
    func usageErrorsSayWhy(arguments: [String], message: String) throws {
        let result = try MorphExecutable.run(["explore"] + arguments)
        #expect(result.status == 2)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("morph explore: error: "), "\(result.stderr)")
        #expect(first.contains(message.replacingOccurrences(of: "'curtain'", with: "'curtian'")), "\(first)")
        if arguments == ["curtian"] { #expect(first.contains("did you mean 'curtain'?")) }
    }

    @Test func componentFileWithANameIsRefused() throws {
        let file = Self.fixtures.appendingPathComponent("restless.json").path
        let result = try MorphExecutable.run(["explore", "curtain", "--component", file])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--component names the file to explore; 'curtain' does not apply with it"))
    }

    /// `morph explore --component` on fixture `name`, 12 sequences, with `--report directory`
    /// and `--junit directory/junit.xml`.
    func explore(_ name: String, reportingTo directory: URL, _ more: [String] = []) throws
        -> (file: String, junit: URL, result: MorphExecutable.Result)
    {
        let file = Self.fixtures.appendingPathComponent("\(name).json").path
        let junit = directory.appendingPathComponent("junit.xml")
        let result = try MorphExecutable.run(
            ["explore", "--component", file, "--sequences", "12", "--report", directory.path, "--junit", junit.path] + more)
        return (file, junit, result)
    }

    @Test func plantedBugIsWrittenAsARecordingThatReplays() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (file, junit, result) = try explore("overshooting-opacity", reportingTo: directory, ["--jobs", "2"])
        #expect(result.status == 1, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("failure: unit-range at frame ") })
        #expect(line.contains("card.opacity = 1."), "\(line)")
        #expect(result.stdout.contains("12 sequences"))
        #expect(result.stdout.contains("states         2/2 reached: small, large"))
        let recording = directory.appendingPathComponent("explore-overshooting-opacity-unit-range.jsonl")
        let read = try RecordingReader.read(contentsOf: recording)
        #expect(read.recording.events.count <= 3)
        let replayed = try MorphExecutable.run(["replay", recording.path, "--component", file])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.contains("final state large"))
        // The written file breaks the rule again, through the library's replay.
        let explorer = Explorer(definition: try ComponentDefinition(contentsOf: URL(fileURLWithPath: file)))
        #expect(explorer.run(read.recording).violations.contains { $0.rule == .unitRange })
        let page = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<h2>unit-range: explore-overshooting-opacity-unit-range.jsonl</h2>"))
        #expect(page.contains("src=\"data:image/png;base64,"))
        #expect(page.contains("card opacity"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("name=\"unit-range\"><failure type=\"unit-range\""))
        #expect(xml.contains("name=\"accessibility\"><system-out>0 of 12 sequences"))
    }

    /// A file's own invariant is a rule of its own: found, shrunk, named in the table and the
    /// JUnit file, and written as a recording `morph replay` plays.
    @Test func brokenInvariantIsARuleOfItsOwn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (file, junit, result) = try explore("escaping-card", reportingTo: directory)
        #expect(result.status == 1, "\(result.stderr)")
        let line = try #require(
            result.stdout.split(separator: "\n").first { $0.hasPrefix("failure: invariant:card-in-viewport at frame ") },
            "\(result.stdout)")
        #expect(line.contains("card-in-viewport = 0 in state large: the card never leaves the viewport"), "\(line)")
        #expect(result.stdout.contains("\n  invariant:card-in-viewport "), "\(result.stdout)")
        let recording = directory.appendingPathComponent("explore-escaping-card-invariant-card-in-viewport.jsonl")
        let read = try RecordingReader.read(contentsOf: recording)
        #expect(read.recording.events.count <= 3, "\(read.recording.jsonl)")
        let replayed = try MorphExecutable.run(["replay", recording.path, "--component", file])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.contains("final state large"))
        let explorer = Explorer(definition: try ComponentDefinition(contentsOf: URL(fileURLWithPath: file)))
        #expect(explorer.run(read.recording).violations.contains { $0.ruleName == "invariant:card-in-viewport" })
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("name=\"invariant:card-in-viewport\"><failure type=\"invariant:card-in-viewport\""))
    }

    /// The table reports the new dimensions: phases, thresholds, viewports, environment changes.
    @Test func coverageOfThresholdsViewportsAndEnvironmentChanges() throws {
        // Its failures' recordings go to a folder of their own, never the working folder.
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try MorphExecutable.run([
            "explore", "curtain", "--sequences", "24", "--jobs", "2", "--report", directory.path,
        ])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        func row(_ name: String) throws -> String {
            try #require(lines.first { $0.hasPrefix("  \(name) ") }, "\(result.stdout)")
        }
        #expect(try row("interruptions").contains(" of the spring's settling duration, "))
        let thresholds = try row("thresholds")
        #expect(thresholds.contains(" releases either side (slow "), "\(thresholds)")
        #expect(thresholds.hasSuffix(" on handle"), "\(thresholds)")
        // 24 sequences take the four viewports in turn, 6 each.
        #expect(try row("viewports") == "  viewports      390×844 6, 430×932 6, 375×667 6, 744×1133 6")
        let changes = try row("env changes")
        #expect(changes.contains(" between inputs: dynamic-type "), "\(changes)")
        #expect(!changes.hasPrefix("  env changes    0 "), "\(changes)")
    }

    /// A sound component (the unlabelled fixture, labelled): every rule passes, and the
    /// covering set `--save` writes passes `morph check`, which finds the file as NAME.json
    /// in the recordings' parent folder.
    @Test func savedSequencesPassMorphCheck() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("unlabeled-when-large.json"), encoding: .utf8)
            .replacingOccurrences(of: "state == 'large' ? '' : 'Card'", with: "'Card'")
        let file = directory.appendingPathComponent("unlabeled-when-large.json")
        try Data(text.utf8).write(to: file)
        let saved = directory.appendingPathComponent("saved")
        let result = try MorphExecutable.run([
            "explore", "--component", file.path, "--sequences", "10", "--save", saved.path, "--seed", "3",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("saved "), "\(result.stdout)")
        let names = try FileManager.default.contentsOfDirectory(atPath: saved.path)
        let recordings = names.filter { $0.hasSuffix(".jsonl") }
        #expect(!recordings.isEmpty)
        #expect(names.filter { $0.hasSuffix(".baseline.json") }.count == recordings.count)
        let check = try MorphExecutable.run(["check", saved.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let lines = check.stdout.split(separator: "\n")
        #expect(lines.count == recordings.count && lines.allSatisfy { $0.contains(": unchanged (") }, "\(check.stdout)")
    }

    /// `--seconds` stops by the clock; a terminal sees progress, a pipe does not.
    @Test func secondsAndProgress() throws {
        let file = Self.fixtures.appendingPathComponent("restless.json").path
        // Its failure's recording goes to a folder of its own, never the working folder (the checkout).
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = [
            "explore", "--component", file, "--seconds", "0.5", "--settle", "0.5", "--jobs", "1", "--report", directory.path,
        ]
        let piped = try MorphExecutable.run(arguments)
        #expect(piped.status == 1)
        #expect(piped.stderr.isEmpty, "\(piped.stderr)")
        let header = try #require(piped.stdout.split(separator: "\n").first { $0.hasPrefix("morph explore restless") })
        let count = Int(header.split(separator: " ")[5]) ?? 0
        #expect(count > 0, "\(header)")
        #expect(piped.stdout.contains("failure: rest at frame "))
        let terminal = try MorphExecutable.runOnTerminal(arguments)
        #expect(terminal.stdout.contains("\r\u{1B}[K"), "\(terminal.stdout)")
        #expect(!piped.stdout.contains("\u{1B}"))
    }
}
