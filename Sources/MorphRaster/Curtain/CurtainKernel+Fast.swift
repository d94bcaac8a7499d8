import Dispatch
import Foundation

extension CurtainKernel {
    /// The production path: the same image as `referenceApply(to:)` within 2/255 off the
    /// seed's step pixels, computed with no transcendental call per pixel and rows spread over
    /// `concurrency` cores. Allocates its buffers and output; a caller running the kernel every
    /// frame uses `apply(to:into:workspace:concurrency:)` instead.
    public func apply(to layer: Bitmap, concurrency: Int? = nil) -> Bitmap {
        var output = Bitmap(
            uncheckedWidth: layer.width, height: layer.height, scale: layer.scale,
            pixels: [UInt8](repeating: 0, count: layer.width * layer.height * 4))
        apply(to: layer, into: &output, workspace: CurtainWorkspace(), concurrency: concurrency)
        return output
    }

    /// The production path writing into `output` (replaced when its size or scale differs
    /// from `layer`'s) with buffers from `workspace`: no allocation once sizes settle.
    ///
    /// Rewrites that make it fast, none changing the maths:
    /// - everything that depends only on the row (reveal, compression, displacement scale, blur
    ///   mix) is computed once per row, and `pow(uv.x / (1 - c), 1.2)` is a column table times
    ///   a row factor; the crease sign comes from the phase's fraction instead of `sin`;
    /// - the 9 blur taps sit whole points (so whole pixels) from the sample and bilinear
    ///   sampling is linear, so the blurred sample is one bilinear sample of a blurred copy of
    ///   the layer; each worker blurs the layer rows its band can reach into a small ring of
    ///   rows that stays in cache, interleaved with the crisp texels, so one pixel reads four
    ///   texels of 8 floats (`[crisp | blurred]`);
    /// - per row, pass A computes the geometry of 8 columns at a time (`SIMD8<Float>`) into
    ///   small arrays, and pass B fetches, mixes and packs each pixel;
    /// - columns whose every tap lies right of the layer are written as zeros unevaluated.
    ///
    /// Complexity: O(width × height); per pixel one 4-texel fetch and a dozen multiplies.
    public func apply(
        to layer: Bitmap, into output: inout Bitmap, workspace: CurtainWorkspace, concurrency: Int? = nil
    ) {
        guard isEnabled, layer.width > 0, layer.height > 0 else {
            output = layer
            return
        }
        if output.width != layer.width || output.height != layer.height || output.scale != layer.scale {
            output = Bitmap(
                uncheckedWidth: layer.width, height: layer.height, scale: layer.scale,
                pixels: [UInt8](repeating: 0, count: layer.width * layer.height * 4))
        }
        let frame = FrameConstants(self)
        guard frame.uniformReveal < 1 else {
            output.withUnsafeMutablePixels { $0.update(repeating: 0) }
            return
        }
        let width = layer.width, height = layer.height, scale = layer.scale
        let workers = Swift.max(1, Swift.min(concurrency ?? ConcurrentRows.defaultConcurrency, height))
        workspace.prepare(
            .init(
                width: width, height: height, scale: scale,
                ringRows: Self.ringRows(frame: frame, width: width, height: height, scale: scale),
                workers: workers))
        let setup = FrameSetup(frame: frame, width: width, height: height, scale: scale, workspace: workspace)
        let bands = setup.bands(workers: workers)
        let scratches = workspace.scratches
        layer.pixels.withUnsafeBufferPointer { layerBytes in
            output.withUnsafeMutablePixels { outputBytes in
                let job = FrameJob(
                    setup: setup, layer: layerBytes.baseAddress!, output: outputBytes.baseAddress!,
                    scratches: scratches, bands: bands)
                if workers == 1 {
                    job.run(band: 0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: workers) { job.run(band: $0) }
                }
            }
        }
    }

    /// Ring rows one worker needs: an output row reads layer rows within `reach` of itself
    /// (the fold displacement, at most `12 · scale · distortedX · |2 uv.y - 1|` pixels, plus
    /// the bilinear row below), so `2 · reach + 2` rows, rounded up to a power of two and
    /// capped at the whole layer (then the ring never wraps).
    static func ringRows(frame: FrameConstants, width: Int, height: Int, scale: Int) -> Int {
        let reach = rowReach(frame: frame, width: width, height: height, scale: scale)
        let needed = Swift.min(2 * reach + 2, height + 4)
        var rows = 8
        while rows < needed { rows *= 2 }
        return rows
    }

    /// How many rows above or below its own an output row may read (see `ringRows`).
    static func rowReach(frame: FrameConstants, width: Int, height: Int, scale: Int) -> Int {
        let s = Double(scale)
        // Drawn columns have pixelX < width + 4·scale, so distortedX < this.
        let maxDistortedX = (Double(width) + 4 * s + 1) / (Double(frame.size.x) * s)
        let firstUV = (0.5 / s) / Double(frame.size.y), lastUV = ((Double(height) - 0.5) / s) / Double(frame.size.y)
        let vertical = Swift.max(abs(2 * firstUV - 1), abs(2 * lastUV - 1))
        let reach = (12 * s * maxDistortedX * vertical * 1.001).rounded(.up) + 3
        return reach.isFinite ? Int(Swift.min(reach, Double(height + 4))) : height + 4
    }
}

/// The frame's constants and per-row constants, shared read-only by the workers.
struct FrameSetup: @unchecked Sendable {
    let frame: CurtainKernel.FrameConstants
    let width: Int
    let height: Int
    let scale: Int
    let rowReach: Int
    let rows: UnsafeMutablePointer<CurtainRowConstants>
    let columnUV: UnsafeMutablePointer<Float>
    let columnPower: UnsafeMutablePointer<Float>

    /// Fills the column tables and every row's constants (in the reference's float order).
    init(frame: CurtainKernel.FrameConstants, width: Int, height: Int, scale: Int, workspace: CurtainWorkspace) {
        self.frame = frame
        self.width = width
        self.height = height
        self.scale = scale
        rowReach = CurtainKernel.rowReach(frame: frame, width: width, height: height, scale: scale)
        rows = workspace.rows
        columnUV = workspace.columnUV
        columnPower = workspace.columnPower
        let scaleF = Float(scale), size = frame.size
        for x in 0..<width {
            let uv = ((Float(x) + 0.5) / scaleF) / size.x
            columnUV[x] = uv
            columnPower[x] = pow(uv, 1.2)
        }
        let uniformReveal = frame.uniformReveal
        let bias = saturate(pow(uniformReveal + 0.15, 1.8))
        let widthF = Float(width), reach = 4 * scaleF
        for y in 0..<height {
            let uvY = ((Float(y) + 0.5) / scaleF) / size.y
            let distanceY = uvY - frame.dragUV.y
            let localReveal = uniformReveal * exp(-(distanceY * distanceY) / 0.45)
            let compression = mix(localReveal, uniformReveal, bias)
            guard compression < 1 else {
                rows[y] = CurtainRowConstants(
                    isDrawn: false, uvY: 0, stretch: 0, rowPower: 0, foldScale: 0, displacementScale: 0, blurMix: 0,
                    shade: 0, end: 0)
                continue
            }
            let stretch = 1 / (1 - compression)
            // The first column whose every tap, crisp or blurred, is right of the layer; the
            // column's sample x only grows with x.
            var low = 0, high = width
            while low < high {
                let middle = (low + high) / 2
                let pixelX = columnUV[middle] * stretch * size.x * scaleF - 0.5
                if pixelX - reach >= widthF { high = middle } else { low = middle + 1 }
            }
            rows[y] = CurtainRowConstants(
                isDrawn: true, uvY: uvY, stretch: stretch, rowPower: pow(stretch, 1.2),
                foldScale: -(cos(compression * Float.pi) - 1) / 2,
                displacementScale: (-12 / size.y) * (2 * uvY - 1), blurMix: 1.1 * pow(compression, 1.4),
                shade: -compression * 0.1, end: low)
        }
    }

    /// `workers` contiguous bands of rows of about equal estimated work (drawn columns plus
    /// half a row for preparing a ring row), so each worker streams its band through its ring.
    func bands(workers: Int) -> [Range<Int>] {
        guard workers > 1 else { return [0..<height] }
        var total = 0.0
        var cumulative = [Double](repeating: 0, count: height + 1)
        for y in 0..<height {
            total += Double(rows[y].isDrawn ? rows[y].end : 0) + 0.5 * Double(width)
            cumulative[y + 1] = total
        }
        var bounds = [0]
        var y = 0
        for worker in 1..<workers {
            let target = total * Double(worker) / Double(workers)
            while y < height && cumulative[y + 1] < target { y += 1 }
            bounds.append(y)
        }
        bounds.append(height)
        return (0..<workers).map { bounds[$0]..<bounds[$0 + 1] }
    }
}

/// One frame's work, shared by the workers: worker `band` renders `bands[band]` with
/// `scratches[band]`, writing only its own rows of `output`.
private struct FrameJob: @unchecked Sendable {
    let setup: FrameSetup
    let layer: UnsafePointer<UInt8>
    let output: UnsafeMutablePointer<UInt8>
    let scratches: [CurtainScratch]
    let bands: [Range<Int>]

    func run(band: Int) {
        let scratch = scratches[band]
        scratch.highest = Int.min / 2
        for y in bands[band] { renderRow(y, scratch) }
    }

    func renderRow(_ y: Int, _ scratch: CurtainScratch) {
        let width = setup.width, height = setup.height
        let row = output + y * width * 4
        let constants = setup.rows[y]
        guard constants.isDrawn else {
            row.update(repeating: 0, count: width * 4)
            return
        }
        // Make ring rows y - reach … y + reach (clipped to -2 … height + 1) valid.
        let needLow = Swift.max(y - setup.rowReach, -2), needHigh = Swift.min(y + setup.rowReach, height + 1)
        if scratch.highest < needLow - 1 { scratch.highest = needLow - 1 }
        if scratch.highest < needHigh {
            for ringRow in (scratch.highest + 1)...needHigh {
                scratch.prepare(row: ringRow, of: layer, height: height)
            }
            scratch.highest = needHigh
        }
        let end = constants.end
        passA(constants, end: end, scratch)
        passB(constants, end: end, scratch, into: row)
        if end < width { (row + end * 4).update(repeating: 0, count: (width - end) * 4) }
    }

    /// Geometry of columns `0 ..< end`, 8 at a time, into the scratch's offsets, bilinear
    /// weights and light.
    func passA(_ row: CurtainRowConstants, end: Int, _ scratch: CurtainScratch) {
        typealias V = ColumnLanes
        let laneCount = V.scalarCount
        let frame = setup.frame, size = frame.size
        let scaleF = Float(setup.scale)
        let pixelsPerUVX = size.x * scaleF, pixelsPerUVY = size.y * scaleF
        let stretch = V(repeating: row.stretch)
        let phaseFactor = V(repeating: row.rowPower * frame.folds)
        let foldScale = V(repeating: row.foldScale)
        let displacement = V(repeating: row.displacementScale)
        let uvY = V(repeating: row.uvY)
        let shade = V(repeating: row.shade)
        let heightF = Float(setup.height)
        let padding = scratch.padding
        // Clamps keep every index inside the ring while reading the same zeros.
        let lowY = V(repeating: -2), highY = V(repeating: heightF)
        // The fast floor is exact below 2^22; a row whose phase gets larger takes the libm one.
        let lastColumn = Swift.max(end - 1, 0)
        let exactFloor = !(setup.columnPower[lastColumn] * row.rowPower * frame.folds < 4_000_000)
        let ringMask = Int32(scratch.ringRows - 1), slotStride = Int32(scratch.slotStride)
        let lanePadding = ColumnIndices(repeating: Int32(padding))
        let one = V(repeating: 1), zero = V(repeating: 0), half = V(repeating: 0.5), two = V(repeating: 2)
        let tenth = V(repeating: 0.1), full = V(repeating: 255)
        let columnUV = UnsafeRawPointer(setup.columnUV), columnPower = UnsafeRawPointer(setup.columnPower)
        let offsets = UnsafeMutableRawPointer(scratch.offsets)
        let weights = UnsafeMutableRawPointer(scratch.weights), light = UnsafeMutableRawPointer(scratch.light)
        let weightPlane = scratch.weightPlane * 4

        var x = 0
        while x < end {
            // The tables hold `width` entries; the last group reads past `end` only within them
            // or, past the row, repeats the last column (its results are never used).
            let uv: V, power: V
            if x + laneCount <= setup.width {
                uv = columnUV.loadUnaligned(fromByteOffset: x * 4, as: V.self)
                power = columnPower.loadUnaligned(fromByteOffset: x * 4, as: V.self)
            } else {
                var u = V(repeating: setup.columnUV[setup.width - 1]), p = V(repeating: setup.columnPower[setup.width - 1])
                for lane in 0..<(setup.width - x) {
                    u[lane] = setup.columnUV[x + lane]
                    p[lane] = setup.columnPower[x + lane]
                }
                uv = u
                power = p
            }
            let distortedX = uv * stretch
            let pixelX = distortedX * pixelsPerUVX - half
            let phase = power * phaseFactor
            let fraction = phase - (exactFloor ? phase.rounded(.down) : fastFloor(phase).value)
            // 2·|phase - floor(phase + 0.5)|: the distance to the nearest integer, from the
            // fraction (both subtractions are exact, so this equals the reference's expression
            // except where phase + 0.5 rounds up, at the triangle's peak, where both are 1).
            let rest = one - fraction
            let fold = two * fraction.replacing(with: rest, where: rest .< fraction)
            let foldAmount = distortedX * foldScale
            let distortedY = uvY + foldAmount * fold * displacement
            let pixelY = distortedY * pixelsPerUVY - half

            // sign(sin(2π·phase)): + in the first half of each period, - in the second.
            var creaseSign = one
            creaseSign.replace(with: -one, where: fraction .>= half)
            creaseSign.replace(with: zero, where: fraction .== zero .| fraction .== half)
            var lit = (foldAmount * creaseSign * tenth + shade) * full
            lit.replace(with: zero, where: .!(distortedX .< one))

            // Drawn columns have -0.5 < pixelX < width + 4·scale (see `end`); lanes past `end`
            // may hold anything, and their results are never read.
            let clampedY = pixelY.replacing(with: lowY, where: .!(pixelY .>= lowY)).replacing(
                with: highY, where: pixelY .> highY)
            let (floorX, columnIndex) = fastFloor(pixelX)
            let (floorY, rowIndex) = fastFloor(clampedY)
            let fx = pixelX - floorX, fy = clampedY - floorY
            let slot = (rowIndex &+ 2) & ringMask
            let offset = slot &* slotStride &+ (columnIndex &+ lanePadding) &* 8
            offsets.storeBytes(of: offset, toByteOffset: x * 4, as: ColumnIndices.self)
            light.storeBytes(of: lit, toByteOffset: x * 4, as: V.self)
            let w00 = (one - fx) * (one - fy), w01 = fx * (one - fy)
            let w10 = (one - fx) * fy, w11 = fx * fy
            weights.storeBytes(of: w00, toByteOffset: x * 4, as: V.self)
            weights.storeBytes(of: w01, toByteOffset: weightPlane + x * 4, as: V.self)
            weights.storeBytes(of: w10, toByteOffset: 2 * weightPlane + x * 4, as: V.self)
            weights.storeBytes(of: w11, toByteOffset: 3 * weightPlane + x * 4, as: V.self)
            x += laneCount
        }
    }

    /// Per column `0 ..< end`: the bilinear fetch of `[crisp | blurred]`, the mix by blur and
    /// the light, packed to bytes.
    func passB(_ row: CurtainRowConstants, end: Int, _ scratch: CurtainScratch, into output: UnsafeMutablePointer<UInt8>) {
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
            let texel = ring + Int(offsets[x]) * 4
            let a = SIMD4<Float>(repeating: w00[x]), b = SIMD4<Float>(repeating: w01[x])
            let c = SIMD4<Float>(repeating: w10[x]), d = SIMD4<Float>(repeating: w11[x])
            var color = texel.loadUnaligned(as: SIMD4<Float>.self) * a
            color += texel.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self) * b
            color += texel.loadUnaligned(fromByteOffset: below, as: SIMD4<Float>.self) * c
            color += texel.loadUnaligned(fromByteOffset: below + 32, as: SIMD4<Float>.self) * d
            var blurred = texel.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self) * a
            blurred += texel.loadUnaligned(fromByteOffset: 48, as: SIMD4<Float>.self) * b
            blurred += texel.loadUnaligned(fromByteOffset: below + 16, as: SIMD4<Float>.self) * c
            blurred += texel.loadUnaligned(fromByteOffset: below + 48, as: SIMD4<Float>.self) * d
            let lit = light[x]
            let value = color + (blurred - color) * mix + SIMD4(repeating: lit) * rgb
            UnsafeMutableRawPointer(output + x * 4).storeBytes(of: quantizeLanes(value), as: SIMD4<UInt8>.self)
        }
    }
}

/// `quantize` with vector operations: clamp to 0…255 (NaN to 0) and round half up.
@inline(__always) func quantizeLanes(_ value: SIMD4<Float>) -> SIMD4<UInt8> {
    // Written as `a > b ? a : b` and `a < b ? a : b` so they compile to one maxps / minps:
    // lanes not above 0 (NaN included) become 0, then + 0.5, and lanes above 255.5 become 255.5.
    let floored = SIMD4<Float>(repeating: 0).replacing(with: value, where: value .> SIMD4(repeating: 0))
    let shifted = floored + SIMD4(repeating: 0.5)
    let limit = SIMD4<Float>(repeating: 255.5)
    let half = limit.replacing(with: shifted, where: shifted .< limit)
    // Adding 2^23 rounds to an integer held in the low mantissa bits (to nearest even); a lane
    // that rounded up past `half` steps down, so the result is floor(value + 0.5).
    let magic = SIMD4<Float>(repeating: 8_388_608)
    let biased = half + magic
    let roundedUp = unsafeBitCast((biased - magic) .> half, to: SIMD4<Int32>.self)
    let integer = (unsafeBitCast(biased, to: SIMD4<Int32>.self) & SIMD4(repeating: 0x7F_FFFF)) &+ roundedUp
    return SIMD4<UInt8>(truncatingIfNeeded: integer)
}

/// Pass A's columns per step: 8 (two SSE registers on baseline x86-64, one AVX register in a
/// CPU-specific build); 4 measured the same on the portable build.
typealias ColumnLanes = SIMD8<Float>
typealias ColumnIndices = SIMD8<Int32>

/// Floor of each lane and that floor as `Int32`, exact for `|x| < 2^22`, with SSE2-level
/// operations only (no `roundps`): adding 1.5·2^23 rounds to an integer held in the low
/// mantissa bits; a lane that rounded up is stepped down by one.
@inline(__always) func fastFloor(_ x: ColumnLanes) -> (value: ColumnLanes, integer: ColumnIndices) {
    let magic = ColumnLanes(repeating: 12_582_912)
    let biased = x + magic
    var value = biased - magic
    var integer = unsafeBitCast(biased, to: ColumnIndices.self) &- 0x4B40_0000
    let roundedUp = value .> x
    value.replace(with: value - ColumnLanes(repeating: 1), where: roundedUp)
    integer.replace(with: integer &- 1, where: roundedUp)
    return (value, integer)
}
