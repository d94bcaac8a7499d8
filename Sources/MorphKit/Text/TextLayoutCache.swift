import Synchronization

/// Finished text layouts, shared by every session in the process, so a frame that draws the
/// same string in the same font at the same width as an earlier frame does not break lines
/// again (line breaking was half of a moving frame's CPU).
///
/// `TextLayout` is a pure function of its arguments, so a cached layout is the layout: the
/// key is every argument (string, font, wrapping width, spacing, line height, leading,
/// alignment), never a component's own notion of what changed. The cache holds at most
/// `capacity` layouts and starts over when full, so memory stays bounded however many
/// distinct strings pass through (a timer's text, strings from configurations). Thread-safe.
public enum TextLayoutCache {
    /// Most layouts kept before the cache starts over.
    public static let capacity = 2048

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

    private static let layouts = Mutex<[Key: TextLayout]>([:])
    private static let enabled = Atomic<Bool>(true)

    /// Whether layouts are cached (on by default). Benchmarks turn it off to measure the
    /// uncached cost in the same run; tests to prove a cached layout equals a fresh one.
    public static var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    /// Layouts held now.
    public static var count: Int { layouts.withLock { $0.count } }

    /// Forgets every layout.
    public static func removeAll() {
        layouts.withLock { $0 = [:] }
    }

    /// The cached layout for `key`, or `make()`'s, remembered.
    static func layout(for key: Key, _ make: () -> TextLayout) -> TextLayout {
        guard isEnabled else { return make() }
        if let cached = layouts.withLock({ $0[key] }) { return cached }
        let layout = make()
        layouts.withLock { table in
            if table.count >= capacity { table.removeAll(keepingCapacity: true) }
            table[key] = layout
        }
        return layout
    }
}
