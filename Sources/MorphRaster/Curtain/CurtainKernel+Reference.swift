import Foundation

extension CurtainKernel {
    /// The per-pixel geometry of the seed: where to sample, how much light to add, how much blur.
    struct Shading: Hashable {
        /// The blend between uniform and local reveal; 0 leaves the row alone.
        var compression: Float
        /// `distortedUV` after the vertical displacement.
        var distortedUV: SIMD2<Float>
        /// The sample position in the layer's points (`distortedUV * bounds - origin`).
        var sample: SIMD2<Float>
        /// Added to RGB (0…1 units).
        var highlight: Float
        /// `1.1 * pow(compression, 1.4)`: how far to move from the crisp toward the blurred sample.
        var blurMix: Float
        /// `biasedX / p`: the crease phase, whose half-integers flip the highlight's sign.
        var creasePhase: Float
    }

    /// The seed's maths for one pixel centre in the view's points, line by line; `nil` means transparent
    /// (the `uniformReveal == 1` early out and the defined `compression >= 1` case).
    func shading(at position: SIMD2<Float>) -> Shading? {
        let frame = FrameConstants(self)
        let uv = position / frame.size
        let dragUV = frame.dragUV
        let uniformReveal = saturate(1 - dragUV.x)
        if uniformReveal == 1 { return nil }

        let distance = uv - dragUV
        let localReveal = uniformReveal * exp(-pow(distance.y, 2) / 0.45)
        let compression = mix(localReveal, uniformReveal, saturate(pow(uniformReveal + 0.15, 1.8)))
        // Defined: the sample point runs off to infinity as compression reaches 1.
        guard compression < 1 else { return nil }

        var distortedUV = uv * SIMD2<Float>(1 / (1 - compression), 1)
        let p: Float = 1.0 / frame.folds
        // Left of the view (a layer reaching past it) the base is negative: clamped, as the page does.
        let biasedX = pow(Swift.max(distortedUV.x, 0), 1.2)
        let foldAmount = distortedUV.x * -(cos(compression * Float.pi) - 1) / 2
        let fold = 2 * abs(biasedX / p - (biasedX / p + 0.5).rounded(.down))
        let foldD = sign(sin(2 * Float.pi * biasedX / p))
        distortedUV.y += foldAmount * fold * (-12 / frame.size.y) * (2 * uv.y - 1)

        var highlight: Float = 0
        if distortedUV.x < 1 {
            highlight += foldAmount * foldD * 0.1
            highlight -= compression * 0.1
        }
        return Shading(
            compression: compression, distortedUV: distortedUV, sample: distortedUV * frame.size - frame.origin,
            highlight: highlight, blurMix: 1.1 * pow(compression, 1.4), creasePhase: biasedX / p)
    }

    /// The seed's colour for one pixel centre in the view's points (0…1 units, unclamped): crisp and 9-tap blurred
    /// samples mixed by compression, plus the highlight on RGB.
    func referenceColor(at position: SIMD2<Float>, in layer: Bitmap) -> SIMD4<Float> {
        guard let shading = shading(at: position) else { return .zero }
        let weights = Self.blurWeights
        let color = Self.sample(layer, at: shading.sample)
        var blurred = color * weights[0]
        for offset in 1..<5 {
            let step = SIMD2<Float>(Float(offset), 0)
            blurred += Self.sample(layer, at: shading.sample + step) * weights[offset]
            blurred += Self.sample(layer, at: shading.sample - step) * weights[offset]
        }
        let mixed = color + (blurred - color) * shading.blurMix
        return mixed + SIMD4(shading.highlight, shading.highlight, shading.highlight, 0)
    }

    /// Metal `layer.sample`: bilinear over premultiplied colour at a point, transparent outside.
    static func sample(_ layer: Bitmap, at point: SIMD2<Float>) -> SIMD4<Float> {
        let scale = Float(layer.scale)
        let pixelX = point.x * scale - 0.5, pixelY = point.y * scale - 0.5
        // Far outside (or NaN): no neighbour is inside, and Int() of it would trap.
        guard pixelX > -2, pixelX < Float(layer.width) + 1, pixelY > -2, pixelY < Float(layer.height) + 1 else {
            return .zero
        }
        let left = pixelX.rounded(.down), top = pixelY.rounded(.down)
        let fx = pixelX - left, fy = pixelY - top
        let x0 = Int(left), y0 = Int(top)
        func texel(_ x: Int, _ y: Int) -> SIMD4<Float> {
            guard x >= 0, x < layer.width, y >= 0, y < layer.height else { return .zero }
            return floats(layer[x, y]) / 255
        }
        let upper = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
        let lower = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
        return upper * (1 - fy) + lower * fy
    }

    /// The reference path: every pixel through `referenceColor`, one core, no shortcuts.
    ///
    /// Complexity: 9 bilinear samples and five transcendental calls per pixel.
    public func referenceApply(to layer: Bitmap) -> Bitmap {
        guard isEnabled else { return layer }
        var output = [UInt8](repeating: 0, count: layer.width * layer.height * 4)
        let scale = Float(layer.scale), origin = FrameConstants(self).origin
        for y in 0..<layer.height {
            for x in 0..<layer.width {
                let position = SIMD2<Float>((Float(x) + 0.5) / scale, (Float(y) + 0.5) / scale) + origin
                let bytes = quantize(referenceColor(at: position, in: layer) * 255)
                let offset = (y * layer.width + x) * 4
                output[offset] = bytes.x
                output[offset + 1] = bytes.y
                output[offset + 2] = bytes.z
                output[offset + 3] = bytes.w
            }
        }
        return Bitmap(uncheckedWidth: layer.width, height: layer.height, scale: layer.scale, pixels: output)
    }
}
