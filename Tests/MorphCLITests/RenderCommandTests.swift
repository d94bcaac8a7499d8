import Foundation
import MorphKit
import Testing

/// `morph render` and `morph replay --format png`: real PNG files of the right pixel size.
/// (Pixel content is checked in MorphCairoTests; here the header is read by hand.)
@Suite struct RenderCommandTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("morph-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Width and height from the IHDR chunk, after checking the PNG signature.
    func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        try #require(bytes.count > 24 && Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func rendersAComponentAtTheRequestedScale() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("row.png")
        let result = try MorphExecutable.run([
            "render", "morph-container", "--progress", "0.4", "--scale", "1", "--out", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let size = try pngSize(out)
        // The 400 × 440 frame and the 64 pt the container's bleed draws past each edge.
        #expect(size.width == 528 && size.height == 568)
        let curtain = directory.appendingPathComponent("curtain.png")
        let folded = try MorphExecutable.run([
            "render", "curtain", "--drag", "180,420", "--size", "200x300", "--out", curtain.path,
        ])
        #expect(folded.status == 0, "\(folded.stderr)")
        #expect(try pngSize(curtain) == (400, 600))
    }

    @Test func rendersADisplayListFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let listFile = directory.appendingPathComponent("list.json")
        let card = try ComponentSession(definition: try #require(ComponentDefinition.builtIn(.heroCard)))
        try Data(try card.scene(posed: ComponentPose(progress: 0.5)).displayList().canonicalJSON()).write(to: listFile)
        let out = directory.appendingPathComponent("hero.png")
        let result = try MorphExecutable.run(["render", "--from-display-list", listFile.path, "--scale", "3", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try pngSize(out) == (390 * 3, 844 * 3))
    }

    @Test(arguments: [
        ["render", "curtain"], ["render", "curtain", "--out"], ["render", "teapot", "--out", "x.png"],
        ["render", "curtain", "--scale", "0", "--out", "x.png"], ["render", "curtain", "--display-list", "--out", "x.png"],
        ["render", "morph-container", "--drag", "1,2", "--out", "x.png"],
        ["render", "curtain", "--from-display-list", "a.json", "--out", "x.png"],
    ])
    func badFlagsExitTwo(arguments: [String]) throws {
        let result = try MorphExecutable.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("usage: morph render"))
    }

    @Test func helpExitsZero() throws {
        let result = try MorphExecutable.run(["render", "--help"])
        #expect(result.status == 0 && result.stdout.contains("--from-display-list") && result.stdout.contains("--scale"))
    }

    @Test func replayWritesOnePNGPerFrame() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = ReplayCommandTests.fixtures.appendingPathComponent("curtain-flick-reveals.jsonl").path
        let result = try MorphExecutable.run([
            "replay", recording, "--until", "0.2", "--fps", "20", "--out", directory.path, "--format", "png", "--scale", "1",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == (0...4).map { String(format: "frame-%05d.png", $0) })
        #expect(try pngSize(directory.appendingPathComponent("frame-00004.png")) == (390, 844))
    }
}
