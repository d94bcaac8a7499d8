import Foundation
import MorphKit
import MorphTestSupport
import Testing

/// `--component FILE` through the real `morph` binary: the file component gives the same
/// bytes as the built-in one, and a broken file is a usage error naming line and column.
@Suite struct ComponentFileCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let container = root.appendingPathComponent("Sources/MorphKit/BuiltIn/morph-container.json").path
    static let recordings = root.appendingPathComponent("Tests/MorphKitTests/__Fixtures__/recordings").path

    @Test(arguments: [
        ["--progress", "0.3"], ["--progress", "0.8", "--display-list", "--color-scheme", "dark"],
        ["--progress", "1", "--set", "cornerRadiusOpen=12", "--set", "accent=[1,0,0,1]", "--display-list"],
    ])
    func exportMatchesTheBuiltInComponent(_ options: [String]) throws {
        let builtIn = try MorphExecutable.run(["export", "morph-container"] + options)
        let file = try MorphExecutable.run(["export", "--component", Self.container] + options)
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.stdout == builtIn.stdout)
    }

    @Test func aConfigurationFileAppliesToTheFileComponent() throws {
        let document = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString).json")
        try #"{"format":"morph.config.morph-container","cornerRadiusOpen":9,"accent":"pink"}"#
            .write(to: document, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: document) }
        let options = ["--configuration", document.path, "--progress", "1", "--display-list"]
        let builtIn = try MorphExecutable.run(["export", "morph-container"] + options)
        let file = try MorphExecutable.run(["export", "--component", Self.container] + options)
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.stdout == builtIn.stdout && builtIn.status == 0)
    }

    @Test func twoPagesWithOneTitleAreRefusedBySetAndByAConfigurationFile() throws {
        let pager = Self.root.appendingPathComponent("Examples/components/pager.json").path
        let pages = #"[{"title":"A","symbol":"waveform"},{"title":"B","symbol":"waveform"},{"title":"A","symbol":"fork.knife"}]"#
        let message =
            "pages[2].title: 'A' is also pages[0]'s title: a repeat keys its nodes by title, "
            + "so each entry's title is different"
        let set = try MorphExecutable.run(["export", "--component", pager, "--display-list", "--set", "pages=\(pages)"])
        #expect(set.status != 0)
        #expect(set.stderr.contains(message), "\(set.stderr)")
        let document = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString).json")
        try #"{"format":"morph.config.pager","pages":\#(pages)}"#.write(to: document, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: document) }
        let file = try MorphExecutable.run(["export", "--component", pager, "--display-list", "--configuration", document.path])
        #expect(file.status != 0)
        #expect(file.stderr.contains(message), "\(file.stderr)")
        // Different titles are taken.
        let fine = try MorphExecutable.run([
            "export", "--component", pager, "--display-list", "--set",
            "pages=\(pages.replacingOccurrences(of: #""A","symbol":"fork"#, with: #""C","symbol":"fork"#))",
        ])
        #expect(fine.status == 0, "\(fine.stderr)")
    }

    @Test func replayAndCheckRunTheFile() throws {
        let recording = "\(Self.recordings)/container-pointer-open-close.jsonl"
        let builtIn = try MorphExecutable.run(["replay", recording, "--hashes"])
        let file = try MorphExecutable.run(["replay", recording, "--hashes", "--component", Self.container])
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.stdout == builtIn.stdout && !file.stdout.isEmpty)
        let check = try MorphExecutable.run(["check", Self.recordings, "--component", Self.container])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("container-scrub.jsonl: unchanged"))
        // The hero card's recordings through its file named with --component match their baselines.
        let hero = Self.root.appendingPathComponent("Sources/MorphKit/BuiltIn/hero-card.json").path
        let heroCheck = try MorphExecutable.run(["check", Self.recordings, "--component", hero])
        #expect(heroCheck.status == 0, "\(heroCheck.stdout)\(heroCheck.stderr)")
        #expect(heroCheck.stdout.contains("hero-pointer-open-close.jsonl: unchanged (255 frames)"), "\(heroCheck.stdout)")
    }

    /// The bottom sheet, a component with no Swift counterpart: its recordings match the
    /// baselines checked in beside them, and its machine lists the drag events.
    @Test func theBottomSheetChecksAgainstItsBaselines() throws {
        let sheet = Self.root.appendingPathComponent("Examples/components/bottom-sheet.json").path
        let recordings = Self.root.appendingPathComponent("Examples/components/recordings").path
        let check = try MorphExecutable.run(["check", recordings, "--component", sheet])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let count = try FileManager.default.contentsOfDirectory(atPath: recordings).filter { $0.hasSuffix(".jsonl") }.count
        #expect(count >= 6, "the sheet's flicks, slow drags, holds and backdrop tap")
        #expect(check.stdout.components(separatedBy: ": unchanged").count - 1 == count, "\(check.stdout)")
        let machine = try MorphExecutable.run(["export", "--component", sheet, "--machine"])
        let decoded = try MachineDefinition(exported: Array(machine.stdout.utf8))
        #expect(decoded.component == "bottom-sheet")
        #expect(
            decoded.events.map(\.name) == [
                "press(show)", "environment", "dragStart(sheet)", "tap(backdrop)", "dragChange(sheet)", "dragEnd(sheet)",
            ])
    }

    @Test func machineAndConfigurationSchemaComeFromTheFile() throws {
        let machine = try MorphExecutable.run(["export", "--component", Self.container, "--machine"])
        #expect(machine.status == 0, "\(machine.stderr)")
        let decoded = try MachineDefinition(exported: Array(machine.stdout.utf8))
        #expect(decoded.states == ["collapsed", "expanding", "expanded", "collapsing"])
        #expect(decoded.effects.map(\.name).contains("animate(progress, to: 1, with: spring(0.42, config.dampingFraction))"))
        #expect(decoded.transitions.first?.guard == "!scrubbing && env.reduceMotion")
        let schema = try MorphExecutable.run(["export", "--component", Self.container, "--config-schema"])
        let json = try JSONSerialization.jsonObject(with: Data(schema.stdout.utf8)) as? [String: Any]
        let properties = json?["properties"] as? [String: Any]
        let damping = properties?["dampingFraction"] as? [String: Any]
        #expect(damping?["exclusiveMinimum"] as? Double == 0 && damping?["maximum"] as? Double == 10)
    }

    /// A built-in's schema and file come from its file in the library: the same bytes as
    /// exporting that file, and the schema is the one in `schemas/`.
    @Test(arguments: ["morph-container", "hero-card", "curtain"])
    func aBuiltInsSchemaAndFileAreItsFiles(name: String) throws {
        let file = Self.root.appendingPathComponent("Sources/MorphKit/BuiltIn/\(name).json").path
        for flag in ["--config-schema", "--component-file"] {
            let builtIn = try MorphExecutable.run(["export", name, flag])
            let fromFile = try MorphExecutable.run(["export", "--component", file, flag])
            #expect(builtIn.status == 0 && builtIn.stdout == fromFile.stdout, "\(flag): \(builtIn.stderr)")
        }
        let schema = try MorphExecutable.run(["export", name, "--config-schema"])
        let inRepository = try Data(contentsOf: Self.root.appendingPathComponent("schemas/\(name).schema.json"))
        #expect(
            try JSONSerialization.jsonObject(with: Data(schema.stdout.utf8)) as? NSDictionary
                == JSONSerialization.jsonObject(with: inRepository) as? NSDictionary)
    }

    @Test func aBrokenFileIsAUsageErrorWithLineAndColumn() throws {
        let text = try String(contentsOfFile: Self.container, encoding: .utf8)
            .replacingOccurrences(of: "\"cardHeight\": \"lerp(96, 384, p)\"", with: "\"cardHeight\": \"lerp(96, 384 p)\"")
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).json")
        try text.write(to: broken, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: broken) }
        let result = try MorphExecutable.run(["export", "--component", broken.path])
        #expect(result.status == 2)
        // The line of the binding, counted in the file rather than written here.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("\"cardHeight\":") }) + 1
        #expect(result.stderr.contains("\(broken.path):\(line):33: let.cardHeight: expected ')', found 'p'"), "\(result.stderr)")
    }
}
