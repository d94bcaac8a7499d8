import MorphKit

/// The glyph outlines of Inter and of DejaVu Sans Mono (the monospaced design, for Markdown
/// code), and of a component's own font files (read from their `glyf` table, `FontFile`), so
/// exported text draws the same glyphs in every player without a font: Lottie text layers and
/// SVG `--text outlines` both come through here.
///
/// The outlines are generated from Debian's fonts-inter and fonts-dejavu-core by
/// `scripts/gen_glyph_outlines.py` (with a `--check` drift guard), for the character set
/// MorphKit measures. Glyphs are placed with MorphKit's own advances and pair kerning
/// (`TextMeasure`; in a font file its ligature glyphs too, `TextMeasure.placedGlyphs`), piece by piece where a line has code `runs`, exactly as the cairo renderer
/// places them, so a line ends where the layout measured it.
public enum GlyphOutlines {
    /// One face's outlines in font units (y up), parsed on first use.
    struct Face: Sendable {
        let unitsPerEm: Double
        let glyphs: [UInt32: Path]
    }

    static let regular = Face(unitsPerEm: regularUnitsPerEm, glyphs: parse(regularSource))
    static let medium = Face(unitsPerEm: mediumUnitsPerEm, glyphs: parse(mediumSource))
    static let semibold = Face(unitsPerEm: semiboldUnitsPerEm, glyphs: parse(semiboldSource))
    static let bold = Face(unitsPerEm: boldUnitsPerEm, glyphs: parse(boldSource))
    static let monoRegular = Face(unitsPerEm: monoRegularUnitsPerEm, glyphs: parse(monoRegularSource))
    static let monoBold = Face(unitsPerEm: monoBoldUnitsPerEm, glyphs: parse(monoBoldSource))

    /// The face cairo and the page draw `weight` in: Inter has all four weights; DejaVu Sans
    /// Mono has regular and bold only, so semibold and bold take bold (MorphKit measures so).
    static func face(_ weight: FontWeight, design: Font.Design = .default) -> Face {
        switch (design, weight) {
        case (.default, .regular): regular
        case (.default, .medium): medium
        case (.default, .semibold): semibold
        case (.default, .bold): bold
        case (.monospaced, .regular), (.monospaced, .medium): monoRegular
        case (.monospaced, .semibold), (.monospaced, .bold): monoBold
        }
    }

    /// The face for a CSS weight: the exact one, else the nearest of 400/500/600/700 (the
    /// cairo renderer's rule).
    public static func nearestWeight(_ weight: Int) -> FontWeight {
        FontWeight(rawValue: weight)
            ?? FontWeight.allCases.min { abs($0.rawValue - weight) < abs($1.rawValue - weight) } ?? .regular
    }

    /// The outline of one scalar in font units (y up), nil when the face has none (spaces,
    /// characters outside the generated set).
    public static func outline(of scalar: Unicode.Scalar, weight: FontWeight, design: Font.Design = .default) -> Path? {
        face(weight, design: design).glyphs[scalar.value]
    }

    /// Units per em of the face `weight` and `design` draw in (Inter 2816, DejaVu 2048).
    public static func unitsPerEm(weight: FontWeight, design: Font.Design = .default) -> Double {
        face(weight, design: design).unitsPerEm
    }

    /// Every line of a text op as one path in the op's coordinates (points, y down).
    ///
    /// - Complexity: linear in the characters and their outline sizes.
    public static func path(for text: DisplayList.Text) -> Path {
        var result = Path()
        // A font file's outlines by glyph, read once for this op.
        var outlines: [Int: Path] = [:]
        for line in text.lines {
            for piece in line.pieces(in: text.font) {
                let font = piece.font
                guard font.size > 0, font.size.isFinite else { continue }
                // A component's own font: its outlines read from the file's glyf table.
                if let file = piece.file {
                    let scale = font.size / Double(file.unitsPerEm)
                    for (glyph, _, x) in TextMeasure.placedGlyphs(
                        of: piece.text, from: piece.x, font: font, file: file, tracking: piece.tracking)
                    {
                        if outlines[glyph] == nil { outlines[glyph] = file.outline(ofGlyph: glyph) ?? Path() }
                        let place = AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: x, ty: line.y)
                        result.elements += outlines[glyph, default: Path()].applying(place).elements
                    }
                    continue
                }
                let face = face(font.weight, design: font.design)
                let scale = font.size / face.unitsPerEm
                for (scalar, x) in TextMeasure.glyphPositions(
                    of: piece.text, from: piece.x, font: font, tracking: piece.tracking)
                {
                    if let glyph = face.glyphs[scalar.value] {
                        let place = AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: x, ty: line.y)
                        result.elements += glyph.applying(place).elements
                    }
                }
            }
        }
        return result
    }

    /// Parses the generated source: one glyph a line, `HEX pathdata` with M, L, C, Q, Z.
    static func parse(_ source: String) -> [UInt32: Path] {
        var glyphs: [UInt32: Path] = [:]
        for line in source.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2, let scalar = UInt32(fields[0], radix: 16) else { continue }
            glyphs[scalar] = parsePathData(fields[1])
        }
        return glyphs
    }

    /// Path data with absolute M, L, C, Q and Z commands, numbers separated by single spaces
    /// (the generator's form; nothing else is accepted, so a malformed line draws nothing).
    static func parsePathData(_ data: Substring) -> Path {
        var path = Path()
        var numbers: [Double] = []
        var command: Character?
        var token = ""
        func flush() {
            if !token.isEmpty, let value = Double(token) { numbers.append(value) }
            token = ""
        }
        func point(_ index: Int) -> Point { Point(x: numbers[index], y: numbers[index + 1]) }
        func emit() {
            switch command {
            case "M" where numbers.count == 2:
                path.move(to: point(0))
            case "L" where numbers.count >= 2 && numbers.count % 2 == 0:
                for index in stride(from: 0, to: numbers.count, by: 2) { path.addLine(to: point(index)) }
            case "C" where numbers.count >= 6 && numbers.count % 6 == 0:
                for index in stride(from: 0, to: numbers.count, by: 6) {
                    path.addCurve(to: point(index + 4), control1: point(index), control2: point(index + 2))
                }
            case "Q" where numbers.count >= 4 && numbers.count % 4 == 0:
                for index in stride(from: 0, to: numbers.count, by: 4) {
                    path.addQuadCurve(to: point(index + 2), control: point(index))
                }
            case "Z": path.closeSubpath()
            default: break
            }
            numbers.removeAll(keepingCapacity: true)
        }
        for character in data {
            switch character {
            case "M", "L", "C", "Q", "Z":
                flush()
                emit()
                command = character
            case " ": flush()
            default: token.append(character)
            }
        }
        flush()
        emit()
        return path
    }
}
