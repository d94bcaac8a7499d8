import Foundation
import Testing

/// `morph export|render --component FILE` posed with `--state`, `--progress`, `--drag`,
/// `--variable` and `--time` through the real binary: the same bytes as the built-in's pose,
/// and every flag that does not apply refused with why.
@Suite struct PoseCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A built-in's file (`Sources/MorphKit/BuiltIn`) or an example's.
    static func file(_ name: String) -> String {
        let builtIn = root.appendingPathComponent("Sources/MorphKit/BuiltIn/\(name).json")
        if FileManager.default.fileExists(atPath: builtIn.path) { return builtIn.path }
        return root.appendingPathComponent("Examples/components/\(name).json").path
    }

    /// A built-in's pose and the file's that means the same.
    struct Pair: Sendable, CustomStringConvertible {
        var builtIn: [String]
        var file: [String]
        var description: String { "\(builtIn) ~ \(file)" }
    }

    static let pairs = [
        Pair(
            builtIn: ["morph-container", "--progress", "0.3", "--model", "1"],
            file: ["morph-container", "--state", "expanded", "--progress", "0.3"]),
        // From expanded back to collapsed: a quarter of the way left is three quarters done.
        Pair(
            builtIn: ["morph-container", "--progress", "0.25", "--model", "0", "--display-list", "--size", "390x844"],
            file: ["morph-container", "--state", "collapsed", "--progress", "0.75", "--display-list", "--size", "390x844"]),
        Pair(
            builtIn: ["hero-card", "--progress", "1", "--model", "1", "--dynamic-type", "AX2", "--display-list"],
            file: ["hero-card", "--state", "expanded", "--dynamic-type", "AX2", "--display-list"]),
        Pair(
            builtIn: ["hero-card", "--progress", "0.4", "--color-scheme", "dark", "--time", "2"],
            file: ["hero-card", "--progress", "0.4", "--color-scheme", "dark", "--time", "2"]),
        Pair(
            builtIn: ["curtain", "--drag", "200,400", "--time", "3.3", "--display-list"],
            file: ["curtain", "--drag", "200,400", "--time", "3.3", "--display-list"]),
        Pair(
            builtIn: ["curtain", "--revealed", "--drag", "150,300", "--folds", "6"],
            file: ["curtain", "--state", "revealed", "--drag", "150,300", "--set", "folds=6"]),
        Pair(builtIn: ["curtain", "--revealed"], file: ["curtain", "--variable", "revealed=1"]),
        Pair(
            builtIn: ["curtain", "--drag", "20,400", "--size", "320x568", "--display-list"],
            file: [
                "curtain", "--variable", "dragPosition=20,400", "--variable", "dragged=1", "--size", "320x568", "--display-list",
            ]),
    ]

    @Test(arguments: pairs)
    func exportMatchesTheBuiltInsPose(_ pair: Pair) throws {
        let builtIn = try MorphExecutable.run(["export"] + pair.builtIn)
        let file = try MorphExecutable.run(["export", "--component", Self.file(pair.file[0])] + pair.file.dropFirst())
        #expect(builtIn.status == 0 && file.status == 0, "\(file.stderr)")
        #expect(!file.stdout.isEmpty && file.stdout == builtIn.stdout)
    }

    /// The curtain revealed at rest through its file (a drag released at the leading edge
    /// level with the handle's centre) draws the same pixels as the built-in's pose of it.
    @Test func renderPosesTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let builtIn = folder.appendingPathComponent("builtin.png").path
        let file = folder.appendingPathComponent("file.png").path
        let a = try MorphExecutable.run(["render", "curtain", "--revealed", "--drag", "44,422", "--scale", "1", "--out", builtIn])
        let b = try MorphExecutable.run([
            "render", "--component", Self.file("curtain"), "--state", "revealed", "--scale", "1", "--out", file,
        ])
        #expect(a.status == 0 && b.status == 0, "\(b.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(contentsOf: URL(fileURLWithPath: builtIn)))
    }

    @Test(arguments: [
        (
            ["--component", file("morph-container"), "--state", "open"],
            "--state: unknown state 'open' (the machine's states: collapsed, expanding, expanded, collapsing)"
        ),
        (["--component", file("morph-container"), "--state", "expanding"], "does not rest"),
        (
            ["--component", file("morph-container"), "--state", "expanded", "--progress", "12"],
            "--progress: progress 12 is out of range"
        ),
        (["--component", file("morph-container"), "--progress", "-10.5"], "out of range"),
        (
            ["--component", file("hero-card"), "--state", "expanded", "--progress", "0.5", "--reduce-motion"],
            "no animation of the machine leads from 'collapsed' to state 'expanded'"
        ),
        (["--component", file("hero-card"), "--progress", "0.5", "--model", "1"], "--model applies to the built-in components"),
        (["--component", file("curtain"), "--revealed"], "--state NAME (closed, dragging, settling, revealed)"),
        (["--component", file("curtain"), "--folds", "3"], "--set KEY=VALUE (its fields: folds)"),
        (["--component", file("curtain"), "--progress", "0.5"], "--progress: the component names no `scrub` variable"),
        (
            ["--component", file("curtain"), "--state", "revealed", "--progress", "0.5", "--drag", "100,100"],
            "a held drag has no animation progress"
        ),
        (
            ["--component", file("curtain"), "--variable", "nope=1"],
            "unknown variable 'nope' (the file's variables: dragPosition, dragged, revealed)"
        ),
        (["--component", file("curtain"), "--variable", "dragPosition=3"], "a point variable takes a point"),
        (["--component", file("curtain"), "--variable", "dragged"], "expected NAME=VALUE"),
        (
            ["--component", file("morph-container"), "--drag", "100,100"],
            "--drag: the machine starts no drag in state 'collapsed'"
        ),
        (
            ["--component", file("morph-container"), "--state", "expanded", "--machine"],
            "--state poses a frame, and --machine writes none"
        ),
        (["--component", file("morph-container"), "--time", "2", "--config"], "--time poses a frame, and --config writes none"),
        (["hero-card", "--state", "expanded"], "--state poses a --component FILE"),
        (["curtain", "--variable", "revealed=1"], "--variable poses a --component FILE"),
    ])
    func aFlagThatDoesNotApplyIsAnErrorSayingWhy(_ arguments: [String], _ message: String) throws {
        let result = try MorphExecutable.run(["export"] + arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func renderRefusesWhatExportRefuses() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pose-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let unknown = try MorphExecutable.run(["render", "--component", Self.file("hero-card"), "--state", "open", "--out", out])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown state 'open'"), "\(unknown.stderr)")
        let schema = try MorphExecutable.run(["render", "--component", Self.file("hero-card"), "--config-schema", "--out", out])
        #expect(schema.status == 2 && schema.stderr.contains("--config-schema is an export option"), "\(schema.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
