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
