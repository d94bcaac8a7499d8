import Foundation
import MorphTestSupport
import Testing

@testable import MorphCore
@testable import MorphKit

/// SwiftUI's rule for Markdown code in a `Text`: the span keeps the paragraph's size and
/// weight, only the design becomes monospaced, and lines break over the mixed runs.
@Suite struct InlineCodeLayoutTests {
    static let body = Font(size: 17)
    static let mono = Font(size: 17, design: .monospaced)

    /// Width of `text` with `codeSpans` (Character offsets) computed here from the metrics
    /// tables, without `TextLayout`: Inter pieces by their hmtx advances and kerning, code by
    /// DejaVu Sans Mono's one advance (1233 of 2048 units) per character, no kerning across a
    /// font change; and each face's own tracking plus `tracking` after every character: SF
    /// Pro's −0.43 pt at 17 pt after an Inter character, none of it after a code character
    /// (the monospaced design's own tracking is 0).
    static func referenceWidth(_ text: String, codeSpans: [Range<Int>], tracking: Double = 0) -> Double {
        let characters = Array(text)
        var width = 0.0
        var index = 0
        func inter(_ range: Range<Int>) -> Double {
            let scalars = characters[range].flatMap(\.unicodeScalars)
            var units = 0
            for (offset, scalar) in scalars.enumerated() {
                units += FontFaceMetrics.inter(.regular).advance(of: scalar)
                if offset > 0 { units += FontFaceMetrics.inter(.regular).kerning(scalars[offset - 1], scalar) }
            }
            return Double(units) * 17 / 2816
        }
        for span in codeSpans {
            width += inter(index..<span.lowerBound)
            width += Double(span.count) * (1233 * 17 / 2048 + tracking)
            index = span.upperBound
        }
        let code = codeSpans.reduce(0) { $0 + $1.count }
        return width + inter(index..<characters.count) + (-0.43 + tracking) * Double(characters.count - code)
    }

    static func parse(_ source: String) -> (String, [Range<Int>]) {
        let parsed = InlineMarkdown(source)
        return (parsed.text, parsed.codeSpans)
    }

    @Test func markdownCodeSpansFollowCommonMark() {
        let intro = InlineMarkdown("uses a SwiftUI `Shader` in combination with a `DragGesture` to")
        #expect(intro.text == "uses a SwiftUI Shader in combination with a DragGesture to")
        #expect(intro.codeSpans == [15..<21, 44..<55])
        // Unmatched backticks are literal; a double-backtick span may hold one; one space is
        // stripped from each end; an empty span draws nothing.
        #expect(InlineMarkdown("a ` b").text == "a ` b")
        #expect(Self.parse("a ``x`y`` b") == ("a x`y b", [2..<5]))
        #expect(Self.parse("` List `") == ("List", [0..<4]))
        #expect(Self.parse("The `Shaders`'s") == ("The Shaders's", [4..<11]))
    }

    @Test func codeIsMeasuredInTheMonospacedFaceAtTheParagraphsSizeAndWeight() {
        #expect(Self.mono.family == "DejaVu Sans Mono")
        #expect(abs(TextMeasure.advance(of: "i", font: Self.mono) - 1233.0 * 17 / 2048) < 1e-12)
        let parsed = InlineMarkdown("a `List` b")
        let layout = TextLayout(markdown: "a `List` b", style: .body)
        #expect(layout.lines.count == 1)
        let line = layout.lines[0]
        #expect(line.text == "a List b")
        #expect(line.runs == [TextLayout.Run(range: 2..<6, font: Self.mono)])
        #expect(abs(line.width - Self.referenceWidth(parsed.text, codeSpans: parsed.codeSpans)) < 1e-9)
        // Semibold text keeps its weight in code (DejaVu draws it bold).
        let bold = TextLayout(markdown: "`x`", style: .body, weight: .semibold)
        #expect(bold.lines[0].runs.map(\.font) == [Font(size: 17, weight: .semibold, design: .monospaced)])
    }

    /// A width where the words fit on one line in Inter but not once the code is monospaced:
    /// the break moves, every line's width and runs match the reference.
    @Test func linesBreakOverTheMixedRuns() throws {
        let source = "uses a SwiftUI `Shader` in combination with a `DragGesture` to create a curtain"
        let parsed = InlineMarkdown(source)
        let firstLine = "uses a SwiftUI Shader in combination with a DragGesture"
        let firstSpans = parsed.codeSpans
        let mixedWidth = Self.referenceWidth(firstLine, codeSpans: firstSpans)
        let plainWidth = Self.referenceWidth(firstLine, codeSpans: [])
        try #require(plainWidth + 5 < mixedWidth, "code is wider in the monospaced face")
        let maxWidth = (plainWidth + mixedWidth) / 2

        let plain = TextLayout(parsed.text, font: Self.body, maxWidth: maxWidth)
        #expect(plain.lines[0].text == firstLine, "one font: DragGesture still fits")
        let mixed = TextLayout(markdown: source, style: .body, maxWidth: maxWidth)
        #expect(mixed.lines.map(\.text) == ["uses a SwiftUI Shader in combination with a", "DragGesture to create a curtain"])
        #expect(mixed.lines[0].runs == [.init(range: 15..<21, font: Self.mono)])
        #expect(mixed.lines[1].runs == [.init(range: 0..<11, font: Self.mono)])
        #expect(abs(mixed.lines[0].width - Self.referenceWidth(mixed.lines[0].text, codeSpans: [15..<21])) < 1e-9)
        #expect(abs(mixed.lines[1].width - Self.referenceWidth(mixed.lines[1].text, codeSpans: [0..<11])) < 1e-9)
        for line in mixed.lines { #expect(line.width <= maxWidth) }
        // The display list's pieces end where the layout measured the line.
        let node = SceneNode.text("intro", layout: mixed, origin: .zero, color: .black)
        let text = try #require(node.textContent)
        for (displayLine, laidOut) in zip(text.lines, mixed.lines) {
            let pieces = displayLine.pieces(in: text.font)
            let last = try #require(pieces.last)
            let end = last.x + TextMeasure.width(of: last.text, font: last.font) + last.tracking * Double(last.text.count)
            #expect(abs(end - laidOut.width) < 1e-9)
            #expect(pieces.map(\.text).joined() == laidOut.text)
        }
        #expect(
            text.lines[1].runs == [
                DisplayList.TextRun(start: 0, end: 11, font: .init(family: "DejaVu Sans Mono", size: 17))
            ])
    }

    /// Each run is tracked by its own face: the Inter pieces by SF Pro's tracking at the size
    /// plus `.tracking`, the code by the monospaced design's own (none) plus `.tracking`, as
    /// SwiftUI applies `.tracking` to the whole text and SF Mono is not SF Pro. Measured run by
    /// run: where each piece of the display list starts is where the pieces before it end,
    /// each character advanced by its face and its run's tracking.
    @Test(arguments: [0.0, 0.5]) func codeRunsTakeTheirOwnFacesTracking(tracking: Double) throws {
        let source = "a `List` and `ProgressView` here"
        let parsed = InlineMarkdown(source)
        let layout = TextLayout(markdown: source, style: .body, tracking: tracking)
        let line = try #require(layout.lines.first)
        #expect(layout.tracking == -0.43 + tracking)
        #expect(line.runs.map(\.tracking) == [tracking, tracking])
        #expect(abs(line.width - Self.referenceWidth(parsed.text, codeSpans: parsed.codeSpans, tracking: tracking)) < 1e-9)
        let node = SceneNode.text("t", layout: layout, origin: .zero, color: .black)
        let text = try #require(node.textContent)
        #expect(text.font.tracking == -0.43 + tracking)
        let pieces = text.lines[0].pieces(in: text.font)
        #expect(pieces.map(\.text) == ["a ", "List", " and ", "ProgressView", " here"])
        #expect(pieces.map(\.tracking) == [-0.43 + tracking, tracking, -0.43 + tracking, tracking, -0.43 + tracking])
        // Run advances: "List" is 4 monospaced advances and 4 trackings, "ProgressView" 12.
        let mono = 1233.0 * 17 / 2048
        #expect(abs(pieces[2].x - pieces[1].x - 4 * (mono + tracking)) < 1e-9)
        #expect(abs(pieces[4].x - pieces[3].x - 12 * (mono + tracking)) < 1e-9)
        let end = pieces[4].x + TextMeasure.width(of: pieces[4].text, font: pieces[4].font) + pieces[4].tracking * 5
        #expect(abs(end - line.width) < 1e-9)
    }

    /// Breaking measures the code with its own tracking: at a width between the line with the
    /// code tracked as SF Pro (0.43 pt a character narrower) and as itself, the last code
    /// word no longer fits and goes to the next line.
    @Test func linesBreakWithTheCodesOwnTracking() throws {
        let source = "uses a SwiftUI `Shader` with a `DragGesture`"
        let parsed = InlineMarkdown(source)
        let own = Self.referenceWidth(parsed.text, codeSpans: parsed.codeSpans)
        let asSFPro = own - 0.43 * Double(parsed.codeSpans.reduce(0) { $0 + $1.count })
        let layout = TextLayout(markdown: source, style: .body, maxWidth: (own + asSFPro) / 2)
        #expect(layout.lines.map(\.text) == ["uses a SwiftUI Shader with a", "DragGesture"])
        #expect(TextLayout(markdown: source, style: .body, maxWidth: own).lines.count == 1)
        // A line cut to fit with "…" measures its code the same way: it keeps as much as fits.
        let cut = TextLayout(markdown: source, style: .body, maxWidth: (own + asSFPro) / 2, lineLimit: 1)
        let kept = try #require(cut.lines.first)
        #expect(kept.text.hasSuffix("\u{2026}") && kept.width <= (own + asSFPro) / 2 + 1e-9)
        #expect(kept.runs.allSatisfy { $0.tracking == 0 })
    }

    @Test func oneFontTextIsUnchanged() throws {
        let text = "Because this approach does not rely on snapshotting, the contents remain live."
        let plain = TextLayout(text, style: .body, maxWidth: 200)
        #expect(TextLayout(markdown: text, style: .body, maxWidth: 200) == plain)
        #expect(plain.lines.allSatisfy { $0.runs.isEmpty })
        // No `runs` key in JSON for a one-font line.
        let line = DisplayList.TextLine(x: 1, y: 2, text: "a")
        #expect(line.jsonValue.objectValue.map { Set($0.keys) } == ["x", "y", "text"])
    }

    @Test func runsRoundTripThroughJSONAndBadRunsAreRejected() throws {
        let mono = DisplayList.Font(family: "DejaVu Sans Mono", size: 13)
        let line = DisplayList.TextLine(x: 1, y: 2, text: "e.g. List", runs: [.init(start: 5, end: 9, font: mono)])
        #expect(try DisplayList.TextLine(json: JSONCursor(parsing: Array(line.jsonValue.canonicalText.utf8))) == line)
        for bad in [
            #"{"x":0,"y":0,"text":"ab","runs":[{"start":1,"end":3,"font":{"family":"DejaVu Sans Mono","weight":400,"size":13}}]}"#,
            #"{"x":0,"y":0,"text":"ab","runs":[{"start":1,"end":1,"font":{"family":"DejaVu Sans Mono","weight":400,"size":13}}]}"#,
        ] {
            #expect(throws: JSONError.self) { try DisplayList.TextLine(json: JSONCursor(parsing: Array(bad.utf8))) }
        }
    }

    @Test func curtainDrawsTheSeedsBacktickedWordsMonospaced() throws {
        let scene = try SeedScenes(.curtain).scene(drag: nil, isRevealed: false, size: Size(width: 390, height: 844), time: 0)
        func codeWords(_ id: String) throws -> [String] {
            let text = try #require(scene.node(withID: id)?.textContent)
            #expect(text.font.family == "Inter")
            return text.lines.flatMap { line in
                line.runs.map { run in
                    // The paragraphs have no `.tracking`: the code keeps none of SF Pro's either.
                    #expect(
                        run.font
                            == DisplayList.Font(family: "DejaVu Sans Mono", weight: text.font.weight, size: text.font.size))
                    return String(String.UnicodeScalarView(Array(line.text.unicodeScalars)[run.start..<run.end]))
                }
            }
        }
        #expect(try codeWords("intro") == ["Shader", "DragGesture"])
        #expect(try codeWords("uikit") == ["List", "ProgressView"])
        #expect(try codeWords("scrollview") == ["ScrollView"])
        #expect(try codeWords("settings.footer") == ["Shaders", "List"])
        #expect(try codeWords("live").isEmpty)
    }
}

/// The layout cache keys a Markdown layout by its source: a hit skips the parse, and a
/// Markdown source never meets the plain layout of the same string.
@Suite struct MarkdownLayoutCacheTests {
    static let source = "Views backed by UIKit will not display correctly, this includes `List` but also `ProgressView`."

    @Test(arguments: [DynamicTypeSize.large, .accessibility3])
    func aCachedMarkdownLayoutIsTheFreshOne(size: DynamicTypeSize) {
        let first = TextLayout(markdown: Self.source, style: .body, at: size, maxWidth: 300, leading: .loose)
        let again = TextLayout(markdown: Self.source, style: .body, at: size, maxWidth: 300, leading: .loose)
        let parsed = InlineMarkdown(Self.source)
        let fresh = TextLayout(
            laying: parsed.text, font: .style(.body, at: size), maxWidth: 300, lineSpacing: 0,
            lineHeight: TextStyle.body.leading(at: size), leading: .loose, alignment: .leading,
            codeSpans: parsed.codeSpans)
        #expect(first == fresh && again == fresh)
        #expect(!first.codeSpans.isEmpty && !first.lines.map(\.text).joined().contains("`"))
    }

    @Test func theSameStringLaidOutPlainKeepsItsBackticks() {
        let markdown = TextLayout(markdown: Self.source, style: .body, maxWidth: 300)
        let plain = TextLayout(Self.source, style: .body, maxWidth: 300)
        #expect(plain.lines.map(\.text).joined(separator: " ").contains("`List`"))
        #expect(plain.codeSpans.isEmpty && markdown != plain)
    }
}
