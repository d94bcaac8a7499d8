import Foundation
import MorphKit
import MorphTestSupport
import Testing

/// The command line on hostile files: sizes that would drive allocations are refused with a
/// clear error (exit 1) before anything is allocated for them, and nothing crashes.
@Suite struct HostileInputCommandTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("morph-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// 45 bytes whose header claims 100000 × 100000 (40 GB of RGBA).
    @Test func curtainRefusesAHeaderOverThePixelLimit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("big.png"), output = directory.appendingPathComponent("out.png")
        try Data(HostilePNG.header(width: 100_000, height: 100_000)).write(to: input)
        let result = try MorphExecutable.run([
            "curtain", "--in", input.path, "--drag", "10,10", "--folds", "2", "--out", output.path,
        ])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("morph curtain: error: \(input.path) is 100000×100000 pixels; at most 33554432 pixels"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// A sparse input over the file limit is refused from its size.
    @Test func curtainRefusesAnOversizedFileUnread() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("huge.png")
        try Data(HostilePNG.header(width: 10, height: 10)).write(to: input)
        #expect(truncate(input.path, 300 * 1024 * 1024) == 0)
        let result = try MorphExecutable.run([
            "curtain", "--in", input.path, "--drag", "10,10", "--folds", "2", "--out",
            directory.appendingPathComponent("o.png").path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is 314572800 bytes; at most 268435456"), "\(result.stderr)")
    }

    /// Shadow radii of 1e5, 1e300 and 3000 in a display list: refused where the list is read,
    /// naming the path.
    @Test(arguments: ["1e5", "1e300", "3000"])
    func renderRefusesAShadowRadiusOverTheMaximum(radius: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.json"), output = directory.appendingPathComponent("out.png")
        let text =
            #"{"format":"morph.display-list","version":1,"component":"curtain","size":[100,100],"time":0,"background":[1,1,1,1],"ops":[{"op":"push","id":"g","shadow":{"color":[0,0,0,1],"radius":\#(radius)}},{"op":"fill","id":"r","path":[["M",10,10],["L",50,10],["L",50,50],["Z"]],"paint":{"type":"solid","color":[0,0,0,1]}},{"op":"pop"}]}"#
        try Data(text.utf8).write(to: list)
        let result = try MorphExecutable.run(["render", "--from-display-list", list.path, "--out", output.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("ops[0].shadow.radius"), "\(result.stderr)")
        #expect(result.stderr.contains("over the maximum of 64.0 points"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))

        // The largest radius the format allows renders.
        try Data(text.replacingOccurrences(of: #""radius":\#(radius)"#, with: #""radius":64"#).utf8).write(to: list)
        let largest = try MorphExecutable.run(["render", "--from-display-list", list.path, "--scale", "4", "--out", output.path])
        #expect(largest.status == 0, "\(largest.stderr)")
    }

    /// A baseline stating `"bytes": 1e14` for its deflated lists is refused before the buffer
    /// is allocated.
    @Test func checkRefusesABaselineStatingAHugeInflatedSize() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = "container-double-tap"
        for file in ["\(name).jsonl", "\(name).baseline.json", "\(name).baseline.zz"] {
            try FileManager.default.copyItem(
                at: CheckCommandTests.fixtures.appendingPathComponent(file), to: directory.appendingPathComponent(file))
        }
        let json = directory.appendingPathComponent("\(name).baseline.json")
        let text = try String(contentsOf: json, encoding: .utf8)
        let edited = text.replacingOccurrences(of: #""bytes":\d+"#, with: #""bytes":1e14"#, options: .regularExpression)
        #expect(edited != text)
        try edited.write(to: json, atomically: true, encoding: .utf8)
        let result = try MorphExecutable.run(["check", directory.appendingPathComponent("\(name).jsonl").path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains("displayLists.bytes 100000000000000 is more than \(name).baseline.zz"), "\(result.stdout)")
    }

    /// A component file over the limit (sparse, so nothing is written) is a usage error naming
    /// the limit, after reading only the limit and a byte.
    @Test func anOversizedComponentFileIsRefusedAtTheLimit() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("{".utf8)))
        #expect(truncate(file.path, 1 << 30) == 0)
        let result = try MorphExecutable.run(["export", "--component", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("the file is larger than \(ComponentLimits.fileBytes) bytes"), "\(result.stderr)")
    }

    /// A display list's picture linked to a file outside its folder is not read.
    @Test func renderRefusesAPictureLinkedOutOfItsFolder() throws {
        let directory = try temporaryDirectory(), outside = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: outside)
        }
        let secret = outside.appendingPathComponent("secret.png")
        try Data(HostilePNG.header(width: 1, height: 1)).write(to: secret)
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("x.png").path, withDestinationPath: secret.path)
        let list = directory.appendingPathComponent("list.json")
        let text =
            #"{"format":"morph.display-list","version":1,"component":"curtain","size":[10,10],"time":0,"background":[1,1,1,1],"ops":[{"op":"image","id":"i","source":"x.png","rect":[0,0,10,10]}]}"#
        try Data(text.utf8).write(to: list)
        let result = try MorphExecutable.run([
            "render", "--from-display-list", list.path, "--out", directory.appendingPathComponent("o.png").path,
        ])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("'x.png' leads outside the component's folder (through a link)"), "\(result.stderr)")
    }
}
