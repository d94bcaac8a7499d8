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
}
