import Foundation

extension CurtainKernel {
    /// The production path: the same image as `referenceApply(to:)` within 2/255, computed
    /// with no transcendental call per pixel and rows spread over `concurrency` cores.
    ///
    /// Three rewrites make it fast, none changing the maths:
    /// - everything that depends only on the row (reveal, compression, displacement scale, blur
    ///   mix) is computed once per row;
    /// - `pow(uv.x / (1 - c), 1.2) = pow(uv.x, 1.2) * pow(1 / (1 - c), 1.2)`: a column table times
    ///   a row factor; the crease sign comes from the phase's fraction instead of `sin`;
    /// - the 9 blur taps sit whole points (so whole pixels) from the sample, and bilinear
    ///   sampling is linear, so the blurred sample is one bilinear sample of a copy of the layer
    ///   blurred once per frame (`PreBlurredLayer`).
    ///
    /// Complexity: O(width × height); per pixel two bilinear samples and a dozen multiplies.
    public func apply(to layer: Bitmap, concurrency: Int? = nil) -> Bitmap {
        guard isEnabled, layer.width > 0, layer.height > 0 else { return layer }
        let frame = FrameConstants(self)
        if frame.uniformReveal == 1 {
            return Bitmap(
                uncheckedWidth: layer.width, height: layer.height, scale: layer.scale,
                pixels: [UInt8](repeating: 0, count: layer.width * layer.height * 4))
        }
        let workers = concurrency ?? ConcurrentRows.defaultConcurrency
        let blurred = PreBlurredLayer(layer, concurrency: workers)

        let scale = Float(layer.scale)
        let columnUV = (0..<layer.width).map { ((Float($0) + 0.5) / scale) / frame.size.x }
        let columnPower = columnUV.map { pow($0, 1.2) }

        let width = layer.width, height = layer.height
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            let output = SharedBuffer(base: buffer.baseAddress!)
            layer.pixels.withUnsafeBufferPointer { layerBytes in
                blurred.pixels.withUnsafeBufferPointer { blurredPixels in
                    columnUV.withUnsafeBufferPointer { columnUV in
                        columnPower.withUnsafeBufferPointer { columnPower in
                            let inputs = RowInputs(
                                frame: frame, scale: scale, width: width, height: height,
                                layer: SharedBuffer(base: UnsafeMutablePointer(mutating: layerBytes.baseAddress!)),
                                blurred: SharedBuffer(base: UnsafeMutablePointer(mutating: blurredPixels.baseAddress!)),
                                blurredWidth: blurred.width, blurredPadding: blurred.padding,
                                columnUV: SharedBuffer(base: UnsafeMutablePointer(mutating: columnUV.baseAddress!)),
                                columnPower: SharedBuffer(base: UnsafeMutablePointer(mutating: columnPower.baseAddress!)))
                            ConcurrentRows.forEachBand(rows: height, concurrency: workers) { rows in
                                for y in rows { inputs.shadeRow(y, into: output.base + y * width * 4) }
                            }
                        }
                    }
                }
            }
            count = width * height * 4
        }
        return Bitmap(uncheckedWidth: width, height: height, scale: layer.scale, pixels: pixels)
    }
}

/// Everything a row worker reads: frame constants and read-only buffers valid for the
/// duration of `apply(to:)`.
private struct RowInputs: Sendable {
    let frame: CurtainKernel.FrameConstants
    let scale: Float
    let width: Int
    let height: Int
    let layer: SharedBuffer<UInt8>
    let blurred: SharedBuffer<SIMD4<Float>>
    let blurredWidth: Int
    let blurredPadding: Int
    let columnUV: SharedBuffer<Float>
    let columnPower: SharedBuffer<Float>

    /// One output row, in the reference's order of operations wherever it is cheap to keep.
    func shadeRow(_ y: Int, into row: UnsafeMutablePointer<UInt8>) {
        let size = frame.size
        let uvY = ((Float(y) + 0.5) / scale) / size.y
        let distanceY = uvY - frame.dragUV.y
        let uniformReveal = frame.uniformReveal
        let localReveal = uniformReveal * exp(-(distanceY * distanceY) / 0.45)
        let compression = mix(localReveal, uniformReveal, saturate(pow(uniformReveal + 0.15, 1.8)))
        guard compression < 1 else {
            row.initialize(repeating: 0, count: width * 4)
            return
        }
        let stretch = 1 / (1 - compression)
        let rowPower = pow(stretch, 1.2)
        let foldScale = -(cos(compression * Float.pi) - 1) / 2
        let displacementScale = (-12 / size.y) * (2 * uvY - 1)
        let blurMix = 1.1 * pow(compression, 1.4)
        let shade = -compression * 0.1
        let widthF = Float(width), reach = 4 * scale
        let folds = frame.folds

        for x in 0..<width {
            let distortedX = columnUV.base[x] * stretch
            let sampleX = distortedX * size.x
            let pixelX = sampleX * scale - 0.5
            // Past this column every tap, the crisp one and the blur's leftmost, is outside.
            if pixelX - reach >= widthF {
                (row + x * 4).initialize(repeating: 0, count: (width - x) * 4)
                return
            }
            let phase = columnPower.base[x] * rowPower * folds
            let fold = 2 * abs(phase - (phase + 0.5).rounded(.down))
            let foldAmount = distortedX * foldScale
            let distortedY = uvY + foldAmount * fold * displacementScale
            let pixelY = distortedY * size.y * scale - 0.5

            var color = bilinearLayer(pixelX, pixelY)
            let blurredColor = bilinearBlurred(pixelX + Float(blurredPadding), pixelY)
            color += (blurredColor - color) * blurMix
            if distortedX < 1 {
                // sign(sin(2π·phase)): + in the first half of each period, - in the second.
                let fraction = phase - phase.rounded(.down)
                let creaseSign: Float = fraction == 0 || fraction == 0.5 ? 0 : (fraction < 0.5 ? 1 : -1)
                let light = (foldAmount * creaseSign * 0.1 + shade) * 255
                color += SIMD4(light, light, light, 0)
            }
            let bytes = quantize(color)
            (row + x * 4).withMemoryRebound(to: SIMD4<UInt8>.self, capacity: 1) { $0.pointee = bytes }
        }
    }

    /// Bilinear sample of the layer in pixel coordinates (0…255 units), transparent outside.
    @inline(__always) func bilinearLayer(_ pixelX: Float, _ pixelY: Float) -> SIMD4<Float> {
        guard pixelX > -1, pixelX < Float(width), pixelY > -1, pixelY < Float(height) else { return .zero }
        let left = pixelX.rounded(.down), top = pixelY.rounded(.down)
        let fx = pixelX - left, fy = pixelY - top
        let x0 = Int(left), y0 = Int(top)
        @inline(__always) func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
            guard x >= 0, x < width, y >= 0, y < height else { return .zero }
            let bytes = UnsafeRawPointer(layer.base + (y * width + x) * 4).loadUnaligned(as: SIMD4<UInt8>.self)
            return floats(bytes)
        }
        let upper = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
        let lower = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
        return upper * (1 - fy) + lower * fy
    }

    /// Bilinear sample of the padded pre-blurred copy, same conventions.
    @inline(__always) func bilinearBlurred(_ pixelX: Float, _ pixelY: Float) -> SIMD4<Float> {
        guard pixelX > -1, pixelX < Float(blurredWidth), pixelY > -1, pixelY < Float(height) else { return .zero }
        let left = pixelX.rounded(.down), top = pixelY.rounded(.down)
        let fx = pixelX - left, fy = pixelY - top
        let x0 = Int(left), y0 = Int(top)
        @inline(__always) func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
            guard x >= 0, x < blurredWidth, y >= 0, y < height else { return .zero }
            return blurred.base[y * blurredWidth + x]
        }
        let upper = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
        let lower = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
        return upper * (1 - fy) + lower * fy
    }
}
