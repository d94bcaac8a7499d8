import Foundation
import MorphArguments
import MorphCairo
import MorphKit
import MorphRaster
import MorphWork

/// `morph curtain`: the curtain kernel applied to any PNG, so a designer can see the fold on
/// their own screenshot. Straight alpha in and out, premultiplied inside (as the kernel needs).
enum CurtainCommand {
    static let subcommand = Subcommand(
        name: "curtain",
        summary: "fold a PNG with the curtain kernel (drag in points, pixels = points × scale)",
        usage: usage, help: help,
        body: { arguments in try run(arguments) }
    )

    static let usage = """
        usage: morph curtain --in LAYER.png --drag X,Y --folds N [--scale S] --out OUT.png
        """

    static let help = """
        morph curtain — the curtain kernel on a PNG of your own

        \(usage)

          --in LAYER.png   the layer to fold (any PNG; read as straight-alpha RGBA), at most
                           256 MiB and 33554432 pixels (checked before decoding)
          --drag X,Y       the drag point in points, from the layer's top-left corner; x is
                           floored at 20 like the component's, and x at the layer's width
                           switches the effect off
          --folds N        number of folds, an integer in 1...64
          --scale S        pixels per point of the PNG, an integer in 1...4 (default 1); the
                           layer is width/S × height/S points, and the blur taps are S pixels apart
          --out OUT.png    where to write the folded layer (straight-alpha RGBA PNG)

        """

    struct Options: Equatable {
        var input: String
        var drag: Point
        var folds: Int
        var scale: Int
        var output: String
    }

    static let scanner = ArgumentScanner(values: ["--in", "--out", "--drag", "--folds", "--scale"])

    static func parse(_ arguments: [String]) throws -> Options {
        let scanned = try scanner.scan(arguments)
        if let operand = scanned.operands.first { throw UsageError(message: "unexpected argument '\(operand)'") }
        var scale = 1
        if let text = scanned.value("--scale") {
            guard let number = Int(text), (1...4).contains(number) else {
                throw UsageError(message: "--scale: expected an integer in 1...4, got '\(text)'")
            }
            scale = number
        }
        guard let input = scanned.value("--in") else { throw UsageError(message: "missing --in LAYER.png") }
        guard let output = scanned.value("--out") else { throw UsageError(message: "missing --out OUT.png") }
        guard let text = scanned.value("--drag") else { throw UsageError(message: "missing --drag X,Y") }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
            throw UsageError(message: "--drag: expected X,Y with finite numbers, got '\(text)'")
        }
        guard let foldsText = scanned.value("--folds") else { throw UsageError(message: "missing --folds N") }
        guard let folds = Int(foldsText), (1...64).contains(folds) else {
            throw UsageError(message: "--folds: expected an integer in 1...64, got '\(foldsText)'")
        }
        return Options(input: input, drag: Point(x: x, y: y), folds: folds, scale: scale, output: output)
    }

    /// The folded layer as a straight-alpha PNG: decode, premultiply at `scale`, run the
    /// library kernel on the layer's own bounds, unpremultiply, encode.
    static func fold(png: [UInt8], drag: Point, folds: Int, scale: Int) throws(MorphCairoError) -> [UInt8] {
        let layer = try PNGDecoder.decode(png, scale: scale)
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: drag, folds: folds)
        return try PNGEncoder.encode(StraightImage(premultiplied: kernel.apply(to: layer, pool: .shared)))
    }

    /// The largest `--in` file read: a PNG of `PNGDecoder.maxPixels` compresses to far less.
    static let maxInputBytes = 256 * 1024 * 1024

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try parse(arguments)
        let input: [UInt8]
        do throws(FolderFile.Failure) {
            input = try FolderFile.read(options.input, maxBytes: maxInputBytes)
        } catch .tooLarge(let bytes, let limit) {
            printError("morph curtain: error: \(options.input) is \(bytes) bytes; at most \(limit)")
            return 1
        } catch {
            printError("morph curtain: error: cannot read \(options.input)")
            return 1
        }
        let folded: [UInt8]
        do throws(MorphCairoError) {
            folded = try fold(png: input, drag: options.drag, folds: options.folds, scale: options.scale)
        } catch .imageTooLarge(let width, let height, let maxPixels) {
            printError(
                "morph curtain: error: \(options.input) is \(width)×\(height) pixels; at most \(maxPixels) pixels")
            return 1
        }
        try Data(folded).write(to: URL(fileURLWithPath: options.output))
        return 0
    }
}
