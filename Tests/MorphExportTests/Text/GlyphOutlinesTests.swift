import MorphExport
import MorphKit
import Testing

@Suite struct GlyphOutlinesTests {
    /// Every visible character MorphKit measures has an outline in every weight.
    @Test(arguments: FontWeight.allCases)
    func everyMeasuredLetterHasAnOutline(weight: FontWeight) {
        for scalar in "AZaz09Tromsø·…’—€".unicodeScalars {
            #expect(GlyphOutlines.outline(of: scalar, weight: weight)?.isEmpty == false, "\(scalar) at \(weight)")
        }
        #expect(GlyphOutlines.outline(of: " ", weight: weight) == nil)
    }

    /// "H" is flat-topped: its outline reaches exactly the cap height MorphKit's metrics table
    /// (a different generated file, read from OS/2) gives, and sits on the baseline.
    @Test(arguments: FontWeight.allCases)
    func capitalHReachesTheCapHeight(weight: FontWeight) {
        let text = DisplayList.Text(
            id: "t", font: .init(weight: weight.rawValue, size: 100), color: .black,
            lines: [.init(x: 10, y: 200, text: "H")])
        let bounds = GlyphOutlines.path(for: text).controlPointBounds
        let font = Font(size: 100, weight: weight)
        #expect(abs(bounds.minY - (200 - font.capHeight)) < 1e-9)
        #expect(abs(bounds.maxY - 200) < 1e-9)
        #expect(bounds.minX > 10 && bounds.maxX < 10 + TextMeasure.advance(of: "H", font: font))
    }

    /// Glyphs are placed with MorphKit's advances and kerning: the last glyph of a line starts
    /// where the measured width minus its own advance says.
    @Test func glyphsFollowTheMeasuredAdvances() {
        let font = Font(size: 24, weight: .semibold)
        let line = "Northern Lights"
        let text = DisplayList.Text(
            id: "t", font: .init(weight: 600, size: 24), color: .black, lines: [.init(x: 0, y: 30, text: line)])
        let whole = GlyphOutlines.path(for: text).controlPointBounds
        let lastOnly = DisplayList.Text(
            id: "s", font: .init(weight: 600, size: 24), color: .black,
            lines: [
                .init(
                    x: TextMeasure.width(of: String(line.dropLast()), font: font) + TextMeasure.kerning("t", "s", font: font),
                    y: 30, text: "s")
            ])
        #expect(abs(GlyphOutlines.path(for: lastOnly).controlPointBounds.maxX - whole.maxX) < 1e-9)
    }

    /// The monospaced design (DejaVu Sans Mono, regular and bold only) has its own outlines:
    /// medium draws regular and semibold draws bold, as cairo and the page pick.
    @Test(arguments: FontWeight.allCases)
    func theMonospacedDesignHasItsOwnOutlines(weight: FontWeight) throws {
        for scalar in "AZaz09`()·…’—€".unicodeScalars {
            let mono = try #require(GlyphOutlines.outline(of: scalar, weight: weight, design: .monospaced), "\(scalar)")
            #expect(mono != GlyphOutlines.outline(of: scalar, weight: weight), "\(scalar) differs from Inter's")
        }
        let face: FontWeight = weight.rawValue >= FontWeight.semibold.rawValue ? .bold : .regular
        #expect(
            GlyphOutlines.outline(of: "g", weight: weight, design: .monospaced)
                == GlyphOutlines.outline(of: "g", weight: face, design: .monospaced))
        #expect(GlyphOutlines.unitsPerEm(weight: weight, design: .monospaced) == 2048)
    }

    /// DejaVu's "H" is flat-topped too: it reaches the cap height of MorphKit's monospaced
    /// metrics (read from OS/2 by another generator) and sits on the baseline.
    @Test func monospacedCapitalHReachesTheCapHeight() {
        let text = DisplayList.Text(
            id: "t", font: .init(family: "DejaVu Sans Mono", weight: 400, size: 100), color: .black,
            lines: [.init(x: 10, y: 200, text: "H")])
        let bounds = GlyphOutlines.path(for: text).controlPointBounds
        #expect(abs(bounds.minY - (200 - Font(size: 100, design: .monospaced).capHeight)) < 1e-9)
        #expect(abs(bounds.maxY - 200) < 1e-9)
    }

    /// A line with a code run (the curtain's Markdown) draws each piece in its own face at the
    /// pen position the layout measured: the same outlines as three one-font lines placed at
    /// the summed widths of the pieces before them.
    @Test func codeRunsDrawInTheMonospacedFaceAtTheMeasuredPositions() {
        let inter = DisplayList.Font(weight: 400, size: 17)
        let mono = DisplayList.Font(family: "DejaVu Sans Mono", weight: 400, size: 17)
        let line = DisplayList.TextLine(
            x: 16, y: 40, text: "includes List now", runs: [.init(start: 9, end: 13, font: mono)])
        let drawn = GlyphOutlines.path(for: DisplayList.Text(id: "t", font: inter, color: .black, lines: [line]))

        let before = TextMeasure.width(of: "includes ", font: Font(size: 17))
        let code = TextMeasure.width(of: "List", font: Font(size: 17, design: .monospaced))
        func piece(_ text: String, at x: Double, _ font: DisplayList.Font) -> [Path.Element] {
            GlyphOutlines.path(for: DisplayList.Text(id: "p", font: font, color: .black, lines: [.init(x: x, y: 40, text: text)]))
                .elements
        }
        let expected =
            piece("includes ", at: 16, inter) + piece("List", at: 16 + before, mono)
            + piece(" now", at: 16 + before + code, inter)
        #expect(drawn.elements == expected)
        #expect(piece("List", at: 0, mono) != piece("List", at: 0, inter), "the code is not drawn in Inter")
    }
}
