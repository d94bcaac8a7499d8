import Foundation
import MorphKit
import Testing

/// `--configuration FILE` on `morph export`, `render` and `replay`: the document the preview
/// page's "Export configuration" downloads.
@Suite struct ConfigurationOptionTests {
    static let document = """
        {"format":"morph.config.morph-container","version":1,"accent":[1,0,0,1],"cornerRadiusOpen":12,"dampingFraction":0.5}
        """

    func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("morph-config-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func exportStartsFromTheFileThenAppliesSet() throws {
        let path = try file(Self.document)
        let result = try MorphExecutable.run([
            "export", "morph-container", "--configuration", path, "--progress", "1", "--display-list",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        func displayList(_ configuration: JSONValue) throws -> [UInt8] {
            let definition = try #require(ComponentDefinition.builtIn(.morphContainer))
            let session = try ComponentSession(definition: definition, configuration: configuration)
            return try session.scene(posed: ComponentPose(progress: 1)).displayList().canonicalJSON()
        }
        let expected = try displayList(try JSONValue.parse(Array(Self.document.utf8)))
        #expect(Array(result.stdout.utf8) == expected + [0x0A])
        #expect(try expected != displayList(.object([])))

        let patched = try MorphExecutable.run([
            "export", "morph-container", "--configuration", path, "--set", "cornerRadiusOpen=40", "--config",
        ])
        #expect(patched.status == 0, "\(patched.stderr)")
        let resolved = try JSONValue.parse(Array(patched.stdout.utf8))
        #expect(resolved["cornerRadiusOpen"] == .number(40) && resolved["dampingFraction"] == .number(0.5))
        #expect(resolved["accent"] == .array([.number(1), .number(0), .number(0), .number(1)]))
    }

    @Test func renderDrawsTheSameAsTheSameKeysSetOneByOne() throws {
        let path = try file(Self.document)
        let directory = FileManager.default.temporaryDirectory
        let fromFile = directory.appendingPathComponent("morph-config-\(UUID().uuidString).png").path
        let fromSet = directory.appendingPathComponent("morph-config-\(UUID().uuidString).png").path
        let a = try MorphExecutable.run([
            "render", "morph-container", "--progress", "1", "--configuration", path, "--scale", "1", "--out", fromFile,
        ])
        let b = try MorphExecutable.run([
            "render", "morph-container", "--progress", "1", "--set", "accent=[1,0,0,1]", "--set", "cornerRadiusOpen=12",
            "--scale", "1", "--out", fromSet,
        ])
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fromFile)) == Data(contentsOf: URL(fileURLWithPath: fromSet)))
    }

    @Test func replayUsesTheFileInsteadOfTheHeader() throws {
        let fixture = ReplayCommandTests.fixtures.appendingPathComponent("container-double-tap.jsonl")
        let path = try file(Self.document)
        let result = try MorphExecutable.run(["replay", fixture.path, "--configuration", path, "--hashes"])
        #expect(result.status == 0, "\(result.stderr)")

        var recording = try RecordingReader.read(contentsOf: fixture).recording
        let original = try MorphExecutable.run(["replay", fixture.path, "--hashes"])
        recording.header.configuration = try JSONValue.parse(Array(Self.document.utf8))
        var replay = try Replay(recording)
        var expected = ""
        while let frame = replay.next() { expected += "\(frame.index) \(String(format: "%.4f", frame.time)) \(frame.hash)\n" }
        #expect(result.stdout == expected)
        #expect(result.stdout != original.stdout)
    }

    @Test func badFilesAreUsageErrors() throws {
        let missing = try MorphExecutable.run(["export", "morph-container", "--configuration", "/nonexistent/config.json"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read"))
        let curtain = try file(#"{"format":"morph.config.curtain","folds":3}"#)
        let mismatch = try MorphExecutable.run(["export", "morph-container", "--configuration", curtain])
        #expect(mismatch.status == 2 && mismatch.stderr.contains("morph.config.curtain"), "\(mismatch.stderr)")
        let notObject = try file("[1,2]")
        let fixture = ReplayCommandTests.fixtures.appendingPathComponent("container-double-tap.jsonl").path
        let replay = try MorphExecutable.run(["replay", fixture, "--configuration", notObject])
        #expect(replay.status == 2 && replay.stderr.contains("JSON object"), "\(replay.stderr)")
        let wrongKind = try MorphExecutable.run(["replay", fixture, "--configuration", curtain, "--hashes"])
        #expect(wrongKind.status == 1 && wrongKind.stderr.contains("morph.config.curtain"), "\(wrongKind.stderr)")
    }
}
