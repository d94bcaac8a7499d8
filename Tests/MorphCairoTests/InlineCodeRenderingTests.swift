import MorphCairo
import MorphKit
import MorphRaster
import Testing

/// A line's code run is drawn by cairo in DejaVu Sans Mono, from where the Inter piece before
/// it ended. The proof is the glyphs' ink: "m" is 0.716 em of ink in Inter and 0.501 em in
/// DejaVu Sans Mono, so a run drawn in the wrong face misses by about 17 px here.
///
/// Glyph boxes (font units, from each file's `glyf`/`CFF` outlines via fontTools' BoundsPen):
/// Inter Regular "m" ink x 216...2232 of a 2448 advance, 2816 units per em; DejaVu Sans Mono
/// "m" ink x 109...1135 of a 1233 advance, 2048 units per em.
/// Tolerance: an ink column is one more than half covered (red < 128 on white), so a glyph's
/// measured ink edges lie within 1 px of the outline's at this scale.
@Suite struct InlineCodeRenderingTests {
    static let size = 40.0, scale = 2, origin = Point(x: 10, y: 50)

    /// Runs of consecutive ink columns, left to right, as pixel ranges.
    static func glyphColumns(_ bitmap: Bitmap) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for x in 0...bitmap.width {
            let inked = x < bitmap.width && (0..<bitmap.height).contains { bitmap[x, $0].x < 128 }
            if inked, start == nil { start = x }
            if !inked, let open = start {
                runs.append(open..<x)
                start = nil
            }
        }
        return runs
    }

    @Test func codeRunIsDrawnInTheMonospacedFaceAfterTheInterPiece() throws {
        let mono = DisplayList.Font(family: "DejaVu Sans Mono", weight: 400, size: Self.size)
        let op = DisplayList.Op.text(
            .init(
                id: "intro", font: .init(weight: 400, size: Self.size), color: .black,
                lines: [.init(x: Self.origin.x, y: Self.origin.y, text: "mmmm", runs: [.init(start: 2, end: 4, font: mono)])]))
        let list = DisplayList(component: .curtain, size: Size(width: 200, height: 70), background: .white, ops: [op])
        let glyphs = Self.glyphColumns(try DisplayListRenderer().render(list, scale: Self.scale))
        try #require(glyphs.count == 4, "four separate m's, got \(glyphs)")

        let s = Double(Self.scale)
        let inter = (em: 2816.0, advance: 2448.0, left: 216.0, right: 2232.0)
        let dejaVu = (em: 2048.0, advance: 1233.0, left: 109.0, right: 1135.0)
        func points(_ units: Double, _ em: Double) -> Double { units * Self.size / em }
        // Pen positions: Inter's two m's from the origin, the run from where they ended.
        let interWidth = TextMeasure.width(of: "mm", font: Font(size: Self.size))
        #expect(abs(interWidth - 2 * points(inter.advance, inter.em)) < 1e-9, "no kerning between m's")
        let pens = [
            Self.origin.x, Self.origin.x + points(inter.advance, inter.em),
            Self.origin.x + interWidth, Self.origin.x + interWidth + points(dejaVu.advance, dejaVu.em),
        ]
        let boxes = [inter, inter, dejaVu, dejaVu]
        for (index, (glyph, box)) in zip(glyphs, boxes).enumerated() {
            let left = (pens[index] + points(box.left, box.em)) * s
            let right = (pens[index] + points(box.right, box.em)) * s
            #expect(abs(Double(glyph.lowerBound) - left) <= 1, "m \(index) left edge \(glyph.lowerBound) px, outline \(left)")
            #expect(abs(Double(glyph.upperBound) - right) <= 1, "m \(index) right edge \(glyph.upperBound) px, outline \(right)")
        }
        // The faces differ by far more than the tolerance, so the check can tell them apart.
        #expect(abs(points(inter.right - inter.left, inter.em) - points(dejaVu.right - dejaVu.left, dejaVu.em)) * s > 10)
    }
}
