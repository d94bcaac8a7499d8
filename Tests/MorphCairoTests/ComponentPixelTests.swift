import MorphCairo
import MorphKit
import MorphRaster
import MorphTestSupport
import Testing

/// Pixels of the three components at known states, against the seeds' colours.
/// Tolerance: ±4/255 per channel for flat and gradient colour (antialiasing and 8-bit
/// gradient rounding stay well inside it), sampled away from edges and text.
@Suite struct ComponentPixelTests {
    static let tolerance = 4
    // Seed 000: the artwork gradient.
    static let artA = RGBAColor(red: 0.486, green: 0.361, blue: 1.0)
    static let artB = RGBAColor(red: 0.184, green: 0.435, blue: 0.929)

    @Test func collapsedContainerSurfaceAndArtworkGradient() throws {
        let list = try SeedScenes(.morphContainer).scene(progress: 0).displayList()
        let bitmap = try renderer().render(list, scale: 2)
        // The 400 × 440 frame and the 64 pt bleed around it, drawn in (a frame clips nothing).
        #expect(bitmap.width == 1056 && bitmap.height == 1136)
        let card = try #require(list.accessibility.first { $0.id == "card" }).frame
        // The row's surface is white just inside its right edge, beside the chevron's column.
        #expect(distance(pixel(bitmap, atPoint: card.maxX - 8, card.midY + 30, bleed: list.bleed), .white) <= Self.tolerance)
        // Artwork: 64 pt square, 16 pt in from the card's corner (seed), gradient top-leading to
        // bottom-trailing. Sample 10 pt in from each corner (clear of the rounded corners).
        let art = Rect(x: card.minX + 16, y: card.minY + 16, width: 64, height: 64)
        for (x, y) in [
            (art.minX + 10, art.minY + 10), (art.maxX - 10, art.maxY - 10), (art.maxX - 10, art.minY + 10),
            (art.minX + 10, art.maxY - 10),
        ] {
            let cx = pixelCentre(x, scale: 2), cy = pixelCentre(y, scale: 2)
            let t = ((cx - art.minX) * 64 + (cy - art.minY) * 64) / (2 * 64 * 64)
            let actual = pixel(bitmap, atPoint: x, y, bleed: list.bleed)
            #expect(distance(actual, lerp(Self.artA, Self.artB, t)) <= Self.tolerance, "at (\(x), \(y)) t=\(t): \(actual)")
        }
        // Just outside the card (shadow region is faint, 0.06 black): nearly white.
        #expect(distance(pixel(bitmap, atPoint: card.midX, card.minY - 30, bleed: list.bleed), .white) <= Self.tolerance)
    }

    @Test func heroCardGradient() throws {
        // Seed 001: LinearGradient(colors: [.orange, .pink, .purple]) top-leading → bottom-trailing;
        // iOS light-mode system colours.
        let orange = RGBAColor(red: 1, green: 0.584, blue: 0), pink = RGBAColor(red: 1, green: 0.176, blue: 0.333)
        let purple = RGBAColor(red: 0.686, green: 0.322, blue: 0.871)
        let list = try SeedScenes(.heroCard).scene(progress: 0).displayList()
        let bitmap = try renderer().render(list, scale: 2)
        let card = try #require(list.accessibility.first { $0.id == "card" }).frame
        func expected(_ x: Double, _ y: Double) -> RGBAColor {
            let cx = pixelCentre(x, scale: 2) - card.minX, cy = pixelCentre(y, scale: 2) - card.minY
            let t = (cx * card.width + cy * card.height) / (card.width * card.width + card.height * card.height)
            return t < 0.5 ? lerp(orange, pink, t * 2) : lerp(pink, purple, t * 2 - 1)
        }
        for (x, y) in [(card.maxX - 30, card.maxY - 30), (card.maxX - 30, card.minY + 30), (card.midX + 60, card.maxY - 20)] {
            let actual = pixel(bitmap, atPoint: x, y)
            #expect(distance(actual, expected(x, y)) <= Self.tolerance, "at (\(x), \(y)): \(actual)")
        }
    }

    @Test func closedCurtainForegroundIsWhite96() throws {
        let list = try SeedScenes(.curtain).scene(drag: nil, isRevealed: false).displayList()
        let bitmap = try renderer().render(list, scale: 2)
        let foreground = RGBAColor(white: 0.96)
        for (x, y) in [(200.0, 820.0), (370.0, 600.0), (5.0, 830.0)] {
            #expect(distance(pixel(bitmap, atPoint: x, y), foreground) <= 1)
        }
    }

    /// The folded curtain is exactly MorphRaster's kernel run on the foreground rendered alone,
    /// composited over everything beneath it.
    @Test(arguments: [Point(x: 180, y: 420), Point(x: 60, y: 200)])
    func foldedCurtainIsTheKernelOutput(drag: Point) throws {
        let list = try SeedScenes(.curtain).scene(drag: drag, isRevealed: false).displayList()
        let start = try #require(
            list.ops.firstIndex {
                if case .push(let group) = $0 { group.effect != nil } else { false }
            })
        guard case .push(let group) = list.ops[start], let effect = group.effect else { return }
        let end = try #require(matchingPop(list.ops, from: start))
        // The curtain's layer sits at the origin, unscaled: pixels line up one to one.
        #expect(group.transform == .identity && effect.bounds.origin == .zero)

        let renderer = try renderer()
        let frame = try renderer.render(list, scale: 2)
        var content = DisplayList(component: .curtain, size: effect.bounds.size, background: .clear)
        content.ops = Array(list.ops[(start + 1)..<end])
        let folded = CurtainKernel(effect: effect).apply(to: try renderer.render(content, scale: 2))
        var beneath = list
        beneath.ops.removeSubrange(start...end)
        let below = try renderer.render(beneath, scale: 2)

        var worst = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let top = folded[x, y], bottom = below[x, y]
                let inverse = 255 - Int(top.w)
                for channel in 0..<4 {
                    let expected = min(255, Int(top[channel]) + (Int(bottom[channel]) * inverse + 127) / 255)
                    worst = max(worst, abs(expected - Int(frame[x, y][channel])))
                }
            }
        }
        #expect(worst <= 1, "largest difference \(worst)/255")
        // The kernel really folded something: part of the layer went transparent or translucent.
        #expect(folded.pixels != (try renderer.render(content, scale: 2)).pixels)
    }
}
