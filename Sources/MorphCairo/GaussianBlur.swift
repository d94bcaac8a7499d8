import Foundation
import MorphKit

/// A separable Gaussian blur of one alpha plane, for shadows: a shadow of radius r blurs with
/// the standard deviation `Shadow.gaussianStandardDeviation(radius: r)` points (σ = r), which
/// the renderer converts to pixels.
///
/// Two ways to blur, one shape:
/// - `applyExact`: the kernel sampled at whole-pixel offsets out to 3σ (99.7% of the mass) and
///   normalised, so a flat region stays flat and total coverage is kept; O(σ) per pixel. The
///   oracle, and the path for small σ.
/// - `apply`: for σ ≥ `boxThreshold`, three box passes per direction whose widths give the
///   same variance (the central limit theorem's approximation; widths after Kovesi, "Fast
///   almost-Gaussian filtering"); O(1) per pixel whatever σ. Coverage is kept exactly; on a
///   step edge the profile stays within `boxTolerance` of the exact Gaussian's.
struct GaussianBlur {
    let sigma: Double
    /// Weights for offsets `-radius ... radius` of the sampled kernel; built only below
    /// `boxThreshold`, where `apply` uses them (`applyExact` builds its own above it).
    let weights: [Float]
    /// Half-widths of the three box passes (each box is `2h + 1` pixels); empty below
    /// `boxThreshold`, where `apply` is `applyExact`.
    let boxHalfWidths: [Int]
    /// The sampled kernel's reach, `ceil(3σ)`.
    private let kernelRadius: Int

    /// Below this σ (pixels) the sampled kernel is short and exact; above it the boxes win.
    static let boxThreshold = 3.0
    /// Largest difference, in alpha units of 1/255, between the boxes' and the exact Gaussian's
    /// blur of a step edge (checked in `ShadowTests`).
    static let boxTolerance = 3.0
    /// The largest σ (pixels) blurred as asked; a larger (or infinite) σ blurs at this one.
    /// `Shadow.maxRadius` (64 points) at `morph render`'s largest scale, 4, is σ = 256: every
    /// list within the format is blurred exactly, and a transform that magnifies a shadow (or a
    /// list built in code past the maximum) cannot grow the box passes' padding past a reach
    /// of 766 pixels a side (≤ 170 MiB of padding on an 8 Mpx layer, `TileBudget.maxLayerPixels`,
    /// the extreme 12288 × 682 one; 86 MiB square), and only a plane whose ink nears the
    /// layer's edge is padded at all (`apply`'s `clear`). The time stays O(1) a pixel of the
    /// padded plane whatever σ: three box passes a direction.
    static let maxSigma = Shadow.gaussianStandardDeviation(radius: Shadow.maxRadius) * 4

    /// How far the blur spreads a pixel: the caller pads the plane by this much.
    var radius: Int { Swift.max(kernelRadius, boxHalfWidths.reduce(0, +)) }

    init(sigma: Double) {
        // NaN and σ ≤ 0.05 draw the silhouette unblurred; +∞ blurs at `maxSigma`.
        guard sigma > 0.05 else {
            self.sigma = sigma
            weights = [1]
            boxHalfWidths = []
            kernelRadius = 0
            return
        }
        let sigma = Swift.min(sigma, Self.maxSigma)
        self.sigma = sigma
        kernelRadius = Int((3 * sigma).rounded(.up))
        if sigma >= Self.boxThreshold {
            weights = []
            boxHalfWidths = Self.boxHalfWidths(sigma: sigma, passes: 3)
        } else {
            weights = Self.sampledKernel(sigma: sigma, radius: kernelRadius)
            boxHalfWidths = []
        }
    }

    /// The Gaussian sampled at offsets `-radius ... radius`, normalised to sum 1.
    static func sampledKernel(sigma: Double, radius: Int) -> [Float] {
        var weights = (-radius...radius).map { offset in
            Float(exp(-Double(offset * offset) / (2 * sigma * sigma)))
        }
        let total = weights.reduce(0, +)
        for index in weights.indices { weights[index] /= total }
        return weights
    }

    /// Box half-widths whose summed variance, Σ (w² − 1) / 12, is nearest σ²: `passes` boxes of
    /// two neighbouring odd widths.
    static func boxHalfWidths(sigma: Double, passes: Int) -> [Int] {
        let n = Double(passes)
        var lower = Int((12 * sigma * sigma / n + 1).squareRoot().rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let l = Double(lower)
        let ideal = (12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)
        let narrow = Swift.max(0, Swift.min(passes, Int(ideal.rounded())))
        return (0..<passes).map { ($0 < narrow ? lower : lower + 2) / 2 }
    }

    /// How many columns or rows along each edge of a plane are known to be transparent.
    struct ClearMargins: Equatable {
        var left = 0, top = 0, right = 0, bottom = 0
    }

    /// The blurred copy of `plane` (`width × height`, row-major); pixels beyond the plane
    /// count as transparent, so callers pad the plane by `radius` where the blur must spread.
    ///
    /// The box passes copy the plane into a buffer padded by their reach (so no mass is lost
    /// between passes), less what `clear` says is already transparent along each edge: a
    /// plane grown by `radius` around its ink needs no padding at all, and σ costs its
    /// padding only where the ink comes within reach of the layer's edge. The values are the
    /// same either way (to float rounding, ~1e-7).
    func apply(to plane: [Float], width: Int, height: Int, clear: ClearMargins = ClearMargins()) -> [Float] {
        guard !boxHalfWidths.isEmpty, width > 0, height > 0 else { return applyExact(to: plane, width: width, height: height) }
        return BoxPasses(halfWidths: boxHalfWidths).apply(to: plane, width: width, height: height, clear: clear)
    }

    /// The sampled-kernel blur, same conventions as `apply`.
    func applyExact(to plane: [Float], width: Int, height: Int) -> [Float] {
        let radius = kernelRadius
        guard radius > 0, width > 0, height > 0 else { return plane }
        let weights = weights.isEmpty ? Self.sampledKernel(sigma: sigma, radius: radius) : weights
        var rows = [Float](repeating: 0, count: width * height)
        var output = [Float](repeating: 0, count: width * height)
        weights.withUnsafeBufferPointer { weights in
            plane.withUnsafeBufferPointer { plane in
                rows.withUnsafeMutableBufferPointer { rows in
                    // Horizontal: one tap at a time across the whole row, so the inner loop
                    // runs over contiguous memory and vectorises.
                    for y in 0..<height {
                        let row = y * width
                        for tap in 0..<weights.count {
                            let shift = tap - radius
                            let weight = weights[tap]
                            let from = Swift.max(0, -shift), to = Swift.min(width, width - shift)
                            guard from < to else { continue }
                            for x in from..<to { rows[row + x] += plane[row + x + shift] * weight }
                        }
                    }
                    // Vertical: whole rows at a time, so memory is read in order and the inner
                    // loop vectorises.
                    output.withUnsafeMutableBufferPointer { output in
                        for y in 0..<height {
                            let target = y * width
                            let from = Swift.max(0, y - radius), to = Swift.min(height - 1, y + radius)
                            for source in from...to {
                                let weight = weights[source - y + radius]
                                let sourceRow = source * width
                                for x in 0..<width { output[target + x] += rows[sourceRow + x] * weight }
                            }
                        }
                    }
                }
            }
        }
        return output
    }
}

/// Three (or any number of) box passes per direction with running sums.
///
/// The plane is copied into a buffer padded by the passes' total reach on every side (less the
/// plane's own transparent margin there), so each pass sees the zeros beyond the plane exactly
/// as a convolution on an unbounded plane would (no mass is lost between passes), and the
/// centre is copied back.
private struct BoxPasses {
    let halfWidths: [Int]

    func apply(to plane: [Float], width: Int, height: Int, clear: GaussianBlur.ClearMargins) -> [Float] {
        let reach = halfWidths.reduce(0, +)
        let left = Swift.max(0, reach - clear.left), right = Swift.max(0, reach - clear.right)
        let top = Swift.max(0, reach - clear.top), bottom = Swift.max(0, reach - clear.bottom)
        let paddedWidth = width + left + right, paddedHeight = height + top + bottom
        var buffer = [Float](repeating: 0, count: paddedWidth * paddedHeight)
        var scratch = [Float](repeating: 0, count: paddedWidth)
        var accumulator = [Float](repeating: 0, count: paddedWidth)
        var passOutput = [Float](repeating: 0, count: paddedWidth * paddedHeight)
        buffer.withUnsafeMutableBufferPointer { buffer in
            plane.withUnsafeBufferPointer { plane in
                for y in 0..<height {
                    (buffer.baseAddress! + (y + top) * paddedWidth + left)
                        .update(from: plane.baseAddress! + y * width, count: width)
                }
            }
            scratch.withUnsafeMutableBufferPointer { scratch in
                // Horizontal passes, one row at a time (rows outside the plane stay zero).
                for y in top..<(top + height) {
                    let row = buffer.baseAddress! + y * paddedWidth
                    for half in halfWidths { Self.boxRow(row, count: paddedWidth, half: half, scratch: scratch.baseAddress!) }
                }
            }
            // Vertical passes, whole rows at a time so the inner loops run over contiguous x.
            passOutput.withUnsafeMutableBufferPointer { rows in
                accumulator.withUnsafeMutableBufferPointer { sum in
                    for half in halfWidths {
                        Self.boxColumns(
                            buffer.baseAddress!, into: rows.baseAddress!, width: paddedWidth, height: paddedHeight,
                            half: half, sum: sum.baseAddress!)
                        buffer.baseAddress!.update(from: rows.baseAddress!, count: paddedWidth * paddedHeight)
                    }
                }
            }
        }
        var output = [Float](repeating: 0, count: width * height)
        output.withUnsafeMutableBufferPointer { output in
            buffer.withUnsafeBufferPointer { buffer in
                for y in 0..<height {
                    (output.baseAddress! + y * width)
                        .update(from: buffer.baseAddress! + (y + top) * paddedWidth + left, count: width)
                }
            }
        }
        return output
    }

    /// One box of width `2·half + 1` along a row, in place; beyond the row counts as zero.
    static func boxRow(_ row: UnsafeMutablePointer<Float>, count: Int, half: Int, scratch: UnsafeMutablePointer<Float>) {
        guard half > 0 else { return }
        scratch.update(from: row, count: count)
        let scale = 1 / Float(2 * half + 1)
        var sum: Float = 0
        for index in 0..<Swift.min(half, count) { sum += scratch[index] }
        for index in 0..<count {
            let entering = index + half, leaving = index - half - 1
            if entering < count { sum += scratch[entering] }
            if leaving >= 0 { sum -= scratch[leaving] }
            row[index] = sum * scale
        }
    }

    /// One box of width `2·half + 1` down every column of `source` into `target`.
    static func boxColumns(
        _ source: UnsafeMutablePointer<Float>, into target: UnsafeMutablePointer<Float>, width: Int, height: Int,
        half: Int, sum: UnsafeMutablePointer<Float>
    ) {
        let scale = 1 / Float(2 * half + 1)
        sum.update(repeating: 0, count: width)
        for y in 0..<Swift.min(half, height) {
            let row = source + y * width
            for x in 0..<width { sum[x] += row[x] }
        }
        for y in 0..<height {
            let entering = y + half, leaving = y - half - 1
            if entering < height {
                let row = source + entering * width
                for x in 0..<width { sum[x] += row[x] }
            }
            if leaving >= 0 {
                let row = source + leaving * width
                for x in 0..<width { sum[x] -= row[x] }
            }
            let out = target + y * width
            for x in 0..<width { out[x] = sum[x] * scale }
        }
    }
}
