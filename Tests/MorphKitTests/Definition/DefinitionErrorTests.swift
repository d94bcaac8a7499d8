import Foundation
import MorphKit
import Testing

/// Every kind of mistake in a component file is reported with its file, line, column and a
/// message that says what is wrong.
@Suite struct DefinitionErrorTests {
    /// A minimal component; `expression` is the `let` binding on line 6, starting in column 18.
    static func file(
        expression: String = "progress", version: String = "1", scene: String = #"{ "type": "group", "id": "root" }"#,
        transitions: String = ""
    ) -> String {
        """
        {
          "format": "morph.component", "version": \(version), "name": "morph-container",
          "viewport": [400, 440],
          "configuration": { "radius": { "type": "number", "default": 4, "minimum": 0 } },
          "variables": { "progress": {} },
          "let": { "x": "\(expression)" },
          "background": "white(1)",
          "scene": \(scene),
          "machine": { "states": ["idle"], "transitions": [\(transitions)] }
        }
        """
    }

    static func error(_ text: String) -> DefinitionError? {
        do {
            _ = try ComponentDefinition(json: Array(text.utf8), file: "card.json")
            return nil
        } catch {
            return error
        }
    }

    /// The error for the `let` expression `source`.
    static func expressionError(_ source: String) -> DefinitionError? { error(file(expression: source)) }

    @Test func aGoodFileLoads() throws {
        let definition = try ComponentDefinition(json: Array(Self.file().utf8), file: "card.json")
        #expect(definition.stateNames == ["idle"])
        #expect(definition.fields.map(\.name) == ["radius"])
    }

    @Test(arguments: [
        ("1 # 2", DefinitionError.Kind.unexpectedCharacter, 2, "unexpected character '#'"),
        ("lerp(1, 2", .unexpectedToken, 9, "expected ')', found the end of the expression"),
        ("1 +", .unexpectedToken, 3, "unexpected the end of the expression"),
        ("(1 2)", .unexpectedToken, 3, "expected ')', found number 2"),
        ("if(1, 'a, 'b')", .unterminatedText, 12, "text has no closing quote"),
        ("progres * 2", .unknownName, 0, "unknown name 'progres' (did you mean 'progress'?)"),
        ("config.radius.x", .unknownName, 0, "a number has no member 'x'"),
        ("rect(0, 0, 1, 1).depth", .unknownName, 16, "a rect has no member 'depth'"),
        ("system('mauve')", .unknownName, 7, "unknown system colour 'mauve'"),
        ("lerpp(1, 2, 3)", .unknownFunction, 0, "unknown function 'lerpp' (did you mean 'lerp'?)"),
        ("lerp(1, 2)", .argumentCount, 0, "lerp takes 3 arguments, found 2"),
        ("if(1, 2)", .argumentCount, 0, "if takes 3 arguments (condition, then, else), found 2"),
        ("point(1, 2) + 1", .typeMismatch, 12, "'+' does not apply to a point and a number"),
        ("lerp(white(1), 2, 0.5)", .typeMismatch, 0, "no lerp(color, number, number); forms: lerp(number, number, number)"),
        ("1 ? 'a' : 2", .typeMismatch, 10, "both branches must have one type: a text and a number"),
        ("scaled(10, 'huge')", .unknownName, 11, "unknown text style 'huge' (known: largeTitle,"),
        ("fontSize(state)", .argumentCount, 9, "fontSize('style'): the style is a quoted name"),
        ("measure('a', 'body', 'heavy')", .unknownName, 21, "unknown weight 'heavy'"),
        ("measure('a', 'body', '', 'wide', 'loose')", .typeMismatch, 25, "maxWidth needs a number, found a text"),
        ("measure('a', 'body', '', 'wide')", .unknownName, 25, "no font family 'wide': the file names no fonts"),
    ])
    func expressionMistakes(_ source: String, _ kind: DefinitionError.Kind, _ offset: Int, _ message: String) throws {
        let error = try #require(Self.expressionError(source))
        #expect(error.kind == kind, "\(source): \(error)")
        #expect(error.file == "card.json")
        #expect(error.line == 6)
        #expect(error.column == 18 + offset, "\(source): \(error)")
        #expect(error.message.hasPrefix("let.x: \(message)"), "\(source): \(error.message)")
        #expect(error.description.hasPrefix("card.json:6:\(18 + offset): let.x: "))
    }

    /// Columns count the file's characters: an escaped quote is two of them.
    @Test func columnsCountEscapesInTheFile() throws {
        let error = try #require(Self.expressionError(#"if(1, \"a\", 'b') #"#))
        #expect(error.kind == .unexpectedCharacter)
        #expect(error.column == 18 + 16 + 2)
    }

    @Test func aPropertyOfTheWrongType() throws {
        let scene = #"{ "type": "group", "id": "root", "opacity": "white(1)" }"#
        let error = try #require(Self.error(Self.file(scene: scene)))
        #expect(error.kind == .typeMismatch)
        #expect(error.line == 8)
        #expect(error.message == "scene.opacity: expected a number, found a color")
    }

    @Test func fileStructureMistakes() throws {
        let notJSON = try #require(Self.error("{ \"format\": }"))
        #expect(notJSON.kind == .invalidJSON)
        #expect((notJSON.line, notJSON.column) == (1, 13))

        let version = try #require(Self.error(Self.file(version: "2")))
        #expect(version.kind == .unsupported)
        #expect(version.message == "unsupported version 2 (this build reads 1)")

        let unknownType = try #require(Self.error(Self.file(scene: #"{ "type": "circle", "id": "root" }"#)))
        #expect(unknownType.kind == .malformed)
        #expect(
            unknownType.message == "scene: type 'circle' is not one of group, shape, text, icon, stroke, effect, image, repeat")

        let typo = try #require(Self.error(Self.file(scene: #"{ "type": "group", "id": "root", "opactiy": 1 }"#)))
        #expect(typo.kind == .malformed)
        #expect(typo.message.hasPrefix("scene: a group node has no key 'opactiy'"))

        let missing = try #require(Self.error(Self.file(scene: #"{ "type": "group" }"#)))
        #expect(missing.kind == .malformed)
        #expect(missing.message == "scene.id: missing required key")
        #expect(missing.line == 8)
    }

    @Test func referenceMistakes() throws {
        let state = try #require(Self.error(Self.file(transitions: #"{ "from": "idle", "on": "set", "to": "gone" }"#)))
        #expect(state.kind == .badReference)
        #expect(state.message == "machine.transitions[0].to: unknown state 'gone' (states: idle)")
        #expect(state.line == 9)

        let node = try #require(Self.error(Self.file(transitions: #"{ "from": "*", "on": { "tap": "card" } }"#)))
        #expect(node.kind == .badReference)
        #expect(node.message == "machine.transitions[0].on.tap: no node has id 'card'")

        let variable = try #require(
            Self.error(Self.file(transitions: #"{ "from": "*", "on": "set", "effects": [{ "jump": "height", "to": 1 }] }"#)))
        #expect(variable.kind == .badReference)
        #expect(variable.message == "machine.transitions[0].effects[0].jump: unknown variable 'height' (variables: progress)")

        let twice = #"{ "type": "group", "id": "root", "children": [{ "type": "group", "id": "root" }] }"#
        let duplicate = try #require(Self.error(Self.file(scene: twice)))
        #expect(duplicate.kind == .badReference)
        #expect(duplicate.message == "scene.children[0].id: node id 'root' is used twice")
    }

    /// The hero card's kinds of field and node: a list without its bound, a list entry
    /// past it, an icon no one draws.
    @Test func listAndIconMistakes() throws {
        let unbounded = Self.file().replacingOccurrences(
            of: #""radius": { "type": "number", "default": 4, "minimum": 0 }"#,
            with: #""rows": { "type": "list", "items": { "title": { "type": "text" } }, "default": [] }"#)
        let bound = try #require(Self.error(unbounded))
        #expect(bound.kind == .malformed)
        #expect(bound.message == "configuration.rows: a list states maxItems, 1 to 64 (each entry has its own slots)")

        let two = Self.file(expression: "config.rows.3.title").replacingOccurrences(
            of: #""radius": { "type": "number", "default": 4, "minimum": 0 }"#,
            with: #""rows": { "type": "list", "maxItems": 2, "items": { "title": { "type": "text" } }, "default": [] }"#)
        let past = try #require(Self.error(two))
        #expect(past.kind == .unknownName)
        // `config.rows` is the count; the entries it has end at 2.
        #expect(past.message == "let.x: a number has no member '3'")

        let tooMany = two.replacingOccurrences(
            of: #""default": []"#, with: #""default": [{"title": "a"}, {"title": "b"}, {"title": "c"}]"#)
        let entries = try #require(Self.error(tooMany))
        #expect(entries.kind == .malformed)
        #expect(entries.message == "configuration.rows.default: takes at most 2 entries, found 3")

        let icon =
            #"{ "type": "icon", "id": "root", "icon": "'tram'", "pointSize": 17, "position": "point(0, 0)", "color": "white(0)" }"#
        let unknownIcon = try #require(Self.error(Self.file(scene: icon)))
        #expect(unknownIcon.kind == .badReference)
        #expect(unknownIcon.message.hasPrefix("scene.icon: unknown icon 'tram' (icons: 'waveform'"))
    }

    @Test func aDefaultOutsideItsRange() throws {
        let text = Self.file().replacingOccurrences(of: #""default": 4"#, with: #""default": -1"#)
        let error = try #require(Self.error(text))
        #expect(error.kind == .malformed)
        #expect(error.message == "configuration.radius.default: must be at least 0, found -1")
        #expect(error.line == 4)
    }

    /// Every kind has a test above or, for `limit`, in `ComponentLimitTests` (this list fails
    /// when a kind is added without one).
    @Test func everyKindIsCovered() {
        #expect(DefinitionError.Kind.allCases.count == 12)
    }
}
