import MorphCairo
import MorphKit
import MorphRaster
import MorphTestSupport
import Testing

/// The seed's preview is `MorphContainer().frame(width: 400, height: 440)`, and a `.frame` is
/// layout, not a clip: only `.clipped()` and `.clipShape` clip, so the open card's shadow
/// (radius 34, 16 pt down, its silhouette ending at y = 428) reaches past the frame's bottom
/// onto the preview's background. The component's `bleed` (64 pt) is drawn around the frame.
@Suite struct ShadowPastTheFrameTests {
    @Test func theOpenCardsShadowShowsBelowTheFrame() throws {
        let list = try SeedScenes(.morphContainer).scene(progress: 1).displayList()
        #expect(list.size == Size(width: 400, height: 440) && list.bleed == 64)
        let bitmap = try renderer().render(list, scale: 1)
        #expect(bitmap.width == 528 && bitmap.height == 568)
        // Far below the frame, 56 pt past the shadow's offset silhouette (y 444), the Gaussian's
        // tail (σ = 34 pt) is Φ(−56/34) × 16 % ≈ 0.8 %: the background within 2/255.
        let background = pixel(bitmap, atPoint: 200, 500, bleed: 64)
        #expect(distance(background, .white) <= 2, "far below the frame: the background, \(background)")
        // 2 and 6 pt below the frame's bottom edge, under the card: darker than the background.
        for y in [442.0, 446] {
            let shade = pixel(bitmap, atPoint: 200, y, bleed: 64)
            #expect(distance(shade, .white) >= 4, "(200, \(y)): \(shade)")
        }
        // The shadow fades with distance, as a Gaussian does.
        #expect(pixel(bitmap, atPoint: 200, 442, bleed: 64).x < pixel(bitmap, atPoint: 200, 460, bleed: 64).x)
        // The viewport's own pixels sit `bleed` in: the card's surface, white, inside it.
        #expect(distance(pixel(bitmap, atPoint: 360, 400, bleed: 64), .white) <= 1)
    }

    /// On a device's screen, which does clip at its edges, the container has no bleed.
    @Test func aScreenSizedSessionHasNoBleed() throws {
        let phone = try ComponentSession(component: .morphContainer, viewport: Size(width: 390, height: 844))
        #expect(phone.displayList().bleed == 0)
        #expect(try renderer().render(phone.displayList(), scale: 1).width == 390)
    }
}
