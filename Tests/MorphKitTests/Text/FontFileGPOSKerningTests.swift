import Foundation
import MorphTestSupport
import Testing

@testable import MorphCore

/// `FontFile` kerns from GPOS as Chrome's shaper does for Latin text, checked pair by pair
/// against fontTools' reading (`Tests/support/gpos_kerning_font.py reading`, which walks each
/// subtable's own records rather than asking per pair): a font made at test time from DejaVu
/// Sans with GPOS kerning only (extension lookups, pair sets and class pairs, Coverage and
/// ClassDef formats 1 and 2, two lookups whose values add), Inter's real GPOS (fontmake-built,
/// CFF outlines, so read through the GPOS reader alone), and DejaVu Sans itself, whose GPOS
/// and `kern` hold the same pairs. Hostile tables are refused with a sentence.
@Suite struct FontFileGPOSKerningTests {
    static let interPath = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"

    /// What fontTools reads: every nonzero pair, the first glyphs any subtable covers, and the
    /// formats the font uses.
    struct Reference {
        let glyphCount: Int
        let firsts: [Int]
        let pairs: [Int: Int]  // first << 16 | second → summed XAdvance
        let json: [String: Any]

        func value(_ first: Int, _ second: Int) -> Int { pairs[first << 16 | second] ?? 0 }
    }

    static func run(_ arguments: [String]) throws -> Any {
        let script = """
            import json, sys
            sys.path.insert(0, sys.argv[1])
            import gpos_kerning_font as fonts
            print(json.dumps(fonts.reading(sys.argv[3])))
            """
        return try FontTools.run(script, arguments: [MadeFonts.support.path] + arguments)
    }

    /// Makes the test font `variant` and returns its bytes.
    static func made(_ variant: String) throws -> [UInt8] { try MadeFonts.make("gpos_kerning_font", variant) }

    static func reference(_ bytes: [UInt8]) throws -> Reference {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("morph-gpos-\(UUID().uuidString).ttf")
        try Data(bytes).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        return try reference(path: path.path)
    }

    static func reference(path: String) throws -> Reference {
        let json = try #require(try run(["reading", path]) as? [String: Any])
        let triples = try #require(json["pairs"] as? [[Int]])
        var pairs: [Int: Int] = [:]
        for triple in triples { pairs[triple[0] << 16 | triple[1]] = triple[2] }
        return Reference(
            glyphCount: try #require(json["glyphCount"] as? Int), firsts: try #require(json["firsts"] as? [Int]),
            pairs: pairs, json: json)
    }

    /// Every pair whose first glyph some subtable covers, against every glyph; and every first
    /// glyph against the second glyphs of the reference's pairs (all zero off the coverage).
    static func expectEveryPair(_ kerning: PairKerning, equals reference: Reference, pairsAtLeast: Int = 1000) {
        var mismatches: [String] = []
        for first in reference.firsts {
            for second in 0..<reference.glyphCount where kerning.value(first, second) != reference.value(first, second) {
                mismatches.append("\(first),\(second): \(kerning.value(first, second)) vs \(reference.value(first, second))")
            }
        }
        let covered = Set(reference.firsts)
        let seconds = Set(reference.pairs.keys.map { $0 & 0xFFFF })
        for first in 0..<reference.glyphCount where !covered.contains(first) {
            for second in seconds where kerning.value(first, second) != 0 { mismatches.append("\(first),\(second) uncovered") }
        }
        #expect(mismatches.count == 0, "pairs that differ, first: \(mismatches.prefix(5))")
        #expect(reference.pairs.count >= pairsAtLeast)  // the comparison covers real kerning, not an empty table
    }

    @Test func aFontWithOnlyGPOSKerningKernsEveryPairAsFontToolsReadsIt() throws {
        let bytes = try Self.made("plain")
        let file = try FontFile(family: "brand", source: "gpos.ttf", bytes: bytes)
        let reference = try Self.reference(bytes)
        // The font exercises every form the reader handles.
        #expect(reference.json["lookupTypes"] as? [Int] == [2, 9])
        #expect(reference.json["pairFormats"] as? [Int] == [1, 2])
        #expect(reference.json["coverageFormats"] as? [Int] == [1, 2])
        #expect(reference.json["classDefFormats"] as? [Int] == [1, 2])
        #expect(reference.json["lookups"] as? [Int] == [14, 15])  // latn's kern feature, not DFLT's [15]
        #expect(file.pairKerning.source == .gpos)
        Self.expectEveryPair(file.pairKerning, equals: reference)
        // "AV" takes lookup 15's added −20 on top of lookup 14's value, so it is not DejaVu's.
        let dejaVu = try FontFileTests.dejaVu()
        let pair = reference.value(file.glyph(for: "A"), file.glyph(for: "V"))
        #expect(file.kerning("A", "V") == pair)
        #expect(pair != dejaVu.kerning("A", "V"))
        // Layout measures with it.
        let units = file.advance(of: "A") + pair + file.advance(of: "V")
        #expect(TextMeasure.width(of: "AV", font: Font(size: 20), file: file) == Double(units) * 20 / 2048)
    }

    @Test func intersFontmakeBuiltGPOSReadsAsFontToolsReadsIt() throws {
        let contents = FileManager.default.contents(atPath: Self.interPath)
        let bytes = Array(try #require(contents, "fonts-inter is missing: run make deps"))
        let reader = FontFile.Reader(bytes: bytes)
        let tables = try FontFile.tableDirectory(reader, source: "Inter-Regular.otf")
        let reference = try Self.reference(path: Self.interPath)
        let kerning = try PairKerning.read(
            reader, gpos: tables["GPOS"]?.offset, kern: tables["kern"]?.offset, glyphCount: reference.glyphCount,
            source: "Inter-Regular.otf")
        #expect(tables["kern"] == nil)
        #expect(kerning.source == .gpos)
        #expect(reference.json["pairFormats"] as? [Int] == [1, 2])
        Self.expectEveryPair(kerning, equals: reference)
        // Compact: class tables, not a pair per entry (the 239 586 pairs would take 1.4 MB as 6-byte records).
        #expect(reference.pairs.count > 200_000)
        #expect(kerning.byteCount < 128 * 1024)
    }

    /// DejaVu Sans has both tables: GPOS is read (as HarfBuzz does when GPOS has a `kern`
    /// feature), and its pairs are exactly the `kern` table's, so the brand card is unchanged.
    @Test func dejaVuSansKernsFromGPOSWithTheKernTablesPairs() throws {
        let file = try FontFileTests.dejaVu()
        #expect(file.pairKerning.source == .gpos)
        let reference = try Self.reference(path: FontFileTests.dejaVuPath)
        Self.expectEveryPair(file.pairKerning, equals: reference)
        let kernTable = try #require(
            try FontTools.run(
                """
                import json, sys
                from fontTools.ttLib import TTFont
                font = TTFont(sys.argv[1])
                print(json.dumps([[font.getGlyphID(a), font.getGlyphID(b), v]
                                  for (a, b), v in font["kern"].kernTables[0].kernTable.items() if v]))
                """, arguments: [FontFileTests.dejaVuPath]) as? [[Int]])
        var pairs: [Int: Int] = [:]
        for triple in kernTable { pairs[triple[0] << 16 | triple[1]] = triple[2] }
        #expect(pairs == reference.pairs)
    }

    /// Without a `latn` script the `DFLT` one is read: DejaVu Sans's kerns tone letters (lookup
    /// 15) and, in the made font, four Latin pairs, not the Latin classes of lookup 14.
    @Test func withoutALatinScriptTheDefaultScriptIsRead() throws {
        let bytes = try Self.made("no-latn")
        let file = try FontFile(family: "brand", source: "x.ttf", bytes: bytes)
        let reference = try Self.reference(bytes)
        #expect(reference.json["lookups"] as? [Int] == [15])
        #expect(file.pairKerning.source == .gpos)
        Self.expectEveryPair(file.pairKerning, equals: reference, pairsAtLeast: 20)
        #expect(file.kerning("A", "V") == -20)  // lookup 15's added pair alone
    }

    /// With no `kern` feature in GPOS the `kern` table is read, as HarfBuzz falls back to it.
    @Test func withoutAGPOSKernFeatureTheKernTableIsRead() throws {
        let file = try FontFile(family: "brand", source: "x.ttf", bytes: try Self.made("no-kern-feature"))
        #expect(file.pairKerning.source == .kernTable)
        let dejaVu = try FontFileTests.dejaVu()
        let reference = try Self.reference(path: FontFileTests.dejaVuPath)
        Self.expectEveryPair(file.pairKerning, equals: reference)
        #expect(file.kerning("A", "V") == dejaVu.kerning("A", "V"))
        #expect(file.kerning("A", "V") != 0)
    }

    /// A lookup listing one class subtable 400 times (its offsets all sharing it, a file of
    /// 0.7 MB) would build 400 copies of its tables: refused at the budget.
    @Test func subtablesRepeatedPastTheBudgetAreRefused() throws {
        let bytes = try Self.made("repeated-subtables")
        #expect(throws: FontFile.ReadError("'x.ttf': its kerning needs more than \(PairKerning.maxEntries) table entries")) {
            _ = try FontFile(family: "brand", source: "x.ttf", bytes: bytes)
        }
    }

    /// An extension subtable that points 2 GiB on is refused, not read as zeros.
    @Test func anExtensionPastTheFilesEndIsRefused() throws {
        let bytes = try Self.made("extension-past-end")
        #expect(throws: FontFile.ReadError("'x.ttf': the kerning tables run past the file's end")) {
            _ = try FontFile(family: "brand", source: "x.ttf", bytes: bytes)
        }
    }

    /// A class matrix of 65 535 × 65 535 records (8 GiB) is refused before anything its size is made.
    @Test func aClassMatrixPastTheFilesEndIsRefused() throws {
        let bytes = try Self.made("huge-matrix")
        #expect(throws: FontFile.ReadError("'x.ttf': a kerning class matrix of 65535 × 65535 runs past the file's end")) {
            _ = try FontFile(family: "brand", source: "x.ttf", bytes: bytes)
        }
    }
}
