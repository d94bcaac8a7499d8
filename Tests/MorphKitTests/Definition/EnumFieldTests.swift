import Foundation
import MorphJSON
import MorphKit
import Testing

/// A text field with `enum` takes only those strings: in the file's default, in
/// configurations and `set` events, in the generated schema and in the file written back.
@Suite struct EnumFieldTests {
    static func file(field: String) -> String {
        """
        {
          "format": "morph.component", "version": 1, "name": "card",
          "viewport": [400, 440],
          "configuration": { "mode": \(field) },
          "variables": { "progress": {} },
          "let": { "label": "config.mode + '!'" },
          "background": "white(1)",
          "scene": { "type": "group", "id": "root" },
          "machine": { "states": ["idle"], "transitions": [] }
        }
        """
    }

    static let good = file(field: #"{ "type": "text", "default": "fast", "enum": ["fast", "slow"] }"#)

    static func loadError(_ field: String) -> DefinitionError? {
        do {
            _ = try ComponentDefinition(json: Array(file(field: field).utf8), file: "card.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func theSchemaAndTheWrittenBackFileKeepTheChoices() throws {
        let definition = try ComponentDefinition(json: Array(Self.good.utf8), file: "card.json")
        #expect(definition.fields.first?.choices == ["fast", "slow"])
        let mode = try #require(definition.configurationSchema["properties"]?["mode"])
        #expect(mode["enum"] == .array([.string("fast"), .string("slow")]))
        let reloaded = try ComponentDefinition(json: definition.componentFile.compactBytes, file: "again.json")
        #expect(reloaded.fields.first?.choices == ["fast", "slow"])
    }

    @Test func aValueOutsideTheChoicesIsRefusedWithThem() throws {
        let definition = try ComponentDefinition(json: Array(Self.good.utf8), file: "card.json")
        #expect(throws: SessionError.self) {
            _ = try ComponentSession(definition: definition, configuration: .object([.init("mode", .string("medium"))]))
        }
        var session = try ComponentSession(definition: definition, configuration: .object([.init("mode", .string("slow"))]))
        do {
            try session.handle(InputEvent(time: 0.1, kind: .set(key: "mode", value: .string("medium"))))
            Issue.record("a value outside the enum was set")
        } catch {
            #expect("\(error)".contains(#""medium" is not one of "fast", "slow""#), "\(error)")
        }
    }

    @Test(arguments: [
        (#"{ "type": "number", "default": 1, "enum": ["a"] }"#, "enum applies to text fields"),
        (#"{ "type": "text", "default": "a", "enum": [] }"#, "enum lists one or more different strings"),
        (#"{ "type": "text", "default": "a", "enum": ["a", "a"] }"#, "enum lists one or more different strings"),
        (#"{ "type": "text", "default": "b", "enum": ["a"] }"#, #""b" is not one of "a""#),
    ])
    func mistakesAreLoadErrors(field: String, message: String) throws {
        let error = try #require(Self.loadError(field))
        #expect(error.message.contains(message), "\(error)")
    }
}
