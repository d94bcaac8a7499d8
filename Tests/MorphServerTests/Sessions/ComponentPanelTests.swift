import Foundation
import MorphKit
import Testing

@testable import MorphServer

/// What the page's panel offers per component comes from the server, derived from each
/// component's file: a scrubber for a `scrub` variable, server tiles for a curtain effect,
/// the file's hint (issue 29: the page names no component).
@Suite struct ComponentPanelTests {
    static let sheet = ComponentFolderTests.example.deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/components/bottom-sheet.json")

    @Test func theBuiltInsPanelsAreDerivedFromTheirFiles() throws {
        var registry = ComponentRegistry()
        registry.registerMorphComponents()
        #expect(
            registry.panels == [
                "morph-container": ComponentPanel(controls: [.scrub], hint: "Tap the card to expand or collapse it."),
                "hero-card": ComponentPanel(controls: [.scrub], hint: "Tap the card to open it; the × closes it."),
                "curtain": ComponentPanel(controls: [.serverTiles], hint: "Try swiping from the right!"),
            ])
    }

    @Test func theBottomSheetHasNeitherControl() throws {
        let panel = ComponentPanel(try ComponentDefinition(contentsOf: Self.sheet))
        #expect(panel.controls.isEmpty, "a drag drives it: no progress to scrub, no effect to tile")
        #expect(panel.hint?.contains("detent") == true)
        #expect(panel.json == .object([.init("controls", .array([])), .init("hint", .string(panel.hint ?? ""))]))
    }

    @Test func controlsComeInPanelOrderAndAMissingHintIsLeftOut() {
        let panel = ComponentPanel(controls: [.serverTiles, .scrub])
        #expect(panel.controls == [.scrub, .serverTiles])
        #expect(panel.json == .object([.init("controls", .array([.string("scrub"), .string("server-tiles")]))]))
    }

    @Test func aFileServesItsOwnPanelInPlaceOfTheBuiltIns() throws {
        let folder = try ComponentFolderTests.Folder(name: "curtain")
        try folder.write(
            "card.json", folder.source.replacingOccurrences(of: "Tap the card to expand or collapse it.", with: "A stand-in."))
        let components = try folder.open()
        _ = components.poll()
        var registry = ComponentFolderTests.registry(components, builtIn: true)
        registry.register("plain") { _ in TimerComponent() }
        #expect(registry.panels["curtain"] == ComponentPanel(controls: [.scrub], hint: "A stand-in."))
        #expect(registry.panels["plain"] == nil, "a Swift component registered without a panel has none")
    }

    @Test func welcomeSendsThePanelsInComponentOrder() throws {
        let message = ServerMessage.welcome(
            server: "morphd/0.1", components: ["b", "plain", "a"], fps: 60,
            panels: [
                "a": ComponentPanel(controls: [.serverTiles]), "b": ComponentPanel(controls: [], hint: "Tap."),
                "gone": ComponentPanel(controls: [.scrub]),
            ])
        let text = String(decoding: message.encoded, as: UTF8.self)
        #expect(text.hasSuffix(#","panels":{"b":{"controls":[],"hint":"Tap."},"a":{"controls":["server-tiles"]}}}"#), "\(text)")
    }

    @Test func aLoadedFileTellsItsViewersItsPanel() throws {
        let change = ComponentFolder.Change(
            component: "card", file: "card.json", error: nil, panel: ComponentPanel(controls: [.scrub], hint: "Tap."))
        let json = try JSONValue.parse(ServerMessage.componentFile(change).encoded)
        #expect(json["status"] == .string("loaded"))
        #expect(json["panel"] == .object([.init("controls", .array([.string("scrub")])), .init("hint", .string("Tap."))]))
        let failed = ComponentFolder.Change(component: "card", file: "card.json", error: nil, isRemoved: true)
        #expect(try JSONValue.parse(ServerMessage.componentFile(failed).encoded)["panel"] == nil)
    }
}
