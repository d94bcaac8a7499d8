import Foundation
import MorphTestSupport
import Testing

@testable import MorphCore

/// `FontFile` substitutes GSUB ligatures before it kerns, as Chrome's shaper (HarfBuzz) does for
/// Latin text, checked glyph by glyph against HarfBuzz itself (`uharfbuzz`, through
/// `Tests/support/gsub_ligature_font.py shape`): a font made at test time from DejaVu Sans
/// (ligature lookups plain and in an extension, Coverage formats 1 and 2, `liga` and `clig`,
/// a `DFLT` script that must not be read) and DejaVu Sans itself, whose `latn` `liga` makes
/// "fi". Lines break at the shaped widths; hostile tables are refused with a sentence.
@Suite struct FontFileGSUBLigatureTests {
    /// Words that take every ligature of the made font, one ligature cut by a space, kerned pairs
    /// beside ligatures ("Te", "AV", "y."), a hyphen between them.
    static let words = [
        "office", "baffle", "ffi", "ffl", "fifl", "ff", "The fish flew off", "axxx", "boxxxes", "f i", "AVAT fi.",
        "Tea, fly.", "fffi", "ffffl", "Th-fi", "offfice",
    ]

    struct Shaped: Equatable, CustomStringConvertible {
        let glyphs: [Int]
        let characters: [Int]
        /// Each glyph's advance with the kerning to the next added, as HarfBuzz positions them.
        let advances: [Int]
        var description: String { "glyphs \(glyphs) at \(characters), advances \(advances)" }
    }

    /// Makes the test font `variant` and returns its bytes.
    static func made(_ variant: String) throws -> [UInt8] { try MadeFonts.make("gsub_ligature_font", variant) }

    /// HarfBuzz's shaping of `texts` in the font `bytes` (clusters are scalar offsets, which
    /// are character offsets for these texts except after the combining mark).
    static func harfBuzz(_ bytes: [UInt8], _ texts: [String], letterSpacing: Bool = false) throws -> [Shaped] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("morph-gsub-\(UUID().uuidString).ttf")
        try Data(bytes).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let script = """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import gsub_ligature_font as fonts
            print(json.dumps(fonts.shape(sys.argv[2], sys.argv[4:], sys.argv[3] == "spaced")))
            """
        let arguments = [MadeFonts.support.path, path.path, letterSpacing ? "spaced" : "plain"] + texts
        let json = try #require(try FontTools.run(script, arguments: arguments) as? [[String: Any]])
        return try json.map { entry in
            Shaped(
                glyphs: try #require(entry["glyphs"] as? [Int]), characters: try #require(entry["clusters"] as? [Int]),
                advances: try #require(entry["advances"] as? [Int]))
        }
    }

    /// MorphKit's shaping of `text` in the same form.
    static func morphKit(_ file: FontFile, _ text: String, ligatures: Bool = true) -> Shaped {
        let glyphs = file.shapedGlyphs(text, ligatures: ligatures)
        let scalarOffsets = text.indices.map { text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0) }
        let advances = glyphs.indices.map { index in
            file.advance(ofGlyph: glyphs[index].glyph)
                + (index + 1 < glyphs.count ? file.kerning(betweenGlyph: glyphs[index].glyph, and: glyphs[index + 1].glyph) : 0)
        }
        return Shaped(
            glyphs: glyphs.map(\.glyph), characters: glyphs.map { scalarOffsets[$0.character] }, advances: advances)
    }

    @Test func aFontWithLatinLigaturesShapesEveryWordAsHarfBuzz() throws {
        let bytes = try Self.made("plain")
        let file = try FontFile(family: "brand", source: "liga.ttf", bytes: bytes)
        let reference = try Self.harfBuzz(bytes, Self.words)
        for (word, expected) in zip(Self.words, reference) {
            #expect(Self.morphKit(file, word) == expected, "\(word)")
        }
        // The comparison covers real ligatures: A's (list and range coverage), B's in its
        // extension, C's `clig`, none from the `DFLT` script's lookup.
        let ligature = { (scalar: Unicode.Scalar) in file.glyph(for: scalar) }
        let drawn = Set(reference.flatMap(\.glyphs))
        for scalar: Unicode.Scalar in ["\u{FB00}", "\u{FB01}", "\u{FB02}", "\u{FB03}", "\u{FB04}", "\u{FB05}"] {
            #expect(drawn.contains(ligature(scalar)), "U+\(String(scalar.value, radix: 16))")
        }
        #expect(Self.morphKit(file, "fi").glyphs == [ligature("\u{FB01}")])  // latn's, not DFLT's FB00
        #expect(file.ligatures.lookups.count == 3)
        // Widths are the shaped ones: "office" is narrower than its letters' advances.
        let size = 20.0
        for (word, expected) in zip(Self.words, reference) {
            #expect(
                TextMeasure.width(of: word, font: Font(size: size), file: file) == Double(expected.advances.reduce(0, +)) * size
                    / 2048)
        }
        let letters = "office".unicodeScalars.reduce(0) { $0 + file.advance(of: $1) }
        #expect(reference[0].advances.reduce(0, +) < letters)
    }

    /// Tracked text takes no ligatures, as Chrome turns them off under letter spacing.
    @Test func trackedTextTakesNoLigatures() throws {
        let bytes = try Self.made("plain")
        let file = try FontFile(family: "brand", source: "liga.ttf", bytes: bytes)
        let reference = try Self.harfBuzz(bytes, ["office", "The fish"], letterSpacing: true)
        #expect(Self.morphKit(file, "office", ligatures: false) == reference[0])
        #expect(Self.morphKit(file, "The fish", ligatures: false) == reference[1])
        let placed = TextMeasure.placedGlyphs(of: "office", from: 0, font: Font(size: 20), file: file, tracking: 1)
        #expect(placed.map(\.glyph) == reference[0].glyphs)
        let untracked = TextMeasure.placedGlyphs(of: "office", from: 0, font: Font(size: 20), file: file)
        #expect(untracked.map(\.glyph) == Self.morphKit(file, "office").glyphs)
        #expect(untracked.count == 4)
    }

    /// DejaVu Sans's own `latn` `liga` makes "fi" and "ff" glyphs, and MorphKit makes the same.
    @Test func dejaVuSansLigaturesShapeAsHarfBuzz() throws {
        let file = try FontFileTests.dejaVu()
        let bytes = file.bytes
        let texts = ["files", "baffle", "office", "fluffy waffles", "Quick wafting zephyrs"]
        for (text, expected) in zip(texts, try Self.harfBuzz(bytes, texts)) {
            #expect(Self.morphKit(file, text) == expected, "\(text)")
        }
        #expect(Self.morphKit(file, "files").glyphs.first == file.glyph(for: "\u{FB01}"))
    }

    /// Lines break at the shaped widths, and a line cut inside a ligature measures its
    /// letters: every line is as wide as HarfBuzz shapes its text on its own.
    @Test(arguments: [60.0, 95.0, 140.0])
    func linesBreakAtShapedWidths(maxWidth: Double) throws {
        let bytes = try Self.made("plain")
        let file = try FontFile(family: "brand", source: "liga.ttf", bytes: bytes)
        let paragraph = "The office staff fixed fluffy waffles; affluent effigies baffled officials. Offffffffiffffl"
        let size = 17.0
        let layout = TextLayout(paragraph, font: Font(size: size), maxWidth: maxWidth, file: file)
        let lines = layout.lines.map(\.text)
        let reference = try Self.harfBuzz(bytes, lines)
        for (line, expected) in zip(layout.lines, reference) {
            #expect(line.width == Double(expected.advances.reduce(0, +)) * size / 2048, "\(line.text)")
            #expect(line.width <= maxWidth + 1e-9, "\(line.text)")
        }
        // Where every word fits, greedy breaking at HarfBuzz's widths of whole words gives the
        // same lines up to the long word.
        let points = { (text: String) in
            Double(Self.morphKit(file, text).advances.reduce(0, +)) * size / 2048
        }
        var greedy: [String] = []
        for word in paragraph.split(separator: " ").dropLast().map(String.init) {
            if let last = greedy.last, points(last + " " + word) <= maxWidth + 1e-6 {
                greedy[greedy.count - 1] = last + " " + word
            } else {
                greedy.append(word)
            }
        }
        if greedy.allSatisfy({ points($0) <= maxWidth }) { #expect(Array(lines.prefix(greedy.count)) == greedy) }
        // The long word is cut between letters, at 60 pt inside a ligature the whole paragraph
        // would draw (each character is one scalar here, so offsets agree).
        #expect(lines.last?.hasSuffix("l") == true)
        let insideLigatures = Set(
            file.shapedGlyphs(paragraph, ligatures: true).filter { $0.scalarCount > 1 }
                .flatMap { ($0.character + 1)..<($0.character + $0.scalarCount) })
        let cutInside = layout.lines.contains { insideLigatures.contains($0.sourceRange.lowerBound) }
        #expect(cutInside == (maxWidth == 60))
        // Without ligatures "office" would not be narrower, so these widths differ from letters'.
        #expect(points("office") < TextMeasure.width(of: "office", font: Font(size: size), file: file, ligatures: false))
    }

    /// A lookup listing a subtable of every glyph's 40 ligatures 24 times (its offsets all
    /// sharing it) would build 24 copies of its sets: refused at the budget.
    @Test func subtablesRepeatedPastTheBudgetAreRefused() throws {
        let bytes = try Self.made("repeated-subtables")
        let message = "'x.ttf': its ligature substitution needs more than \(PairKerning.maxEntries) table entries"
        #expect(throws: FontFile.ReadError(message)) { _ = try FontFile(family: "brand", source: "x.ttf", bytes: bytes) }
    }

    @Test(arguments: ["extension-past-end", "components-past-end"])
    func aTablePastTheFilesEndIsRefused(variant: String) throws {
        let bytes = try Self.made(variant)
        #expect(throws: FontFile.ReadError("'x.ttf': the ligature substitution tables run past the file's end")) {
            _ = try FontFile(family: "brand", source: "x.ttf", bytes: bytes)
        }
    }
}
