import Foundation
import Testing

@testable import MorphCore
@testable import MorphKit

/// The measuring functions with a trailing `'family'`: they measure in the file's font exactly
/// as a text node in that family is laid out, and an unknown family is refused where it is written.
@Suite struct MeasuringFamilyTests {
    static let paragraph = "Quick wafting zephyrs vex bold Jim, AV Te Yo"

    /// A file with DejaVu Sans as `brand`, a text node in it (`drawn`, plain at 15 pt; `styled`,
    /// in the body style) and one text node per entry of `measures` showing `expression`'s
    /// result as text (a number, or a size as "width height").
    static func file(_ measures: [(id: String, expression: String)]) -> [UInt8] {
        let shown = measures.map { id, expression in
            #"{ "type": "text", "id": "\#(id)", "text": "\#(expression)", "font": { "size": 10 }, "position": "point(0, 0)", "color": "rgb(0, 0, 0)" }"#
        }
        return Array(
            """
            { "format": "morph.component", "version": 1, "name": "measured", "viewport": [300, 200],
              "fonts": { "brand": "fonts/DejaVuSans.ttf" },
              "variables": {}, "background": "white(1)",
              "scene": { "type": "group", "id": "root", "children": [
                { "type": "text", "id": "drawn", "text": "'\(paragraph)'", "maxWidth": 150, "lineSpacing": 2,
                  "font": { "family": "brand", "size": 15 }, "position": "point(0, 0)", "color": "rgb(0, 0, 0)" },
                { "type": "text", "id": "styled", "text": "'\(paragraph)'", "maxWidth": 150,
                  "font": { "family": "brand", "style": "body" }, "position": "point(0, 0)", "color": "rgb(0, 0, 0)" },
                \(shown.joined(separator: ",\n    "))
              ] },
              "machine": { "states": ["idle"], "transitions": [] } }
            """.utf8)
    }

    static func size(_ call: String) -> String { "text((\(call)).x) + ' ' + text((\(call)).y)" }

    /// The text each node shows, by id.
    static func shown(_ definition: ComponentDefinition) throws -> [String: DisplayList.Text] {
        let session = try ComponentSession(definition: definition)
        var texts: [String: DisplayList.Text] = [:]
        for op in session.displayList().ops {
            if case .text(let text) = op { texts[text.id] = text }
        }
        return texts
    }

    static func numbers(_ text: DisplayList.Text?) -> [Double] {
        (text?.lines.map(\.text).joined(separator: " ") ?? "").split(separator: " ").compactMap { Double($0) }
    }

    @Test func aMeasurementInTheFamilyIsTheLaidOutTextsSize() throws {
        let folder = try FontFamilyTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quoted = "'\(Self.paragraph)'"
        let definition = try ComponentDefinition(
            json: Self.file([
                ("plain", Self.size("measure(\(quoted), 15, 'regular', 150, 2, 'brand')")),
                ("plainInter", Self.size("measure(\(quoted), 15, 'regular', 150, 2)")),
                ("oneLine", Self.size("measure(\(quoted), 15, 'regular', 'brand')")),
                ("body", Self.size("measure(\(quoted), 'body', '', 150, 'standard', 'brand')")),
                ("bodyInter", Self.size("measure(\(quoted), 'body', '', 150)")),
                ("markdown", Self.size("measureMarkdown(\(quoted), 'body', '', 150, 'standard', 0, 1000, 'brand')")),
                ("baseline", "text(firstBaseline(\(quoted), 'body', '', 'brand'))"),
            ]),
            file: "measured.json", directory: folder)
        let file = try #require(definition.fonts["brand"])
        let shown = try Self.shown(definition)

        // The plain form: the size of the layout the `drawn` node draws.
        let drawn = TextLayout(Self.paragraph, font: Font(size: 15), maxWidth: 150, lineSpacing: 2, file: file)
        #expect(try #require(shown["drawn"]).lines.map(\.text) == drawn.lines.map(\.text))
        #expect(Self.numbers(shown["plain"]) == [drawn.size.width, drawn.size.height])
        #expect(Self.numbers(shown["plain"]) != Self.numbers(shown["plainInter"]))
        let oneLine = TextLayout(Self.paragraph, font: Font(size: 15), file: file)
        #expect(Self.numbers(shown["oneLine"]) == [oneLine.size.width, oneLine.size.height])

        // The styled forms: the size of the layout the `styled` node draws.
        let styled = TextLayout(Self.paragraph, style: .body, maxWidth: 150, file: file)
        #expect(try #require(shown["styled"]).lines.map(\.text) == styled.lines.map(\.text))
        #expect(Self.numbers(shown["body"]) == [styled.size.width, styled.size.height])
        #expect(Self.numbers(shown["markdown"]) == [styled.size.width, styled.size.height])
        #expect(Self.numbers(shown["body"]) != Self.numbers(shown["bodyInter"]))
        let oneLineBody = TextLayout(Self.paragraph, style: .body, file: file)
        #expect(Self.numbers(shown["baseline"]) == [oneLineBody.firstBaseline])
        #expect(oneLineBody.firstBaseline != TextLayout(Self.paragraph, style: .body).firstBaseline)
    }

    @Test(arguments: [
        (
            "measure('a', 15, 'regular', 'bran')", "'bran'",
            "no font family 'bran' (did you mean 'brand'?); the file's fonts are brand"
        ),
        ("measure('a', 'body', '', 100, 'loose', 'brnd')", "'brnd'", "no font family 'brnd' (did you mean 'brand'?)"),
        ("firstBaseline('a', 'body', '', 'Brand')", "'Brand'", "no font family 'Brand' (did you mean 'brand'?)"),
        ("measure('a', 15, 'regular', state)", "state", "measure: the font family is a quoted name from the file's fonts"),
        (
            "measure('a', 'body', '', 100, 'brand')", "'brand'",
            "the leading is 'standard', 'tight' or 'loose' (a font family comes after it)"
        ),
    ])
    func anUnknownFamilyIsRefusedWhereItIsWritten(_ expression: String, _ family: String, _ message: String) throws {
        let folder = try FontFamilyTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = Self.file([("m", expression.hasPrefix("first") ? "text(\(expression))" : Self.size(expression))])
        let line = String(decoding: json, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)[8]
        let column = try #require(line.range(of: family)).lowerBound.utf16Offset(in: line) + 1
        do {
            _ = try ComponentDefinition(json: json, file: "measured.json", directory: folder)
            Issue.record("loaded: \(expression)")
        } catch {
            #expect(error.kind == (family == "state" ? .typeMismatch : .unknownName))
            #expect(error.line == 9)
            #expect(error.column == column, "\(error)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
