import MorphKit

/// Inter's glyph outlines, so exported text draws the same glyphs in every player without a
/// font: Lottie text layers and SVG `--text outlines` both come through here.
///
/// The outlines are generated from Debian's fonts-inter by `scripts/gen_glyph_outlines.py`
/// (with a `--check` drift guard), for the character set MorphKit measures. Glyphs are placed
/// with MorphKit's own advances and pair kerning (`TextMeasure`), exactly as the cairo
/// renderer places them, so a line ends where the layout measured it.
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

    static func face(_ weight: FontWeight) -> Face {
        switch weight {
        case .regular: regular
        case .medium: medium
        case .semibold: semibold
        case .bold: bold
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
    public static func outline(of scalar: Unicode.Scalar, weight: FontWeight) -> Path? {
        face(weight).glyphs[scalar.value]
    }

    /// Every line of a text op as one path in the op's coordinates (points, y down).
    ///
    /// - Complexity: linear in the characters and their outline sizes.
    public static func path(for text: DisplayList.Text) -> Path {
        let weight = nearestWeight(text.font.weight)
        guard text.font.size > 0, text.font.size.isFinite else { return Path() }
        let font = Font(size: text.font.size, weight: weight)
        let face = face(weight)
        let scale = text.font.size / face.unitsPerEm
        var result = Path()
        for line in text.lines {
            for (scalar, x) in TextMeasure.glyphPositions(
                of: line.text, from: line.x, font: font, tracking: text.font.tracking)
            {
                if let glyph = face.glyphs[scalar.value] {
                    let place = AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: x, ty: line.y)
                    result.elements += glyph.applying(place).elements
                }
            }
        }
        return result
    }

    /// Parses the generated source: one glyph a line, `HEX pathdata` with M, L, C, Z.
    static func parse(_ source: String) -> [UInt32: Path] {
        var glyphs: [UInt32: Path] = [:]
        for line in source.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1)
            guard fields.count == 2, let scalar = UInt32(fields[0], radix: 16) else { continue }
            glyphs[scalar] = parsePathData(fields[1])
        }
        return glyphs
    }

    /// Path data with absolute M, L, C and Z commands, numbers separated by single spaces
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
            case "Z": path.closeSubpath()
            default: break
            }
            numbers.removeAll(keepingCapacity: true)
        }
        for character in data {
            switch character {
            case "M", "L", "C", "Z":
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
