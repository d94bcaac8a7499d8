import Foundation
import MorphArguments
import MorphKit

/// `morph plot`: node properties over time from a recording's replay, as an SVG chart per
/// (node, property) and as JSON samples on stdout.
enum PlotCommand {
    static let subcommand = Subcommand(
        name: "plot",
        summary: "plot node properties (x, y, width, height, opacity, cornerRadius) over a replay",
        usage: usage, help: help,
        body: { arguments in try run(arguments) }
    )

    static let usage = """
        usage: morph plot FILE --node ID --property NAME [--property NAME ...] [--node ID --property NAME ...]
                          [--svg OUT.svg] [--fps F] [--until T]
        """

    static let help = """
        morph plot — property curves over time from a recording

        \(usage)

          --node ID         an op id of the display list (a group, fill, stroke or text)
          --property NAME   x, y, width, height, opacity or cornerRadius of the last --node
          --svg OUT.svg     one chart per (node, property), stacked
          --fps, --until    as for morph replay

        Values are in viewport points after every enclosing transform: x, y, width and height
        are the bounds of the op's path (a group: its clip, else its origin), opacity the
        product of the enclosing groups', cornerRadius how far a rounded rectangle's
        top-leading corner reaches along its top edge. Prints
        {"series":[{"node":…,"property":…,"samples":[[t,value],…]}]} on stdout; value is
        null in frames where the node is absent or lacks the property.

        """

    struct Options {
        var file: String
        var pairs: [(node: String, property: String)]
        var svg: String?
        var fps: Double?
        var until: Double?
    }

    static let scanner = ArgumentScanner(
        values: ["--node", "--property", "--svg", "--fps", "--until"], repeatable: ["--node", "--property"])

    /// Each `--property` belongs to the `--node` before it, so the pairs are read in order.
    static func parse(_ arguments: [String]) throws -> Options {
        let scanned = try scanner.scan(arguments)
        var options = Options(file: "", pairs: [])
        var node: String?
        var nodeUsed = true
        func number(_ flag: String, _ text: String) throws(UsageError) -> Double {
            guard let number = Double(text), number.isFinite, number > 0 || (flag == "--until" && number == 0) else {
                throw UsageError(message: "\(flag) expects a number > 0, got '\(text)'")
            }
            return number
        }
        for option in scanned.options {
            let flag = option.flag
            let text = option.value ?? ""
            if text.isEmpty { throw UsageError(message: "\(flag) needs a value") }
            switch flag {
            case "--node":
                if !nodeUsed { throw UsageError(message: "--node \(node!) has no --property") }
                node = text
                nodeUsed = false
            case "--property":
                guard let node else { throw UsageError(message: "--property \(text) needs a --node before it") }
                guard NodeProperties.names.contains(text) else {
                    throw UsageError(message: "unknown property '\(text)' (\(NodeProperties.names.joined(separator: ", ")))")
                }
                options.pairs.append((node, text))
                nodeUsed = true
            case "--svg": options.svg = text
            case "--fps":
                let fps = try number(flag, text)
                guard fps <= 1000 else { throw UsageError(message: "--fps must be in 0 < fps <= 1000") }
                options.fps = fps
            default: options.until = try number(flag, text)  // --until
            }
        }
        guard let file = scanned.operands.first else { throw UsageError(message: "missing recording FILE") }
        guard scanned.operands.count == 1 else {
            throw UsageError(message: "one recording at a time (got '\(scanned.operands[1])' too)")
        }
        if !nodeUsed { throw UsageError(message: "--node \(node!) has no --property") }
        guard !options.pairs.isEmpty else { throw UsageError(message: "give at least one --node ID --property NAME") }
        options.file = file
        return options
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try parse(arguments)
        do {
            let url = URL(fileURLWithPath: options.file)
            let read = try RecordingReader.read(contentsOf: url)
            for warning in read.warnings { printError("morph plot: warning: \(options.file): \(warning)") }
            var catalog = ComponentCatalog()
            let definition = try catalog.definition(named: read.recording.header.component, forRecordingAt: url)
            var replay = try Replay(read.recording, fps: options.fps, until: options.until, definition: definition)
            var frames: [(time: Double, values: [String: [String: Double]])] = []
            var cache: [String: [String: [String: Double]]] = [:]
            while let frame = replay.next() {
                let hash = frame.hash
                if cache[hash] == nil { cache[hash] = NodeProperties.extract(try DisplayList(json: frame.displayList)) }
                frames.append((frame.time, cache[hash]!))
            }
            for node in Set(options.pairs.map(\.node)) where !frames.contains(where: { $0.values[node] != nil }) {
                let known = Set(frames.flatMap { $0.values.keys }).sorted().joined(separator: ", ")
                printError("morph plot: error: no op '\(node)' in any frame (ids: \(known))")
                return 1
            }
            let series = options.pairs.map { pair in
                (pair, frames.map { ($0.time, $0.values[pair.node]?[pair.property]) })
            }
            var json = "{\"series\":["
            json += series.map { pair, points in
                "{\"node\":\(JSONText.string(pair.node)),\"property\":\(JSONText.string(pair.property)),\"samples\":["
                    + points.map { "[\(JSONText.number($0.0)),\($0.1.map(JSONText.number) ?? "null")]" }.joined(separator: ",")
                    + "]}"
            }.joined(separator: ",")
            json += "]}\n"
            printOutput(json)
            if let path = options.svg {
                let charts = series.enumerated().map { index, item in
                    LinePlot.Chart(
                        title: "\(item.0.node) \(item.0.property)",
                        series: [
                            LinePlot.Series(
                                label: "\(item.0.node).\(item.0.property)",
                                color: LinePlot.palette[index % LinePlot.palette.count],
                                points: item.1)
                        ])
                }
                try Data(LinePlot.svg(charts).utf8).write(to: URL(fileURLWithPath: path))
            }
            return 0
        } catch {
            printError("morph plot: error: \(options.file): \(error)")
            return 1
        }
    }
}
