/// The layer blurred once by the seed's horizontal 9-tap Gaussian, taps `scale` pixels apart,
/// in 0…255 float units, padded by the blur's reach on both sides.
///
/// Why padded: a sample just right of the layer is transparent itself but its left taps reach
/// back inside, so the blurred copy is non-zero up to `4 * scale` pixels beyond each edge.
/// Column `x` of this copy is layer column `x - padding`.
struct PreBlurredLayer {
    let width: Int
    let height: Int
    let padding: Int
    let pixels: [SIMD4<Float>]

    init(_ layer: Bitmap, concurrency: Int) {
        let scale = layer.scale, padding = 4 * scale
        let width = layer.width + 2 * padding, height = layer.height
        let layerWidth = layer.width
        self.padding = padding
        self.width = width
        self.height = height
        let weights = CurtainKernel.blurWeights
        pixels = [SIMD4<Float>](unsafeUninitializedCapacity: width * height) { buffer, count in
            let output = SharedBuffer(base: buffer.baseAddress!)
            layer.pixels.withUnsafeBufferPointer { bytes in
                let source = SharedBuffer(base: UnsafeMutablePointer(mutating: bytes.baseAddress!))
                ConcurrentRows.forEachBand(rows: height, concurrency: concurrency) { rows in
                    // One row of the layer as floats with `2 * padding` zeros on each side, so
                    // every tap is a plain load.
                    let extended = layerWidth + 4 * padding
                    let row = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: extended)
                    defer { row.deallocate() }
                    row.initialize(repeating: .zero, count: extended)
                    for y in rows {
                        for x in 0..<layerWidth {
                            let texel = UnsafeRawPointer(source.base + (y * layerWidth + x) * 4)
                                .loadUnaligned(as: SIMD4<UInt8>.self)
                            row[x + 2 * padding] = floats(texel)
                        }
                        let target = output.base + y * width
                        for x in 0..<width {
                            let centre = x + padding
                            var sum = row[centre] * weights[0]
                            for tap in 1..<5 {
                                sum += (row[centre + tap * scale] + row[centre - tap * scale]) * weights[tap]
                            }
                            (target + x).initialize(to: sum)
                        }
                    }
                }
            }
            count = width * height
        }
    }
}
