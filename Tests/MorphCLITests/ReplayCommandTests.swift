import Foundation
import MorphKit
import Testing

@Suite struct ReplayCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MorphKitTests/__Fixtures__/recordings")

    func fixture(_ name: String) -> String {
        Self.fixtures.appendingPathComponent("\(name).jsonl").path
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("morph-replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func inProcessHashes(_ path: String, fps: Double? = nil) throws -> String {
        var replay = try Replay(try RecordingReader.read(contentsOf: URL(fileURLWithPath: path)).recording, fps: fps)
        var text = ""
        while let frame = replay.next() { text += "\(frame.index) \(String(format: "%.4f", frame.time)) \(frame.hash)\n" }
        return text
    }

    @Test(arguments: ["curtain-flick-reveals", "container-double-tap", "hero-open-close"])
    func hashesAreStableAndMatchTheLibrary(name: String) throws {
        let first = try MorphExecutable.run(["replay", fixture(name), "--hashes"])
        let second = try MorphExecutable.run(["replay", fixture(name), "--hashes"])
        #expect(first.status == 0 && first.stderr.isEmpty)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout == (try inProcessHashes(fixture(name))))
        #expect(first.stdout.split(separator: "\n").allSatisfy { $0.split(separator: " ").count == 3 })
    }

    /// At 64 and 160 fps frame times fall exactly halfway between two 4-decimal values
    /// (0.015625, 0.03125): the CLI's own formatting must round them as `%.4f` does.
    @Test(arguments: [64.0, 160.0])
    func frameTimesPrintAsPercentFourF(fps: Double) throws {
        let name = "container-double-tap"
        let result = try MorphExecutable.run(["replay", fixture(name), "--hashes", "--fps", "\(Int(fps))"])
        #expect(result.status == 0)
        #expect(result.stdout == (try inProcessHashes(fixture(name), fps: fps)))
    }

    @Test func outWritesOneDisplayListPerFrame() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try MorphExecutable.run([
            "replay", fixture("curtain-flick-reveals"), "--until", "0.5", "--fps", "30",
            "--out", directory.path, "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == (0...15).map { String(format: "frame-%05d.json", $0) })
        let last = try Data(contentsOf: directory.appendingPathComponent("frame-00015.json"))
        let list = try DisplayList(json: [UInt8](last))
        #expect(list.time == 0.5 && list.component == .curtain)
    }

    @Test func summaryNamesTheFinalState() throws {
        let result = try MorphExecutable.run(["replay", fixture("curtain-slow-drag-springs-back")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("final state closed"))
    }

    @Test func truncatedLastLineWarnsAndReplaysTheRest() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try String(contentsOfFile: fixture("container-double-tap"), encoding: .utf8)
        let lines = original.split(separator: "\n")
        let file = directory.appendingPathComponent("truncated.jsonl")
        try (lines.joined(separator: "\n") + "\n" + "{\"t\":1.5,\"kind\":\"ta").write(to: file, atomically: true, encoding: .utf8)
        let result = try MorphExecutable.run(["replay", file.path, "--hashes"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning") && result.stderr.contains("line \(lines.count + 1)"))
        #expect(result.stdout == (try inProcessHashes(fixture("container-double-tap"))))
    }

    /// 1500 taps at t = 0, after two blank lines: refused at the 1001st event, named by its
    /// file line (the header, two blanks and 1000 events come before it).
    @Test func tooManyEventsFailsWithTheLineNumber() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let header = try String(contentsOfFile: fixture("container-double-tap"), encoding: .utf8)
            .split(separator: "\n")[0]
        let taps = Array(repeating: #"{"t":0,"kind":"tap","x":200,"y":220}"#, count: 1500)
        let file = directory.appendingPathComponent("flood.jsonl")
        try ([String(header), "", ""] + taps).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try MorphExecutable.run(["replay", file.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 1004: event 1001 is more than 1000 events"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// The summary (drawn from `Replay.last()`) names the same last frame `--hashes` prints.
    @Test(arguments: ["curtain-flick-reveals", "container-double-tap", "hero-open-close"])
    func summaryHashIsTheLastHashLine(name: String) throws {
        let summary = try MorphExecutable.run(["replay", fixture(name)])
        let hashes = try MorphExecutable.run(["replay", fixture(name), "--hashes"])
        let lastLine = try #require(hashes.stdout.split(separator: "\n").last)
        let parts = lastLine.split(separator: " ")
        #expect(summary.stdout.hasPrefix("\(Int(parts[0])! + 1) frames, "))
        #expect(summary.stdout.hasSuffix("last frame \(parts[2])\n"))
    }

    @Test func badMiddleLineFailsWithItsNumber() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var lines = try String(contentsOfFile: fixture("container-double-tap"), encoding: .utf8).split(separator: "\n").map(
            String.init)
        lines[3] = "{\"t\":0.3,\"kind\":\"wobble\"}"
        let file = directory.appendingPathComponent("bad.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try MorphExecutable.run(["replay", file.path, "--hashes"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 4"))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        ["replay"], ["replay", "a.jsonl", "b.jsonl"], ["replay", "x.jsonl", "--fps", "0"],
        ["replay", "x.jsonl", "--fps"], ["replay", "x.jsonl", "--until", "-1"],
        ["replay", "x.jsonl", "--format", "png"], ["replay", "x.jsonl", "--frobnicate"],
    ])
    func badFlagsExitTwo(arguments: [String]) throws {
        let result = try MorphExecutable.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("usage: morph replay"))
        #expect(result.stdout.isEmpty)
    }

    @Test func missingFileExitsOne() throws {
        let result = try MorphExecutable.run(["replay", "/nonexistent/recording.jsonl"])
        #expect(result.status == 1 && result.stderr.contains("/nonexistent/recording.jsonl"))
    }

    @Test func helpExitsZero() throws {
        let result = try MorphExecutable.run(["replay", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--hashes") && result.stdout.contains("--until"))
    }
}
