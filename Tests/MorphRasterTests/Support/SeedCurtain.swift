import Foundation
import MorphKit
import MorphTestSupport

@testable import MorphRaster

/// The seed's curtain geometry re-derived in `Double` from the Metal source, independent of
/// the kernel's code: tests predict sample points and highlights with it and find the pixels
/// sitting on the seed's two step functions.
struct SeedCurtain {
    var width: Double
    var height: Double
    var dragX: Double
    var dragY: Double
    var folds: Double

    var uniformReveal: Double { min(max(1 - dragX / width, 0), 1) }

    /// `compression` for a row whose centre is at `y` points.
    func compression(y: Double) -> Double {
        let reveal = uniformReveal
        let d = y / height - dragY / height
        let local = reveal * exp(-(d * d) / 0.45)
        let bias = min(max(pow(reveal + 0.15, 1.8), 0), 1)
        return local + (reveal - local) * bias
    }

    struct Pixel {
        var compression: Double
        var distortedX: Double
        var sample: (x: Double, y: Double)
        var highlight: Double
        var creasePhase: Double
        var foldAmount: Double
    }

    /// The geometry at a point, straight from the Metal function.
    func pixel(x: Double, y: Double) -> Pixel {
        let c = compression(y: y)
        let ux = x / width, uy = y / height
        let dx = ux / (1 - c)
        let biased = pow(dx, 1.2)
        let foldAmount = dx * (1 - cos(c * .pi)) / 2
        let phase = biased * folds
        let fold = 2 * abs(phase - (phase + 0.5).rounded(.down))
        let crease = sin(2 * .pi * phase)
        let dy = uy + foldAmount * fold * (-12 / height) * (2 * uy - 1)
        let highlight = dx < 1 ? foldAmount * (crease > 0 ? 1 : crease < 0 ? -1 : 0) * 0.1 - c * 0.1 : 0
        return Pixel(
            compression: c, distortedX: dx, sample: (dx * width, dy * height), highlight: highlight,
            creasePhase: phase, foldAmount: foldAmount)
    }

    /// Whether the pixel centre lies within `epsilon` of a crease-sign flip (`2 · phase` an
    /// integer) or of the `distortedUV.x < 1` edge: there the two implementations may pick
    /// different sides of a step.
    func isOnStep(x: Double, y: Double, epsilon: Double = 1e-3) -> Bool {
        let pixel = pixel(x: x, y: y)
        if abs(pixel.distortedX - 1) < epsilon { return true }
        guard pixel.distortedX < 1 + epsilon else { return false }
        let twice = 2 * pixel.creasePhase
        return abs(twice - twice.rounded()) < epsilon
    }
}

enum TestLayers {
    /// A busy premultiplied layer: gradients, translucent areas, thin "text" strokes and
    /// hard edges, so every sampling path is exercised.
    static func pattern(width points: Int, height pointsHigh: Int, scale: Int, seed: UInt64) throws -> Bitmap {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let strokes = (0..<40).map { _ in
            (
                x: Double.random(in: 0..<Double(points), using: &generator),
                y: Double.random(in: 0..<Double(pointsHigh), using: &generator),
                length: Double.random(in: 4..<40, using: &generator)
            )
        }
        return try Bitmap(width: points * scale, height: pointsHigh * scale, scale: scale) { x, y in
            let px = (Double(x) + 0.5) / Double(scale), py = (Double(y) + 0.5) / Double(scale)
            var alpha = 0.55 + 0.45 * sin(py / 23) * cos(px / 31)
            if px > Double(points) * 0.8 && py < Double(pointsHigh) * 0.2 { alpha = 0 }
            var r = 0.5 + 0.5 * sin(px / 17), g = 0.5 + 0.5 * cos(py / 13), b = px / Double(points)
            for stroke in strokes where abs(py - stroke.y) < 0.75 && px >= stroke.x && px < stroke.x + stroke.length {
                r = 0.05; g = 0.05; b = 0.1; alpha = 1
            }
            func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * alpha * 255).rounded()) }
            return SIMD4(byte(r), byte(g), byte(b), UInt8((alpha * 255).rounded()))
        }
    }
}

extension Bitmap {
    /// The largest per-channel difference at each pixel.
    func channelDifferences(to other: Bitmap) -> [Int] {
        (0..<(width * height)).map { index in
            (0..<4).map { abs(Int(pixels[index * 4 + $0]) - Int(other.pixels[index * 4 + $0])) }.max()!
        }
    }
}
