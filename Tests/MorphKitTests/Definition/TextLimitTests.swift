import Foundation
import MorphJSON
import Testing

@testable import MorphKit

/// A text node's `lineLimit` and `maxHeight`: expressions that cut the text to its first lines,
/// the last ending in "…"; constants out of range are load errors at their line and column.
@Suite struct TextLimitTests {
    /// A paragraph 200 pt wide; `limits` are extra members of its text node, on line 8.
    static func file(_ limits: String) -> String {
        DefinitionErrorTests.file(
            scene: """
                { "type": "group", "id": "root", "children": [{ "type": "text", "id": "note", \
                "text": "'Tiled streets, yellow trams and the best custard tarts you will ever taste.'", \
                "font": { "style": "body" }, "maxWidth": 200, "position": "point(10, 10)", "color": "white(0)", \(limits) }] }
                """)
    }

    static func lines(_ limits: String) throws -> [String] {
        let session = try ComponentSession(definition: ComponentDefinition(json: Array(file(limits).utf8)))
        let texts = session.displayList().ops.compactMap { op -> [String]? in
            if case .text(let text) = op, text.id == "note" { return text.lines.map(\.text) }
            return nil
        }
        return try #require(texts.first)
    }

    @Test func aLineLimitOrAHeightCutsTheTextWithAnEllipsis() throws {
        let whole = try Self.lines(#""lineLimit": 0"#)
        #expect(whole.count == 3, "body with SF Pro's −0.43 pt tracking, 200 pt wide")
        #expect(!whole.joined().contains("\u{2026}"))
        let two = try Self.lines(#""lineLimit": "1 + 1""#)
        #expect(two.count == 2)
        #expect(two[0] == whole[0])
        #expect(two[1].hasSuffix("\u{2026}"))
        // Body at Large: 20.57 pt a line, 22 between baselines; 43 pt hold two lines.
        #expect(try Self.lines(#""maxHeight": 43"#) == two)
        #expect(try Self.lines(#""maxHeight": "5", "lineLimit": 3"#).count == 1)
        #expect(try Self.lines(#""maxHeight": 1000"#) == whole)
    }

    @Test func theFileWrittenBackKeepsTheLimits() throws {
        let definition = try ComponentDefinition(json: Array(Self.file(#""lineLimit": 2, "maxHeight": "40 + 3""#).utf8))
        let written = String(decoding: definition.componentFile.compactBytes, as: UTF8.self)
        #expect(written.contains(#""lineLimit":2"#), "\(written)")
        #expect(written.contains(#""maxHeight":"40 + 3""#), "\(written)")
        let reloaded = try ComponentDefinition(json: definition.componentFile.compactBytes, file: "again.json")
        let again = try ComponentSession(definition: reloaded).displayList()
        #expect(again == (try ComponentSession(definition: definition).displayList()))
    }

    @Test(arguments: [
        (#""lineLimit": -1"#, "-1", "a line limit is a whole number of lines, 0 or more (0: none), not -1"),
        (#""lineLimit": 1.5"#, "1.5", "a line limit is a whole number of lines, 0 or more (0: none), not 1.5"),
        (#""lineLimit": "2 - 3""#, #""2 - 3""#, "a line limit is a whole number of lines, 0 or more (0: none), not -1"),
        (#""maxHeight": -4"#, "-4", "a maximum height is a finite number of points, 0 or more, not -4"),
    ])
    func aBadConstantIsALoadErrorAtItsValue(limits: String, value: String, message: String) throws {
        let text = Self.file(limits)
        let error = try #require(DefinitionErrorTests.error(text))
        #expect(error.message.contains(message), "\(error)")
        #expect(error.message.contains("scene.children[0]."), "\(error)")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false)[error.line - 1]
        #expect(error.line == 8)
        #expect(line.dropFirst(error.column - 1).hasPrefix(value), "\(error)")
    }

    @Test func aLimitThatIsNotANumberIsATypeError() throws {
        let error = try #require(DefinitionErrorTests.error(Self.file(#""maxHeight": "'tall'""#)))
        #expect(error.line == 8)
        #expect("\(error)".contains("maxHeight"), "\(error)")
    }

    /// `measure(…, maxHeight)` answers the height of the lines a `maxHeight` keeps: a second
    /// text placed below it starts where the cut first one ends.
    @Test func measureTakesAMaximumHeight() throws {
        let paragraph = "'Tiled streets, yellow trams and the best custard tarts you will ever taste.'"
        let text = DefinitionErrorTests.file(
            scene: """
                { "type": "group", "id": "root", "children": [{ "type": "text", "id": "below", "text": "'Below'", \
                "font": { "style": "body" }, "color": "white(0)", \
                "position": "point(0, measure(\(paragraph), 'body', '', 200, 'standard', 0, 43).height)" }] }
                """)
        let scene = try ComponentSession(definition: ComponentDefinition(json: Array(text.utf8))).scene()
        let cut = TextLayout(
            "Tiled streets, yellow trams and the best custard tarts you will ever taste.", style: .body, maxWidth: 200,
            maxHeight: 43)
        #expect(cut.lines.count == 2)
        #expect(try #require(scene.node(withID: "below")).frame.minY == cut.size.height)
    }
}
