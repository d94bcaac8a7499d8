// The curtain kernel's per-row work, compiled three times from this one file: in
// `MorphRasterKernel` for baseline x86-64 (SSE2) and every other architecture, and, through
// symbolic links, in `MorphRasterKernelAVX2` with `-target-cpu haswell` (AVX2 + FMA) and in
// `MorphRasterKernelAVX512` with Haswell's features plus AVX-512 F/BW/CD/DQ/VL. The AVX-512
// variant defines `MORPH_KERNEL_AVX2` too: it is the AVX2 variant with 512-bit steps where
// `MORPH_KERNEL_AVX512` adds them, each lane computed as in the AVX2 variant. MorphRaster's
// `CurtainKernel.apply` picks one at run time from the CPU's features.
#if MORPH_KERNEL_AVX2
    import MorphRasterKernel
#endif
#if arch(x86_64)
    // The compiler's x86 intrinsics (SSE2 ones in every variant): a float-to-int conversion
    // without Swift's per-lane range checks.
    import _Builtin_intrinsics.intel
#endif

/// The row kernels: the blur prepass into a worker's ring, pass A (geometry of 8 columns at a
/// time) and pass B (fetch, mix, light, pack) for each row of a band.
package enum CurtainRows {
    /// Renders the rows of `frame.bands[band]` with `frame.scratches[band]`.
    package static func run(_ frame: CurtainFrame, band: Int) {
        let scratch = frame.scratches[band]
        scratch.highest = Int.min / 2
        for y in frame.bands[band] { renderRow(y, frame, scratch) }
    }

    static func renderRow(_ y: Int, _ frame: CurtainFrame, _ scratch: CurtainScratch) {
        let width = frame.width, height = frame.height
        let row = frame.output + y * width * 4
        let constants = frame.rows[y]
        guard constants.isDrawn else {
            row.update(repeating: 0, count: width * 4)
            return
        }
        // Make ring rows y - reach … y + reach (clipped to -2 … height + 1) valid.
        let needLow = Swift.max(y - frame.rowReach, -2), needHigh = Swift.min(y + frame.rowReach, height + 1)
        if scratch.highest < needLow - 1 { scratch.highest = needLow - 1 }
        if scratch.highest < needHigh {
            for ringRow in (scratch.highest + 1)...needHigh {
                prepare(row: ringRow, of: frame.layer, height: height, into: scratch)
            }
            scratch.highest = needHigh
        }
        let end = constants.end
        passA(constants, end: end, frame, scratch)
        passB(constants, end: end, scratch, into: row)
        if end < width { (row + end * 4).update(repeating: 0, count: (width - end) * 4) }
    }

    /// Prepares layer row `row` into its ring slot: the layer as floats and its 9-tap
    /// horizontal blur (taps `scale` pixels apart, zero outside the layer).
    package static func prepare(row: Int, of layer: UnsafePointer<UInt8>, height: Int, into scratch: CurtainScratch) {
        let ringRows = scratch.ringRows, slotStride = scratch.slotStride, width = scratch.width
        let slot = (row + 2) & (ringRows - 1)
        let target = scratch.ring + slot * slotStride
        if row < 0 || row >= height {
            target.update(repeating: 0, count: slotStride)
        } else {
            let source = layer + row * width * 4
            let texels = scratch.floatRow + scratch.floatRowPadding
            // Bytes to floats as one flat loop, which the compiler vectorises.
            let floats = UnsafeMutableRawPointer(texels).assumingMemoryBound(to: Float.self)
            for lane in 0..<(width * 4) { floats[lane] = Float(source[lane]) }
            let centre = UnsafePointer(floats - scratch.padding * 4)
            #if MORPH_KERNEL_AVX2
                blurWide(centre, scale: scratch.scale, texels: scratch.paddedWidth, into: target)
            #else
                // The blur as one flat loop over float lanes (a lane's taps are `4 · scale` lanes
                // apart), which the compiler vectorises; then the crisp and blurred texels are
                // interleaved into the slot.
                let w = curtainBlurWeights
                let lanes = scratch.paddedWidth * 4
                let blurred = scratch.blurredRow
                let d1 = 4 &* scratch.scale, d2 = 8 &* scratch.scale, d3 = 12 &* scratch.scale, d4 = 16 &* scratch.scale
                // Wrapping index arithmetic: no overflow checks, so the loop vectorises.
                for lane in 0..<lanes {
                    var sum = centre[lane] * w.0
                    sum = multiplyAdd(centre[lane &- d1] + centre[lane &+ d1], w.1, sum)
                    sum = multiplyAdd(centre[lane &- d2] + centre[lane &+ d2], w.2, sum)
                    sum = multiplyAdd(centre[lane &- d3] + centre[lane &+ d3], w.3, sum)
                    sum = multiplyAdd(centre[lane &- d4] + centre[lane &+ d4], w.4, sum)
                    blurred[lane] = sum
                }
                let crispTexels = UnsafeRawPointer(centre), blurredTexels = UnsafeRawPointer(blurred)
                let slotTexels = UnsafeMutableRawPointer(target)
                for texel in 0..<scratch.paddedWidth {
                    let offset = texel &* 16
                    slotTexels.storeBytes(
                        of: crispTexels.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self), toByteOffset: 2 &* offset,
                        as: SIMD4<Float>.self)
                    slotTexels.storeBytes(
                        of: blurredTexels.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self),
                        toByteOffset: 2 &* offset &+ 16,
                        as: SIMD4<Float>.self)
                }
            #endif
        }
        if slot == 0 {
            (scratch.ring + ringRows * slotStride).update(from: target, count: slotStride)
        }
    }

    /// Geometry of columns `0 ..< end`, 8 at a time, into the scratch's offsets, bilinear
    /// weights and light.
    static func passA(_ row: CurtainRowConstants, end: Int, _ frame: CurtainFrame, _ scratch: CurtainScratch) {
        typealias V = ColumnLanes
        let laneCount = V.scalarCount
        let size = frame.size
        let scaleF = Float(frame.scale)
        let pixelsPerUVX = size.x * scaleF, pixelsPerUVY = size.y * scaleF
        // A pixel's sample, from the view's points back to the layer's pixels, centres at half.
        let shiftX = V(repeating: 0.5 + frame.origin.x * scaleF), shiftY = V(repeating: 0.5 + frame.origin.y * scaleF)
        let stretch = V(repeating: row.stretch)
        let phaseFactor = V(repeating: row.rowPower * frame.folds)
        let foldScale = V(repeating: row.foldScale)
        let displacement = V(repeating: row.displacementScale)
        let uvY = V(repeating: row.uvY)
        let shade = V(repeating: row.shade)
        let heightF = Float(frame.height)
        let padding = scratch.padding
        // Clamps keep every index inside the ring while reading the same zeros.
        let lowY = V(repeating: -2), highY = V(repeating: heightF)
        // Left of a layer that reaches past the view's left edge a sample may leave the layer
        // on the left; the ring's outermost two padding columns read zeros, crisp and blurred.
        let lowX = V(repeating: -Float(padding))
        #if !MORPH_KERNEL_AVX2
            // The fast floor is exact below 2^22; a row whose phase gets larger takes the libm one.
            let lastColumn = Swift.max(end - 1, 0)
            let exactFloor = !(frame.columnPower[lastColumn] * row.rowPower * frame.folds < 4_000_000)
        #endif
        let ringMask = Int32(scratch.ringRows - 1), slotStride = Int32(scratch.slotStride)
        let lanePadding = ColumnIndices(repeating: Int32(padding))
        let one = V(repeating: 1), zero = V(repeating: 0), half = V(repeating: 0.5), two = V(repeating: 2)
        let tenth = V(repeating: 0.1), full = V(repeating: 255)
        let columnUV = UnsafeRawPointer(frame.columnUV), columnPower = UnsafeRawPointer(frame.columnPower)
        let offsets = UnsafeMutableRawPointer(scratch.offsets)
        let weights = UnsafeMutableRawPointer(scratch.weights), light = UnsafeMutableRawPointer(scratch.light)
        let weightPlane = scratch.weightPlane * 4

        var x = 0
        while x < end {
            // The tables hold `width` entries; the last group reads past `end` only within them
            // or, past the row, repeats the last column (its results are never used).
            let uv: V, power: V
            if x + laneCount <= frame.width {
                uv = columnUV.loadUnaligned(fromByteOffset: x &* 4, as: V.self)
                power = columnPower.loadUnaligned(fromByteOffset: x &* 4, as: V.self)
            } else {
                var u = V(repeating: frame.columnUV[frame.width - 1]), p = V(repeating: frame.columnPower[frame.width - 1])
                for lane in 0..<(frame.width - x) {
                    u[lane] = frame.columnUV[x + lane]
                    p[lane] = frame.columnPower[x + lane]
                }
                uv = u
                power = p
            }
            let distortedX = uv * stretch
            let pixelX = distortedX * pixelsPerUVX - shiftX
            let phase = power * phaseFactor
            let fraction: V
            #if MORPH_KERNEL_AVX2
                fraction = phase - phase.rounded(.down)  // one vroundps
            #else
                fraction = phase - (exactFloor ? phase.rounded(.down) : fastFloor(phase).value)
            #endif
            // 2·|phase - floor(phase + 0.5)|: the distance to the nearest integer, from the
            // fraction (both subtractions are exact, so this equals the reference's expression
            // except where phase + 0.5 rounds up, at the triangle's peak, where both are 1).
            let rest = one - fraction
            let fold = two * fraction.replacing(with: rest, where: rest .< fraction)
            let foldAmount = distortedX * foldScale
            let distortedY = uvY + foldAmount * fold * displacement
            let pixelY = distortedY * pixelsPerUVY - shiftY

            // sign(sin(2π·phase)): + in the first half of each period, - in the second.
            var creaseSign = one
            creaseSign.replace(with: -one, where: fraction .>= half)
            creaseSign.replace(with: zero, where: fraction .== zero .| fraction .== half)
            var lit = (foldAmount * creaseSign * tenth + shade) * full
            lit.replace(with: zero, where: .!(distortedX .< one))

            // Drawn columns have pixelX < width + 4·scale (see `end`), and -0.5 < pixelX unless
            // the layer reaches left of the view; lanes past `end` may hold anything, and their
            // results are never read.
            let clampedY = pixelY.replacing(with: lowY, where: .!(pixelY .>= lowY)).replacing(
                with: highY, where: pixelY .> highY)
            let clampedX = pixelX.replacing(with: lowX, where: pixelX .< lowX)
            let (floorX, columnIndex) = fastFloor(clampedX)
            let (floorY, rowIndex) = fastFloor(clampedY)
            let fx = clampedX - floorX, fy = clampedY - floorY
            let slot = (rowIndex &+ 2) & ringMask
            let offset = slot &* slotStride &+ (columnIndex &+ lanePadding) &* 8
            offsets.storeBytes(of: offset, toByteOffset: x &* 4, as: ColumnIndices.self)
            light.storeBytes(of: lit, toByteOffset: x &* 4, as: V.self)
            let w00 = (one - fx) * (one - fy), w01 = fx * (one - fy)
            let w10 = (one - fx) * fy, w11 = fx * fy
            weights.storeBytes(of: w00, toByteOffset: x &* 4, as: V.self)
            weights.storeBytes(of: w01, toByteOffset: weightPlane &+ x &* 4, as: V.self)
            weights.storeBytes(of: w10, toByteOffset: 2 &* weightPlane &+ x &* 4, as: V.self)
            weights.storeBytes(of: w11, toByteOffset: 3 &* weightPlane &+ x &* 4, as: V.self)
            x += laneCount
        }
    }

    /// Per column `0 ..< end`: the bilinear fetch of `[crisp | blurred]`, the mix by blur and
    /// the light, packed to bytes.
    static func passB(_ row: CurtainRowConstants, end: Int, _ scratch: CurtainScratch, into output: UnsafeMutablePointer<UInt8>) {
        #if MORPH_KERNEL_AVX2
            passBWide(row, end: end, scratch, into: output)
        #else
            passBNarrow(row, end: end, scratch, into: output)
        #endif
    }

    /// `passB` in SSE registers: crisp and blurred sums apart.
    static func passBNarrow(
        _ row: CurtainRowConstants, end: Int, _ scratch: CurtainScratch, into output: UnsafeMutablePointer<UInt8>
    ) {
        let ring = UnsafeRawPointer(scratch.ring)
        let below = scratch.slotStride * 4
        let blurMix = row.blurMix
        let offsets = scratch.offsets, light = scratch.light
        let w00 = scratch.weights, w01 = w00 + scratch.weightPlane
        let w10 = w01 + scratch.weightPlane, w11 = w10 + scratch.weightPlane
        // Broadcasts spelled out and everything in SIMD4 (one SSE register): the compiler
        // scalarises `SIMD * scalar` and shuffles SIMD8 halves badly.
        let mix = SIMD4<Float>(repeating: blurMix)
        // (1, 1, 1, 0) read from memory: as a literal, the compiler would split the alpha lane
        // off and scalarise the pixel.
        let rgb = scratch.rgbMask
        for x in 0..<end {
            let texel = ring + Int(offsets[x]) &* 4
            let a = SIMD4<Float>(repeating: w00[x]), b = SIMD4<Float>(repeating: w01[x])
            let c = SIMD4<Float>(repeating: w10[x]), d = SIMD4<Float>(repeating: w11[x])
            var color = texel.loadUnaligned(as: SIMD4<Float>.self) * a
            color = multiplyAdd(texel.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self), b, color)
            color = multiplyAdd(texel.loadUnaligned(fromByteOffset: below, as: SIMD4<Float>.self), c, color)
            color = multiplyAdd(texel.loadUnaligned(fromByteOffset: below &+ 32, as: SIMD4<Float>.self), d, color)
            var blurred = texel.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self) * a
            blurred = multiplyAdd(texel.loadUnaligned(fromByteOffset: 48, as: SIMD4<Float>.self), b, blurred)
            blurred = multiplyAdd(texel.loadUnaligned(fromByteOffset: below &+ 16, as: SIMD4<Float>.self), c, blurred)
            blurred = multiplyAdd(texel.loadUnaligned(fromByteOffset: below &+ 48, as: SIMD4<Float>.self), d, blurred)
            let mixed = multiplyAdd(blurred - color, mix, color)
            let value = multiplyAdd(SIMD4(repeating: light[x]), rgb, mixed)
            UnsafeMutableRawPointer(output + x &* 4).storeBytes(of: quantizeLanes(value), as: SIMD4<UInt8>.self)
        }
    }

    #if MORPH_KERNEL_AVX2
        /// The blur of one layer row (`centre`, floats with zero padding) and the interleaving of
        /// crisp and blurred texels into a ring slot, two texels (one AVX register) at a time
        /// instead of a blur loop and a copy loop: each lane's sum takes the same operations in
        /// the same order as the baseline's lane loop, so the slot holds the same floats.
        static func blurWide(_ centre: UnsafePointer<Float>, scale: Int, texels: Int, into slot: UnsafeMutablePointer<Float>) {
            let w = curtainBlurWeights
            let w0 = _mm256_set1_ps(w.0), w1 = _mm256_set1_ps(w.1), w2 = _mm256_set1_ps(w.2)
            let w3 = _mm256_set1_ps(w.3), w4 = _mm256_set1_ps(w.4)
            let d1 = 4 &* scale, d2 = 8 &* scale, d3 = 12 &* scale, d4 = 16 &* scale
            let swapHalves = unsafeBitCast(SIMD8<Int32>(4, 5, 6, 7, 0, 1, 2, 3), to: __m256i.self)
            let highHalf = unsafeBitCast(SIMD8<Int32>(0, 0, 0, 0, -1, -1, -1, -1), to: __m256.self)
            @inline(__always) func taps(_ lane: Int, _ distance: Int) -> __m256 {
                _mm256_add_ps(_mm256_loadu_ps(centre + (lane &- distance)), _mm256_loadu_ps(centre + (lane &+ distance)))
            }
            var pair = 0
            #if MORPH_KERNEL_AVX512
                pair = blurQuads(centre, scale: scale, texels: texels, into: slot) / 2
            #endif
            while pair &* 2 &+ 1 < texels {
                let lane = pair &* 8
                let crisp = _mm256_loadu_ps(centre + lane)
                var sum = _mm256_mul_ps(crisp, w0)
                sum = _mm256_fmadd_ps(taps(lane, d1), w1, sum)
                sum = _mm256_fmadd_ps(taps(lane, d2), w2, sum)
                sum = _mm256_fmadd_ps(taps(lane, d3), w3, sum)
                sum = _mm256_fmadd_ps(taps(lane, d4), w4, sum)
                // [crisp 0 | crisp 1], [blurred 0 | blurred 1] → [crisp 0 | blurred 0], [crisp 1 | blurred 1].
                let first = _mm256_blendv_ps(crisp, _mm256_permutevar8x32_ps(sum, swapHalves), highHalf)
                let second = _mm256_blendv_ps(_mm256_permutevar8x32_ps(crisp, swapHalves), sum, highHalf)
                _mm256_storeu_ps(slot + lane &* 2, first)
                _mm256_storeu_ps(slot + (lane &* 2 &+ 8), second)
                pair &+= 1
            }
            if texels % 2 == 1 {
                let lane = (texels - 1) &* 4
                for channel in 0..<4 {
                    let at = lane &+ channel
                    var sum = centre[at] * w.0
                    sum = multiplyAdd(centre[at &- d1] + centre[at &+ d1], w.1, sum)
                    sum = multiplyAdd(centre[at &- d2] + centre[at &+ d2], w.2, sum)
                    sum = multiplyAdd(centre[at &- d3] + centre[at &+ d3], w.3, sum)
                    sum = multiplyAdd(centre[at &- d4] + centre[at &+ d4], w.4, sum)
                    slot[2 &* lane &+ channel] = centre[at]
                    slot[2 &* lane &+ 4 &+ channel] = sum
                }
            }
        }

        #if MORPH_KERNEL_AVX512
            /// `blurWide`'s loop four texels (one AVX-512 register) at a time, with the same
            /// operations per lane, so the slot holds the same floats; returns how many texels it
            /// did (a multiple of 4), the rest being left to the two-texel loop.
            @inline(__always) static func blurQuads(
                _ centre: UnsafePointer<Float>, scale: Int, texels: Int, into slot: UnsafeMutablePointer<Float>
            ) -> Int {
                let w = curtainBlurWeights
                let w0 = _mm512_set1_ps(w.0), w1 = _mm512_set1_ps(w.1), w2 = _mm512_set1_ps(w.2)
                let w3 = _mm512_set1_ps(w.3), w4 = _mm512_set1_ps(w.4)
                let d1 = 4 &* scale, d2 = 8 &* scale, d3 = 12 &* scale, d4 = 16 &* scale
                // Texels 0…3 crisp in lanes 0…15 of the first operand, blurred in 16…31 of the
                // second: slot order [crisp 0 | blurred 0 | crisp 1 | blurred 1], then texels 2, 3.
                let firstPair = unsafeBitCast(
                    SIMD16<Int32>(0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23), to: __m512i.self)
                let secondPair = unsafeBitCast(
                    SIMD16<Int32>(8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31), to: __m512i.self)
                @inline(__always) func taps(_ lane: Int, _ distance: Int) -> __m512 {
                    _mm512_add_ps(_mm512_loadu_ps(centre + (lane &- distance)), _mm512_loadu_ps(centre + (lane &+ distance)))
                }
                var quad = 0
                while quad &* 4 &+ 3 < texels {
                    let lane = quad &* 16
                    let crisp = _mm512_loadu_ps(centre + lane)
                    var sum = _mm512_mul_ps(crisp, w0)
                    sum = _mm512_fmadd_ps(taps(lane, d1), w1, sum)
                    sum = _mm512_fmadd_ps(taps(lane, d2), w2, sum)
                    sum = _mm512_fmadd_ps(taps(lane, d3), w3, sum)
                    sum = _mm512_fmadd_ps(taps(lane, d4), w4, sum)
                    _mm512_storeu_ps(slot + lane &* 2, _mm512_permutex2var_ps(crisp, firstPair, sum))
                    _mm512_storeu_ps(slot + (lane &* 2 &+ 16), _mm512_permutex2var_ps(crisp, secondPair, sum))
                    quad &+= 1
                }
                return quad &* 4
            }
        #endif

        /// `passB` on whole texels: `[crisp | blurred]` is one AVX register, so each bilinear tap
        /// is one multiply-add for both; the halves are then swapped to mix them. Every lane
        /// takes the same operations as in `passBNarrow`'s two SSE sums, so the bytes are the same.
        static func passBWide(
            _ row: CurtainRowConstants, end: Int, _ scratch: CurtainScratch, into output: UnsafeMutablePointer<UInt8>
        ) {
            let ring = UnsafeRawPointer(scratch.ring)
            let below = scratch.slotStride * 4
            let offsets = scratch.offsets, light = scratch.light
            let w00 = scratch.weights, w01 = w00 + scratch.weightPlane
            let w10 = w01 + scratch.weightPlane, w11 = w10 + scratch.weightPlane
            let mix = SIMD8<Float>(repeating: row.blurMix)
            let swapHalves = unsafeBitCast(scratch.swapHalves, to: __m256i.self)
            // Colour + (blurred - colour) · mix of column `x`, in the low half.
            @inline(__always) func mixed(_ x: Int) -> SIMD4<Float> {
                let texel = ring + Int(offsets[x]) &* 4
                // The compiler's intrinsics, not SIMD8 operators: those it splits into SSE halves.
                @inline(__always) func tap(_ at: Int, _ weight: UnsafeMutablePointer<Float>) -> (__m256, __m256) {
                    (
                        _mm256_loadu_ps(UnsafeRawPointer(texel + at).assumingMemoryBound(to: Float.self)),
                        _mm256_broadcast_ss(weight + x)
                    )
                }
                let (t00, a) = tap(0, w00), (t01, b) = tap(32, w01)
                let (t10, c) = tap(below, w10), (t11, d) = tap(below &+ 32, w11)
                var sums = _mm256_mul_ps(t00, a)
                sums = _mm256_fmadd_ps(t01, b, sums)
                sums = _mm256_fmadd_ps(t10, c, sums)
                sums = _mm256_fmadd_ps(t11, d, sums)
                let swapped = _mm256_permutevar8x32_ps(sums, swapHalves)
                return sums.addingProduct(swapped - sums, mix).lowHalf
            }
            // Two columns share the light, the clamp, the rounding and the packing: `[x | x + 1]`
            // in one register, the same operations per lane as `quantizeLanes`.
            let rgb = scratch.wideRGBMask
            let zero = _mm256_setzero_ps(), full = _mm256_set1_ps(255), half = _mm256_set1_ps(0.5)
            let spreadLights = unsafeBitCast(SIMD8<Int32>(0, 0, 0, 0, 1, 1, 1, 1), to: __m256i.self)
            // Byte 0 of each 32-bit lane to the first four bytes of each 128-bit half, then the two
            // halves' first words together.
            let lowBytes = unsafeBitCast(
                SIMD8<Int32>(0x0C08_0400, -1, -1, -1, 0x0C08_0400, -1, -1, -1), to: __m256i.self)
            let firstWords = unsafeBitCast(SIMD8<Int32>(0, 4, 0, 0, 0, 0, 0, 0), to: __m256i.self)
            var x = 0
            #if MORPH_KERNEL_AVX512
                x = passBQuads(row, end: end, scratch, into: output)
            #endif
            while x &+ 1 < end {
                let pair = _mm256_set_m128(mixed(x &+ 1), mixed(x))
                let lights = _mm256_permutevar8x32_ps(
                    _mm256_castpd_ps(_mm256_broadcast_sd(UnsafeRawPointer(light + x).assumingMemoryBound(to: Double.self))),
                    spreadLights)
                let value = _mm256_fmadd_ps(lights, rgb, pair)
                let clamped = _mm256_min_ps(_mm256_max_ps(value, zero), full)
                let integers = _mm256_cvttps_epi32(_mm256_add_ps(clamped, half))
                let packed = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(integers, lowBytes), firstWords)
                _mm_storel_epi64(
                    UnsafeMutableRawPointer(output + x &* 4).assumingMemoryBound(to: __m128i.self),
                    _mm256_castsi256_si128(packed))
                x &+= 2
            }
            if x < end {
                let value = mixed(x).addingProduct(SIMD4(repeating: light[x]), scratch.rgbMask)
                UnsafeMutableRawPointer(output + x &* 4).storeBytes(of: quantizeLanes(value), as: SIMD4<UInt8>.self)
            }
        }

        #if MORPH_KERNEL_AVX512
            /// `passBWide`'s loop four columns at a time in AVX-512 registers: two columns'
            /// `[crisp | blurred]` texels in one register, then the four mixed colours in one for
            /// the light, the clamp, the rounding and the packing. Every lane takes the same
            /// operations in the same order as in `passBWide`, so the bytes are the same. Returns
            /// how many columns it did (a multiple of 4), the rest being left to `passBWide`'s loop.
            @inline(__always) static func passBQuads(
                _ row: CurtainRowConstants, end: Int, _ scratch: CurtainScratch, into output: UnsafeMutablePointer<UInt8>
            ) -> Int {
                let ring = UnsafeRawPointer(scratch.ring)
                let below = scratch.slotStride * 4
                let offsets = scratch.offsets, light = scratch.light
                let w00 = scratch.weights, w01 = w00 + scratch.weightPlane
                let w10 = w01 + scratch.weightPlane, w11 = w10 + scratch.weightPlane
                let mix = _mm512_set1_ps(row.blurMix)
                @inline(__always) func lanes(_ values: SIMD16<Int32>) -> __m512i { unsafeBitCast(values, to: __m512i.self) }
                // Within each 256-bit half, crisp and blurred sums change places.
                let swapHalves = lanes(SIMD16(4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11))
                // Column 0 of four to the low half, column 1 to the high one; columns 2 and 3.
                let firstColumns = lanes(SIMD16(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1))
                let lastColumns = lanes(SIMD16(2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3))
                // The mixed colours of two column pairs (lanes 0…3 and 8…11 of each) side by side.
                let mixedColours = lanes(SIMD16(0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27))
                let spreadLights = lanes(SIMD16(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3))
                let rgb = __m512(1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0, 1, 1, 1, 0)
                let zero = _mm512_setzero_ps(), full = _mm512_set1_ps(255), half = _mm512_set1_ps(0.5)
                // Columns x and x + 1 (`spread` picks which two of the four weights loaded at `x`).
                @inline(__always) func mixedPair(_ x: Int, _ column: Int, _ spread: __m512i) -> __m512 {
                    let first = ring + Int(offsets[x &+ column]) &* 4
                    let second = ring + Int(offsets[x &+ column &+ 1]) &* 4
                    @inline(__always) func tap(_ at: Int, _ weight: UnsafeMutablePointer<Float>) -> (__m512, __m512) {
                        let low = _mm512_castps256_ps512(
                            _mm256_loadu_ps(UnsafeRawPointer(first + at).assumingMemoryBound(to: Float.self)))
                        // A masked load: lanes 8…15 from the second texel, lanes 0…7 untouched (and
                        // the memory before it never read).
                        let texels = _mm512_mask_loadu_ps(low, 0xFF00, second + (at &- 32))
                        return (texels, _mm512_permutexvar_ps(spread, _mm512_castps128_ps512(_mm_loadu_ps(weight + x))))
                    }
                    let (t00, a) = tap(0, w00), (t01, b) = tap(32, w01)
                    let (t10, c) = tap(below, w10), (t11, d) = tap(below &+ 32, w11)
                    var sums = _mm512_mul_ps(t00, a)
                    sums = _mm512_fmadd_ps(t01, b, sums)
                    sums = _mm512_fmadd_ps(t10, c, sums)
                    sums = _mm512_fmadd_ps(t11, d, sums)
                    let swapped = _mm512_permutexvar_ps(swapHalves, sums)
                    return _mm512_fmadd_ps(_mm512_sub_ps(swapped, sums), mix, sums)
                }
                var x = 0
                while x &+ 3 < end {
                    let colours = _mm512_permutex2var_ps(
                        mixedPair(x, 0, firstColumns), mixedColours, mixedPair(x, 2, lastColumns))
                    let lights = _mm512_permutexvar_ps(spreadLights, _mm512_castps128_ps512(_mm_loadu_ps(light + x)))
                    let value = _mm512_fmadd_ps(lights, rgb, colours)
                    let clamped = _mm512_min_ps(_mm512_max_ps(value, zero), full)
                    // Lanes are in 0…255 here, so vpmovdb's truncation to a byte keeps them whole.
                    let bytes = _mm512_cvtepi32_epi8(_mm512_cvttps_epi32(_mm512_add_ps(clamped, half)))
                    _mm_storeu_si128(UnsafeMutableRawPointer(output + x &* 4).assumingMemoryBound(to: __m128i.self), bytes)
                    x &+= 4
                }
                return x
            }
        #endif
    #endif

    /// `a * b + c`: one fused multiply-add in the AVX2 and AVX-512 variants (rounded once, so
    /// within a rounding step of the baseline's two operations; the targets' tests bound the
    /// difference), a multiply and an add in the baseline one, which has no FMA.
    @inline(__always) static func multiplyAdd(_ a: SIMD4<Float>, _ b: SIMD4<Float>, _ c: SIMD4<Float>) -> SIMD4<Float> {
        #if MORPH_KERNEL_AVX2
            c.addingProduct(a, b)
        #else
            c + a * b
        #endif
    }

    /// The scalar `multiplyAdd`, for loops the compiler vectorises.
    @inline(__always) static func multiplyAdd(_ a: Float, _ b: Float, _ c: Float) -> Float {
        #if MORPH_KERNEL_AVX2
            c.addingProduct(a, b)
        #else
            c + a * b
        #endif
    }

    /// `quantize` with vector operations: clamp to 0…255 (NaN to 0) and round half up.
    @inline(__always) package static func quantizeLanes(_ value: SIMD4<Float>) -> SIMD4<UInt8> {
        #if arch(x86_64)
            // maxps returns its second operand when either is NaN, so NaN becomes 0; lanes are
            // then in 0…255.5 and truncation (cvttps2dq, SSE2) is the floor of value + 0.5.
            let clamped = _mm_min_ps(_mm_max_ps(value, SIMD4(repeating: 0)), SIMD4(repeating: 255))
            let integer = unsafeBitCast(_mm_cvttps_epi32(clamped + SIMD4(repeating: 0.5)), to: SIMD4<Int32>.self)
            return SIMD4<UInt8>(truncatingIfNeeded: integer)
        #else
            // Written as `a > b ? a : b` and `a < b ? a : b` (one max / min each): lanes not above
            // 0 (NaN included) become 0, then + 0.5, and lanes above 255.5 become 255.5.
            let floored = SIMD4<Float>(repeating: 0).replacing(with: value, where: value .> SIMD4(repeating: 0))
            let shifted = floored + SIMD4(repeating: 0.5)
            let limit = SIMD4<Float>(repeating: 255.5)
            let half = limit.replacing(with: shifted, where: shifted .< limit)
            // Adding 2^23 rounds to an integer held in the low mantissa bits (to nearest even); a
            // lane that rounded up past `half` steps down, so the result is floor(value + 0.5).
            let magic = SIMD4<Float>(repeating: 8_388_608)
            let biased = half + magic
            let roundedUp = unsafeBitCast((biased - magic) .> half, to: SIMD4<Int32>.self)
            let integer = (unsafeBitCast(biased, to: SIMD4<Int32>.self) & SIMD4(repeating: 0x7F_FFFF)) &+ roundedUp
            return SIMD4<UInt8>(truncatingIfNeeded: integer)
        #endif
    }

    #if MORPH_KERNEL_AVX512
        /// Pass A's columns per step: 16, one AVX-512 register (each lane's operations are the
        /// same at any width, so the geometry is the other variants').
        typealias ColumnLanes = SIMD16<Float>
        typealias ColumnIndices = SIMD16<Int32>
    #else
        /// Pass A's columns per step: 8 (two SSE registers on baseline x86-64, one AVX register
        /// in the AVX2 variant); 4 measured the same on the baseline.
        typealias ColumnLanes = SIMD8<Float>
        typealias ColumnIndices = SIMD8<Int32>
    #endif

    /// Floor of each lane and that floor as `Int32`, exact for `|x| < 2^22`, with SSE2-level
    /// operations only (no `roundps`): adding 1.5·2^23 rounds to an integer held in the low
    /// mantissa bits; a lane that rounded up is stepped down by one.
    /// The AVX2 and AVX-512 variants round with vroundps (vrndscaleps) and convert with
    /// vcvttps2dq instead: the same results where the fast one is exact.
    @inline(__always) static func fastFloor(_ x: ColumnLanes) -> (value: ColumnLanes, integer: ColumnIndices) {
        #if MORPH_KERNEL_AVX512
            let value = x.rounded(.down)
            return (value, unsafeBitCast(_mm512_cvttps_epi32(value), to: ColumnIndices.self))
        #elseif MORPH_KERNEL_AVX2
            let value = x.rounded(.down)
            return (value, unsafeBitCast(_mm256_cvttps_epi32(value), to: ColumnIndices.self))
        #else
            let magic = ColumnLanes(repeating: 12_582_912)
            let biased = x + magic
            var value = biased - magic
            var integer = unsafeBitCast(biased, to: ColumnIndices.self) &- 0x4B40_0000
            let roundedUp = value .> x
            value.replace(with: value - ColumnLanes(repeating: 1), where: roundedUp)
            integer.replace(with: integer &- 1, where: roundedUp)
            return (value, integer)
        #endif
    }
}
