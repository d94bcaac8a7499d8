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
        var withoutMachines = registry.panels
        for name in withoutMachines.keys { withoutMachines[name]?.machine = nil }
        #expect(
            withoutMachines == [
                "morph-container": ComponentPanel(controls: [.scrub], hint: "Tap the card to expand or collapse it."),
                "hero-card": ComponentPanel(controls: [.scrub], hint: "Tap the card to open it; the × closes it."),
                "curtain": ComponentPanel(controls: [.serverTiles], hint: "Try swiping from the right!"),
            ])
        for (name, panel) in registry.panels {
            let kind = try #require(ComponentKind(rawValue: name))
            let definition = try #require(ComponentDefinition.builtIn(kind))
            #expect(panel.machine?.states == definition.stateNames, "\(name)")
        }
    }

    @Test func theMachineGraphHasEachMoveOnceWithoutGuardsOrEffects() throws {
        let container = try #require(ComponentDefinition.builtIn(.morphContainer))
        let graph = try #require(ComponentPanel(container).machine)
        #expect(graph.states == ["collapsed", "expanding", "expanded", "collapsing"])
        // Two taps from `collapsed` (Reduce Motion jumps, else it springs), one settle per moving state.
        #expect(graph.edges.contains(.init(from: "collapsed", event: "tap(card)", to: "expanded")))
        #expect(graph.edges.contains(.init(from: "collapsed", event: "tap(card)", to: "expanding")))
        #expect(graph.edges.contains(.init(from: "expanding", event: "settled(progress)", to: "expanded")))
        let moves = container.machineDefinition.transitions.map { "\($0.from) \($0.event) \($0.to)" }
        #expect(Set(moves) == Set(graph.edges.map { "\($0.from) \($0.event) \($0.to)" }))
        // An event's options (a drag's minimum distance, a press's region) are left out.
        #expect(
            ComponentPanel.MachineGraph.label("press(folds.stepper.decrement, region: a ? b : c)")
                == "press(folds.stepper.decrement)")
        #expect(ComponentPanel.MachineGraph.label("dragStart(handle, minimumDistance: 0)") == "dragStart(handle)")
        #expect(ComponentPanel.MachineGraph.label("settled(progress)") == "settled(progress)")
        #expect(ComponentPanel.MachineGraph.label("environment") == "environment")
        // A move the machine tries under two guards, or with other effects, is one edge.
        let repeated = MachineDefinition(
            machine: "m", component: "m", states: ["a", "b"], initialState: "a", events: [], guards: [], effects: [],
            transitions: [
                .init(from: "a", event: "tap(x)", guard: "env.reduceMotion", to: "b", effects: ["jump"]),
                .init(from: "a", event: "tap(x)", to: "b", effects: ["animate"]), .init(from: "b", event: "tap(x)", to: "a"),
            ])
        #expect(
            ComponentPanel.MachineGraph(repeated).edges == [
                .init(from: "a", event: "tap(x)", to: "b"), .init(from: "b", event: "tap(x)", to: "a"),
            ])
        let json = graph.json
        #expect(json["states"] == .array(graph.states.map { .string($0) }))
        guard case .array(let transitions) = json["transitions"] else {
            Issue.record("transitions is not an array: \(json)")
            return
        }
        #expect(
            transitions.first
                == .object([
                    .init("from", .string(graph.edges[0].from)), .init("event", .string(graph.edges[0].event)),
                    .init("to", .string(graph.edges[0].to)),
                ]))
    }

    @Test func theBottomSheetHasNeitherControl() throws {
        let panel = ComponentPanel(try ComponentDefinition(contentsOf: Self.sheet))
        #expect(panel.controls.isEmpty, "a drag drives it: no progress to scrub, no effect to tile")
        #expect(panel.hint?.contains("detent") == true)
        let machine = try #require(panel.machine)
        #expect(
            panel.json
                == .object([
                    .init("controls", .array([])), .init("hint", .string(panel.hint ?? "")), .init("machine", machine.json),
                ]))
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
        #expect(registry.panels["curtain"]?.controls == [.scrub])
        #expect(registry.panels["curtain"]?.hint == "A stand-in.")
        #expect(registry.panels["curtain"]?.machine?.states == ["collapsed", "expanding", "expanded", "collapsing"])
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

    @Test func aChangedListIsSentWithThePanelsAsWelcomeSendsThem() throws {
        let panels = ["a": ComponentPanel(controls: [.serverTiles]), "gone": ComponentPanel(controls: [.scrub])]
        let text = String(decoding: ServerMessage.components(names: ["b", "a"], panels: panels).encoded, as: UTF8.self)
        #expect(text == #"{"type":"components","components":["b","a"],"panels":{"a":{"controls":["server-tiles"]}}}"#)
        let welcome = try JSONValue.parse(
            ServerMessage.welcome(server: "morphd/0.1", components: ["b", "a"], fps: 60, panels: panels).encoded)
        #expect(try JSONValue.parse(Array(text.utf8))["panels"] == welcome["panels"])
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
