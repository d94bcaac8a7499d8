import Foundation
import Testing

@testable import MorphCore
@testable import MorphKit

@Suite struct TextMeasureTests {
    /// Every string the seeds draw (the timer shows digits and a colon).
    static let seedStrings = [
        "Northern Lights", "Ambient mix · 12 tracks", TextLayoutTests.containerBody, "Play", "Save",
        "Today", "Lisbon", "Three days by the river", TextLayoutTests.heroDetail, "Close",
        "SWIFTUI SNIPPETS", "SwiftUI Snippets", "Curtain Effect",
        "This effect uses a SwiftUI `Shader` in combination with a `DragGesture` to create a curtain effect that deforms the view in response to the drag location.",
        "Try swiping from the right!",
        "Because this approach does not rely on snapshotting, the contents of the foreground layer remain live.",
        "For example, this timer continues to update: 0:12:34",
        "However, some caveats still apply:",
        "Views backed by UIKit will not display correctly on the top layer, this includes `List` but also `ProgressView`. Instead, the will render like this:",
        "More importantly, `ScrollView` also doesn't seem to work, limiting how much content you can fit on the screen.",
        "Settings", "Number of Folds (8)",
        "The backdrop view is not affected by the `Shaders`'s limitations and may use e.g. `List` freely.",
        "– — ’ “ ” … ø é ü ß Æ",
    ]

    @Test func everySeedCharacterHasARealAdvance() {
        for string in Self.seedStrings {
            for scalar in string.unicodeScalars {
                #expect(FontFaceMetrics.interRegular.index(of: scalar) != nil, "missing \(scalar)")
            }
        }
        #expect(FontFaceMetrics.interRegular.index(of: "\u{4E00}") == nil)
    }

    @Test func widthIsAdvancesPlusAdjacentKerning() {
        for weight in FontWeight.allCases {
            let font = Font(size: 13, weight: weight)
            for string in Self.seedStrings {
                let scalars = Array(string.unicodeScalars)
                var expected = 0.0
                for (index, scalar) in scalars.enumerated() {
                    expected += TextMeasure.advance(of: scalar, font: font)
                    if index > 0 { expected += TextMeasure.kerning(scalars[index - 1], scalar, font: font) }
                }
                #expect(abs(TextMeasure.width(of: string, font: font) - expected) < 1e-9)
            }
        }
    }

    @Test func kerningTightensAV() {
        for weight in FontWeight.allCases {
            let font = Font(size: 100, weight: weight)
            let separate = TextMeasure.width(of: "A", font: font) + TextMeasure.width(of: "V", font: font)
            #expect(TextMeasure.width(of: "AV", font: font) < separate - 1)
            #expect(TextMeasure.kerning("A", "V", font: font) < 0)
            #expect(TextMeasure.kerning("T", "o", font: font) < 0)
            // Kerning is ordered: no pair adjustment moves two spaces.
            #expect(TextMeasure.kerning(" ", " ", font: font) == 0)
        }
    }

    @Test func widthScalesLinearlyWithSize() {
        let small = TextMeasure.width(of: "Ambient mix · 12 tracks", font: .system(size: 11))
        let large = TextMeasure.width(of: "Ambient mix · 12 tracks", font: .system(size: 22))
        #expect(abs(large - 2 * small) < 1e-9)
    }

    @Test func heavierWeightsAreWider() {
        let text = "Northern Lights"
        let widths = FontWeight.allCases.map { TextMeasure.width(of: text, font: Font(size: 24, weight: $0)) }
        #expect(widths == widths.sorted())
        #expect(widths.first! < widths.last!)
    }

    @Test func verticalMetricsAreConsistent() {
        let font = Font.system(size: 17)
        #expect(abs(font.lineHeight - (font.ascender + font.descender + font.lineGap)) < 1e-12)
        #expect(font.capHeight < font.ascender && font.xHeight < font.capHeight)
        #expect(font.descender > 0)
        // Inter's line is a little taller than SF Pro's ~1.19 em, but within 5 %.
        #expect(abs(font.lineHeight / 17 - 1.19) < 0.06)
    }

    /// The monospaced design measures with DejaVu Sans Mono's own tables: every character
    /// of the curtain's code spans advances 1233/2048 em (the font's `hmtx`, written out here),
    /// with no kerning, and its vertical metrics are the font's `hhea` (1901, −483 per 2048).
    @Test func monospacedDesignMeasuresWithDejaVuSansMono() throws {
        let mono = Font.system(size: 17, design: .monospaced)
        #expect(mono.family == "DejaVu Sans Mono")
        for word in ["Shader", "DragGesture", "List", "ProgressView", "ScrollView"] {
            let expected = Double(word.count) * 1233 / 2048 * 17
            #expect(abs(TextMeasure.width(of: word, font: mono) - expected) < 1e-9, "\(word)")
            #expect(TextMeasure.width(of: word, font: mono) != TextMeasure.width(of: word, font: .system(size: 17)))
        }
        #expect(TextMeasure.kerning("A", "V", font: mono) == 0)
        #expect(abs(mono.ascender - 1901.0 / 2048 * 17) < 1e-9)
        #expect(abs(mono.descender - 483.0 / 2048 * 17) < 1e-9)
        // Bold has its own face; semibold takes it (DejaVu Sans Mono has no semibold).
        let bold = Font.system(size: 17, weight: .semibold, design: .monospaced)
        let boldWidth = TextMeasure.width(of: "Shader", font: bold)
        #expect(abs(boldWidth - 6 * 1233.0 / 2048 * 17) < 1e-9)
    }
}
