import Foundation
import MorphJSON
import MorphKit
import Testing

/// A component file's `hint` (the preview page's line under its picker): read, checked with
/// the file's line and column, written back; and what the page's other controls are derived
/// from (the `scrub` variable, the scene's effects).
@Suite struct ComponentHintTests {
    /// A minimal component; `hint` is the member on line 4 (its value from column 11).
    static func file(hint: String?) -> String {
        """
        {
          "format": "morph.component", "version": 1, "name": "card",
          "viewport": [400, 440],
        \(hint.map { #"  "hint": \#($0),"# } ?? "")
          "variables": { "progress": {} },
          "background": "white(1)",
          "scene": { "type": "group", "id": "root" },
          "machine": { "states": ["idle"], "transitions": [] }
        }
        """
    }

    static func load(hint: String?) throws(DefinitionError) -> ComponentDefinition {
        try ComponentDefinition(json: Array(file(hint: hint).utf8), file: "card.json")
    }

    @Test func aHintIsReadAndWrittenBack() throws {
        let definition = try Self.load(hint: #""Drag the card down.""#)
        #expect(definition.hint == "Drag the card down.")
        #expect(definition.componentFile["hint"] == .string("Drag the card down."))
        let reloaded = try ComponentDefinition(json: definition.componentFile.compactBytes, file: "again.json")
        #expect(reloaded.hint == "Drag the card down.")
    }

    @Test(arguments: [nil, #""""#, "null"])
    func noHintOrAnEmptyOneIsNone(_ hint: String?) throws {
        let definition = try Self.load(hint: hint)
        #expect(definition.hint == nil)
        #expect(definition.componentFile["hint"] == nil)
    }

    @Test(arguments: [
        ("3", "hint: expected a string, found"),
        (#"["Tap."]"#, "hint: expected a string, found"),
        (#"{ "text": "Tap." }"#, "hint: expected a string, found"),
        (
            "\"\(String(repeating: "a", count: ComponentDefinition.hintLength + 1))\"",
            "hint: a hint is one short sentence, at most 200"
        ),
    ])
    func aWrongHintIsRefusedWhereItIs(_ hint: String, _ message: String) throws {
        let error = try #require(throws: DefinitionError.self) { try Self.load(hint: hint) }
        #expect(error.kind == .malformed)
        #expect(error.file == "card.json")
        #expect(error.line == 4, "\(error)")
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }

    @Test func theHintAffectsNothingAFrameDraws() throws {
        var with = try ComponentSession(definition: try Self.load(hint: #""Tap.""#))
        var without = try ComponentSession(definition: try Self.load(hint: nil))
        #expect(with.encodedDisplayList(at: 0.5) == without.encodedDisplayList(at: 0.5))
    }

    /// The seeds carry their hints; the page's scrubber and tile switch are derived from the
    /// `scrub` variable and the scene's effects.
    @Test func theBuiltInsCarryTheirHintsAndWhatThePanelIsDerivedFrom() throws {
        let container = try #require(ComponentDefinition.builtIn(.morphContainer))
        let hero = try #require(ComponentDefinition.builtIn(.heroCard))
        let curtain = try #require(ComponentDefinition.builtIn(.curtain))
        #expect(container.hint == "Tap the card to expand or collapse it.")
        #expect(hero.hint == "Tap the card to open it; the × closes it.")
        #expect(curtain.hint == "Try swiping from the right!")
        #expect(container.scrubVariable != nil && hero.scrubVariable != nil && curtain.scrubVariable == nil)
        #expect(container.effectKinds.isEmpty && hero.effectKinds.isEmpty)
        #expect(curtain.effectKinds == [.curtain])
        let sheet = try ComponentFileReplayTests.definition("bottom-sheet")
        #expect(sheet.hint?.contains("detent") == true)
        #expect(sheet.scrubVariable == nil && sheet.effectKinds.isEmpty)
    }
}
