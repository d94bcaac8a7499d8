import Foundation
import MorphKit
import Testing

@testable import MorphServer

/// The registry entries `morphd` serves by default: MorphKit's sessions behind `LiveComponent`.
@Suite struct SessionComponentTests {
    let request = ComponentRegistry.Request(
        configuration: .object([]), environment: .protocolDefaults,
        viewport: .standardViewport)

    func registry() -> ComponentRegistry {
        var registry = ComponentRegistry()
        registry.registerMorphComponents()
        return registry
    }

    @Test func registersTheThreeComponentsUnderTheirJSONNames() {
        #expect(registry().names == ["morph-container", "hero-card", "curtain"])
    }

    @Test func aContainerTapAnimatesToExpandedThroughTheAdapter() throws {
        var component = try registry().make("morph-container", request, for: "open").get()
        #expect(component.stateName == "collapsed" && !component.isMoving)
        let opening = component.encodedDisplayList(at: 0)
        let card = try #require(try DisplayList(json: opening).accessibility.first { $0.id == "card" })
        try component.handle(InputEvent(time: 0.5, kind: .tap(Point(x: card.frame.midX, y: card.frame.midY))))
        #expect(component.stateName == "expanding" && component.isMoving)
        #expect(component.nextScheduledChange(after: 0.5) == nil)
        let moving = component.encodedDisplayList(at: 0.6)
        #expect(moving != opening)
        // Frames at 60 fps, as the server's ticks would ask for them, for three seconds.
        for frame in 37...180 { _ = component.encodedDisplayList(at: Double(frame) / 60) }
        #expect(component.stateName == "expanded" && !component.isMoving)
    }

    @Test func theCurtainSchedulesItsTimerAndRefusesBadSettings() throws {
        var component = try registry().make("curtain", request, for: "open").get()
        #expect(component.stateName == "closed" && !component.isMoving)
        // The foreground's spinner steps eight times a second (and its timer once a second).
        #expect(component.nextScheduledChange(after: 2.25) == 2.375)
        #expect(throws: SessionError.self) {
            try component.handle(InputEvent(time: 1, kind: .set(key: "folds", value: .number(99))))
        }
        guard
            case .failure(let error) = registry().make(
                "curtain",
                .init(
                    configuration: .object([.init("folds", .string("many"))]),
                    environment: .protocolDefaults, viewport: .standardViewport),
                for: "open")
        else {
            Issue.record("a bad configuration must be refused")
            return
        }
        #expect(error.code == .badMessage)
    }

    @Test func theCurtainFileSchedulesItsSpinnerAsTheBuiltInCurtainDoes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curtain-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let example = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MorphKit/BuiltIn/curtain.json")
        try FileManager.default.copyItem(at: example, to: directory.appendingPathComponent("curtain.json"))
        let folder = try ComponentFolder(
            directory: directory.path, schemaDirectory: directory.appendingPathComponent("schemas").path)
        #expect(folder.poll().map(\.error) == [nil])
        var served = registry()
        served.register(folder: folder)
        let file = try served.make("curtain", request, for: "open").get()
        let builtIn = try registry().make("curtain", request, for: "open").get()
        let fromFile = file is FileComponent
        #expect(fromFile, "the file takes the built-in curtain's place")
        // A still session is woken only by its schedule: without it the spinner and timer freeze.
        for time in [0.0, 0.3, 2.25, 59.99] {
            let expected = try #require(builtIn.nextScheduledChange(after: time))
            #expect(file.nextScheduledChange(after: time) == expected)
        }
    }
}
