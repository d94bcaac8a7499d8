import MorphKit

extension ImageSurface {
    /// The layer's silhouette (its alpha) blurred by `blur`, tinted `color`, on a surface of
    /// the same size; nil when the layer is fully transparent.
    ///
    /// Only the layer's inked box, grown by the kernel radius, is blurred: a card's shadow
    /// costs its own area, not the frame's.
    func shadow(color: RGBAColor, blur: GaussianBlur) throws(MorphCairoError) -> ImageSurface? {
        let width = width, height = height
        // The box of pixels with any alpha.
        var minX = width, minY = height, maxX = -1, maxY = -1
        withPixels { words, wordsPerRow in
            for y in 0..<height {
                let row = words + y * wordsPerRow
                for x in 0..<width where row[x] >> 24 != 0 {
                    minX = Swift.min(minX, x)
                    maxX = Swift.max(maxX, x)
                    minY = Swift.min(minY, y)
                    maxY = Swift.max(maxY, y)
                }
            }
        }
        guard maxX >= minX else { return nil }
        let radius = blur.radius
        let x0 = Swift.max(0, minX - radius), y0 = Swift.max(0, minY - radius)
        let x1 = Swift.min(width, maxX + 1 + radius), y1 = Swift.min(height, maxY + 1 + radius)
        let regionWidth = x1 - x0, regionHeight = y1 - y0
        var plane = [Float](repeating: 0, count: regionWidth * regionHeight)
        withPixels { words, wordsPerRow in
            for y in y0..<y1 {
                let row = words + y * wordsPerRow
                for x in x0..<x1 { plane[(y - y0) * regionWidth + (x - x0)] = Float(row[x] >> 24) / 255 }
            }
        }
        // The region is the inked box grown by the blur's reach where the layer has room: what
        // lies between the two is transparent, and the blur pads only what is missing.
        let clear = GaussianBlur.ClearMargins(left: minX - x0, top: minY - y0, right: x1 - 1 - maxX, bottom: y1 - 1 - maxY)
        plane = blur.apply(to: plane, width: regionWidth, height: regionHeight, clear: clear)

        let shadow = try ImageSurface(width: width, height: height)
        let color = color.clampedToUnit
        let alpha = Float(color.alpha) * 255
        let red = Float(color.red), green = Float(color.green), blue = Float(color.blue)
        shadow.withPixels { words, wordsPerRow in
            for y in y0..<y1 {
                let row = words + y * wordsPerRow
                for x in x0..<x1 {
                    let coverage = plane[(y - y0) * regionWidth + (x - x0)] * alpha
                    guard coverage > 0 else { continue }
                    func byte(_ value: Float) -> UInt32 { UInt32(Swift.min(255, value + 0.5)) }
                    row[x] =
                        byte(coverage) << 24 | byte(coverage * red) << 16 | byte(coverage * green) << 8 | byte(coverage * blue)
                }
            }
        }
        return shadow
    }
}

/// Clamps a colour component to 0...1; NaN becomes 0.
func clampUnit(_ value: Double) -> Double { value.isNaN ? 0 : Swift.min(1, Swift.max(0, value)) }
