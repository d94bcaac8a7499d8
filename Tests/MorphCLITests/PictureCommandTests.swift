import Foundation
import MorphCairo
import MorphKit
import Testing

/// Pictures on the command line: `morph replay --filmstrip` (tiles equal `morph render` of
/// the same frames), `morph plot` (values against the display lists read here) and
/// `morph spring --overlay` (each spring as `morph spring` alone samples it).
@Suite struct PictureCommandTests {
    let support = CheckCommandTests()

    func fixture(_ name: String) -> String {
        CheckCommandTests.fixtures.appendingPathComponent("\(name).jsonl").path
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The `points` of every polyline with the given `data-series`, as point counts.
    func polylines(_ svg: String, series: String) -> [Int] {
        svg.split(separator: "\n").filter { $0.contains("<polyline") && $0.contains("data-series=\"\(series)\"") }.map {
            line in
            let points = line.split(separator: "points=\"")[1].split(separator: "\"")[0]
            return points.split(separator: " ").count
        }
    }

    @Test func filmstripTilesEqualRenderOfTheSameFrames() throws {
        let directory = try support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sheetURL = directory.appendingPathComponent("sheet.png")
        let result = try MorphExecutable.run([
            "replay", fixture("curtain-flick-reveals"), "--filmstrip", sheetURL.path, "--every", "25", "--columns", "3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let frameCount = try support.frames(URL(fileURLWithPath: fixture("curtain-flick-reveals"))).count
        let picked = Array(stride(from: 0, to: frameCount, by: 25))

        let lists = directory.appendingPathComponent("lists")
        let replay = try MorphExecutable.run(["replay", fixture("curtain-flick-reveals"), "--out", lists.path])
        #expect(replay.status == 0)
        let sheet = try PNGDecoder.decodeStraight([UInt8](try Data(contentsOf: sheetURL)))
        let (tileWidth, tileHeight) = (390, 844)
        #expect(sheet.width == 8 + 3 * (tileWidth + 8))
        #expect(sheet.height == 8 + 2 * (tileHeight + 28))
        #expect(
            result.stdout
                == "wrote \(sheetURL.path): \(sheet.width)×\(sheet.height) px (\(picked.count) tiles, every 25 frames, at scale 1)\n"
        )
        var labels: [[UInt8]] = []
        for (k, index) in picked.enumerated() {
            let png = directory.appendingPathComponent("tile-\(index).png")
            let render = try MorphExecutable.run([
                "render", "--from-display-list", lists.appendingPathComponent(String(format: "frame-%05d.json", index)).path,
                "--scale", "1", "--out", png.path,
            ])
            #expect(render.status == 0, "\(render.stderr)")
            let tile = try PNGDecoder.decodeStraight([UInt8](try Data(contentsOf: png)))
            #expect(tile.width == tileWidth && tile.height == tileHeight)
            let x0 = 8 + (k % 3) * (tileWidth + 8), y0 = 8 + (k / 3) * (tileHeight + 28)
            var worst = 0
            for y in 0..<tileHeight {
                for x in 0..<tileWidth {
                    for c in 0..<4 {
                        let a = Int(sheet.pixels[((y0 + y) * sheet.width + x0 + x) * 4 + c])
                        let b = Int(tile.pixels[(y * tileWidth + x) * 4 + c])
                        worst = max(worst, abs(a - b))
                    }
                }
            }
            #expect(worst <= 1, "tile \(k) (frame \(index)) differs by \(worst)")
            // The label band under the tile holds dark text pixels, different for every tile.
            var band: [UInt8] = []
            for y in (y0 + tileHeight)..<(y0 + tileHeight + 20) {
                let start = (y * sheet.width + x0) * 4
                band += sheet.pixels[start..<start + tileWidth * 4]
            }
            #expect(stride(from: 0, to: band.count, by: 4).contains { band[$0] < 128 })
            #expect(!labels.contains(band))
            labels.append(band)
        }
    }

    @Test func plotValuesFollowTheDisplayLists() throws {
        let directory = try support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgURL = directory.appendingPathComponent("plot.svg")
        let result = try MorphExecutable.run([
            "plot", fixture("container-double-tap"), "--node", "card", "--property", "y", "--node", "body", "--property",
            "opacity", "--svg", svgURL.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let series = try #require(try json(result.stdout)["series"] as? [[String: Any]])
        #expect(series.count == 2)
        let frames = try support.frames(URL(fileURLWithPath: fixture("container-double-tap")))
        // Independent reading: card is a top-level clipped group (y = its translation + the
        // clip's top); body's opacity is its own times its enclosing groups'.
        var cardY: [Double] = [], bodyOpacity: [Double] = []
        for frame in frames {
            let list = try DisplayList(json: frame.displayList)
            var opacities: [Double] = [1]
            for op in list.ops {
                switch op {
                case .push(let group):
                    if group.id == "card" { cardY.append(group.transform.ty + (group.clip?.controlPointBounds.minY ?? 0)) }
                    opacities.append(opacities.last! * group.opacity)
                    if group.id == "body" { bodyOpacity.append(opacities.last!) }
                case .pop: opacities.removeLast()
                default: break
                }
            }
        }
        #expect(cardY.count == frames.count && bodyOpacity.count == frames.count)
        #expect(cardY.min()! < cardY.max()! - 50 && bodyOpacity.max()! > 0.9)
        for (expected, item) in [(cardY, series[0]), (bodyOpacity, series[1])] {
            let samples = try #require(item["samples"] as? [[Double]])
            #expect(samples.count == frames.count)
            for (index, sample) in samples.enumerated() {
                #expect(abs(sample[0] - frames[index].time) < 1e-12)
                #expect(abs(sample[1] - expected[index]) < 1e-9)
            }
        }
        let svg = try String(contentsOf: svgURL, encoding: .utf8)
        #expect(polylines(svg, series: "card.y") == [frames.count])
        #expect(polylines(svg, series: "body.opacity") == [frames.count])

        let unknown = try MorphExecutable.run(["plot", fixture("container-double-tap"), "--node", "nope", "--property", "x"])
        #expect(unknown.status == 1 && unknown.stderr.contains("no op 'nope'") && unknown.stderr.contains("card"))
    }

    @Test(arguments: [
        ["plot"], ["plot", "x.jsonl"], ["plot", "x.jsonl", "--property", "y"], ["plot", "x.jsonl", "--node", "card"],
        ["plot", "x.jsonl", "--node", "card", "--property", "colour"], ["plot", "x.jsonl", "--frobnicate"],
        ["replay", "x.jsonl", "--filmstrip"], ["replay", "x.jsonl", "--filmstrip", "a.png", "--every", "0"],
        ["replay", "x.jsonl", "--filmstrip", "a.png", "--hashes"], ["spring", "--overlay", "--preset wobbly", "--until", "1"],
        ["spring", "--overlay"],
    ])
    func badFlagsExitTwo(arguments: [String]) throws {
        let result = try MorphExecutable.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("usage: morph \(arguments[0])"))
        #expect(result.stdout.isEmpty)
    }

    @Test func springOverlayDrawsEachSpringAsSpringAloneSamplesIt() throws {
        let directory = try support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgURL = directory.appendingPathComponent("springs.svg")
        let specs = ["--preset bouncy", "--response 0.5 --damping-fraction 0.4", "--duration 0.4 --bounce 0.2"]
        let timing = ["--from", "10", "--to", "-5", "--fps", "30", "--until", "1"]
        let overlay = try MorphExecutable.run(
            specs.flatMap { ["--overlay", $0] }.prepending("spring") + timing + ["--svg", svgURL.path])
        #expect(overlay.status == 0, "\(overlay.stderr)")
        let springs = try #require(try json(overlay.stdout)["springs"] as? [Any])
        #expect(springs.count == specs.count)
        for (spec, spring) in zip(specs, springs) {
            let alone = try MorphExecutable.run(["spring"] + spec.split(separator: " ").map(String.init) + timing)
            #expect(alone.status == 0)
            let expected = try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? NSDictionary
            #expect((spring as? NSDictionary) == expected, "\(spec)")
        }
        let svg = try String(contentsOf: svgURL, encoding: .utf8)
        for spec in specs {
            // One value and one velocity curve per spring, 31 samples each (0…1 s at 30 fps).
            #expect(polylines(svg, series: spec) == [31, 31], "\(spec)")
        }
    }
}

extension Array where Element == String {
    fileprivate func prepending(_ first: String) -> [String] { [first] + self }
}
