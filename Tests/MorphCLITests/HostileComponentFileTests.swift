import Foundation
import MorphKit
import Testing

/// `morph export --component FILE` on hostile files, generated here: each exits 2 with its
/// `limit` error's line, column and message (they used to crash it), and a rect near the
/// largest double exports.
@Suite struct HostileComponentFileTests {
    /// A file whose `let` bindings are `lets`, one per line from line 5, and `scene`.
    static func file(_ lets: [(String, String)], scene: String = #"{ "type": "group", "id": "root" }"#) -> String {
        let bindings = lets.map { #"  "\#($0.0)": "\#($0.1)""# }.joined(separator: ",\n")
        return """
            {
            "format": "morph.component", "version": 1, "name": "hostile", "viewport": [100, 100], "variables": {},
            "background": "white(1)", "machine": { "states": ["idle"], "transitions": [] }, "scene": \(scene),
            "let": {
            \(bindings)
            }
            }
            """
    }

    static func export(_ text: String, _ options: [String] = []) throws -> MorphExecutable.Result {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        return try MorphExecutable.run(["export", "--component", path.path] + options)
    }

    /// Each hostile input by name: its `let` bindings and the end of the error line.
    static func hostile(_ name: String) -> (lets: [(String, String)], message: String) {
        let nesting = "let.x: nested deeper than \(ComponentLimits.expressionNesting) levels"
        func nested(_ open: String, _ middle: String, _ close: String, _ count: Int) -> [(String, String)] {
            [("x", String(repeating: open, count: count) + middle + String(repeating: close, count: count))]
        }
        switch name {
        case "parens": return (nested("(", "1", ")", 5000), ":5:73: " + nesting)
        case "unary": return (nested("-", "time", "", 100_000), ":5:72: " + nesting)
        case "ternary": return (nested("time ? ", "1", " : 2", 50_000), ":5:457: " + nesting)
        case "calls": return (nested("abs(", "time", ")", 50_000), ":5:265: " + nesting)
        case "sum":
            let sum = Array(repeating: "time", count: 30_000).joined(separator: "+")
            return ([("x", sum)], ":5:1288: let.x: more than 256 operations deep")
        case "doubling":
            let lets = [("a0", "'ab'")] + (1...40).map { ("a\($0)", "a\($0 - 1) + a\($0 - 1)") }
            return (lets, ":21:15: let.a16: the joined text is longer than 65536 bytes")
        default:
            let lets = [("a0", "time")] + (1..<50_000).map { ("a\($0)", "a\($0 - 1) + time") }
            return (lets, ": the file is larger than 1048576 bytes")
        }
    }

    @Test(arguments: ["parens", "unary", "ternary", "calls", "sum", "doubling", "chain"])
    func aHostileFileIsAUsageErrorNamingWhereItGoesOver(name: String) throws {
        var (lets, message) = Self.hostile(name)
        let text = Self.file(lets)
        if name == "chain" {
            // Where the file goes over the size limit: the line and column of its first byte past it.
            let before = Array(text.utf8.prefix(ComponentLimits.fileBytes))
            let line = before.count { $0 == UInt8(ascii: "\n") } + 1
            let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1)
            message = ":\(line):\(column)" + message
        }
        let result = try Self.export(text)
        #expect(result.status == 2, "\(result.stderr)")
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("morph export: error: --component: "), "\(first)")
        #expect(first.contains(".json" + message), "\(first)")
    }

    @Test func aRectNearTheLargestDoubleExports() throws {
        let scene = #"{ "type": "shape", "id": "huge", "path": { "rect": "rect(1e308, 0, 1e308, 10)" }, "fill": "white(0)" }"#
        let result = try Self.export(Self.file([("x", "1")], scene: scene), ["--display-list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2000000000"), "\(result.stdout.prefix(400))")
    }
}
