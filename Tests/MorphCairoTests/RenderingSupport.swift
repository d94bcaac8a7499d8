import MorphCairo
import MorphKit
import MorphRaster

/// One renderer for the whole test target: loading the fonts once is the intended use.
/// Each test builds its own, since a renderer is not thread-safe.
func renderer() throws -> DisplayListRenderer { try DisplayListRenderer() }

/// The pixel whose centre lies nearest the point `(x, y)` (points) at the bitmap's scale.
func pixel(_ bitmap: Bitmap, atPoint x: Double, _ y: Double, bleed: Double = 0) -> SIMD4<UInt8> {
    bitmap[Int((x + bleed) * Double(bitmap.scale)), Int((y + bleed) * Double(bitmap.scale))]
}

/// The centre, in points, of the pixel `pixel(_:atPoint:)` picks.
func pixelCentre(_ value: Double, scale: Int) -> Double {
    (Double(Int(value * Double(scale))) + 0.5) / Double(scale)
}

/// Largest per-channel difference between a pixel and an opaque straight sRGB colour.
func distance(_ pixel: SIMD4<UInt8>, _ color: RGBAColor) -> Int {
    let expected = [color.red, color.green, color.blue, color.alpha].map { Int(($0 * 255).rounded()) }
    let actual = [pixel.x, pixel.y, pixel.z, pixel.w].map(Int.init)
    return zip(expected, actual).map { abs($0 - $1) }.max() ?? 0
}

/// `a + (b - a) t` per component: the sRGB, non-premultiplied interpolation the schema states.
func lerp(_ a: RGBAColor, _ b: RGBAColor, _ t: Double) -> RGBAColor {
    RGBAColor(
        red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
        blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
}

/// The matching pop of the push at `start`.
func matchingPop(_ ops: [DisplayList.Op], from start: Int) -> Int? {
    var depth = 0
    for index in start..<ops.count {
        switch ops[index] {
        case .push: depth += 1
        case .pop:
            depth -= 1
            if depth == 0 { return index }
        default: break
        }
    }
    return nil
}
