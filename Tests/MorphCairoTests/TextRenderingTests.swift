import MorphCairo
import MorphKit
import MorphRaster
import Testing

/// Text ink lies where MorphKit's layout says: from the baseline origin, inside the measured
/// line box (advance width × ascender + descender).
@Suite struct TextRenderingTests {
    struct InkBounds {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var isEmpty: Bool { maxX < minX }
    }

    /// Pixels that are not background white (any ink at all).
    static func ink(_ bitmap: Bitmap, columns: Range<Int>? = nil) -> InkBounds {
        var bounds = InkBounds()
        for y in 0..<bitmap.height {
            for x in columns ?? 0..<bitmap.width where bitmap[x, y].x < 250 {
                bounds.minX = min(bounds.minX, x)
                bounds.maxX = max(bounds.maxX, x)
                bounds.minY = min(bounds.minY, y)
                bounds.maxY = max(bounds.maxY, y)
            }
        }
        return bounds
    }

    @Test(arguments: [(weight: 600, scale: 2), (weight: 400, scale: 3), (weight: 700, scale: 1)])
    func northernLightsInkStaysInItsLineBox(weight: Int, scale: Int) throws {
        let text = "Northern Lights", size = 24.0, origin = Point(x: 20, y: 50)
        let font = Font(size: size, weight: FontWeight(rawValue: weight) ?? .regular)
        let width = TextMeasure.width(of: text, font: font)
        let op = DisplayList.Op.text(
            .init(
                id: "title", font: .init(weight: weight, size: size), color: .black,
                lines: [.init(x: origin.x, y: origin.y, text: text)]))
        let list = DisplayList(component: .morphContainer, size: Size(width: 240, height: 80), background: .white, ops: [op])
        let bitmap = try renderer().render(list, scale: scale)
        let s = Double(scale)
        let ink = Self.ink(bitmap)
        try #require(!ink.isEmpty)
        // Inside the line box (1 px of antialiasing slack).
        #expect(Double(ink.minX) >= origin.x * s - 1)
        #expect(Double(ink.maxX) <= (origin.x + width) * s + 1)
        #expect(Double(ink.minY) >= (origin.y - font.ascender) * s - 1)
        #expect(Double(ink.maxY) <= (origin.y + font.descender) * s + 1)
        // It starts at the origin: N's stem begins within 2.5 pt of x (its side bearing) ...
        #expect(Double(ink.minX) <= (origin.x + 2.5) * s)
        // ... and ends within 2.5 pt of the measured advance (the final s's side bearing), so the
        // run uses MorphKit's advances and kerning, in Inter.
        #expect(Double(ink.maxX) >= (origin.x + width - 2.5) * s)
        // The baseline: "N" (the first 10 pt) sits on it and reaches cap height above it.
        let n = Self.ink(bitmap, columns: Int(origin.x * s)..<Int((origin.x + 10) * s))
        #expect(abs(Double(n.maxY + 1) - origin.y * s) <= 1)
        #expect(abs(Double(n.minY) - (origin.y - font.capHeight) * s) <= 1.5)
        // The descender of "g" goes below the baseline.
        #expect(Double(ink.maxY) > origin.y * s + 2)
    }

    @Test func kerningMovesGlyphs() throws {
        // "AV" kerns tighter than "A" then "V" drawn at their unkerned advance: the V's ink
        // ends earlier by the kerning amount.
        let font = Font(size: 40, weight: .regular)
        let kern = TextMeasure.kerning("A", "V", font: font)
        try #require(kern < -0.5)
        func inkRight(_ lines: [DisplayList.TextLine]) throws -> Int {
            let op = DisplayList.Op.text(.init(id: "t", font: .init(weight: 400, size: 40), color: .black, lines: lines))
            let bitmap = try renderer().render(
                DisplayList(component: .curtain, size: Size(width: 120, height: 60), background: .white, ops: [op]), scale: 2)
            return Self.ink(bitmap).maxX
        }
        let kerned = try inkRight([.init(x: 10, y: 45, text: "AV")])
        let apart = try inkRight([
            .init(x: 10, y: 45, text: "A"), .init(x: 10 + TextMeasure.advance(of: "A", font: font), y: 45, text: "V"),
        ])
        #expect(abs(Double(apart - kerned) - (-kern * 2)) <= 1)
    }

    /// `.tracking(t)` puts t points after every character: the glyph run's ink ends
    /// (n − 1) · t further right than the untracked run's (the last character's tracking
    /// is space after its ink), and its first glyph does not move.
    @Test func trackingSpreadsTheGlyphRun() throws {
        let text = "SWIFTUI SNIPPETS", tracking = 0.8, scale = 2
        func ink(_ tracking: Double) throws -> InkBounds {
            let op = DisplayList.Op.text(
                .init(
                    id: "caption", font: .init(weight: 500, size: 12, tracking: tracking), color: .black,
                    lines: [.init(x: 10, y: 30, text: text)]))
            let bitmap = try renderer().render(
                DisplayList(component: .curtain, size: Size(width: 180, height: 40), background: .white, ops: [op]),
                scale: scale)
            return Self.ink(bitmap)
        }
        let plain = try ink(0), tracked = try ink(tracking)
        #expect(plain.minX == tracked.minX)
        let spread = Double(tracked.maxX - plain.maxX)
        #expect(abs(spread - Double(text.count - 1) * tracking * Double(scale)) <= 1, "spread \(spread) px")
    }
}
