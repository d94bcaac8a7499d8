import Foundation
import MorphTestSupport
import Testing

@testable import MorphCore
@testable import MorphKit

/// `FontFile` reads a TrueType font that is not Inter (DejaVu Sans, Debian fonts-dejavu-core)
/// exactly as fontTools, an independent reader, does: every number layout uses, in font
/// units, for a set of glyphs and pairs. Bad files are refused with a sentence naming them.
@Suite struct FontFileTests {
    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// Printable ASCII, Latin-1 letters, the ellipsis, a scalar from beyond the BMP (which
    /// only cmap format 12 maps) and one DejaVu Sans lacks (U+4E00: both answer .notdef).
    static let sample = Array(
        " !\"#%&'()*,-./0123456789:;?@ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzÀÉßäöü…–—\u{1F600}\u{4E00}"
            .unicodeScalars)
    static let pairs = ["AV", "Te", "Yo", "To", "LT", "P.", "Wa", "ff", "r,", "av", "AT", "xy"]

    static func dejaVu() throws -> FontFile {
        let bytes = try #require(FileManager.default.contents(atPath: dejaVuPath), "fonts-dejavu-core is missing: run make deps")
        return try FontFile(family: "brand", source: "DejaVuSans.ttf", bytes: Array(bytes))
    }

    /// What fontTools reads from the same file, as JSON (python3 with fontTools: scripts/deps.sh installs it).
    static func fontToolsReading() throws -> [String: Any] {
        let script = """
            import json, sys
            from fontTools.ttLib import TTFont
            font = TTFont(sys.argv[1])
            cmap = font.getBestCmap()
            order = font.getGlyphOrder()
            glyph = lambda c: font.getGlyphID(cmap[c]) if c in cmap else 0
            kern = font["kern"].kernTables[0].kernTable
            sample = [int(v) for v in sys.argv[2].split(",")]
            pairs = [p.split(",") for p in sys.argv[3].split(";")]
            os2 = font["OS/2"]
            print(json.dumps({
                "unitsPerEm": font["head"].unitsPerEm, "ascender": font["hhea"].ascent,
                "descender": font["hhea"].descent, "lineGap": font["hhea"].lineGap,
                "useTypo": bool(os2.fsSelection & 128), "glyphCount": font["maxp"].numGlyphs,
                "capHeight": font["glyf"][cmap[ord("H")]].yMax, "xHeight": font["glyf"][cmap[ord("x")]].yMax,
                "glyphs": [glyph(c) for c in sample],
                "advances": [font["hmtx"][order[glyph(c)]][0] for c in sample],
                "kerning": [kern.get((order[glyph(int(a))], order[glyph(int(b))]), 0) for a, b in pairs],
            }))
            """
        let arguments = [
            dejaVuPath, sample.map { String($0.value) }.joined(separator: ","),
            pairs.map { pair in pair.unicodeScalars.map { String($0.value) }.joined(separator: ",") }.joined(separator: ";"),
        ]
        return try #require(try FontTools.run(script, arguments: arguments) as? [String: Any])
    }

    @Test func dejaVuSansReadsAsFontToolsReadsIt() throws {
        let file = try Self.dejaVu()
        let reference = try Self.fontToolsReading()
        #expect(file.unitsPerEm == reference["unitsPerEm"] as? Int)
        #expect(reference["useTypo"] as? Bool == false)  // so hhea is what both read
        #expect(file.ascender == reference["ascender"] as? Int)
        #expect(file.descender == reference["descender"] as? Int)
        #expect(file.lineGap == reference["lineGap"] as? Int)
        #expect(file.glyphCount == reference["glyphCount"] as? Int)
        // DejaVu Sans's OS/2 is version 1 (no cap or x height): both come from glyph bounds.
        #expect(file.capHeight == reference["capHeight"] as? Int)
        #expect(file.xHeight == reference["xHeight"] as? Int)
        #expect(Self.sample.map(file.glyph(for:)) == reference["glyphs"] as? [Int])
        #expect(Self.sample.map { file.advance(of: $0) } == reference["advances"] as? [Int])
        // FontFile reads DejaVu Sans's GPOS kern feature; fontTools here its `kern` table, which
        // holds the same pairs (FontFileGPOSKerningTests compares every one).
        let kerning = Self.pairs.map { pair in
            let scalars = Array(pair.unicodeScalars)
            return file.kerning(scalars[0], scalars[1])
        }
        #expect(kerning == reference["kerning"] as? [Int])
        // The sample exercises what it claims: real pairs, a scalar only format 12 maps, and
        // one the font lacks.
        #expect(kerning.filter { $0 != 0 }.count >= 6)
        #expect(file.glyph(for: "\u{1F600}") != 0)
        #expect(file.glyph(for: "\u{4E00}") == 0)
    }

    @Test func aTextInTheFileMeasuresByItsTables() throws {
        let file = try Self.dejaVu()
        let font = Font(size: 20)
        #expect(font.family(in: file) == "brand")
        #expect(font.systemTracking(in: file) == 0)  // SF Pro's table is for the system font only
        #expect(font.systemTracking != 0)
        let units = file.advance(of: "A") + file.kerning("A", "V") + file.advance(of: "V")
        #expect(TextMeasure.width(of: "AV", font: font, file: file) == Double(units) * 20 / 2048)
        #expect(TextMeasure.width(of: "AV", font: font, file: file) != TextMeasure.width(of: "AV", font: font))
        #expect(font.ascender(in: file) == Double(file.ascender) * 20 / 2048)
        #expect(font.lineHeight(in: file) == Double(file.ascender - file.descender + file.lineGap) * 20 / 2048)
        // A font file replaces the default design only: code stays in the monospaced face.
        let mono = Font(size: 20, design: .monospaced)
        #expect(mono.family(in: file) == "DejaVu Sans Mono")
        #expect(TextMeasure.width(of: "AV", font: mono, file: file) == TextMeasure.width(of: "AV", font: mono))
    }

    @Test func aLayoutInTheFileBreaksByItsAdvances() throws {
        let file = try Self.dejaVu()
        let text = "Quick wafting zephyrs vex bold Jim, AV Te Yo"
        let font = Font(size: 15)
        let layout = TextLayout(text, font: font, maxWidth: 150, file: file)
        #expect(layout.lines.count > 1)
        for line in layout.lines {
            #expect(line.width <= 150 + 1e-9)
            #expect(line.width == TextMeasure.width(of: line.text, font: font, file: file))
        }
        // Each line is the longest that fits: its next word would not.
        let words = text.split(separator: " ").map(String.init)
        var next = 0
        for line in layout.lines.dropLast() {
            next += line.text.split(separator: " ").count
            #expect(TextMeasure.width(of: line.text + " " + words[next], font: font, file: file) > 150)
        }
        // The display list names the family and the file.
        let node = SceneNode.text("t", layout: layout, origin: .zero, color: .black, file: file)
        guard case .text(let text) = node.content else {
            Issue.record("not a text node: \(node)")
            return
        }
        #expect(text.font.family == "brand")
        #expect(text.font.file == "DejaVuSans.ttf")
        #expect(text.font.face === file)
    }

    /// A cmap format 12 group stretched to every scalar (1.1 million) is refused before the
    /// table is built, as a hostile file would try.
    @Test func aCmapMappingTooManyScalarsIsRefused() throws {
        var bytes = try Self.dejaVu().bytes
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let tables = (0..<u16(4)).map { 12 + 16 * $0 }
        let cmapRecord = try #require(tables.first { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) == "cmap" })
        let cmap = u32(cmapRecord + 8)
        let subtables = (0..<u16(cmap + 2)).map { cmap + 4 + 8 * $0 }
        let format12 = try #require(subtables.map { cmap + u32($0 + 4) }.first { u16($0) == 12 })
        // The first group's end code becomes U+10FFFF.
        bytes.replaceSubrange((format12 + 20)..<(format12 + 24), with: [0x00, 0x10, 0xFF, 0xFF])
        #expect(throws: FontFile.ReadError("'x.ttf': cmap format 12 maps more than 200000 scalars")) {
            _ = try FontFile(family: "brand", source: "x.ttf", bytes: bytes)
        }
    }

    @Test func otherFilesAreRefusedWithASentence() throws {
        let dejaVu = try Self.dejaVu().bytes
        func error(_ bytes: [UInt8]) -> String? {
            do {
                _ = try FontFile(family: "brand", source: "x.ttf", bytes: bytes)
                return nil
            } catch { return error.description }
        }
        let inter = try #require(FileManager.default.contents(atPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf"))
        #expect(error(Array(inter))?.contains("CFF outlines") == true)
        #expect(error(Array("not a font at all".utf8)) == "'x.ttf' is not a TrueType font")
        #expect(error([0, 1]) == "'x.ttf' is too short to be a font")
        #expect(error(Array(dejaVu.prefix(4000)))?.contains("'x.ttf' has a table directory that runs past its end") == true)
        #expect(error(Array("ttcf".utf8) + [UInt8](repeating: 0, count: 20))?.contains("font collection") == true)
        #expect(
            error(dejaVu + [UInt8](repeating: 0, count: FontFile.maxBytes))
                == "'x.ttf' is \(dejaVu.count + FontFile.maxBytes) bytes; at most \(FontFile.maxBytes)")
        // Tables cut: the header survives, the hmtx it points into does not.
        var cut = dejaVu
        cut.replaceSubrange(12..<(12 + 16 * Int(dejaVu[5])), with: [UInt8](repeating: 0, count: 16 * Int(dejaVu[5])))
        #expect(error(cut)?.contains("has no 'head' table") == true)
    }
}
