import Foundation
import MorphKit
import Testing

/// `morph new` (issue 33): from an empty folder to a component that previews, checks and
/// exports, from every template, and nothing lost or half-written on a bad command line.
@Suite struct NewCommandTests {
    let support = CheckCommandTests()

    static let templates = ["blank", "morph-container", "hero-card", "curtain", "bottom-sheet", "pager"]

    /// What each template's first interaction is: the first target its machine offers at rest.
    static let firstInputs = [
        "blank": #"a tap on "card""#, "morph-container": #"a tap on "card""#, "hero-card": #"a press on "card""#,
        "curtain": #"a drag of "handle" toward the middle"#, "bottom-sheet": #"a press on "show""#,
        "pager": #"a tap on "stage""#,
    ]

    @Test(arguments: templates)
    func everyTemplateGivesAFileARecordingAndABaselineThatChecks(template: String) throws {
        let directory = try support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = try MorphExecutable.run(["new", "my-thing", "--from", template, "--dir", directory.path])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains(Self.firstInputs[template]!), "\(made.stdout)")
        for command in ["morphd --components", "morph check", "morph export --component"] {
            #expect(made.stdout.contains(command), "\(made.stdout)")
        }

        // The file is the template renamed, nothing else changed.
        let file = directory.appendingPathComponent("my-thing.json")
        let definition = try ComponentDefinition(contentsOf: file)
        #expect(definition.name == "my-thing")
        let written = try String(contentsOf: file, encoding: .utf8)
        let source =
            switch template {
            case "blank": "Sources/morph/Templates/blank.json"
            case "bottom-sheet", "pager": "Examples/components/\(template).json"
            default: "Sources/MorphKit/BuiltIn/\(template).json"
            }
        let original = try String(contentsOf: GuidanceCommandTests.repository.appendingPathComponent(source), encoding: .utf8)
        let nameLine = try #require(original.range(of: #""name": "\#(template)""#))
        #expect(written == original.replacingCharacters(in: nameLine, with: #""name": "my-thing""#))

        // The recording moves the component, and `morph check` finds it unchanged.
        let recordings = directory.appendingPathComponent("recordings")
        let recording = try RecordingReader.read(contentsOf: recordings.appendingPathComponent("my-thing-first.jsonl"))
        #expect(recording.recording.header.component == "my-thing")
        #expect(recording.recording.events.count >= 2)
        var replay = try Replay(recording.recording, definition: definition)
        var hashes = Set<String>()
        while let frame = replay.next() { hashes.insert(frame.hash) }
        #expect(hashes.count > 10, "the first interaction should animate (\(hashes.count) distinct frames)")
        let checked = try MorphExecutable.run(["check", recordings.path])
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains("unchanged"), "\(checked.stdout)")

        let exported = try MorphExecutable.run(["export", "--component", file.path, "--format", "svg"])
        #expect(exported.status == 0 && exported.stdout.hasPrefix("<?xml"), "\(exported.stderr)")
    }

    @Test func theBottomSheetBringsItsPicture() throws {
        let directory = try support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = try MorphExecutable.run(["new", "sheet", "--from", "bottom-sheet", "--dir", directory.path])
        #expect(made.status == 0, "\(made.stderr)")
        let picture = try Data(contentsOf: directory.appendingPathComponent("images/nearby-map.png"))
        let example = try Data(
            contentsOf: GuidanceCommandTests.repository.appendingPathComponent("Examples/components/images/nearby-map.png"))
        #expect(picture == example)
    }

    @Test func existingFilesAreNeverReplacedWithoutForce() throws {
        let directory = try support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("like.json")
        try Data("mine".utf8).write(to: file)
        let refused = try MorphExecutable.run(["new", "like", "--dir", directory.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("like.json") && refused.stderr.contains("--force"), "\(refused.stderr)")
        #expect(try String(contentsOf: file, encoding: .utf8) == "mine")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("recordings").path))

        let forced = try MorphExecutable.run(["new", "like", "--dir", directory.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try ComponentDefinition(contentsOf: file).name == "like")
    }

    @Test(arguments: [
        (["new"], "missing component NAME"),
        (["new", "Like"], "'Like' is not a component name"),
        (["new", "hero-card"], "'hero-card' is taken"),
        (["new", "like", "--from", "hero-crad"], "unknown template 'hero-crad' (did you mean 'hero-card'?)"),
        (["new", "like", "--frm", "blank"], "unknown option '--frm' (did you mean '--from'?)"),
        (["new", "like", "other"], "one NAME at a time"),
    ])
    func badCommandLinesSayWhy(arguments: [String], message: String) throws {
        let result = try MorphExecutable.run(arguments)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
