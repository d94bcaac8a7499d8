import Foundation
import MorphTestSupport
import Testing

@Suite struct GoldenTests {
    /// A throwaway `Tests/Fake/...` tree so the helper's real goldens are never touched.
    private func scratchTestFile() throws -> String {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("golden-\(UUID().uuidString)/Tests/FakeTests/Area")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root.appendingPathComponent("FakeTests.swift").path
    }

    @Test func goldensRootIsBelowTheTestTarget() {
        let root = Golden.goldensRoot(forTestFile: "/repo/Tests/MorphKitTests/Motion/SpringTests.swift")
        #expect(root.path == "/repo/Tests/MorphKitTests/__Goldens__")
    }

    @Test func recordsThenMatchesThenReportsMismatchWithActualFile() throws {
        let testFile = try scratchTestFile()
        let recorder = Golden(suite: "S", testFile: testFile, environment: ["RECORD_GOLDENS": "1"])
        let recorded = recorder.check("a\nb\n", name: "n", ext: "txt")
        guard case .recorded(let path) = recorded else {
            Issue.record("expected a recording, got \(recorded)")
            return
        }
        #expect(FileManager.default.contents(atPath: path) == Data("a\nb\n".utf8))
        // A recording run never passes: the check fails and names the file it wrote.
        let message = try #require(recorded.failureMessage, "recording must fail the test")
        #expect(message.contains(path) && message.contains("recorded"))

        let checker = Golden(suite: "S", testFile: testFile, environment: [:])
        #expect(checker.check("a\nb\n", name: "n", ext: "txt") == .matched)

        let outcome = checker.check("a\nc\n", name: "n", ext: "txt")
        guard case .mismatch(_, let actualPath, let detail) = outcome else {
            Issue.record("expected a mismatch, got \(outcome)")
            return
        }
        #expect(detail.contains("line 2"))
        #expect(FileManager.default.contents(atPath: actualPath) == Data("a\nc\n".utf8))
        #expect(outcome.failureMessage != nil)
    }

    @Test func ciNeverRecordsSoAMissingGoldenFails() throws {
        let testFile = try scratchTestFile()
        let golden = Golden(
            suite: "S", testFile: testFile, environment: ["RECORD_GOLDENS": "1", "CI": "true"])
        #expect(!golden.recording)
        let outcome = golden.check("x", name: "absent", ext: "txt")
        guard case .missing = outcome else {
            Issue.record("expected missing, got \(outcome)")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: golden.path(name: "absent", ext: "txt").path))
    }

    @Test func customComparisonDecidesTheOutcome() throws {
        let testFile = try scratchTestFile()
        _ = Golden(suite: "S", testFile: testFile, environment: ["RECORD_GOLDENS": "1"])
            .check(Data([10, 20]), name: "px", ext: "bin")
        let golden = Golden(suite: "S", testFile: testFile, environment: [:])
        let withinTolerance = golden.check(Data([11, 19]), name: "px", ext: "bin") { lhs, rhs in
            zip(lhs, rhs).allSatisfy { abs(Int($0) - Int($1)) <= 1 } ? nil : "too far"
        }
        #expect(withinTolerance == .matched)
        let beyond = golden.check(Data([15, 20]), name: "px", ext: "bin") { lhs, rhs in
            zip(lhs, rhs).allSatisfy { abs(Int($0) - Int($1)) <= 1 } ? nil : "too far"
        }
        #expect(beyond.failureMessage?.contains("too far") == true)
    }
}
