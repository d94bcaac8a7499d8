import Foundation
import Testing

/// A recording names its component; `morph replay`, `check`, `plot` and the filmstrip find it
/// among the built-ins, `--components DIR` and the recording's own and parent folders.
@Suite struct ComponentCatalogTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every recording in the repository: JSONL whose header says `morph.recording` (other
    /// `.jsonl` files hold display lists; the fuzz corpus is hostile input, not recordings).
    static let recordings: [String] = {
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            let path = url.path.dropFirst(root.path.count + 1)
            if path.hasPrefix(".") || path.hasPrefix("Tests/fuzz") || path.hasPrefix("artifacts") {
                enumerator?.skipDescendants()
                continue
            }
            guard url.pathExtension == "jsonl", let data = try? Data(contentsOf: url),
                String(decoding: data.prefix(200), as: UTF8.self).contains("\"morph.recording\"")
            else { continue }
            found.append(String(path))
        }
        return found.sorted()
    }()

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("morph-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func everyRecordingReplaysWithItsFileAlone() throws {
        #expect(Self.recordings.count >= 15, "found \(Self.recordings)")
        #expect(Self.recordings.contains("Examples/components/recordings/sheet-flick-up-to-large.jsonl"))
        for recording in Self.recordings {
            let result = try MorphExecutable.run(["replay", Self.root.appendingPathComponent(recording).path])
            #expect(result.status == 0, "\(recording): \(result.stderr)")
            #expect(result.stdout.contains("frames,"), "\(recording)")
        }
    }

    /// A file component's recording gives the same frames found beside it as named outright.
    @Test func aRecordingBesideItsComponentFileFindsIt() throws {
        let recording = Self.root.appendingPathComponent("Examples/components/recordings/sheet-flick-down-dismisses.jsonl").path
        let sheet = Self.root.appendingPathComponent("Examples/components/bottom-sheet.json").path
        let found = try MorphExecutable.run(["replay", recording, "--hashes"])
        let named = try MorphExecutable.run(["replay", recording, "--hashes", "--component", sheet])
        #expect(found.status == 0 && named.status == 0)
        #expect(found.stdout == named.stdout && !found.stdout.isEmpty)
        // `morph check` finds it too: the checked-in baselines pass with no flag.
        let check = try MorphExecutable.run(["check", Self.root.appendingPathComponent("Examples/components/recordings").path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let recordings = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Examples/components/recordings").path
        ).filter { $0.hasSuffix(".jsonl") }
        #expect(check.stdout.components(separatedBy: "unchanged").count == recordings.count + 1, "\(check.stdout)")
    }

    @Test func aMissingComponentSaysWhereItLookedAndHow() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.root.appendingPathComponent("Examples/components/recordings/sheet-flick-down-dismisses.jsonl")
        let copy = folder.appendingPathComponent("nested/sheet.jsonl")
        try FileManager.default.createDirectory(
            at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: copy)
        let result = try MorphExecutable.run(["replay", copy.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("unknown component \"bottom-sheet\""), "\(result.stderr)")
        #expect(result.stderr.contains("no bottom-sheet.json in"))
        #expect(result.stderr.contains(copy.deletingLastPathComponent().path + "/"))
        #expect(result.stderr.contains(folder.path + "/"))
        #expect(result.stderr.contains("--components DIR"))
        // Pointing at the folder that holds it is enough.
        let pointed = try MorphExecutable.run([
            "replay", copy.path, "--components", Self.root.appendingPathComponent("Examples/components").path,
        ])
        #expect(pointed.status == 0, "\(pointed.stderr)")
    }

    @Test func aBrokenFileOfThatNameIsAnErrorNotPassedOver() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.root.appendingPathComponent("Examples/components/recordings/sheet-flick-down-dismisses.jsonl")
        try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("sheet.jsonl"))
        try Data("{\"format\": \"morph.component\",".utf8).write(to: folder.appendingPathComponent("bottom-sheet.json"))
        let result = try MorphExecutable.run([
            "replay", folder.appendingPathComponent("sheet.jsonl").path,
            "--components", Self.root.appendingPathComponent("Examples/components").path,
        ])
        // --components comes first, so the good file there wins over the broken one beside it.
        #expect(result.status == 0, "\(result.stderr)")
        let alone = try MorphExecutable.run(["replay", folder.appendingPathComponent("sheet.jsonl").path])
        #expect(alone.status == 1)
        #expect(alone.stderr.contains("component \"bottom-sheet\": "), "\(alone.stderr)")
        #expect(alone.stderr.contains("bottom-sheet.json"))
    }

    @Test func componentsMustBeAFolderAndExcludesComponent() throws {
        let recording = Self.root.appendingPathComponent("Examples/components/recordings/sheet-flick-down-dismisses.jsonl").path
        let missing = try MorphExecutable.run(["replay", recording, "--components", "/nonexistent-folder"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--components: '/nonexistent-folder' is not a folder"))
        let both = try MorphExecutable.run([
            "replay", recording, "--components", Self.root.path,
            "--component", Self.root.appendingPathComponent("Examples/components/bottom-sheet.json").path,
        ])
        #expect(both.status == 2)
        #expect(both.stderr.contains("--components does not apply"))
    }
}
