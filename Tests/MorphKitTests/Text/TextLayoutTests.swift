import Foundation
import MorphTestSupport
import Testing

@testable import MorphCore
@testable import MorphKit

/// `text`'s advance width as laid out: `TextMeasure.width` (advances and kerning) plus the
/// system font's tracking at `font`'s size after every character.
private func trackedWidth(_ text: String, font: Font) -> Double {
    TextMeasure.width(of: text, font: font) + font.systemTracking * Double(text.count)
}

/// An independent greedy wrapper for space-separated text, built only on `TextMeasure.width`
/// and the system tracking: add words while the joined line still fits, otherwise start a new
/// line.
private func referenceWrap(_ text: String, font: Font, width: Double) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ").map(String.init) {
        let candidate = current.isEmpty ? word : current + " " + word
        if current.isEmpty || trackedWidth(candidate, font: font) <= width {
            current = candidate
        } else {
            lines.append(current)
            current = word
        }
    }
    lines.append(current)
    return lines
}

@Suite struct TextLayoutTests {
    static let containerBody =
        "Slow synth pads recorded across three winters in Tromsø. Best played quietly, and late."
    static let heroDetail =
        "Tiled streets, yellow trams and the best custard tarts you will ever taste. The card grew from where it was and goes back there when you close it."

    @Test func containerBodyWrapsWithinThreeHundredPoints() {
        let font = Font.system(size: 13)
        let layout = TextLayout(Self.containerBody, font: font, maxWidth: 300, lineSpacing: 4)
        let expected = referenceWrap(Self.containerBody, font: font, width: 300)
        #expect(layout.lines.map(\.text) == expected)
        #expect(layout.lines.count >= 2, "the body cannot fit on one 300pt line at 13pt")
        #expect(layout.lines.map(\.text).joined(separator: " ") == Self.containerBody)
        for (index, line) in layout.lines.enumerated() {
            #expect(line.width <= 300)
            #expect(abs(line.width - trackedWidth(line.text, font: font)) < 1e-9)
            #expect(line.origin.x == 0)
            let baseline = font.ascender + Double(index) * (font.lineHeight + 4)
            #expect(abs(line.origin.y - baseline) < 1e-9)
        }
        let count = Double(layout.lines.count)
        #expect(abs(layout.size.height - (count * font.lineHeight + (count - 1) * 4)) < 1e-9)
        #expect(layout.size.width == layout.lines.map(\.width).max())
        // Greedy: no line could have taken the next line's first word.
        for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
            let firstWord = String(next.text.split(separator: " ")[0])
            #expect(trackedWidth(line.text + " " + firstWord, font: font) > 300)
        }
    }

    @Test func heroDetailAtBodyStyleStepsByTheStyleLeading() {
        let width = 302.0
        let layout = TextLayout(Self.heroDetail, style: .body, maxWidth: width)
        let font = Font.style(.body)
        #expect(font.size == 17 && font.weight == .regular)
        #expect(layout.lines.map(\.text) == referenceWrap(Self.heroDetail, font: font, width: width))
        #expect(layout.lines.count >= 3)
        #expect(layout.lineStep == 22)
        for (index, line) in layout.lines.enumerated() {
            #expect(line.width <= width)
            #expect(abs(line.origin.y - (font.ascender + Double(index) * 22)) < 1e-9)
        }
        let count = Double(layout.lines.count)
        #expect(abs(layout.size.height - (font.lineHeight + (count - 1) * 22)) < 1e-9)
    }

    @Test func looseLeadingAddsTwoPointsPerLine() {
        let standard = TextLayout(Self.heroDetail, style: .body, maxWidth: 250)
        let loose = TextLayout(Self.heroDetail, style: .body, maxWidth: 250, leading: .loose)
        let tight = TextLayout(Self.heroDetail, style: .body, maxWidth: 250, leading: .tight)
        #expect(loose.lines.map(\.text) == standard.lines.map(\.text))
        #expect(loose.lineStep == standard.lineStep + 2)
        #expect(tight.lineStep == standard.lineStep - 2)
        let extra = Double(standard.lines.count - 1) * 2
        #expect(abs(loose.size.height - standard.size.height - extra) < 1e-9)
    }

    @Test func aWordWiderThanTheLineBreaksBetweenCharacters() {
        let font = Font.system(size: 17, weight: .semibold)
        let word = "Supercalifragilisticexpialidocious"
        let layout = TextLayout("a " + word, font: font, maxWidth: 60)
        #expect(layout.lines.first?.text == "a")
        let pieces = layout.lines.dropFirst().map(\.text)
        #expect(pieces.joined() == word)
        #expect(pieces.count >= 3)
        for (index, piece) in pieces.enumerated() {
            #expect(!piece.isEmpty)
            #expect(trackedWidth(piece, font: font) <= 60)
            if index + 1 < pieces.count {
                let next = pieces[index + 1].first!
                #expect(trackedWidth(piece + String(next), font: font) > 60)
            }
        }
    }

    @Test func aLineNarrowerThanOneCharacterStillProgresses() {
        let layout = TextLayout("Wow", font: .system(size: 20), maxWidth: 1)
        #expect(layout.lines.map(\.text) == ["W", "o", "w"])
    }

    @Test func hyphensAreBreakOpportunities() {
        let font = Font.system(size: 15)
        let text = "well-known tracks"
        let width = trackedWidth("well-kn", font: font)
        let layout = TextLayout(text, font: font, maxWidth: width)
        #expect(layout.lines.map(\.text) == ["well-", "known", "tracks"])
        #expect(layout.lines.map(\.sourceRange) == [0..<5, 5..<11, 11..<17])
    }

    @Test func fixedSizeKeepsOneLineAsWideAsTheMeasure() {
        let font = Font.system(size: 24, weight: .semibold)
        let layout = TextLayout("Northern Lights", font: font)
        #expect(layout.lines.count == 1)
        #expect(abs(layout.size.width - trackedWidth("Northern Lights", font: font)) < 1e-9)
        #expect(abs(layout.size.height - font.lineHeight) < 1e-12)
        #expect(layout.firstBaseline == font.ascender)
    }

    @Test func newlinesBreakAndEmptyTextHasNoLines() {
        let font = Font.system(size: 13)
        #expect(TextLayout("", font: font).lines.isEmpty)
        #expect(TextLayout("", font: font).size == .zero)
        #expect(TextLayout("a\nb", font: font).lines.map(\.text) == ["a", "b"])
        #expect(TextLayout("a\n", font: font).lines.map(\.text) == ["a", ""])
        #expect(TextLayout("a\n\nb", font: font).lines.map(\.text) == ["a", "", "b"])
        #expect(TextLayout("a\n\nb", font: font).lines.map(\.sourceRange) == [0..<2, 2..<3, 3..<4])
    }

    @Test func sourceRangesTileTheString() {
        let text = "  Hanging  spaces\nand a newline, then Supercalifragilistic words. "
        let layout = TextLayout(text, font: .system(size: 13), maxWidth: 70)
        let characters = Array(text)
        var next = 0
        for line in layout.lines {
            #expect(line.sourceRange.lowerBound == next)
            #expect(String(characters[line.sourceRange]).hasPrefix(line.text))
            next = line.sourceRange.upperBound
        }
        #expect(next == characters.count)
    }

    @Test func alignmentPlacesShortLinesWithinTheWidest() {
        let font = Font.system(size: 13)
        let leading = TextLayout(Self.containerBody, font: font, maxWidth: 200)
        let centred = TextLayout(Self.containerBody, font: font, maxWidth: 200, alignment: .center)
        let trailing = TextLayout(
            Self.containerBody, font: font, maxWidth: 200, alignment: .trailing)
        for index in leading.lines.indices {
            let slack = leading.size.width - leading.lines[index].width
            #expect(abs(centred.lines[index].origin.x - slack / 2) < 1e-9)
            #expect(abs(trailing.lines[index].origin.x - slack) < 1e-9)
        }
    }

    @Test func layoutIsDeterministic() throws {
        let first = TextLayout(Self.heroDetail, style: .body, at: .accessibility2, maxWidth: 320)
        let second = TextLayout(Self.heroDetail, style: .body, at: .accessibility2, maxWidth: 320)
        #expect(first == second)
    }

    /// `.tracking(t)`: every character's advance gains t points, the last one's too (as
    /// `NSAttributedString`'s kern and CSS letter-spacing do). The width is summed here from
    /// the font's advances and pair kerning, character by character.
    @Test func trackingAddsToEveryCharacterAndWraps() throws {
        let text = "SWIFTUI SNIPPETS"
        let font = Font.style(.caption, weight: .medium)
        var expected = 0.0
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if let previous { expected += TextMeasure.kerning(previous, scalar, font: font) }
            expected += TextMeasure.advance(of: scalar, font: font) + 0.2
            previous = scalar
        }
        let tracked = TextLayout(text, style: .caption, weight: .medium, tracking: 0.2)
        #expect(tracked.tracking == 0.2)
        #expect(abs(tracked.lines[0].width - expected) < 1e-9)
        #expect(abs(tracked.size.width - TextMeasure.width(of: text, font: font) - 0.2 * 16) < 1e-9)
        // Wide enough untracked, too narrow tracked: the tracked text wraps after the space.
        let untracked = TextMeasure.width(of: text, font: font)
        let tight = TextLayout(text, style: .caption, weight: .medium, maxWidth: untracked + 1, tracking: 0.2)
        #expect(TextLayout(text, style: .caption, weight: .medium, maxWidth: untracked + 1).lines.count == 1)
        #expect(tight.lines.map(\.text) == ["SWIFTUI", "SNIPPETS"])
        // Glyph positions step by advance + kerning + tracking, ending at the measured width.
        let positions = TextMeasure.glyphPositions(of: text, from: 10, font: font, tracking: 0.2)
        let last = try #require(positions.last)
        #expect(abs(last.x + TextMeasure.advance(of: last.scalar, font: font) + 0.2 - (10 + expected)) < 1e-9)
    }

    /// The curtain's caption carries its tracking into the display list.
    @Test func curtainCaptionIsTracked() throws {
        let scene = try SeedScenes(.curtain).scene(drag: nil, isRevealed: false)
        let list = scene.displayList()
        let caption = list.ops.compactMap { op -> DisplayList.Text? in
            if case .text(let text) = op, text.id == "heading.caption" { text } else { nil }
        }.first
        #expect(caption?.font.tracking == 0.2, "the seed's .tracking(0.2)")
        #expect(try list.canonicalJSONString().contains(#""size":12,"tracking":0.2}"#))
    }
}
