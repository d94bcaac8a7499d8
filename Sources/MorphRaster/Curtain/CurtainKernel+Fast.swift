import Foundation
import MorphRasterKernel
import MorphWork

extension CurtainKernel {
    /// The production path: the same image as `referenceApply(to:)` within 2/255 off the
    /// seed's step pixels, computed with no transcendental call per pixel and rows spread over
    /// `pool`'s threads. Allocates its buffers and output; a caller running the kernel every
    /// frame uses `apply(to:into:workspace:pool:variant:)` instead.
    public func apply(to layer: Bitmap, pool: WorkerPool? = nil, variant: Variant = .active) -> Bitmap {
        var output = Bitmap(
            uncheckedWidth: layer.width, height: layer.height, scale: layer.scale,
            pixels: [UInt8](repeating: 0, count: layer.width * layer.height * 4))
        apply(to: layer, into: &output, workspace: CurtainWorkspace(), pool: pool, variant: variant)
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
    ///
    /// `pool` is the caller's: the kernel runs one band of rows per pool thread through
    /// `parallelFor`, which the calling thread joins and which asks only idle workers for help,
    /// so a tile job already on the pool folds on whatever cores are free, without a second set
    /// of threads competing for them. Nil runs every row on the calling thread. The kernel
    /// owns no pool: the process's owner (morphd, `morph`, a benchmark) decides how many
    /// threads there are, and the output is the same for any count.
    ///
    /// `variant` chooses the compiled row kernel (`Variant.active` unless a test or benchmark
    /// says otherwise); a variant this CPU cannot run falls back to `.baseline`.
    public func apply(
        to layer: Bitmap, into output: inout Bitmap, workspace: CurtainWorkspace, pool: WorkerPool? = nil,
        variant: Variant = .active
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
        let workers = Swift.max(1, Swift.min(pool?.threadCount ?? 1, height))
        workspace.prepare(
            .init(
                width: width, height: height, scale: scale,
                ringRows: Self.ringRows(frame: frame, width: width, height: height, scale: scale),
                workers: workers))
        let setup = FrameSetup(frame: frame, width: width, height: height, scale: scale, workspace: workspace)
        let bands = setup.bands(workers: workers)
        let scratches = workspace.scratches
        let run = variant.runnable.rowKernel
        layer.pixels.withUnsafeBufferPointer { layerBytes in
            output.withUnsafeMutablePixels { outputBytes in
                let job = CurtainFrame(
                    size: frame.size, origin: frame.origin, folds: frame.folds, width: width, height: height, scale: scale,
                    rowReach: setup.rowReach, rows: setup.rows, columnUV: setup.columnUV,
                    columnPower: setup.columnPower, layer: layerBytes.baseAddress!, output: outputBytes.baseAddress!,
                    scratches: scratches, bands: bands)
                if let pool, workers > 1 {
                    pool.parallelFor(workers) { run(job, $0) }
                } else {
                    run(job, 0)
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
        let maxDistortedX = (Double(width) + 4 * s + 1 + Double(frame.origin.x) * s) / (Double(frame.size.x) * s)
        let top = Double(frame.origin.y)
        let firstUV = (0.5 / s + top) / Double(frame.size.y), lastUV = ((Double(height) - 0.5) / s + top) / Double(frame.size.y)
        let vertical = Swift.max(abs(2 * firstUV - 1), abs(2 * lastUV - 1))
        let reach = (12 * s * maxDistortedX * vertical * 1.001).rounded(.up) + 3
        return reach.isFinite ? Int(Swift.min(reach, Double(height + 4))) : height + 4
    }
}

/// The frame's column tables and per-row constants, filled before the workers start.
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
        let origin = frame.origin
        for x in 0..<width {
            let uv = ((Float(x) + 0.5) / scaleF + origin.x) / size.x
            columnUV[x] = uv
            columnPower[x] = pow(Swift.max(uv, 0), 1.2)
        }
        let uniformReveal = frame.uniformReveal
        let bias = saturate(pow(uniformReveal + 0.15, 1.8))
        let widthF = Float(width), reach = 4 * scaleF
        for y in 0..<height {
            let uvY = ((Float(y) + 0.5) / scaleF + origin.y) / size.y
            let distanceY = uvY - frame.dragUV.y
            let localReveal = uniformReveal * exp(-(distanceY * distanceY) / 0.45)
            let compression = mix(localReveal, uniformReveal, bias)
            guard compression < 1 else {
                rows[y] = .transparent
                continue
            }
            let stretch = 1 / (1 - compression)
            // The first column whose every tap, crisp or blurred, is right of the layer; the
            // column's sample x only grows with x.
            var low = 0, high = width
            while low < high {
                let middle = (low + high) / 2
                let pixelX = columnUV[middle] * stretch * size.x * scaleF - (0.5 + origin.x * scaleF)
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
