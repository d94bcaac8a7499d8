import Foundation
import MorphArguments
import MorphCairo
import MorphJSON
import MorphKit
import MorphWork

/// `morph render`: one frame of a component drawn by the server-side renderer (cairo) into a
/// PNG, at the same states `morph export` takes, so a state can be looked at without a browser.
enum RenderCommand {
    static let subcommand = Subcommand(
        name: "render",
        summary: "draw a component (or a display-list file) at a given state into a PNG",
        usage: usage, help: help,
        body: { arguments in try run(arguments) }
    )

    static let usage = """
        usage: morph render (morph-container | hero-card | curtain | --component FILE)
                            [state options of morph export]
                            [--scale N] --out FILE.png
               morph render --from-display-list FILE.json [--scale N] --out FILE.png
        """

    static let help = """
        morph render — one frame drawn through cairo into a PNG

        \(usage)

          --out FILE.png             where to write the PNG (required)
          --scale N                  device pixels per point, 1...4 (default 2)
          --from-display-list FILE   draw a display list (morph export --display-list, a golden)
                                     instead of building a component's scene

        State options (see morph export --help): --state NAME, --progress P, --drag X,Y,
        --variable NAME=V, --size WxH, --safe-area T,L,B,R, --time T, --configuration FILE,
        --set key=value, --dynamic-type SIZE, --color-scheme light|dark, --reduce-motion; a built-in
        name runs its bundled component file, as --component FILE runs yours. A pose the machine
        cannot take is an error that says why. Curtain effects are folded by the same kernel the
        server uses.

        Prints what it wrote on stdout: "wrote FILE.png: W×H px (W×H pt at scale N)".

        """

    struct Options {
        var source: Source
        var scale = 2
        var out: String

        enum Source {
            case component(ExportOptions)
            case file(String)
        }
    }

    /// `morph export`'s flags plus render's own.
    static let scanner: ArgumentScanner = {
        var scanner = ExportOptions.scanner
        scanner.valueFlags.formUnion(["--scale", "--out", "--from-display-list"])
        scanner.suggested = []  // render has no --format
        return scanner
    }()

    static func parse(_ arguments: [String]) throws -> Options {
        let scanned = try scanner.scan(arguments)
        var scale = 2
        if let text = scanned.value("--scale") {
            guard let number = Int(text), (1...4).contains(number) else {
                throw UsageError(message: "--scale: expected an integer in 1...4, got '\(text)'")
            }
            scale = number
        }
        if let flag = ["--display-list", "--config", "--config-schema", "--machine", "--component-file", "--pretty"]
            .first(where: scanned.contains)
        {
            throw UsageError(message: "\(flag) is an export option; render always draws the display list")
        }
        guard let out = scanned.value("--out") else { throw UsageError(message: "missing --out FILE.png") }
        if let file = scanned.value("--from-display-list") {
            let ownFlags: Set = ["--scale", "--out", "--from-display-list"]
            guard scanned.operands.isEmpty, scanned.options.allSatisfy({ ownFlags.contains($0.flag) }) else {
                throw UsageError(message: "--from-display-list takes no component or state options")
            }
            return Options(source: .file(file), scale: scale, out: out)
        }
        return Options(source: .component(try ExportOptions(scanned: scanned)), scale: scale, out: out)
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try parse(arguments)
        let list: DisplayList
        let renderer = try DisplayListRenderer(pool: .shared)
        switch options.source {
        case .component(let export):
            list = try export.scene().displayList()
            renderer.images = export.definition.imageBytes
        case .file(let path):
            let url = URL(fileURLWithPath: path)
            list = try DisplayList(json: try readDisplayList(path))
            renderer.images = try pictures(of: list, beside: url.deletingLastPathComponent())
        }
        let bitmap = try renderer.render(list, scale: options.scale)
        try Data(try PNGEncoder.encode(bitmap)).write(to: URL(fileURLWithPath: options.out))
        let bleed = list.bleed > 0 ? " and \(JSONText.number(list.bleed)) pt past each edge" : ""
        let points = "\(JSONText.number(list.size.width))×\(JSONText.number(list.size.height)) pt\(bleed)"
        printWrote(options.out, width: bitmap.width, height: bitmap.height, "\(points) at scale \(options.scale)")
        return 0
    }

    /// The largest display-list file `--from-display-list` reads (the server's lists are a few
    /// KiB; the parser's tables cost a multiple of the text).
    static let maxDisplayListBytes = 16 * 1024 * 1024

    /// The list file's bytes, its size checked before it is read.
    static func readDisplayList(_ path: String) throws -> [UInt8] {
        do throws(FolderFile.Failure) {
            return try FolderFile.read(path, maxBytes: maxDisplayListBytes)
        } catch .tooLarge(let bytes, let limit) {
            throw UsageError(message: "--from-display-list: '\(path)' is \(bytes) bytes; at most \(limit)")
        } catch {
            throw UsageError(message: "--from-display-list: cannot read '\(path)'")
        }
    }

    /// The pictures a display list's `image` ops name by file, read from `folder` (the list
    /// file's own, as a component's pictures sit beside the component file).
    static func pictures(of list: DisplayList, beside folder: URL) throws -> [String: [UInt8]] {
        var pictures: [String: [UInt8]] = [:]
        for case .image(let image) in list.ops where pictures[image.source] == nil {
            guard case .success(.file) = ImageSource.parse(image.source) else { continue }
            do {
                pictures[image.source] = try ImageAsset.load(image.source, from: folder).png
            } catch .unreadable(let reason) {
                throw UsageError(message: "--from-display-list: \(reason) (\(folder.path))")
            } catch {
                throw UsageError(message: "--from-display-list: \(error)")
            }
        }
        return pictures
    }
}
