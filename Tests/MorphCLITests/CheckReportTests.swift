import Foundation
import MorphCairo
import MorphKit
import Testing

/// `morph check --report` and `--junit`, and shards merged with `--merge`: the report's
/// pictures are the frames drawn through cairo (compared with renders made here), and a
/// merged report is byte-identical to a single run's.
@Suite struct CheckReportTests {
    let support = CheckCommandTests()

    /// A folder with three recordings, one of them with a changed spring (damping 0.5).
    func changedFolder() throws -> (URL, changed: URL) {
        let directory = try support.temporaryDirectory()
        try support.copy(["container-double-tap", "curtain-flick-reveals", "container-reduce-motion"], to: directory)
        let changed = directory.appendingPathComponent("container-double-tap.jsonl")
        try support.changeConfiguration(changed, to: "{\"dampingFraction\":0.5}")
        return (directory, changed)
    }

    /// The `src` of every `<img>`, in page order, with its `alt`.
    func images(_ html: String) -> [(alt: String, bytes: [UInt8])] {
        var result: [(String, [UInt8])] = []
        var rest = html[...]
        while let start = rest.range(of: "<img alt=\"") {
            let altEnd = rest[start.upperBound...].firstIndex(of: "\"")!
            let alt = String(rest[start.upperBound..<altEnd])
            let src = rest.range(of: "src=\"data:image/png;base64,", range: altEnd..<rest.endIndex)!
            let end = rest[src.upperBound...].firstIndex(of: "\"")!
            result.append((alt, [UInt8](Data(base64Encoded: String(rest[src.upperBound..<end]))!)))
            rest = rest[end...]
        }
        return result
    }

    @Test func reportShowsTheFirstDifferingFrameFilmstripsCurvesAndOps() throws {
        let (directory, changed) = try changedFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("report")
        let result = try MorphExecutable.run(["check", directory.path, "--report", report.path])
        #expect(result.status == 1)
        let html = try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8)

        // Self-contained: no URL other than data: and the SVG namespace.
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("<script"))
        #expect(html.contains("default-src 'none'"))
        #expect(html.components(separatedBy: "<section class=\"recording\"").count == 2)

        let original = try support.frames(CheckCommandTests.fixtures.appendingPathComponent("container-double-tap.jsonl"))
        let now = try support.frames(changed)
        let frame = try #require((0..<min(original.count, now.count)).first { original[$0].hash != now[$0].hash })
        let renderer = try DisplayListRenderer()
        func drawn(_ frames: [Replay.Frame], _ index: Int) throws -> StraightImage {
            StraightImage(
                premultiplied: try renderer.render(
                    try DisplayList(json: frames[min(index, frames.count - 1)].displayList), scale: 1))
        }
        let pictures = images(html)
        #expect(pictures.count == 3 + 2 * 8)
        #expect(pictures.prefix(3).map(\.alt) == ["before", "after", "difference"])
        let before = try PNGDecoder.decodeStraight(pictures[0].bytes)
        let after = try PNGDecoder.decodeStraight(pictures[1].bytes)
        let difference = try PNGDecoder.decodeStraight(pictures[2].bytes)
        #expect(before == (try drawn(original, frame)))
        #expect(after == (try drawn(now, frame)))
        // Red marks exactly the pixels where some channel differs by more than 2.
        var differing = 0, red = 0
        for index in stride(from: 0, to: before.pixels.count, by: 4) {
            if (0..<4).contains(where: { abs(Int(before.pixels[index + $0]) - Int(after.pixels[index + $0])) > 2 }) {
                differing += 1
            }
            if difference.pixels[index..<index + 3].elementsEqual([255, 0, 0]) { red += 1 }
        }
        #expect(differing > 0 && red == differing)
        #expect(html.contains("difference: \(differing) pixels"))

        // Filmstrips: 8 tiles per run, a quarter of 1 pixel per point, evenly over the longer run.
        let frames = max(original.count, now.count)
        for (run, offset, list) in [("before", 3, original), ("after", 11, now)] {
            for tile in 0..<8 {
                let index = Int((Double(tile) * Double(frames - 1) / 7).rounded())
                let picture = pictures[offset + tile]
                #expect(picture.alt == "\(run) frame \(index)")
                let image = try PNGDecoder.decodeStraight(picture.bytes)
                let full = try drawn(list, index)
                #expect(image.width == full.width / 4 && image.height == full.height / 4)
                // The top-left tile pixel is the mean of the 4×4 block it stands for.
                let mean: Int = (0..<4).flatMap { (y: Int) -> [Int] in
                    (0..<4).map { (x: Int) -> Int in Int(full.pixels[(y * full.width + x) * 4]) }
                }.reduce(0, +)
                #expect(abs(Int(image.pixels[0]) - (mean + 8) / 16) <= 1)
            }
        }

        // Changed ops at that frame, by id, from the two display lists.
        let oldList = try DisplayList(json: original[frame].displayList)
        let newList = try DisplayList(json: now[frame].displayList)
        let changedIDs = newList.ops.compactMap { op -> String? in
            guard let id = op.id, let previous = oldList.ops.first(where: { $0.id == id }) else { return nil }
            return previous == op ? nil : id
        }
        #expect(!changedIDs.isEmpty)
        for id in changedIDs { #expect(html.contains("<tr><td>\(id)</td>")) }

        // Curves: the card's y moved (the spring changed), drawn as old vs new polylines.
        #expect(html.contains(">card y ("))
        #expect(html.contains("data-series=\"before\"") && html.contains("data-series=\"after\""))
        #expect(!html.contains(">curtain"))  // unchanged recordings get no section
    }

    @Test func junitHasOneTestCasePerRecording() throws {
        let (directory, _) = try changedFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let junit = directory.appendingPathComponent("out/junit.xml")
        let result = try MorphExecutable.run(["check", directory.path, "--junit", junit.path])
        #expect(result.status == 1)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(xml.contains("tests=\"3\" failures=\"1\" errors=\"0\""))
        let failing = try #require(xml.split(separator: "\n").first { $0.contains("<failure") })
        #expect(failing.contains("container-double-tap.jsonl") && failing.contains("type=\"changed\""))
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
    }

    @Test func shardsCoverEveryRecordingOnceAndMergeIntoTheSingleRunsReport() throws {
        let (directory, _) = try changedFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        try support.copy(["curtain-set-folds"], to: directory)
        let output = directory.appendingPathComponent("out")
        let single = try MorphExecutable.run([
            "check", directory.path, "--report", output.appendingPathComponent("single").path, "--junit",
            output.appendingPathComponent("single.xml").path,
        ])
        #expect(single.status == 1)
        let all = support.lines(single.stdout)
        #expect(all.count == 4)

        var union: [String] = []
        var shards: [String] = []
        for k in 1...3 {
            let folder = output.appendingPathComponent("shard\(k)").path
            let shard = try MorphExecutable.run(["check", directory.path, "--shard", "\(k)/3", "--report", folder, "--jobs", "2"])
            union += support.lines(shard.stdout)
            shards.append(folder)
        }
        #expect(union.count == all.count && Set(union) == Set(all))

        let merged = try MorphExecutable.run(
            ["check", "--merge"] + shards + [
                "--report", output.appendingPathComponent("merged").path, "--junit",
                output.appendingPathComponent("merged.xml").path,
            ])
        #expect(merged.status == 1)
        #expect(merged.stdout == single.stdout)  // and shards ran with --jobs 2, the single run with 1
        for file in ["single/index.html", "single.xml", "single/results.json"] {
            let other = file.replacingOccurrences(of: "single", with: "merged")
            #expect(
                try Data(contentsOf: output.appendingPathComponent(file))
                    == Data(contentsOf: output.appendingPathComponent(other)), "\(file)")
        }
        // A recording in two merged shards is an error.
        let twice = try MorphExecutable.run(["check", "--merge", shards[0], shards[0]])
        #expect(twice.status == 1 && twice.stderr.contains("more than one"))
    }
}
