import CZlib
import Foundation
import MorphCairo
import MorphKit
import Testing

/// `morph check`: baselines, changed / new / missing / corrupt recordings, the report, JUnit,
/// shards and merging. Expected frames come from replaying in this process.
@Suite struct CheckCommandTests {
    static let fixtures = ReplayCommandTests.fixtures

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("morph-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Copies fixture recordings (and their stored baselines) into `directory`.
    func copy(_ names: [String], to directory: URL, baselines: Bool = true) throws {
        for name in names {
            var files = ["\(name).jsonl"]
            if baselines { files += ["\(name).baseline.json", "\(name).baseline.zz"] }
            for file in files {
                try FileManager.default.copyItem(
                    at: Self.fixtures.appendingPathComponent(file), to: directory.appendingPathComponent(file))
            }
        }
    }

    /// Rewrites the header's configuration: a spring change without touching the events.
    func changeConfiguration(_ file: URL, to configuration: String) throws {
        var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0]
        let start = try #require(header.range(of: "\"configuration\":{"))
        let end = try #require(header[start.upperBound...].firstIndex(of: "}"))
        lines[0] = header[..<start.lowerBound] + "\"configuration\":" + configuration + header[header.index(after: end)...]
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    }

    func frames(_ file: URL) throws -> [Replay.Frame] {
        var replay = try Replay(try RecordingReader.read(contentsOf: file).recording)
        var frames: [Replay.Frame] = []
        while let frame = replay.next() { frames.append(frame) }
        return frames
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func fixtureRecordingsAreUnchanged() throws {
        let recordings = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path)
            .filter { $0.hasSuffix(".jsonl") }.sorted()
        let result = try MorphExecutable.run(["check", Self.fixtures.path, "--jobs", "2"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let output = lines(result.stdout)
        #expect(output.count == recordings.count)
        for (line, name) in zip(output, recordings) {
            #expect(line.hasPrefix(Self.fixtures.appendingPathComponent(name).path + ": unchanged ("), "\(line)")
            #expect(line.hasSuffix(" frames)"))
        }
    }

    @Test func aChangedSpringIsReportedAtItsFirstDifferingFrame() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try copy(["container-double-tap", "curtain-flick-reveals"], to: directory)
        let file = directory.appendingPathComponent("container-double-tap.jsonl")
        let before = try frames(file).map(\.hash)
        try changeConfiguration(file, to: "{\"dampingFraction\":0.5}")
        let after = try frames(file).map(\.hash)
        let expected = try #require((0..<min(before.count, after.count)).first { before[$0] != after[$0] })
        #expect(expected > 0)

        let result = try MorphExecutable.run(["check", directory.path])
        #expect(result.status == 1)
        let output = lines(result.stdout)
        #expect(output.count == 2)
        let time = String(format: "%.3f", Double(expected) / 60)
        #expect(output[0].hasPrefix("\(file.path): changed at frame \(expected), t = \(time) s"), "\(output[0])")
        #expect(
            output[1].hasSuffix(
                "curtain-flick-reveals.jsonl: unchanged (\(try frames(directory.appendingPathComponent("curtain-flick-reveals.jsonl")).count) frames)"
            ))

        // --pixels: the first frame whose drawings differ by more than 2/255 in some channel.
        let renderer = try DisplayListRenderer()
        let original = try frames(Self.fixtures.appendingPathComponent("container-double-tap.jsonl"))
        let changed = try frames(file)
        var pixelFrame: Int?
        for index in expected..<min(original.count, changed.count) where original[index].hash != changed[index].hash {
            let a = try renderer.render(try DisplayList(json: original[index].displayList), scale: 1).pixels
            let b = try renderer.render(try DisplayList(json: changed[index].displayList), scale: 1).pixels
            if zip(a, b).contains(where: { abs(Int($0) - Int($1)) > 2 }) {
                pixelFrame = index
                break
            }
        }
        let pixels = try MorphExecutable.run(["check", file.path, "--pixels"])
        #expect(pixels.status == 1)
        #expect(pixels.stdout.contains("changed at frame \(try #require(pixelFrame)),"), "\(pixels.stdout)")

        // --update accepts the new frames; the next run is clean.
        let update = try MorphExecutable.run(["check", directory.path, "--update"])
        #expect(update.status == 0)
        #expect(lines(update.stdout)[0].contains("updated: was changed at frame \(expected)"))
        let again = try MorphExecutable.run(["check", directory.path])
        #expect(again.status == 0 && lines(again.stdout).allSatisfy { $0.contains(": unchanged (") })
    }

    @Test func missingBaselineFailsUntilUpdateWritesIt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try copy(["curtain-flick-reveals"], to: directory, baselines: false)
        let baselines = directory.appendingPathComponent("baselines")
        let missing = try MorphExecutable.run(["check", directory.path, "--baseline", baselines.path])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("curtain-flick-reveals.jsonl: missing baseline"))
        let count = try frames(directory.appendingPathComponent("curtain-flick-reveals.jsonl")).count
        let update = try MorphExecutable.run(["check", directory.path, "--baseline", baselines.path, "--update"])
        #expect(update.status == 0)
        #expect(update.stdout.contains("curtain-flick-reveals.jsonl: new: baseline written (\(count) frames)"))
        let json = baselines.appendingPathComponent("curtain-flick-reveals.baseline.json")
        #expect(FileManager.default.fileExists(atPath: json.path))
        #expect(
            FileManager.default.fileExists(atPath: baselines.appendingPathComponent("curtain-flick-reveals.baseline.zz").path))
        // The written baseline is byte-identical to the fixture's (deterministic format).
        #expect(
            try Data(contentsOf: json)
                == Data(contentsOf: Self.fixtures.appendingPathComponent("curtain-flick-reveals.baseline.json")))
        let clean = try MorphExecutable.run(["check", directory.path, "--baseline", baselines.path])
        #expect(clean.status == 0 && clean.stdout.contains(": unchanged (\(count) frames)"))
    }

    @Test func corruptRecordingIsAnErrorWithItsLineAndTheOthersAreChecked() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try copy(["container-double-tap", "curtain-flick-reveals", "hero-open-close"], to: directory)
        let file = directory.appendingPathComponent("curtain-flick-reveals.jsonl")
        var text = lines(try String(contentsOf: file, encoding: .utf8))
        text[3] = "{\"t\":0.25,\"kind\":\"pointerMove\",\"pointer\":1,\"x\":"
        try (text.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try MorphExecutable.run(["check", directory.path, "--jobs", "3"])
        #expect(result.status == 1)
        let output = lines(result.stdout)
        #expect(output.count == 3)
        #expect(output[0].contains("container-double-tap.jsonl: unchanged ("))
        #expect(output[1].contains("curtain-flick-reveals.jsonl: error: line 4: "), "\(output[1])")
        #expect(output[2].contains("hero-open-close.jsonl: unchanged ("))

        // A damaged baseline is an error too, never "unchanged".
        let zz = directory.appendingPathComponent("hero-open-close.baseline.zz")
        var bytes = [UInt8](try Data(contentsOf: zz))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: zz)
        let damaged = try MorphExecutable.run(["check", directory.appendingPathComponent("hero-open-close.jsonl").path])
        #expect(damaged.status == 1 && damaged.stdout.contains("hero-open-close.jsonl: error: "), "\(damaged.stdout)")
    }

    @Test(arguments: [
        ["check", "--shard", "0/3"], ["check", "--shard", "4/3"], ["check", "--shard", "x"], ["check", "--jobs", "0"],
        ["check", "--frobnicate"], ["check", "--report"], ["check", "--merge"], ["check", "--merge", "a", "--update"],
    ])
    func badFlagsExitTwo(arguments: [String]) throws {
        let result = try MorphExecutable.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("usage: morph check"))
        #expect(result.stdout.isEmpty)
    }

    /// Rewrites a copied baseline by hand (zlib called directly): `edit` gets the per-frame
    /// hashes and the stored lists (one per distinct hash, in first-appearance order) and
    /// keeps them consistent.
    func rewriteBaseline(
        _ name: String, in directory: URL, _ edit: (inout [String], inout [String]) throws -> Void
    ) throws {
        let jsonURL = directory.appendingPathComponent("\(name).baseline.json")
        let zzURL = directory.appendingPathComponent("\(name).baseline.zz")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: jsonURL)) as? [String: Any])
        var frames = try #require(document["frames"] as? [String])
        var lists = try #require(document["displayLists"] as? [String: Any])
        let deflated = [UInt8](try Data(contentsOf: zzURL))
        var size = uLong(try #require(lists["bytes"] as? Int))
        var inflated = [UInt8](repeating: 0, count: Int(size))
        #expect(uncompress(&inflated, &size, deflated, uLong(deflated.count)) == Z_OK)
        var lines = inflated.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
        try edit(&frames, &lines)
        let text = [UInt8](lines.map { $0 + "\n" }.joined().utf8)
        var length = compressBound(uLong(text.count))
        var packed = [UInt8](repeating: 0, count: Int(length))
        #expect(compress2(&packed, &length, text, uLong(text.count), 9) == Z_OK)
        try Data(packed[..<Int(length)]).write(to: zzURL)
        lists["bytes"] = text.count
        lists["count"] = lines.count
        document["displayLists"] = lists
        document["frames"] = frames
        document["frameCount"] = frames.count
        try JSONSerialization.data(withJSONObject: document).write(to: jsonURL)
    }

    /// A stored display list rewritten with another scene time: its hash differs, its drawing
    /// does not. Plain check calls the frame changed; --pixels calls the recording unchanged
    /// within the tolerance.
    @Test func pixelsIgnoreDisplayListChangesThatDrawTheSame() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try copy(["container-double-tap"], to: directory)
        try rewriteBaseline("container-double-tap", in: directory) { frames, lines in
            // Every frame's list carries its time, so frame k is line k.
            #expect(Set(frames).count == frames.count && lines.count == frames.count)
            #expect(lines[10].contains("\"time\":0.1667,"))
            lines[10] = lines[10].replacingOccurrences(of: "\"time\":0.1667,", with: "\"time\":42,")
            frames[10] = SHA256.hexDigest(of: Array(lines[10].utf8))
        }
        let plain = try MorphExecutable.run(["check", directory.path])
        #expect(plain.status == 1)
        #expect(plain.stdout.contains("container-double-tap.jsonl: changed at frame 10, t = 0.167 s\n"), "\(plain.stdout)")
        let pixels = try MorphExecutable.run(["check", directory.path, "--pixels"])
        #expect(pixels.status == 0, "\(pixels.stdout)\(pixels.stderr)")
        #expect(pixels.stdout.contains(": unchanged within 2/255 (85 frames; display lists differ)"), "\(pixels.stdout)")
    }

    /// A baseline that stopped 5 frames earlier (the session settled sooner): by hash the run
    /// changed at the first frame the baseline lacks; by pixels its last frame held still looks
    /// the same as the settled frames, so nothing changed.
    @Test func aRunThatSettlesLaterButLooksTheSameIsUnchangedByPixels() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try copy(["container-double-tap"], to: directory)
        var stored = 0
        try rewriteBaseline("container-double-tap", in: directory) { frames, lines in
            frames.removeLast(5)
            lines.removeLast(5)
            stored = frames.count
        }
        let plain = try MorphExecutable.run(["check", directory.path])
        #expect(plain.status == 1)
        #expect(
            plain.stdout.contains(
                "changed at frame \(stored), t = \(String(format: "%.3f", Double(stored) / 60)) s (\(stored) frames before, \(stored + 5) now)"
            ), "\(plain.stdout)")
        let pixels = try MorphExecutable.run(["check", directory.path, "--pixels"])
        #expect(pixels.status == 0 && pixels.stdout.contains(": unchanged within 2/255 ("), "\(pixels.stdout)")
    }

    /// The progress bar is drawn on a terminal (a pseudo-terminal from `script`) and never
    /// into a pipe.
    @Test func progressBarOnlyOnATerminal() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try copy(["container-double-tap", "curtain-flick-reveals"], to: directory)
        let piped = try MorphExecutable.run(["check", directory.path])
        #expect(piped.status == 0 && !piped.stderr.contains("recordings\r") && !piped.stderr.contains("[#"))
        let terminal = try MorphExecutable.runOnTerminal(["check", directory.path])
        let text = terminal.stdout
        #expect(terminal.status == 0)
        #expect(text.contains("[------------------------------] 0/2 recordings"), "\(text)")
        #expect(text.contains("[###############---------------] 1/2 recordings"), "\(text)")
        #expect(text.contains("[##############################] 2/2 recordings"))
        #expect(text.contains("\u{1B}[K") && text.contains("curtain-flick-reveals.jsonl: unchanged ("))
    }

    @Test func helpExitsZero() throws {
        let result = try MorphExecutable.run(["check", "--help"])
        #expect(result.status == 0 && result.stdout.contains("--shard K/N") && result.stdout.contains("--merge"))
    }
}
