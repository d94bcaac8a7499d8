/// A string laid out in lines for one font (and its monospaced design for Markdown code
/// spans): where each line's baseline starts, how wide it is, and which stretches are code.
///
/// This is where line breaks are decided, once, so the browser canvas and cairo draw the same
/// lines at the same baselines. Wrapping follows SwiftUI: greedy, breaking after spaces and
/// after hyphens and dashes inside a word; trailing spaces hang past the edge; a word wider
/// than the line breaks between characters; newlines always break.
///
/// Vertical model (SwiftUI's, measured by developers: one line of `.body` is its natural
/// height, ten lines are that plus nine leadings): the first baseline sits `font.ascender`
/// below the top, each further baseline one `lineStep` lower, and the box ends
/// `font.descender` below the last baseline.
public struct TextLayout: Hashable, Sendable {
    /// One drawn line.
    public struct Line: Hashable, Sendable {
        /// The characters drawn, without the spaces or newline the line ended at.
        public var text: String
        /// The alphabetic baseline origin, relative to the text box's top-left.
        public var origin: Point
        /// The advance width of `text`, kerning included.
        public var width: Double
        /// Offsets, in `Character`s of the laid-out string, that this line consumed, including
        /// the hanging spaces or newline after `text`; the ranges of all lines tile the string.
        public var sourceRange: Range<Int>
        /// Stretches of `text` drawn in a font other than the layout's (inline code), in
        /// order; the rest of the line is in the layout's font. Empty for one-font text.
        public var runs: [Run] = []

        /// A line from its text, baseline origin, width, consumed range and font runs.
        public init(text: String, origin: Point, width: Double, sourceRange: Range<Int>, runs: [Run] = []) {
            self.text = text
            self.origin = origin
            self.width = width
            self.sourceRange = sourceRange
            self.runs = runs
        }
    }

    /// A stretch of a line in its own font.
    public struct Run: Hashable, Sendable {
        /// Offsets in Unicode scalars of the line's `text` (what renderers index by).
        public var range: Range<Int>
        /// The font the stretch is drawn in.
        public var font: Font
        /// Points after every character of the stretch: its own font's tracking
        /// (`Font.systemTracking`, none for the monospaced design) plus `.tracking(_:)`, not
        /// the paragraph's SF Pro tracking.
        public var tracking: Double

        /// A run of `range` in `font`, tracked by `tracking` points a character.
        public init(range: Range<Int>, font: Font, tracking: Double = 0) {
            self.range = range
            self.font = font
            self.tracking = tracking
        }
    }

    /// The font lines are drawn in, outside their `runs` (code is this font's monospaced design).
    public var font: Font
    /// Lines top to bottom; empty for an empty string.
    public var lines: [Line]
    /// The text box: the widest line by first-baseline-to-last-baseline plus ascender and
    /// descender (zero for an empty string).
    public var size: Size
    /// Baseline-to-baseline distance: line height plus leading adjustment plus line spacing.
    public var lineStep: Double
    /// Points added after every character in `font`: SF Pro's size-specific tracking for the
    /// font (`Font.systemTracking`) plus SwiftUI's `.tracking(_:)`; included in every line's
    /// width, and carried to the renderers by the display list's font, so they draw what was
    /// measured. A code run has its own (`Run.tracking`).
    public var tracking: Double = 0
    /// `Character` offsets of the laid-out string drawn in the monospaced design at the
    /// same size and weight (Markdown code spans); empty for one-font text.
    public var codeSpans: [Range<Int>] = []

    /// Lays out `text` in `font`.
    /// - Parameters:
    ///   - text: the string; `\n` starts a new paragraph.
    ///   - font: the face and size every glyph is measured in.
    ///   - maxWidth: the wrapping width; nil lays each paragraph on one line (`.fixedSize()`).
    ///   - lineSpacing: extra points between lines, as SwiftUI's `.lineSpacing(_:)`.
    ///   - lineHeight: baseline-to-baseline distance before adjustments, e.g. a text style's
    ///     leading; nil uses the font's natural line height (hhea).
    ///   - leading: `.loose` / `.tight` adjust every step by ±2 points.
    ///   - alignment: where shorter lines sit within the widest one.
    ///   - tracking: points added after every character (`.tracking(_:)`), on top of the
    ///     system font's own tracking at `font`'s size (`Font.systemTracking`), as SwiftUI
    ///     adds it ("the amount to modify the default tracking").
    ///   - codeSpans: ascending, disjoint `Character` ranges of `text` drawn in `font`'s
    ///     monospaced design (size and weight kept), as SwiftUI draws Markdown code spans;
    ///     lines break over the mixed runs, each glyph measured in its run's face and tracked
    ///     by that face's own tracking (the monospaced design has none of SF Pro's) plus
    ///     `tracking`.
    ///   - lineLimit: most lines drawn (`.lineLimit(_:)`); nil or 0 for no limit.
    ///   - maxHeight: the height proposed to the text: only the lines that fit in it are
    ///     drawn, at least one (a `Text` in a shorter frame). With either limit, the last
    ///     line kept ends in "…" when lines were dropped (`.truncationMode(.tail)`).
    ///   - file: a component's own font file the default design is measured in (its advances,
    ///     kerning and vertical metrics; no SF Pro tracking); nil for Inter.
    ///   - cache: where a layout of the same arguments may already be, and where this one is
    ///     kept; nil lays out afresh.
    public init(
        _ text: String, font: Font, maxWidth: Double? = nil, lineSpacing: Double = 0,
        lineHeight: Double? = nil, leading: Font.Leading = .standard,
        alignment: TextAlignment = .leading, tracking: Double = 0, codeSpans: [Range<Int>] = [],
        lineLimit: Int? = nil, maxHeight: Double? = nil, file: FontFile? = nil, cache: TextLayoutCache? = nil
    ) {
        let key = TextLayoutCache.Key(
            text: text, font: font, file: file, maxWidth: maxWidth, lineSpacing: lineSpacing, lineHeight: lineHeight,
            leading: leading, alignment: alignment, tracking: tracking, codeSpans: codeSpans, lineLimit: lineLimit,
            maxHeight: maxHeight)
        self = TextLayoutCache.layout(for: key, in: cache) { key in
            TextLayout(
                laying: text, font: font, file: file, maxWidth: maxWidth, lineSpacing: lineSpacing,
                lineHeight: lineHeight, leading: leading, alignment: alignment, tracking: tracking,
                codeSpans: codeSpans, lineLimit: key.lineLimit, maxHeight: key.maxHeight)
        }
    }

    /// The layout itself, uncached.
    init(
        laying text: String, font: Font, file: FontFile? = nil, maxWidth: Double?, lineSpacing: Double,
        lineHeight: Double?, leading: Font.Leading, alignment: TextAlignment, tracking: Double = 0,
        codeSpans: [Range<Int>] = [], lineLimit: Int? = nil, maxHeight: Double? = nil
    ) {
        // The `in:` forms apply the file to the default design only (code stays monospaced).
        let face = font.face(in: file)
        let naturalHeight = font.lineHeight(in: file)
        let step = (lineHeight ?? naturalHeight) + leading.lineSpacingAdjustment + lineSpacing
        // The tracking drawn, per face: the face's own at this size (SF Pro's table for the
        // default design, none for the monospaced one) plus the explicit one, which SwiftUI
        // applies to the whole text, code spans included.
        var code = font
        code.design = .monospaced
        let codeTracking = code.systemTracking + tracking
        let tracking = font.systemTracking(in: file) + tracking
        let spans = codeSpans.filter { !$0.isEmpty }
        let unitsPerEm = LineBreaker.unitsPerEm(face: face, runFaces: spans.isEmpty ? [] : [code.face])
        let unitsPerPoint = Double(unitsPerEm) / font.size
        let faceRuns = spans.map {
            LineBreaker.FaceRun(range: $0, face: code.face, trackingUnits: codeTracking * unitsPerPoint)
        }
        let breaker = LineBreaker(
            text: text, face: face, runs: faceRuns, maxUnits: maxWidth.map { $0 * unitsPerPoint },
            trackingUnits: tracking * unitsPerPoint)
        var broken = breaker.lines()
        if let limit = Self.lineCount(lineLimit: lineLimit, maxHeight: maxHeight, lineHeight: naturalHeight, step: step) {
            broken = breaker.truncated(broken, toLines: limit)
        }
        let widths = broken.map { line in
            // Without code this is the one product it always was, so one-font widths keep their bits.
            let inCode = Self.codeCharacters(of: line, codeSpans: codeSpans)
            let tracked = tracking * Double(line.text.count - inCode)
            let allTracking = inCode > 0 ? tracked + codeTracking * Double(inCode) : tracked
            return Double(line.units) * font.size / Double(unitsPerEm) + allTracking
        }
        let boxWidth = widths.max() ?? 0
        let laidOut = zip(broken, widths).enumerated().map { index, pair in
            Line(
                text: pair.0.text,
                origin: Point(
                    x: (boxWidth - pair.1) * alignment.factor,
                    y: font.ascender(in: file) + Double(index) * step),
                width: pair.1, sourceRange: pair.0.range,
                runs: Self.runs(of: pair.0, codeSpans: codeSpans, font: code, tracking: codeTracking))
        }
        self.font = font
        self.tracking = tracking
        self.codeSpans = codeSpans
        lineStep = step
        lines = laidOut
        size =
            laidOut.isEmpty
            ? .zero
            : Size(
                width: boxWidth,
                height: naturalHeight + Double(laidOut.count - 1) * step)
    }

    /// The most lines `lineLimit` and `maxHeight` leave (at least 1), nil when neither limits.
    /// `n` lines take `lineHeight + (n - 1) * step`.
    static func lineCount(lineLimit: Int?, maxHeight: Double?, lineHeight: Double, step: Double) -> Int? {
        var count: Int?
        if let lineLimit, lineLimit > 0 { count = lineLimit }
        if let maxHeight, !maxHeight.isNaN {
            // A hair of tolerance so a height computed as exactly n lines keeps n.
            let fitting =
                step > 0
                ? ((maxHeight - lineHeight) / step + 1e-9).rounded(.down) + 1
                : maxHeight >= lineHeight ? Double.infinity : 1
            if fitting < 1e9 { count = Swift.min(count ?? .max, Swift.max(1, Int(fitting))) }
        }
        return count
    }

    /// How many of a broken line's drawn characters are in code spans (an ellipsis ending a
    /// truncated line is not).
    private static func codeCharacters(of line: LineBreaker.BrokenLine, codeSpans: [Range<Int>]) -> Int {
        guard !codeSpans.isEmpty else { return 0 }
        let drawn = line.range.lowerBound..<(line.range.lowerBound + line.text.count - (line.isTruncated ? 1 : 0))
        return codeSpans.reduce(0) { $0 + $1.clamped(to: drawn).count }
    }

    /// The code spans a broken line covers, as scalar ranges of its drawn text (an
    /// ellipsis ending a truncated line is in the layout's font), each tracked by `tracking`.
    private static func runs(
        of line: LineBreaker.BrokenLine, codeSpans: [Range<Int>], font: Font, tracking: Double
    ) -> [Run] {
        guard !codeSpans.isEmpty else { return [] }
        let characters = Array(line.text.dropLast(line.isTruncated ? 1 : 0))
        let drawn = line.range.lowerBound..<(line.range.lowerBound + characters.count)
        // Scalar offset of each character of the line, and of its end.
        var scalarOffsets = [0]
        for character in characters { scalarOffsets.append(scalarOffsets.last! + character.unicodeScalars.count) }
        return codeSpans.compactMap { span in
            let visible = span.clamped(to: drawn)
            guard !visible.isEmpty else { return nil }
            let start = visible.lowerBound - drawn.lowerBound
            let end = visible.upperBound - drawn.lowerBound
            return Run(range: scalarOffsets[start]..<scalarOffsets[end], font: font, tracking: tracking)
        }
    }

    /// Lays out `text` in a text style at a Dynamic Type size, stepping lines by the style's
    /// leading (`.font(.body)`, `.font(.body.leading(.loose))`); with `file`, in that font
    /// at the style's size (`.custom(_:size:relativeTo:)`).
    public init(
        _ text: String, style: TextStyle, at dynamicTypeSize: DynamicTypeSize = .large,
        weight: FontWeight? = nil, maxWidth: Double? = nil, lineSpacing: Double = 0,
        leading: Font.Leading = .standard, alignment: TextAlignment = .leading, tracking: Double = 0,
        codeSpans: [Range<Int>] = [], lineLimit: Int? = nil, maxHeight: Double? = nil, file: FontFile? = nil,
        cache: TextLayoutCache? = nil
    ) {
        self.init(
            text, font: Font.style(style, at: dynamicTypeSize, weight: weight), maxWidth: maxWidth,
            lineSpacing: lineSpacing, lineHeight: style.leading(at: dynamicTypeSize),
            leading: leading, alignment: alignment, tracking: tracking, codeSpans: codeSpans, lineLimit: lineLimit,
            maxHeight: maxHeight, file: file, cache: cache)
    }

    /// Lays out Markdown `source` as SwiftUI's `Text` does for its code spans: the backticks
    /// go, the words between them are drawn monospaced (`InlineMarkdown`).
    public init(
        markdown source: String, style: TextStyle, at dynamicTypeSize: DynamicTypeSize = .large,
        weight: FontWeight? = nil, maxWidth: Double? = nil, leading: Font.Leading = .standard, tracking: Double = 0,
        lineLimit: Int? = nil, maxHeight: Double? = nil, file: FontFile? = nil, cache: TextLayoutCache? = nil
    ) {
        // Keyed by the Markdown source, so a cached layout skips the parse too (a component
        // file measures its Markdown paragraphs on every frame that moves them).
        let font = Font.style(style, at: dynamicTypeSize, weight: weight)
        let lineHeight = style.leading(at: dynamicTypeSize)
        let key = TextLayoutCache.Key(
            text: source, font: font, file: file, maxWidth: maxWidth, lineSpacing: 0, lineHeight: lineHeight,
            leading: leading, alignment: .leading, tracking: tracking, codeSpans: [], lineLimit: lineLimit,
            maxHeight: maxHeight, isMarkdown: true)
        self = TextLayoutCache.layout(for: key, in: cache) { key in
            let parsed = InlineMarkdown(source)
            return TextLayout(
                laying: parsed.text, font: font, file: file, maxWidth: maxWidth, lineSpacing: 0, lineHeight: lineHeight,
                leading: leading, alignment: .leading, tracking: tracking, codeSpans: parsed.codeSpans,
                lineLimit: key.lineLimit, maxHeight: key.maxHeight)
        }
    }

    /// The first line's baseline below the top of the box (SwiftUI's `firstTextBaseline`).
    public var firstBaseline: Double { lines.first?.origin.y ?? 0 }

    /// The last line's baseline below the top of the box (SwiftUI's `lastTextBaseline`).
    public var lastBaseline: Double { lines.last?.origin.y ?? 0 }
}
