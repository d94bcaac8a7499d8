import Testing

@testable import MorphCore
@testable import MorphKit

/// SF Pro's size-specific tracking (HIG, Typography, "iOS, iPadOS tracking values", SF Pro,
/// points column) applied to the stand-in face, under the seeds' explicit `.tracking`.
@Suite struct SystemTrackingTests {
    /// Rows of Apple's table, exactly: text sizes, the Text-to-Display crossing, display sizes,
    /// and the ends.
    @Test(arguments: [
        (6.0, 0.24), (11, 0.06), (12, 0), (13, -0.08), (15, -0.23), (16, -0.31), (17, -0.43),
        (20, -0.45), (22, -0.26), (24, 0.07), (28, 0.38), (34, 0.40), (52, 0.33), (53, 0.31),
        (72, 0.14), (80, 0), (96, 0),
    ])
    func tableRowsAreApples(size: Double, points: Double) {
        #expect(Font.systemTracking(size: size) == points)
        #expect(Font.system(size: size).systemTracking == points)
    }

    /// Between rows the value is linear; outside the table it holds the end rows.
    @Test func betweenRowsInterpolatesAndEndsHold() {
        #expect(abs(Font.systemTracking(size: 16.5) - (-0.37)) < 1e-12)
        #expect(abs(Font.systemTracking(size: 20.25) - (-0.4275)) < 1e-12)
        #expect(abs(Font.systemTracking(size: 55) - 0.31) < 1e-12, "54 and 56 pt rows: 0.32, 0.30")
        #expect(Font.systemTracking(size: 4) == 0.24)
        #expect(Font.systemTracking(size: 200) == 0)
        #expect(Font.systemTracking(size: .nan) == 0.24)
        let rows = Font.sfProTracking
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0.size < $1.size }, "ascending sizes")
    }

    /// SF Mono has no published table: the monospaced design is untracked.
    @Test func monospacedDesignIsUntracked() {
        #expect(Font.system(size: 17, design: .monospaced).systemTracking == 0)
    }

    /// At 17 pt (`.body`) every character, the last one included (as `.tracking` is counted),
    /// is 0.43 pt narrower than Inter's own advances.
    @Test func bodyLineIsNarrowerByTheTableTimesCharacters() {
        let text = "Northern Lights"
        let font = Font.style(.body)
        let layout = TextLayout(text, style: .body)
        #expect(layout.tracking == -0.43)
        let untracked = TextMeasure.width(of: text, font: font)
        let expected = untracked - 0.43 * Double(text.count)
        #expect(abs(layout.lines[0].width - expected) < 1e-9)
        #expect(abs(layout.size.width - expected) < 1e-9)
        // The glyphs renderers place end where the layout measured.
        let positions = TextMeasure.glyphPositions(of: text, from: 0, font: font, tracking: layout.tracking)
        #expect(positions.count == text.count)
    }

    /// `.tracking(t)` adds to the system's tracking, as `NSAttributedString.Key.tracking`
    /// ("the amount to modify the default tracking") and SwiftUI's 0-is-the-default say.
    @Test func explicitTrackingAddsOnTop() {
        let text = "Fold the curtain"
        let plain = TextLayout(text, font: .system(size: 17))
        let tracked = TextLayout(text, font: .system(size: 17), tracking: 0.2)
        #expect(abs(tracked.tracking - (-0.43 + 0.2)) < 1e-12)
        #expect(abs(tracked.lines[0].width - plain.lines[0].width - 0.2 * Double(text.count)) < 1e-9)
        // At 12 pt the table is 0: the explicit value alone.
        #expect(TextLayout(text, font: .system(size: 12), tracking: 0.2).tracking == 0.2)
    }

    /// The tighter advances decide the breaks too: a width that fits only the tracked line.
    @Test func trackingDecidesLineBreaks() {
        let text = "Tiled streets yellow trams"
        let font = Font.style(.body)
        let tracked = TextMeasure.width(of: text, font: font) - 0.43 * Double(text.count)
        let layout = TextLayout(text, style: .body, maxWidth: tracked + 0.01)
        #expect(layout.lines.count == 1)
        #expect(TextLayout(text, style: .body, maxWidth: tracked - 0.5).lines.count == 2)
    }

    /// The display list's font carries the effective value, so renderers need no table.
    @Test func displayListCarriesTheEffectiveTracking() throws {
        let layout = TextLayout("Body", style: .body, tracking: 0.1)
        let black = RGBAColor(red: 0, green: 0, blue: 0)
        let node = SceneNode.text("t", layout: layout, origin: .zero, color: black)
        let scene = Scene(component: .curtain, size: Size(width: 100, height: 40), background: black, root: node)
        let op = try #require(
            scene.displayList().ops.compactMap { op -> DisplayList.Text? in
                if case .text(let text) = op { text } else { nil }
            }.first)
        #expect(abs(op.font.tracking - (-0.33)) < 1e-12)
        let pieces = op.lines[0].pieces(in: op.font)
        #expect(pieces.count == 1 && abs(pieces[0].tracking - (-0.33)) < 1e-12)
    }
}
