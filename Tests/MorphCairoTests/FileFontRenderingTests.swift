import CCairo
import Foundation
import MorphCairo
import MorphKit
import MorphRaster
import Testing

/// A component's own font through cairo: FreeType, reading the same DejaVu Sans file on its
/// own, measures every line MorphKit laid out to the same width (integer font units, so
/// exactly) and breaks the paragraph at the same places; the renderer draws the file's
/// glyphs (not Inter's) with each line's ink inside its measured box.
@Suite struct FileFontRenderingTests {
    static let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The brand card example's paragraph, and its wrapping widths narrow, half open and wide.
    static let paragraph =
        "Quick wafting zephyrs vex bold Jim. A component names its font files beside it, and every line here is broken with the advances and kerning pairs of that font: AV, Te and Yo sit closer than their glyphs alone would."
    static let widths = [198.0, 258.0, 318.0]

    static func file() throws -> FontFile {
        let bytes = try #require(FileManager.default.contents(atPath: path), "fonts-dejavu-core is missing: run make deps")
        return try FontFile(family: "brand", source: "fonts/DejaVuSans.ttf", bytes: Array(bytes))
    }

    /// FreeType's reading of the file: unscaled advances and `kern` pairs, summed in font units.
    final class FreeTypeFace {
        var library: FT_Library?
        var face: FT_Face?

        init() throws {
            try #require(FT_Init_FreeType(&library) == 0)
            try #require(FT_New_Face(library, FileFontRenderingTests.path, 0, &face) == 0)
        }

        deinit {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
        }

        func units(of text: String) -> Int {
            var total = 0
            var previous: FT_UInt = 0
            for scalar in text.unicodeScalars {
                let glyph = FT_Get_Char_Index(face, FT_ULong(scalar.value))
                // Unscaled: the advance in font units, as hmtx stores it.
                guard FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0, let slot = face?.pointee.glyph else {
                    return -1
                }
                total += Int(slot.pointee.advance.x)
                if previous != 0 {
                    var kerning = FT_Vector()
                    FT_Get_Kerning(face, previous, glyph, FT_KERNING_UNSCALED.rawValue, &kerning)
                    total += Int(kerning.x)
                }
                previous = glyph
            }
            return total
        }
    }

    @Test(arguments: widths)
    func freeTypeMeasuresAndBreaksEveryLineAsMorphKit(maxWidth: Double) throws {
        let file = try Self.file()
        let freeType = try FreeTypeFace()
        let size = 15.0
        let layout = TextLayout(Self.paragraph, font: Font(size: size), maxWidth: maxWidth, file: file)
        let points = { (text: String) in Double(freeType.units(of: text)) * size / Double(file.unitsPerEm) }
        for line in layout.lines {
            #expect(line.width == points(line.text), "\(line.text)")
        }
        // Greedy breaking with FreeType's widths gives the same lines.
        var lines: [String] = []
        for word in Self.paragraph.split(separator: " ").map(String.init) {
            if let last = lines.last, points(last + " " + word) <= maxWidth + 1e-6 {
                lines[lines.count - 1] = last + " " + word
            } else {
                lines.append(word)
            }
        }
        #expect(layout.lines.map(\.text) == lines)
    }

    @Test func theRendererDrawsTheFilesGlyphsInsideEachLine() throws {
        let file = try Self.file()
        let font = Font(size: 15)
        let layout = TextLayout(Self.paragraph, font: font, maxWidth: 258, file: file)
        let node = SceneNode.text("body", layout: layout, origin: Point(x: 10, y: 10), color: .black, file: file)
        guard case .text(let text) = node.content else {
            Issue.record("not a text node")
            return
        }
        func render(_ displayFont: DisplayList.Font) throws -> Bitmap {
            let op = DisplayList.Op.text(.init(id: "body", font: displayFont, color: .black, lines: text.lines))
            return try renderer().render(
                DisplayList(component: .curtain, size: Size(width: 280, height: 260), background: .white, ops: [op]), scale: 2)
        }
        let drawn = try render(text.font)
        for (line, laid) in zip(text.lines, layout.lines) {
            var minX = Int.max, maxX = Int.min
            let top = Int((line.y - font.ascender(in: file)) * 2), bottom = Int((line.y + font.descender(in: file)) * 2)
            for y in max(0, top)..<min(drawn.height, bottom) {
                for x in 0..<drawn.width where drawn[x, y].x < 200 {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                }
            }
            try #require(maxX >= minX, "no ink on \(line.text)")
            // Side bearings of DejaVu Sans at 15 pt: a "J" reaches 1 pt left of its origin,
            // a final "." ends 2.5 pt before its advance; antialiasing adds a pixel.
            #expect(Double(minX) >= (line.x - 1) * 2 - 1)
            #expect(Double(minX) <= (line.x + 1.5) * 2)
            #expect(Double(maxX) <= (line.x + laid.width) * 2 + 1)
            #expect(Double(maxX) >= (line.x + laid.width - 2.5) * 2)
        }
        // The same lines in Inter's face draw other pixels: the renderer used the file.
        var inter = text.font
        inter.file = nil
        inter.family = "Inter"
        #expect(inter.face == nil)
        let other = try render(inter)
        var differing = 0
        for y in 0..<drawn.height {
            for x in 0..<drawn.width where drawn[x, y] != other[x, y] { differing += 1 }
        }
        #expect(differing > 2000)
    }

    /// DejaVu Sans's `latn` `liga` makes "fi" one glyph, as Chrome's canvas draws it: cairo draws
    /// that glyph (the one U+FB01 maps to), so "files" renders pixel for pixel as "\u{FB01}les"
    /// does, and not as the letters drawn apart (tracked text takes no ligature).
    @Test func theRendererDrawsTheFilesLigatureGlyphs() throws {
        let file = try Self.file()
        func render(_ string: String, tracking: Double = 0) throws -> Bitmap {
            let layout = TextLayout(string, font: Font(size: 30), maxWidth: nil, file: file)
            let node = SceneNode.text("word", layout: layout, origin: Point(x: 10, y: 10), color: .black, file: file)
            guard case .text(let text) = node.content else { throw FontFile.ReadError("not a text node") }
            var font = text.font
            font.tracking = tracking
            let op = DisplayList.Op.text(.init(id: "word", font: font, color: .black, lines: text.lines))
            return try renderer().render(
                DisplayList(component: .curtain, size: Size(width: 160, height: 60), background: .white, ops: [op]), scale: 2)
        }
        func differing(_ a: Bitmap, _ b: Bitmap) -> Int {
            var count = 0
            for y in 0..<a.height {
                for x in 0..<a.width where a[x, y] != b[x, y] { count += 1 }
            }
            return count
        }
        // The ligature and the letters are as wide (1290 units), so only the glyph differs.
        #expect(
            TextMeasure.width(of: "files", font: Font(size: 30), file: file)
                == TextMeasure.width(of: "\u{FB01}les", font: Font(size: 30), file: file))
        let ligature = try render("\u{FB01}les")
        #expect(differing(try render("files"), ligature) == 0)
        // Tracked by 0.001 pt (under a hundredth of a pixel here) the letters are drawn apart.
        #expect(differing(try render("files", tracking: 0.001), ligature) > 20)
    }
}
