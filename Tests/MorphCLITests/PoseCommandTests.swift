import Foundation
import Testing

/// `morph export|render` posed with `--state`, `--progress`, `--drag`, `--variable` and
/// `--time` through the real binary: a built-in name is its bundled file, the poses draw the
/// seeds' goldens (what the deleted Swift builders drew), the builders' flags are refused with
/// what replaces them, and every flag that does not apply is refused with why.
@Suite struct PoseCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A built-in's file (`Sources/MorphKit/BuiltIn`) or an example's.
    static func file(_ name: String) -> String {
        let builtIn = root.appendingPathComponent("Sources/MorphKit/BuiltIn/\(name).json")
        if FileManager.default.fileExists(atPath: builtIn.path) { return builtIn.path }
        return root.appendingPathComponent("Examples/components/\(name).json").path
    }

    /// A built-in name is its bundled file: the same poses give the same bytes either way.
    @Test(arguments: [
        ["morph-container", "--state", "expanded", "--progress", "0.3"],
        ["morph-container", "--state", "collapsed", "--progress", "0.75", "--display-list", "--size", "390x844"],
        ["hero-card", "--state", "expanded", "--dynamic-type", "AX2", "--display-list"],
        ["hero-card", "--progress", "0.4", "--color-scheme", "dark", "--time", "2"],
        ["curtain", "--drag", "200,400", "--time", "3.3", "--display-list"],
        ["curtain", "--state", "revealed", "--drag", "150,300", "--set", "folds=6"],
        ["curtain", "--variable", "dragPosition=20,400", "--variable", "dragged=1", "--size", "320x568"],
        ["curtain", "--config", "--set", "folds=2"], ["hero-card", "--machine"], ["morph-container", "--config-schema"],
    ])
    func aBuiltInNameIsItsBundledFile(_ arguments: [String]) throws {
        let builtIn = try MorphExecutable.run(["export"] + arguments)
        let file = try MorphExecutable.run(["export", "--component", Self.file(arguments[0])] + arguments.dropFirst())
        #expect(builtIn.status == 0 && file.status == 0, "\(builtIn.stderr)")
        #expect(!builtIn.stdout.isEmpty && builtIn.stdout == file.stdout)
    }

    /// The poses that replace the Swift builders' flags draw the frames the builders drew:
    /// the builders' goldens (MorphKitTests, recorded without safe-area insets), byte for byte.
    @Test(arguments: [
        ("MorphContainerTests/progress-0.5", ["morph-container", "--progress", "0.5"]),
        ("HeroCardTests/expanded", ["hero-card", "--progress", "1"]),
        ("HeroCardTests/collapsed-AX3-dark", ["hero-card", "--dynamic-type", "AX3", "--color-scheme", "dark"]),
        ("CurtainTests/closed", ["curtain", "--time", "1.25"]),
        ("CurtainTests/dragging", ["curtain", "--drag", "180,420", "--time", "2"]),
        // Builder: drag 44,420, revealed, folds 6.
        ("CurtainTests/revealed", ["curtain", "--state", "revealed", "--drag", "44,420", "--set", "folds=6", "--time", "3"]),
        // Builder: drag 10,100 (left of the machine's rubber band), folds 8.
        (
            "CurtainTests/floored",
            ["curtain", "--variable", "dragPosition=10,100", "--variable", "dragged=1", "--set", "folds=8"]
        ),
    ])
    func theReplacingPosesDrawTheBuildersGoldens(_ golden: String, _ arguments: [String]) throws {
        let folder = Self.root.appendingPathComponent("Tests/MorphKitTests/__Goldens__")
        let bare = ["--safe-area", "0,0,0,0"]
        for (flag, kind) in [([String](), "scene"), (["--display-list"], "display-list")] {
            let result = try MorphExecutable.run(["export"] + arguments + bare + flag)
            #expect(result.status == 0, "\(result.stderr)")
            let expected = try Data(contentsOf: folder.appendingPathComponent("\(golden).\(kind).json"))
            #expect(Data(result.stdout.utf8) == expected + [0x0A], "\(golden) \(kind)")
        }
    }

    /// Each flag only the Swift builders took is refused (exit 2) with the pose that replaces it.
    @Test(arguments: [
        (["morph-container", "--progress", "0.3", "--model", "1"], "--state expanded --progress p"),
        (["hero-card", "--progress", "0.3", "--model", "0"], "--state collapsed --progress 1-p"),
        (["curtain", "--revealed"], "--variable revealed=1"),
        (["curtain", "--revealed", "--drag", "150,300"], "--state revealed --drag X,Y"),
        (["curtain", "--folds", "6"], "--set folds=N"),
        (["--component", file("curtain"), "--folds", "3"], "--set folds=N"),
    ])
    func aRemovedFlagSaysWhatReplacesIt(_ arguments: [String], _ replacement: String) throws {
        let export = try MorphExecutable.run(["export"] + arguments)
        #expect(export.status == 2 && export.stdout.isEmpty, "\(arguments)")
        #expect(export.stderr.contains("is gone") && export.stderr.contains(replacement), "\(export.stderr)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pose-\(UUID().uuidString).png").path
        let render = try MorphExecutable.run(["render"] + arguments + ["--out", out])
        #expect(render.status == 2 && render.stderr.contains(replacement), "\(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// The help no longer offers the removed flags.
    @Test(arguments: [["export", "--help"], ["render", "--help"], ["export", "--format", "svg", "--help"]])
    func helpOffersOnlyTheFilePoses(_ arguments: [String]) throws {
        let help = try MorphExecutable.run(arguments)
        #expect(help.status == 0 && help.stdout.contains("--state"))
        // No usage line or option row offers them; the help may say they are gone.
        for line in help.stdout.split(separator: "\n") where !line.contains("gone") {
            for flag in ["--model", "--revealed", "--folds"] { #expect(!line.contains(flag), "\(arguments): \(line)") }
        }
    }

    /// The curtain revealed at rest (a drag released at the leading edge level with the
    /// handle's centre) is the drag point resting at 44 on that line, revealed.
    @Test func renderPosesTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let held = folder.appendingPathComponent("held.png").path
        let rest = folder.appendingPathComponent("rest.png").path
        let a = try MorphExecutable.run([
            "render", "curtain", "--variable", "dragPosition=44,422", "--variable", "dragged=1", "--variable", "revealed=1",
            "--scale", "1", "--out", held,
        ])
        let b = try MorphExecutable.run(["render", "curtain", "--state", "revealed", "--scale", "1", "--out", rest])
        #expect(a.status == 0 && b.status == 0, "\(b.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: rest)) == Data(contentsOf: URL(fileURLWithPath: held)))
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
        (["curtain", "--progress", "0.5"], "--progress: the component names no `scrub` variable"),
        (["morph-container", "--state", "expanded", "--config"], "--state poses a frame, and --config writes none"),
        (
            ["--component", file("morph-container"), "--drag", "100,100"],
            "--drag: the machine starts no drag in state 'collapsed'"
        ),
        (
            ["--component", file("morph-container"), "--state", "expanded", "--machine"],
            "--state poses a frame, and --machine writes none"
        ),
        (["--component", file("morph-container"), "--time", "2", "--config"], "--time poses a frame, and --config writes none"),
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
