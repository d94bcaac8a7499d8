import Foundation
import MorphExport
import MorphKit
import MorphTestSupport
import Testing

/// A component's own font in the exports: glyph outlines read from the file's `glyf` table
/// (simple and composite glyphs, quadratic contours) agree with fontTools' reading of the same
/// DejaVu Sans file, and SVG outlines and Lottie draw them at MorphKit's glyph positions.
@Suite struct FileFontOutlineTests {
    static let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// Simple glyphs (H, o with two contours, g with curves) and composites (é, Å: a base and
    /// an accent placed by offset).
    static let sample = Array("Hogé&Å".unicodeScalars)

    static func file() throws -> FontFile {
        let bytes = try #require(FileManager.default.contents(atPath: path), "fonts-dejavu-core is missing: run make deps")
        return try FontFile(family: "brand", source: "fonts/DejaVuSans.ttf", bytes: Array(bytes))
    }

    /// fontTools' bounds (of every point, on and off the curve) and contour count per scalar.
    static func fontTools() throws -> [[Int]] {
        let script = """
            import json, sys
            from fontTools.ttLib import TTFont
            font = TTFont(sys.argv[1])
            glyf, cmap = font["glyf"], font.getBestCmap()
            out = []
            for c in sys.argv[2].split(","):
                glyph = glyf[cmap[int(c)]]
                coordinates, ends, flags = glyph.getCoordinates(glyf)
                xs, ys = [p[0] for p in coordinates], [p[1] for p in coordinates]
                out.append([min(xs), min(ys), max(xs), max(ys), len(ends), 1 if glyph.isComposite() else 0])
            print(json.dumps(out))
            """
        let arguments = [path, sample.map { String($0.value) }.joined(separator: ",")]
        return try #require(try FontTools.run(script, arguments: arguments) as? [[Int]])
    }

    @Test func outlinesReadAsFontToolsReadsThem() throws {
        let file = try Self.file()
        let reference = try Self.fontTools()
        #expect(reference.map { $0[5] }.contains(1), "the sample has a composite glyph")
        for (scalar, expected) in zip(Self.sample, reference) {
            let outline = try #require(file.outline(ofGlyph: file.glyph(for: scalar)), "\(scalar)")
            let bounds = outline.controlPointBounds
            #expect(
                [bounds.minX, bounds.minY, bounds.maxX, bounds.maxY] == expected[0..<4].map(Double.init), "\(scalar)")
            let contours = outline.elements.filter { if case .move = $0 { true } else { false } }.count
            #expect(contours == expected[4], "\(scalar)")
        }
        #expect(file.outline(ofGlyph: file.glyph(for: " ")) == nil)
    }

    @Test func exportsDrawTheFilesGlyphsWhereMorphKitPlacedThem() throws {
        let file = try Self.file()
        let font = Font(size: 20)
        let layout = TextLayout("AV Hog", font: font, file: file)
        let node = SceneNode.text("t", layout: layout, origin: Point(x: 10, y: 10), color: .black, file: file)
        guard case .text(let laid) = node.content else {
            Issue.record("not a text node")
            return
        }
        let text = DisplayList.Text(id: "t", font: laid.font, color: .black, lines: laid.lines)
        let path = GlyphOutlines.path(for: text)
        let bounds = path.controlPointBounds
        let line = text.lines[0]
        // From the A's left edge (DejaVu's A starts at x = 16 units) to the g's right edge.
        let scale = 20.0 / 2048
        let a = try #require(file.outline(ofGlyph: file.glyph(for: "A"))).controlPointBounds
        #expect(abs(bounds.minX - (line.x + a.minX * scale)) < 1e-9)
        let gPosition = try #require(TextMeasure.glyphPositions(of: line.text, from: line.x, font: font, file: file).last)
        let g = try #require(file.outline(ofGlyph: file.glyph(for: "g"))).controlPointBounds
        #expect(abs(bounds.maxX - (gPosition.x + g.maxX * scale)) < 1e-9)
        // Inter's outlines for the same op would differ: the exports use the file.
        var inter = text
        inter.font.file = nil
        inter.font.family = "Inter"
        #expect(inter.font.face == nil)
        #expect(GlyphOutlines.path(for: inter).controlPointBounds != bounds)
    }

    /// The font's `latn` `liga` makes "fi" one glyph: the outlines SVG and Lottie draw for
    /// "files" are those of "\u{FB01}les" (the ligature's own code point), not the letters'.
    @Test func exportsDrawTheFilesLigatureGlyphs() throws {
        let file = try Self.file()
        func outline(_ string: String) throws -> Path {
            let layout = TextLayout(string, font: Font(size: 20), file: file)
            let node = SceneNode.text("t", layout: layout, origin: Point(x: 10, y: 10), color: .black, file: file)
            guard case .text(let text) = node.content else { throw FontFile.ReadError("not a text node") }
            return GlyphOutlines.path(for: DisplayList.Text(id: "t", font: text.font, color: .black, lines: text.lines))
        }
        let ligature = try outline("\u{FB01}les")
        #expect(try outline("files") == ligature)
        #expect(try outline("f\u{200C}iles") != ligature)  // a zero-width non-joiner keeps the letters
    }
}
