import Synchronization

/// Finished text layouts, shared by the sessions that use one cache, so a frame that draws the same string in the same font at the same
/// width as an earlier frame does not break lines again (line breaking was half of a moving
/// frame's CPU).
///
/// `TextLayout` is a pure function of its arguments, so a cached layout is the layout: the
/// key is every argument (string, font, wrapping width, spacing, line height, leading,
/// alignment, line limit, height), never a component's own notion of what changed. The cache holds at most
/// `capacity` layouts and about `byteCapacity` bytes of them, and starts over when either
/// is full, so memory stays bounded however many distinct strings pass through (a timer's
/// text, long strings from configurations: a 60 KB title's layout takes ~150 KB). A layout
/// larger than `byteCapacity` alone is not kept. Thread-safe.
///
/// The core holds no cache of its own: whoever builds frames owns one and passes it to
/// `TextLayout`'s initialisers (MorphKit's `FrameCaches` decides which one a build uses).
public final class TextLayoutCache: Sendable {
    /// Most layouts kept before the cache starts over.
    public static let capacity = 2048
    /// Most bytes of layouts kept (by `estimatedBytes`) before the cache starts over.
    public static let byteCapacity = 16 << 20

    struct Key: Hashable {
        var text: String
        var font: Font
        /// The component's own font the text is in, if any (`TextLayout.file`).
        var file: FontFile?
        var maxWidth: Double?
        var lineSpacing: Double
        var lineHeight: Double?
        var leading: Font.Leading
        var alignment: TextAlignment
        var tracking: Double
        var codeSpans: [Range<Int>]
        /// Most lines kept and the proposed height (nil: no limit); part of the key because a
        /// truncated layout differs from the whole one.
        var lineLimit: Int? = nil
        var maxHeight: Double? = nil
        /// `text` is Markdown source, parsed (`InlineMarkdown`) before it is laid out.
        var isMarkdown = false
    }

    /// Layouts by key within a count and a byte budget; starts over when either is reached.
    struct Table {
        let capacity: Int
        let byteCapacity: Int
        private(set) var layouts: [Key: TextLayout] = [:]
        /// What the layouts held take, by `estimatedBytes`.
        private(set) var bytes = 0

        /// Keeps `layout` under `key`, unless it alone is over the byte budget.
        mutating func insert(_ layout: TextLayout, for key: Key) {
            let size = TextLayoutCache.estimatedBytes(key, layout)
            guard size <= byteCapacity else { return }
            if layouts.count >= capacity || bytes + size > byteCapacity {
                layouts.removeAll(keepingCapacity: true)
                bytes = 0
            }
            if layouts.updateValue(layout, forKey: key) == nil { bytes += size }
        }
    }

    /// Guards the table: layouts are looked up and added by every thread that builds frames.
    private let layouts: Mutex<Table>

    /// An empty cache holding at most `capacity` layouts and about `byteCapacity` bytes.
    public init(capacity: Int = TextLayoutCache.capacity, byteCapacity: Int = TextLayoutCache.byteCapacity) {
        layouts = Mutex(Table(capacity: capacity, byteCapacity: byteCapacity))
    }

    /// Layouts held now.
    public var count: Int { layouts.withLock { $0.layouts.count } }

    /// Bytes the layouts held now take, by `estimatedBytes`.
    public var bytes: Int { layouts.withLock { $0.bytes } }

    /// Forgets every layout.
    public func removeAll() {
        layouts.withLock { $0 = Table(capacity: $0.capacity, byteCapacity: $0.byteCapacity) }
    }

    /// About what a cached layout and its key take: the strings twice (key and lines) and
    /// each line's and run's fields.
    static func estimatedBytes(_ key: Key, _ layout: TextLayout) -> Int {
        layout.lines.reduce(256 + 2 * key.text.utf8.count) { total, line in
            total + 96 + line.text.utf8.count + 48 * line.runs.count
        }
    }

    /// The layout for `key` from `cache`, or `make(key)`'s, remembered there; with no cache,
    /// `make(key)`'s. `make` lays out with the key's line limit and height.
    ///
    /// A limit the whole text fits within changes nothing (`LineBreaker.truncated` keeps
    /// every line), so a limited key is answered by the unlimited layout whenever its lines
    /// fit: a text drawn with a height it fits in shares the layout of its measurement
    /// without one (the curtain's timer paragraph, measured for its stack, then drawn).
    static func layout(for key: Key, in cache: TextLayoutCache?, _ make: (Key) -> TextLayout) -> TextLayout {
        guard let cache else { return make(key) }
        if let cached = cache.layouts.withLock({ $0.layouts[key] }) { return cached }
        var layout: TextLayout
        if key.lineLimit != nil || key.maxHeight != nil {
            var whole = key
            (whole.lineLimit, whole.maxHeight) = (nil, nil)
            layout = Self.layout(for: whole, in: cache, make)
            let limit = TextLayout.lineCount(
                lineLimit: key.lineLimit, maxHeight: key.maxHeight, lineHeight: key.font.lineHeight(in: key.file),
                step: layout.lineStep)
            if let limit, Swift.max(1, limit) < layout.lines.count { layout = make(key) }
        } else {
            layout = make(key)
        }
        cache.layouts.withLock { $0.insert(layout, for: key) }
        return layout
    }
}
