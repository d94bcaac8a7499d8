import Foundation
import MorphJSON
import Testing

@testable import MorphCore
@testable import MorphKit

/// Component files that bring their own fonts (`"fonts": { "brand": "fonts/DejaVuSans.ttf" }`):
/// a text in the family is laid out with the file's metrics and its display list names the
/// family and file; every mistake is refused at its line with a sentence naming the file.
@Suite struct FontFamilyTests {
    /// A folder holding DejaVu Sans (Debian fonts-dejavu-core) at fonts/DejaVuSans.ttf, Inter
    /// (an OpenType CFF font) at fonts/Inter.otf renamed .ttf, and a link leading out of it.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("morph-fonts-\(UUID().uuidString)")
        let fonts = folder.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: FontFileTests.dejaVuPath, toPath: fonts.appendingPathComponent("DejaVuSans.ttf").path)
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf", toPath: fonts.appendingPathComponent("Inter.ttf").path)
        try FileManager.default.createSymbolicLink(
            atPath: fonts.appendingPathComponent("Linked.ttf").path, withDestinationPath: FontFileTests.dejaVuPath)
        return folder
    }

    /// A file naming `fonts` whose one text has `font` (the `"font"` key is on line 5).
    static func file(fonts: String, font: String) -> [UInt8] {
        Array(
            """
            { "format": "morph.component", "version": 1, "name": "typed", "viewport": [300, 200],
              "fonts": \(fonts),
              "variables": {}, "background": "white(1)",
              "scene": { "type": "group", "id": "root", "children": [
                { "type": "text", "id": "t", "text": "'Quick wafting zephyrs vex bold Jim, AV Te Yo'", "maxWidth": 150,
                  "font": \(font), "position": "point(10, 10)", "color": "rgb(0, 0, 0)" } ] },
              "machine": { "states": ["idle"], "transitions": [] } }
            """.utf8)
    }

    static func textOp(_ definition: ComponentDefinition) throws -> DisplayList.Text {
        let session = try ComponentSession(definition: definition)
        for op in session.displayList().ops {
            if case .text(let text) = op { return text }
        }
        throw DefinitionError(kind: .malformed, file: "", line: 0, column: 0, message: "no text op")
    }

    @Test func aTextInTheFamilyIsLaidOutInTheFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let definition = try ComponentDefinition(
            json: Self.file(fonts: #"{ "brand": "fonts/DejaVuSans.ttf" }"#, font: #"{ "family": "brand", "size": 15 }"#),
            file: "typed.json", directory: folder)
        let file = try #require(definition.fonts["brand"])
        #expect(file.source == "fonts/DejaVuSans.ttf")
        let text = try Self.textOp(definition)
        #expect(text.font.family == "brand")
        #expect(text.font.file == "fonts/DejaVuSans.ttf")
        #expect(text.font.tracking == 0)
        // The lines are the file's layout, not Inter's.
        let expected = TextLayout(
            "Quick wafting zephyrs vex bold Jim, AV Te Yo", font: Font(size: 15), maxWidth: 150, file: file)
        let inter = TextLayout("Quick wafting zephyrs vex bold Jim, AV Te Yo", font: Font(size: 15), maxWidth: 150)
        #expect(text.lines.map(\.text) == expected.lines.map(\.text))
        #expect(text.lines.map(\.y) == expected.lines.map { 10 + $0.origin.y })
        #expect(expected.lines.map(\.text) != inter.lines.map(\.text) || expected.lineStep != inter.lineStep)
        // Written back, the file names its fonts and the text its family.
        let written = try ComponentDefinition(json: definition.componentFile.compactBytes, directory: folder)
        #expect(try Self.textOp(written) == text)
    }

    @Test(arguments: [
        (
            #"{ "brand": "fonts/DejaVuSans.ttf" }"#, #"{ "family": "bran", "size": 15 }"#, DefinitionError.Kind.unknownName, 6,
            "no font family 'bran' (did you mean 'brand'?); the file's fonts are brand"
        ),
        ("{}", #"{ "family": "brand", "size": 15 }"#, .unknownName, 6, "no font family 'brand': the file names no fonts"),
        (
            #"{ "brand": "fonts/Absent.ttf" }"#, #"{ "size": 15 }"#, .badReference, 2,
            "no font file 'fonts/Absent.ttf' beside the component file"
        ),
        (
            #"{ "brand": "fonts/Inter.ttf" }"#, #"{ "size": 15 }"#, .badReference, 2,
            "'fonts/Inter.ttf' has CFF outlines (OpenType 'OTTO'); only TrueType 'glyf' fonts (.ttf) are read"
        ),
        (
            #"{ "brand": "fonts/Linked.ttf" }"#, #"{ "size": 15 }"#, .badReference, 2,
            "'fonts/Linked.ttf' leads outside the component's folder (through a link)"
        ),
        (
            #"{ "brand": "../DejaVuSans.ttf" }"#, #"{ "size": 15 }"#, .badReference, 2,
            "'../DejaVuSans.ttf' is not a font file name: a relative path of letters, digits, '-', '_' and '.' (no part starting with '.', at most 128 bytes) ending in .ttf"
        ),
        (
            #"{ "9lives": "fonts/DejaVuSans.ttf" }"#, #"{ "size": 15 }"#, .malformed, 2,
            "a font family is 1 to 64 letters, digits, '-' and '_', starting with a letter; found '9lives'"
        ),
        (
            #"{ "a": "fonts/DejaVuSans.ttf", "b": "fonts/DejaVuSans.ttf", "c": "fonts/DejaVuSans.ttf", "d": "fonts/DejaVuSans.ttf", "e": "fonts/DejaVuSans.ttf" }"#,
            #"{ "size": 15 }"#, .limit, 2, "a component names at most 4 font files"
        ),
    ])
    func mistakesAreRefusedAtTheirLine(
        fonts: String, font: String, kind: DefinitionError.Kind, line: Int, message: String
    ) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try ComponentDefinition(json: Self.file(fonts: fonts, font: font), file: "typed.json", directory: folder)
            Issue.record("loaded: \(fonts) \(font)")
        } catch {
            #expect(error.kind == kind)
            #expect(error.line == line)
            #expect(error.message.hasSuffix(message), "\(error.message)")
        }
    }

    @Test func theBrandCardExampleIsSetInDejaVuSans() throws {
        let definition = try ComponentDefinition(
            contentsOf: ComponentFileReplayTests.examples.appendingPathComponent("brand-card.json"))
        #expect(
            definition.fonts["brand"]?.bytes
                == Array(try #require(FileManager.default.contents(atPath: FontFileTests.dejaVuPath))))
        let session = try ComponentSession(definition: definition)
        let families = session.displayList().ops.compactMap { op -> String? in
            if case .text(let text) = op { return "\(text.id):\(text.font.family):\(text.font.file ?? "-")" }
            return nil
        }
        #expect(
            families == [
                "headline:brand:fonts/DejaVuSans.ttf", "title:brand:fonts/DejaVuSans.ttf", "body:brand:fonts/DejaVuSans.ttf",
                "caption:Inter:-",
            ])
    }
}
