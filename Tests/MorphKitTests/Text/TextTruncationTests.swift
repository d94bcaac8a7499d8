import Testing

@testable import MorphCore

/// Tail truncation: a text given a line limit or less height than it wants keeps its first
/// lines and ends the last in "…", as SwiftUI's `Text` with `.lineLimit(_:)` or a short frame
/// and `.truncationMode(.tail)` does.
@Suite struct TextTruncationTests {
    let font = Font(size: 17, weight: .regular)
    let paragraph =
        "Tiled streets, yellow trams and the best custard tarts you will ever taste. The card grew from where it was and goes back there when you close it."

    @Test func aParagraphLimitedToTwoLinesEndsInAnEllipsisThatFits() throws {
        let whole = TextLayout(paragraph, font: font, maxWidth: 200)
        #expect(whole.lines.count > 3)
        let cut = TextLayout(paragraph, font: font, maxWidth: 200, lineLimit: 2)
        try #require(cut.lines.count == 2)
        #expect(cut.lines[0] == whole.lines[0])
        let last = cut.lines[1]
        #expect(last.text.hasSuffix("\u{2026}"))
        #expect(!last.text.dropLast().hasSuffix(" "))
        // The rest of the paragraph is squeezed onto the line: more than the whole layout's
        // second line, as long as it fits with the ellipsis.
        #expect(last.text.dropLast().count > whole.lines[1].text.count - 3)
        #expect(last.width <= 200 + 1e-9)
        // The ellipsis is tracked as any character is (SF Pro's −0.43 pt at 17 pt).
        let tracked = TextMeasure.width(of: last.text, font: font) + font.systemTracking * Double(last.text.count)
        #expect(abs(last.width - tracked) < 1e-9)
        #expect(last.sourceRange == whole.lines[1].sourceRange.lowerBound..<paragraph.count)
        #expect(cut.size.height == font.lineHeight + cut.lineStep)
        #expect(cut.size.height < whole.size.height)
    }

    @Test func noLimitOrLimitZeroKeepsEveryLine() {
        let whole = TextLayout(paragraph, font: font, maxWidth: 200)
        #expect(TextLayout(paragraph, font: font, maxWidth: 200, lineLimit: 0) == whole)
        #expect(TextLayout(paragraph, font: font, maxWidth: 200, lineLimit: nil, maxHeight: nil) == whole)
        #expect(TextLayout(paragraph, font: font, maxWidth: 200, lineLimit: whole.lines.count) == whole)
        #expect(TextLayout(paragraph, font: font, maxWidth: 200, maxHeight: whole.size.height) == whole)
        #expect(!whole.lines.contains { $0.text.contains("\u{2026}") })
    }

    @Test func aMaximumHeightKeepsTheLinesThatFitAndAtLeastOne() {
        let whole = TextLayout(paragraph, font: font, maxWidth: 200)
        let threeLines = font.lineHeight + 2 * whole.lineStep
        #expect(TextLayout(paragraph, font: font, maxWidth: 200, maxHeight: threeLines).lines.count == 3)
        #expect(TextLayout(paragraph, font: font, maxWidth: 200, maxHeight: threeLines - 0.01).lines.count == 2)
        let none = TextLayout(paragraph, font: font, maxWidth: 200, maxHeight: 0)
        #expect(none.lines.count == 1)
        #expect(none.lines[0].text.hasSuffix("\u{2026}"))
        // The tighter of a line limit and a height wins.
        #expect(TextLayout(paragraph, font: font, maxWidth: 200, lineLimit: 2, maxHeight: threeLines).lines.count == 2)
    }

    @Test func aLimitAtAParagraphBreakStillEndsInAnEllipsis() {
        let cut = TextLayout("First\nSecond", font: font, maxWidth: 200, lineLimit: 1)
        #expect(cut.lines.map(\.text) == ["First\u{2026}"])
        #expect(TextLayout("One line", font: font, maxWidth: 200, lineLimit: 1).lines.map(\.text) == ["One line"])
    }

    @Test func anEllipsisAfterCodeIsInTheLayoutsFont() throws {
        let cut = TextLayout(
            markdown: "Use `ScrollView` and `List` in the background freely, as the footer says.", style: .body,
            maxWidth: 120, lineLimit: 1)
        let line = try #require(cut.lines.first)
        #expect(cut.lines.count == 1)
        #expect(line.text.hasSuffix("\u{2026}"))
        let scalars = line.text.unicodeScalars.count
        #expect(line.runs.allSatisfy { $0.range.upperBound < scalars })
        #expect(line.width <= 120 + 1e-9)
    }

    @Test func theCacheTellsLimitsApart() {
        let cache = TextLayoutCache()
        let whole = TextLayout(paragraph, font: font, maxWidth: 200, cache: cache)
        let two = TextLayout(paragraph, font: font, maxWidth: 200, lineLimit: 2, cache: cache)
        let three = TextLayout(paragraph, font: font, maxWidth: 200, lineLimit: 3, cache: cache)
        let short = TextLayout(paragraph, font: font, maxWidth: 200, maxHeight: 30, cache: cache)
        #expect(cache.count == 4)
        #expect([whole.lines.count, two.lines.count, three.lines.count, short.lines.count] == [whole.lines.count, 2, 3, 1])
        #expect(TextLayout(paragraph, font: font, maxWidth: 200, lineLimit: 2, cache: cache) == two)
        #expect(TextLayout(paragraph, font: font, maxWidth: 200, cache: cache) == whole)
        #expect(cache.count == 4)
    }
}
