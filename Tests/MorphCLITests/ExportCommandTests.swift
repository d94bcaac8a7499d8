import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct ExportCommandTests {
    /// A session of the built-in `kind`'s bundled file, as a library user starts one.
    static func session(
        _ kind: ComponentKind, configuration: JSONValue = .object([]), environment: InputEvent.Environment = .init()
    ) throws -> ComponentSession {
        try ComponentSession(
            definition: try #require(ComponentDefinition.builtIn(kind)), configuration: configuration,
            environment: environment)
    }

    @Test func exportsTheLibrarySceneByteForByte() throws {
        let result = try MorphExecutable.run(["export", "morph-container", "--progress", "0.3"])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = try Self.session(.morphContainer).scene(posed: ComponentPose(progress: 0.3)).canonicalJSON()
        #expect(Array(result.stdout.utf8) == expected + [0x0A])
    }

    /// `--state expanded` makes `--progress` an opening's frame (SwiftUI's rule): at spring
    /// progress 0.2 the chevron is at 0.8, where the scrubbed frame has it at 0.2.
    @Test func stateMakesTheProgressAnAnimatedFrame() throws {
        func chevron(_ arguments: [String]) throws -> Double? {
            let base = ["export", "morph-container", "--progress", "0.2", "--display-list"]
            let result = try MorphExecutable.run(base + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return try DisplayList(json: Array(result.stdout.utf8)).ops.lazy.compactMap { op -> Double? in
                if case .push(let group) = op, group.id == "chevron" { group.opacity } else { nil }
            }.first
        }
        #expect(try chevron(["--state", "expanded"]).map { abs($0 - 0.8) < 1e-9 } == true)
        #expect(try chevron([]).map { abs($0 - 0.2) < 1e-9 } == true)
    }

    @Test func displayListAndStateOptions() throws {
        func effect(_ arguments: [String]) throws -> CurtainEffect? {
            let result = try MorphExecutable.run(
                ["export", "curtain", "--size", "320x600", "--time", "2", "--display-list"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let list = try DisplayList(json: Array(result.stdout.utf8))
            #expect(list.component == .curtain && list.size == Size(width: 320, height: 600) && list.time == 2)
            return list.ops.lazy.compactMap { op -> CurtainEffect? in
                if case .push(let group) = op { group.effect } else { nil }
            }.first
        }
        let bounds = Rect(x: 0, y: 0, width: 320, height: 600)
        // A drag held on the handle: the fold follows the finger, the folds as set.
        #expect(
            try effect(["--drag", "200,300", "--set", "folds=6"])
                == CurtainEffect(bounds: bounds, drag: Point(x: 200, y: 300), folds: 6))
        // Left of 44 the machine rubber-bands the finger's x, so the fold stays right of it.
        let banded = try #require(try effect(["--drag", "10,300"]))
        #expect(banded.drag.x > 10 && banded.drag.x < 44 && banded.folds == 4)
        // The variables place the fold anywhere (the kernel floors its x at 20).
        let held = try effect(["--variable", "dragPosition=10,300", "--variable", "dragged=1", "--set", "folds=6"])
        #expect(held == CurtainEffect(bounds: bounds, drag: Point(x: 20, y: 300), folds: 6))
    }

    @Test(arguments: [ComponentKind.morphContainer, .heroCard, .curtain])
    func machineDefinitionIsTheBundledFiles(component: ComponentKind) throws {
        let result = try MorphExecutable.run(["export", component.rawValue, "--machine"])
        #expect(result.status == 0, "\(result.stderr)")
        let decoded = try MachineDefinition(exported: Array(result.stdout.utf8))
        #expect(decoded == (try #require(ComponentDefinition.builtIn(component))).machineDefinition)
        #expect(decoded.component == component.rawValue && decoded.format == "morph.machine")
        #expect(decoded.states.contains(decoded.initialState))
    }

    @Test func environmentSetAndPrettyOptions() throws {
        let result = try MorphExecutable.run([
            "export", "hero-card", "--progress", "1", "--dynamic-type", "AX2", "--color-scheme", "dark", "--reduce-motion",
            "--set", "title=Porto", "--pretty",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\n  \"root\": {"))
        let scene = try Scene(json: Array(result.stdout.utf8))
        // The default 390x844 viewport is an iPhone 15: its safe area (59 top, 34 bottom) applies.
        let expected = try Self.session(
            .heroCard, configuration: .object([.init("title", .string("Porto"))]),
            environment: InputEvent.Environment(
                reduceMotion: true, dynamicType: .accessibility2, colorScheme: .dark,
                safeArea: EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0))
        ).scene(posed: ComponentPose(progress: 1))
        #expect(try scene.canonicalJSON() == expected.canonicalJSON())
        // --safe-area overrides the preset's insets.
        let bare = try MorphExecutable.run(["export", "hero-card", "--safe-area", "0,0,0,0"])
        let unpadded = try Self.session(.heroCard, environment: InputEvent.Environment(safeArea: .zero)).scene()
        #expect(try Scene(json: Array(bare.stdout.utf8)).canonicalJSON() == unpadded.canonicalJSON())
        #expect(try unpadded.canonicalJSON() != Self.session(.heroCard).scene().canonicalJSON())
        let refused = try MorphExecutable.run(["export", "hero-card", "--safe-area", "59,0,-1,0"])
        #expect(refused.status == 2)
        let config = try MorphExecutable.run(["export", "curtain", "--config", "--set", "folds=3"])
        #expect(try JSONValue.parse(Array(config.stdout.utf8))["folds"] == .number(3))
    }

    @Test(arguments: [
        ["export"], ["export", "spinner"], ["export", "curtain", "--progress", "0.5"],
        ["export", "morph-container", "--progress", "abc"], ["export", "morph-container", "--drag", "1,2"],
        ["export", "curtain", "--drag", "1"], ["export", "curtain", "--folds", "9"], ["export", "curtain", "--revealed"],
        ["export", "hero-card", "--progress", "0.5", "--model", "1"], ["export", "hero-card", "--size", "0x10"],
        ["export", "hero-card", "--dynamic-type", "huge"], ["export", "hero-card", "--set", "nokey=1"],
        ["export", "hero-card", "--set", "title=1"], ["export", "curtain", "--bogus"], ["export", "curtain", "--time"],
    ])
    func badArgumentsExitTwoWithAMessage(arguments: [String]) throws {
        let result = try MorphExecutable.run(arguments)
        #expect(result.status == 2, "\(arguments)")
        #expect(result.stderr.hasPrefix("morph export: error: ") || result.stderr.hasPrefix("morph: error"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func helpExitsZero() throws {
        let result = try MorphExecutable.run(["export", "--help"])
        #expect(result.status == 0 && result.stdout.contains("--display-list"))
    }
}
