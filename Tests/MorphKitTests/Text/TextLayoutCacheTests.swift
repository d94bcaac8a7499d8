import Testing

@testable import MorphCore
@testable import MorphKit

/// A layout cache stays within its byte budget however long the strings (a
/// 60 KB title set over and over kept ~150 KB a layout, 2048 of them: ~300 MB).
@Suite struct TextLayoutCacheTests {
    let font = Font(size: 17, weight: .regular)

    func key(_ text: String) -> TextLayoutCache.Key {
        TextLayoutCache.Key(
            text: text, font: font, maxWidth: 200, lineSpacing: 0, lineHeight: nil, leading: .standard,
            alignment: .leading, tracking: 0, codeSpans: [])
    }

    @Test func aTableStartsOverAtItsByteCapacityAndKeepsNoLayoutLargerThanIt() {
        var table = TextLayoutCache.Table(capacity: 2048, byteCapacity: 20_000)
        for index in 0..<40 {
            let text = "\(index) " + String(repeating: "word ", count: 200)
            table.insert(TextLayout(text, font: font, maxWidth: 200), for: key(text))
            #expect(table.bytes <= 20_000)
            #expect(table.layouts[key(text)] != nil)
        }
        #expect(table.layouts.count < 40)
        let long = String(repeating: "word ", count: 4000)
        let estimate = TextLayoutCache.estimatedBytes(key(long), TextLayout(long, font: font, maxWidth: 200))
        #expect(estimate > 40_000, "the strings and lines count: \(estimate)")
        table.insert(TextLayout(long, font: font, maxWidth: 200), for: key(long))
        #expect(table.layouts[key(long)] == nil)
        #expect(table.bytes <= 20_000)
    }

    @Test func theSharedCacheIsBoundedByBytes() {
        #expect(TextLayoutCache.byteCapacity == 16 << 20)
        _ = TextLayout("bounded " + String(repeating: "x", count: 100), font: font, maxWidth: 200)
        #expect(TextLayoutCache.shared.bytes <= TextLayoutCache.byteCapacity)
    }

    /// A layout is kept in the cache it is given, and only there: the core keeps none of its own.
    @Test func aLayoutIsKeptInTheCacheItIsGivenAndNowhereElse() {
        let mine = TextLayoutCache()
        let layout = TextLayout("kept in mine", font: font, maxWidth: 200, cache: mine)
        #expect(mine.count == 1)
        #expect(TextLayout("kept in mine", font: font, maxWidth: 200, cache: mine) == layout)
        #expect(TextLayout("kept in mine", font: font, maxWidth: 200) == layout)
        _ = TextLayout("kept nowhere", font: font, maxWidth: 200)
        #expect(mine.count == 1)
    }

    /// A text given a height or line limit it fits within is laid out as without one, so the
    /// cache answers it with the whole layout (one line break, not two); a limit that cuts
    /// lays it out again, truncated. Either way the layout is the uncached one.
    @Test func aLimitTheTextFitsWithinSharesTheWholeLayout() throws {
        let mine = TextLayoutCache()
        let text = "four words a line, " + String(repeating: "then some more words ", count: 6)
        let whole = TextLayout(text, font: font, maxWidth: 200, cache: mine)
        try #require(whole.lines.count > 3)
        let lines = Double(whole.lines.count)
        let tall = whole.size.height + 1
        let fits = TextLayout(text, font: font, maxWidth: 200, maxHeight: tall, cache: mine)
        #expect(fits == whole)
        #expect(fits == TextLayout(text, font: font, maxWidth: 200, maxHeight: tall))
        let enough = TextLayout(text, font: font, maxWidth: 200, lineLimit: Int(lines), cache: mine)
        #expect(enough == whole)
        #expect(mine.count == 3, "the whole layout, then the two limited keys answered by it")
        let cut = TextLayout(text, font: font, maxWidth: 200, lineLimit: 2, cache: mine)
        #expect(cut.lines.count == 2)
        #expect(cut.lines.last?.text.hasSuffix("\u{2026}") == true)
        #expect(cut == TextLayout(text, font: font, maxWidth: 200, lineLimit: 2))
        let short = TextLayout(text, font: font, maxWidth: 200, maxHeight: font.lineHeight, cache: mine)
        #expect(short.lines.count == 1)
        #expect(short == TextLayout(text, font: font, maxWidth: 200, maxHeight: font.lineHeight))
        let markdown = "Some `code` and " + String(repeating: "words that wrap ", count: 8)
        let wholeMarkdown = TextLayout(markdown: markdown, style: .body, maxWidth: 200, cache: mine)
        let fitsMarkdown = TextLayout(
            markdown: markdown, style: .body, maxWidth: 200, maxHeight: wholeMarkdown.size.height, cache: mine)
        #expect(fitsMarkdown == wholeMarkdown)
        #expect(fitsMarkdown == TextLayout(markdown: markdown, style: .body, maxWidth: 200, maxHeight: wholeMarkdown.size.height))
        let cutMarkdown = TextLayout(markdown: markdown, style: .body, maxWidth: 200, lineLimit: 1, cache: mine)
        #expect(cutMarkdown == TextLayout(markdown: markdown, style: .body, maxWidth: 200, lineLimit: 1))
        #expect(cutMarkdown.lines.count == 1)
    }

    /// A component's build keeps its layouts in the cache its caller binds (`FrameCaches.use`),
    /// only for the extent of that call, and in none with `FrameCaches.none`.
    @Test func aComponentBuildKeepsLayoutsInTheCacheItsCallerBinds() throws {
        let session = try ComponentSession(component: .heroCard)
        let mine = TextLayoutCache()
        let scene = FrameCaches(textLayouts: mine, keepsStillParts: false).use { session.scene() }
        let kept = mine.count
        #expect(kept > 0)
        #expect(FrameCaches.none.use { session.scene() } == scene)
        _ = session.scene()
        #expect(mine.count == kept)
    }
}
