import MorphExport
import MorphJSON
import MorphKit
import MorphTestSupport
import Testing

/// The container's viewport is the seed's `.frame(width: 400, height: 440)` preview, and a
/// `.frame` clips nothing: its shadow reaches past the frame. The vector exports show the frame
/// and its 64 pt bleed, the ops at their own coordinates.
@Suite struct BleedTests {
    static func openContainer() throws -> DisplayList {
        try SeedScenes(.morphContainer).scene(progress: 1).displayList()
    }

    @Test func svgShowsTheBleedAroundTheFrame() throws {
        let svg = SVGWriter().svg(try Self.openContainer())
        #expect(svg.contains(#"width="528" height="568" viewBox="-64 -64 528 568""#))
        #expect(svg.contains(#"<rect x="-64" y="-64" width="528" height="568""#))
        // The card's shadow filter region reaches below the frame (y 440), where the bleed shows it.
        #expect(svg.contains("<feDropShadow"))
        // A screen-sized component has no bleed: the document is its viewport.
        let hero = SVGWriter().svg(try SeedScenes(.heroCard).scene(progress: 0).displayList())
        #expect(hero.contains(#"viewBox="0 0 390 844""#))
    }

    @Test func lottieCompositionHoldsTheFrameAndItsBleed() throws {
        let animation = LottieWriter().animation([try Self.openContainer()], fps: 60, name: "c")
        #expect(animation["w"] == .number(528) && animation["h"] == .number(568))
    }
}
