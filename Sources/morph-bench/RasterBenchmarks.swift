import Foundation
import MorphKit
import MorphRaster
import MorphWork

/// Raster costs for one iPhone-sized frame (390×844 pt at 2x = 780×1688 px): the curtain
/// kernel's reference and fast paths, and the dirty-tile compare that precedes every send.
func runRasterBenchmarks(_ bench: inout Bench) {
    let layer = BenchFrames.cardLayer()
    let size = layer.pointSize
    let kernel = CurtainKernel(bounds: size, drag: Point(x: 195, y: 422), folds: 4)
    let cores = WorkerPool.shared.threadCount
    let frame = "780×1688@2x"

    bench.measure("curtain reference \(frame), 1 core", operations: 1) {
        Double(kernel.referenceApply(to: layer).pixels[1000])
    }
    bench.measure("curtain fast \(frame), 1 core", operations: 1) {
        Double(kernel.apply(to: layer).pixels[1000])
    }
    bench.measure("curtain fast \(frame), \(cores) cores", operations: 1) {
        Double(kernel.apply(to: layer, pool: .shared).pixels[1000])
    }

    // The compare is run on a frame that differs in one tile, the common case while idle.
    var next = layer
    next[400, 900] = SIMD4(0, 0, 0, 255)
    bench.measure("dirty tiles \(frame), \(TileGrid.defaultTileSize) px, 1 tile changed", operations: 1) {
        Double((try? DirtyTiles(from: layer, to: next))?.indices.count ?? 0)
    }
    bench.measure("dirty tiles \(frame), \(TileGrid.defaultTileSize) px, identical", operations: 1) {
        Double((try? DirtyTiles(from: layer, to: layer))?.indices.count ?? 0)
    }

    func milliseconds(_ prefix: String) -> Double {
        (bench.results.first { $0.name.hasPrefix(prefix) }?.nanosecondsPerOperation ?? .nan) / 1e6
    }
    let reference = milliseconds("curtain reference"), single = milliseconds("curtain fast \(frame), 1 core")
    let multi = milliseconds("curtain fast \(frame), \(cores) cores")
    print(
        String(
            format: "curtain ms/frame: reference %.1f, fast 1 core %.2f, fast %d cores %.2f; speed-up %.1f× (%.1f× on one core)",
            reference, single, cores, multi, reference / multi, reference / single))
    print(
        String(
            format: "dirty tiles ms/frame: one changed %.3f, identical %.3f",
            milliseconds("dirty tiles \(frame), \(TileGrid.defaultTileSize) px, 1"),
            milliseconds("dirty tiles \(frame), \(TileGrid.defaultTileSize) px, identical")))
}

/// Frames shared by the raster benchmarks.
enum BenchFrames {
    /// The curtain's default size at 2x (780×1688 px) with card-like content: a light
    /// background with dark text-like stripes every 12 px.
    static func cardLayer() -> Bitmap {
        let size = BuiltInFrames.session(.curtain).viewport
        // The closure cannot throw for these positive sizes and scale.
        return try! Bitmap(
            width: Int(size.width) * 2, height: Int(size.height) * 2, scale: 2,
            { x, y in
                let ink = (y % 24 < 3) && (x / 7) % 5 != 0
                let shade = UInt8(235 - (x + y) % 20)
                return ink ? SIMD4(30, 30, 40, 255) : SIMD4(shade, shade, shade, 255)
            })
    }
}
