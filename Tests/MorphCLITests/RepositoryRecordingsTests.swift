import Foundation
import Testing

/// Every recording the repository ships with a baseline replays with `morph check FOLDER`
/// alone (no `--component`: the catalog finds a file component beside or above its
/// recordings) and matches its baseline frame for frame.
@Suite struct RepositoryRecordingsTests {
    /// The seeds' fixtures are checked by `CheckCommandTests`.
    static let folders = ["Examples/components/recordings", "Examples/tutorial/recordings"]

    @Test(arguments: folders)
    func everyShippedRecordingChecksUnchanged(folder: String) throws {
        let url = GuidanceCommandTests.repository.appendingPathComponent(folder)
        let recordings = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".jsonl") }
        #expect(!recordings.isEmpty, "no recordings in \(folder)")
        let result = try MorphExecutable.run(["check", url.path, "--jobs", "2"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.components(separatedBy: ": unchanged").count - 1 == recordings.count, "\(result.stdout)")
    }
}
