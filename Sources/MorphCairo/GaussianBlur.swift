import Foundation

/// A separable Gaussian blur of one alpha plane, for shadows: SwiftUI's `.shadow(radius:)`
/// blurs with a standard deviation of `radius / 2`, which the renderer converts to pixels.
///
/// The kernel is sampled at whole-pixel offsets out to 3σ (99.7% of the mass) and normalised,
/// so a flat region stays flat and total coverage is kept.
struct GaussianBlur {
    let sigma: Double
    /// Weights for offsets `-radius ... radius`.
    let weights: [Float]

    var radius: Int { weights.count / 2 }

    init(sigma: Double) {
        self.sigma = sigma
        guard sigma.isFinite, sigma > 0.05 else {
            weights = [1]
            return
        }
        let radius = Int((3 * sigma).rounded(.up))
        var weights = (-radius...radius).map { offset in
            Float(exp(-Double(offset * offset) / (2 * sigma * sigma)))
        }
        let total = weights.reduce(0, +)
        for index in weights.indices { weights[index] /= total }
        self.weights = weights
    }

    /// The blurred copy of `plane` (`width × height`, row-major); pixels beyond the plane
    /// count as transparent, so callers pad the plane by `radius` where the blur must spread.
    func apply(to plane: [Float], width: Int, height: Int) -> [Float] {
        let radius = radius
        guard radius > 0, width > 0, height > 0 else { return plane }
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
