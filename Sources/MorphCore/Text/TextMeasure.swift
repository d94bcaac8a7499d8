/// Text widths from Inter's advance widths plus GPOS pair kerning, as Chrome shapes Latin text.
///
/// Widths are summed in integer font units and scaled once, so a width never depends on the
/// order of additions and equal strings always measure equal.
public enum TextMeasure {
    /// The advance width of `text` on one line in `font`, in points, kerning included; in
    /// `file` when the text is in a component's own font. Newlines are measured like any
    /// other scalar; lay out multi-line text with `TextLayout`.
    /// In a font file the text is shaped first (`FontFile.shapedGlyphs`): its ligatures
    /// replace their letters unless `ligatures` is false (text drawn with tracking).
    public static func width(of text: String, font: Font, file: FontFile? = nil, ligatures: Bool = true) -> Double {
        let face = font.face(in: file)
        if let file = face.file {
            return points(file.units(of: file.shapedGlyphs(text, ligatures: ligatures)), font: font, face: face)
        }
        return points(units(of: Array(text.unicodeScalars), face: face), font: font, face: face)
    }

    /// The kerning adjustment between two scalars in `font` (or `file`), in points (negative tightens).
    public static func kerning(_ first: Unicode.Scalar, _ second: Unicode.Scalar, font: Font, file: FontFile? = nil)
        -> Double
    {
        let face = font.face(in: file)
        return points(face.kerning(first, second), font: font, face: face)
    }

    /// The advance of one scalar in `font` (or `file`), in points, without kerning.
    public static func advance(of scalar: Unicode.Scalar, font: Font, file: FontFile? = nil) -> Double {
        let face = font.face(in: file)
        return points(face.advance(of: scalar), font: font, face: face)
    }

    /// Where each scalar of a line starts, from `x`: advances and pair kerning as measured
    /// here, plus `tracking` points after every character. What renderers place glyphs by,
    /// so a drawn line ends where `TextLayout` measured it.
    public static func glyphPositions(
        of text: String, from x: Double, font: Font, file: FontFile? = nil, tracking: Double = 0
    ) -> [(scalar: Unicode.Scalar, x: Double)] {
        let face = font.face(in: file)
        var positions: [(scalar: Unicode.Scalar, x: Double)] = []
        if let file = face.file {
            // A ligature's scalars share its advance evenly, as carets divide it.
            let scalars = Array(text.unicodeScalars)
            var next = 0
            for placed in placedGlyphs(of: text, from: x, font: font, file: file, tracking: tracking) {
                let advance = points(file.advance(ofGlyph: placed.glyph), font: font, face: face)
                for part in 0..<placed.scalarCount where next < scalars.count {
                    positions.append((scalars[next], placed.x + advance * Double(part) / Double(placed.scalarCount)))
                    next += 1
                }
            }
            return positions
        }
        var pen = x
        var previous: Unicode.Scalar?
        for character in text {
            for scalar in character.unicodeScalars {
                if let previous { pen += points(face.kerning(previous, scalar), font: font, face: face) }
                positions.append((scalar, pen))
                pen += points(face.advance(of: scalar), font: font, face: face)
                previous = scalar
            }
            pen += tracking
        }
        return positions
    }

    /// The glyphs a line in a component's font file draws and where each starts, from `x`:
    /// shaped as measured (ligatures when untracked), pair kerning between glyphs, `tracking`
    /// points after every character. What cairo and the glyph outlines draw.
    public static func placedGlyphs(
        of text: String, from x: Double, font: Font, file: FontFile, tracking: Double = 0
    ) -> [(glyph: Int, scalarCount: Int, x: Double)] {
        let face = font.face(in: file)
        let shaped = file.shapedGlyphs(text, ligatures: FontFile.substitutesLigatures(tracking: tracking))
        var placed: [(glyph: Int, scalarCount: Int, x: Double)] = []
        placed.reserveCapacity(shaped.count)
        var pen = x
        for (index, glyph) in shaped.enumerated() {
            if index > 0 {
                let before = shaped[index - 1]
                pen += points(file.kerning(betweenGlyph: before.glyph, and: glyph.glyph), font: font, face: face)
                pen += tracking * Double(glyph.character - before.character)
            }
            placed.append((glyph.glyph, glyph.scalarCount, pen))
            pen += points(file.advance(ofGlyph: glyph.glyph), font: font, face: face)
        }
        return placed
    }

    static func units(of scalars: [Unicode.Scalar], face: FontFaceMetrics) -> Int {
        var total = 0
        var previous: Unicode.Scalar?
        for scalar in scalars {
            total += face.advance(of: scalar)
            if let previous { total += face.kerning(previous, scalar) }
            previous = scalar
        }
        return total
    }

    static func points(_ units: Int, font: Font, face: FontFaceMetrics) -> Double {
        Double(units) * font.size / Double(face.unitsPerEm)
    }
}
