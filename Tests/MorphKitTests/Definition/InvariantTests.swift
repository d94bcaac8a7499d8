import Foundation
import MorphKit
import Testing

/// A file's own rules (`invariants`): loaded and checked like its other expressions, read in
/// their scope by `ComponentSession.invariantValues`, written back by `componentFile`, and
/// never part of a frame.
@Suite struct InvariantTests {
    /// A component whose `invariants` member is `invariants` (line 9 holds its first entry).
    static func file(invariants: String) -> String {
        """
        {
          "format": "morph.component", "version": 1, "name": "box",
          "viewport": [400, 440],
          "configuration": { "inset": { "type": "number", "default": 10, "minimum": -50 } },
          "variables": { "grown": {} },
          "let": { "box": "rect(config.inset, config.inset, viewport.width - 2 * config.inset, 40 + 100 * grown)" },
          "background": "white(1)",
          "invariants": {
            \(invariants)
          },
          "scene": { "type": "shape", "id": "root", "path": { "rect": "box" }, "fill": "white(0.5)" },
          "machine": { "states": ["small", "large"], "transitions": [
            { "from": "small", "on": { "tap": "root" }, "to": "large", "effects": [{ "animate": "grown", "to": 1, "with": "spring(0.3, 1)" }] }
          ] }
        }
        """
    }

    static let inside =
        #""box-inside": { "expression": "box.minX >= 0 && box.maxX <= viewport.width", "summary": "the box stays on screen" }"#

    static func error(_ invariants: String) -> DefinitionError? {
        do {
            _ = try ComponentDefinition(json: Array(file(invariants: invariants).utf8), file: "box.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func invariantsAreReadInTheFileScope() throws {
        let text = Self.file(invariants: Self.inside + #", "small": { "expression": "state == 'small'" }"#)
        let definition = try ComponentDefinition(json: Array(text.utf8), file: "box.json")
        #expect(definition.invariants.map(\.name) == ["box-inside", "small"])
        #expect(definition.invariants.map(\.summary) == ["the box stays on screen", ""])
        var session = try ComponentSession(definition: definition)
        #expect(session.invariantValues() == [1, 1])
        try session.handle(InputEvent(time: 0.1, kind: .tap(Point(x: 200, y: 20))))
        session.advance(to: 0.2)
        #expect(session.stateName == "large")
        #expect(session.invariantValues() == [1, 0])
        // The configuration is in scope: an inset below 0 puts the box past the edges.
        let outside = try ComponentSession(definition: definition, configuration: .object([.init("inset", .number(-5))]))
        #expect(outside.invariantValues() == [0, 1])
    }

    /// Invariants are no part of a frame: the same file without them draws the same bytes.
    @Test func invariantsChangeNoFrame() throws {
        let with = try ComponentDefinition(json: Array(Self.file(invariants: Self.inside).utf8))
        let without = try ComponentDefinition(json: Array(Self.file(invariants: "").utf8))
        #expect(without.invariants.isEmpty)
        var a = try ComponentSession(definition: with)
        var b = try ComponentSession(definition: without)
        try a.handle(InputEvent(time: 0.1, kind: .tap(Point(x: 200, y: 20))))
        try b.handle(InputEvent(time: 0.1, kind: .tap(Point(x: 200, y: 20))))
        for step in 1...20 {
            let time = 0.1 + Double(step) / 60
            #expect(a.encodedDisplayList(at: time) == b.encodedDisplayList(at: time))
        }
    }

    @Test func componentFileWritesThemBack() throws {
        let definition = try ComponentDefinition(json: Array(Self.file(invariants: Self.inside).utf8))
        let written = definition.componentFile
        let entry = written.objectValue?["invariants"]?.objectValue?["box-inside"]?.objectValue
        #expect(entry?["expression"]?.stringValue == "box.minX >= 0 && box.maxX <= viewport.width")
        let again = try ComponentDefinition(json: Array(written.canonicalText.utf8))
        #expect(again.invariants.map(\.name) == ["box-inside"])
        #expect(again.invariants.map(\.summary) == ["the box stays on screen"])
    }

    @Test(arguments: [
        (
            #""a": { "expression": "box.minX >= 0 && grwn < 2" }"#, DefinitionError.Kind.unknownName, 9, 44,
            "invariants.a.expression: unknown name 'grwn' (did you mean 'grown'?)"
        ),
        (
            #""a": { "expression": "point(1, 2)" }"#, .typeMismatch, 9, 27,
            "invariants.a.expression: expected a number, found a point"
        ),
        (
            #""a": { "expresion": "1" }"#, .malformed, 9, 10,
            "invariants.a: an invariant has no key 'expresion' (did you mean 'expression'?) (keys: expression, summary)"
        ),
        (#""a": { "summary": "no rule" }"#, .malformed, 9, 10, "invariants.a.expression: missing required key"),
        (
            #""9 lives": { "expression": "1" }"#, .malformed, 9, 16,
            "invariants.9 lives: an invariant's name is 1 to 64 letters, digits, '-' and '_', starting with a letter; found '9 lives'"
        ),
        (#""a": "1""#, .malformed, 9, 10, #"invariants.a: expected an object: { "expression": "…", "summary": "…" }"#),
    ])
    func mistakesSayWhereAndWhat(
        _ invariants: String, _ kind: DefinitionError.Kind, _ line: Int, _ column: Int, _ message: String
    ) throws {
        let error = try #require(Self.error(invariants))
        #expect(error.kind == kind, "\(error)")
        #expect(error.file == "box.json")
        #expect((error.line, error.column) == (line, column), "\(error)")
        #expect(error.message.hasPrefix(message), "\(error.message)")
    }
}
