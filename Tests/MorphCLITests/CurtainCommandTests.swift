import Foundation
import MorphCairo
import MorphKit
import MorphRaster
import Testing

/// `morph curtain`: the executable's PNG equals the library kernel on the same layer, pixel
/// for pixel, and bad flags exit 2.
@Suite struct CurtainCommandTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("morph-curtain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A 2x layer with stripes, a gradient and partly transparent pixels (straight alpha).
    func layerPNG(width: Int, height: Int) throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                let stripe = (y / 6) % 2 == 0
                pixels[offset] = UInt8((x * 255) / width)
                pixels[offset + 1] = stripe ? 40 : 220
                pixels[offset + 2] = UInt8((y * 255) / height)
                pixels[offset + 3] = x < width / 5 ? UInt8(60 + (y % 100)) : 255
            }
        }
        return try PNGEncoder.encode(StraightImage(width: width, height: height, pixels: pixels))
    }

    @Test(arguments: [(scale: 2, drag: "70,90", folds: 4), (scale: 1, drag: "150,20", folds: 3)])
    func outputEqualsTheLibraryKernel(scale: Int, drag: String, folds: Int) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("layer.png"), output = directory.appendingPathComponent("out.png")
        let png = try layerPNG(width: 240, height: 320)
        try Data(png).write(to: input)

        let result = try MorphExecutable.run([
            "curtain", "--in", input.path, "--drag", drag, "--folds", "\(folds)", "--scale", "\(scale)", "--out", output.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let written = try PNGDecoder.decodeStraight([UInt8](try Data(contentsOf: output)))

        // The library, independently of the command's code: premultiply at the scale, fold with
        // the layer's point size as bounds, unpremultiply.
        let layer = try PNGDecoder.decode(png, scale: scale)
        let parts = drag.split(separator: ",").compactMap { Double($0) }
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: Point(x: parts[0], y: parts[1]), folds: folds)
        let expected = StraightImage(premultiplied: kernel.apply(to: layer))
        #expect(written.width == 240 && written.height == 320)
        #expect(written == expected)
        // And the fold did something: the output is not the input.
        let original = try PNGDecoder.decodeStraight(png)
        let changed = zip(written.pixels, original.pixels).filter { $0 != $1 }.count
        #expect(changed > written.pixels.count / 10, "only \(changed) bytes changed")
    }

    @Test func helpExitsZero() throws {
        let result = try MorphExecutable.run(["curtain", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("--drag X,Y"))
    }

    @Test(arguments: [
        ["curtain"], ["curtain", "--in", "a.png", "--drag", "1,2", "--folds", "2"],
        ["curtain", "--in", "a.png", "--drag", "1", "--folds", "2", "--out", "b.png"],
        ["curtain", "--in", "a.png", "--drag", "1,nan", "--folds", "2", "--out", "b.png"],
        ["curtain", "--in", "a.png", "--drag", "1,2", "--folds", "0", "--out", "b.png"],
        ["curtain", "--in", "a.png", "--drag", "1,2", "--folds", "2", "--scale", "1.5", "--out", "b.png"],
        ["curtain", "--in", "a.png", "--drag", "1,2", "--folds", "2", "--out", "b.png", "--fast"],
        ["curtain", "--in", "a.png", "--drag", "1,2", "--folds", "2", "--out"],
    ])
    func badFlagsExitTwo(arguments: [String]) throws {
        let result = try MorphExecutable.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("usage: morph curtain"))
    }

    @Test func unreadableInputExitsOne() throws {
        let result = try MorphExecutable.run([
            "curtain", "--in", "/nonexistent/layer.png", "--drag", "1,2", "--folds", "2", "--out", "/tmp/never.png",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot read /nonexistent/layer.png"))
    }
}
