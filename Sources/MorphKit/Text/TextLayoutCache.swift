import Synchronization

/// Finished text layouts, shared by every session in the process, so a frame that draws the
/// same string in the same font at the same width as an earlier frame does not break lines
/// again (line breaking was half of a moving frame's CPU).
///
/// `TextLayout` is a pure function of its arguments, so a cached layout is the layout: the
/// key is every argument (string, font, wrapping width, spacing, line height, leading,
/// alignment), never a component's own notion of what changed. The cache holds at most
/// `capacity` layouts and about `byteCapacity` bytes of them, and starts over when either
/// is full, so memory stays bounded however many distinct strings pass through (a timer's
/// text, long strings from configurations: a 60 KB title's layout takes ~150 KB). A layout
/// larger than `byteCapacity` alone is not kept. Thread-safe.
public enum TextLayoutCache {
    /// Most layouts kept before the cache starts over.
    public static let capacity = 2048
    /// Most bytes of layouts kept (by `estimatedBytes`) before the cache starts over.
    public static let byteCapacity = 16 << 20

    struct Key: Hashable {
        var text: String
        var font: Font
        var maxWidth: Double?
        var lineSpacing: Double
        var lineHeight: Double?
        var leading: Font.Leading
        var alignment: TextAlignment
        var tracking: Double
        var codeSpans: [Range<Int>]
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

    private static let layouts = Mutex(Table(capacity: capacity, byteCapacity: byteCapacity))
    private static let enabled = Atomic<Bool>(true)

    /// Whether layouts are cached (on by default). Benchmarks turn it off to measure the
    /// uncached cost in the same run; tests to prove a cached layout equals a fresh one.
    public static var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    /// Layouts held now.
    public static var count: Int { layouts.withLock { $0.layouts.count } }

    /// Bytes the layouts held now take, by `estimatedBytes`.
    public static var bytes: Int { layouts.withLock { $0.bytes } }

    /// Forgets every layout.
    public static func removeAll() {
        layouts.withLock { $0 = Table(capacity: capacity, byteCapacity: byteCapacity) }
    }

    /// About what a cached layout and its key take: the strings twice (key and lines) and
    /// each line's and run's fields.
    static func estimatedBytes(_ key: Key, _ layout: TextLayout) -> Int {
        layout.lines.reduce(256 + 2 * key.text.utf8.count) { total, line in
            total + 96 + line.text.utf8.count + 48 * line.runs.count
        }
    }

    /// The cached layout for `key`, or `make()`'s, remembered.
    static func layout(for key: Key, _ make: () -> TextLayout) -> TextLayout {
        guard isEnabled else { return make() }
        if let cached = layouts.withLock({ $0.layouts[key] }) { return cached }
        let layout = make()
        layouts.withLock { $0.insert(layout, for: key) }
        return layout
    }
}
