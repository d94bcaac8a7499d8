import Foundation
import MorphCairo
import MorphKit
import MorphRaster

/// `morph curtain`: the curtain kernel applied to any PNG, so a designer can see the fold on
/// their own screenshot. Straight alpha in and out, premultiplied inside (as the kernel needs).
enum CurtainCommand {
    static let subcommand = Subcommand(
        name: "curtain",
        summary: "fold a PNG with the curtain kernel (drag in points, pixels = points × scale)",
        run: { arguments in run(arguments) }
    )

    static let usage = """
        usage: morph curtain --in LAYER.png --drag X,Y --folds N [--scale S] --out OUT.png
        """

    static let help = """
        morph curtain — the curtain kernel on a PNG of your own

        \(usage)

          --in LAYER.png   the layer to fold (any PNG; read as straight-alpha RGBA)
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

    static func parse(_ arguments: [String]) throws -> Options {
        var input: String?, output: String?, drag: Point?, folds: Int?
        var scale = 1
        var index = 0
        func value(for flag: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--in": input = try value(for: argument)
            case "--out": output = try value(for: argument)
            case "--drag":
                let text = try value(for: argument)
                let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
                guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite else {
                    throw UsageError(message: "--drag: expected X,Y with finite numbers, got '\(text)'")
                }
                drag = Point(x: x, y: y)
            case "--folds":
                let text = try value(for: argument)
                guard let number = Int(text), (1...64).contains(number) else {
                    throw UsageError(message: "--folds: expected an integer in 1...64, got '\(text)'")
                }
                folds = number
            case "--scale":
                let text = try value(for: argument)
                guard let number = Int(text), (1...4).contains(number) else {
                    throw UsageError(message: "--scale: expected an integer in 1...4, got '\(text)'")
                }
                scale = number
            default: throw UsageError(message: "unknown option '\(argument)'")
            }
            index += 1
        }
        guard let input else { throw UsageError(message: "missing --in LAYER.png") }
        guard let output else { throw UsageError(message: "missing --out OUT.png") }
        guard let drag else { throw UsageError(message: "missing --drag X,Y") }
        guard let folds else { throw UsageError(message: "missing --folds N") }
        return Options(input: input, drag: drag, folds: folds, scale: scale, output: output)
    }

    /// The folded layer as a straight-alpha PNG: decode, premultiply at `scale`, run the
    /// library kernel on the layer's own bounds, unpremultiply, encode.
    static func fold(png: [UInt8], drag: Point, folds: Int, scale: Int) throws -> [UInt8] {
        let layer = try PNGDecoder.decode(png, scale: scale)
        let kernel = CurtainKernel(bounds: layer.pointSize, drag: drag, folds: folds)
        return try PNGEncoder.encode(StraightImage(premultiplied: kernel.apply(to: layer)))
    }

    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            printOutput(help)
            return 0
        }
        do {
            let options = try parse(arguments)
            let input: Data
            do { input = try Data(contentsOf: URL(fileURLWithPath: options.input)) } catch {
                printError("morph curtain: error: cannot read \(options.input): \(error.localizedDescription)")
                return 1
            }
            let folded = try fold(png: [UInt8](input), drag: options.drag, folds: options.folds, scale: options.scale)
            try Data(folded).write(to: URL(fileURLWithPath: options.output))
            return 0
        } catch let error as UsageError {
            printError("morph curtain: error: \(error.message)")
            printError(usage + "\n(morph curtain --help explains every option)")
            return Subcommand.usageStatus
        } catch {
            printError("morph curtain: error: \(error)")
            return 1
        }
    }
}
