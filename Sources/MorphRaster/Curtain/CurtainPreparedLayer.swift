import Dispatch
import Foundation
import MorphRasterKernel

/// A layer with the curtain kernel's blur prepass done once for many frames: its rows as the
/// kernel reads them, `[crisp | blurred]` per pixel in 16-bit fixed point (16 bytes a pixel,
/// plus `4 · scale + 2` padding columns each side and two zero rows above and below; ~22 MB
/// for a 2x phone layer).
///
/// The prepass depends only on the layer and its scale, not on the drag point or the folds, so
/// a host that folds one unchanged layer frame after frame (tiles during a drag) prepares it
/// once and calls `CurtainKernel.apply(to:into:workspace:concurrency:variant:)` with it: the
/// same bytes as folding the layer itself (both round the blur to 1/256 of a step), without
/// the prepass (about 40 % of a frame's work).
///
/// Shared read-only by the kernel's workers; `update(to:)` changes it between frames.
public final class CurtainPreparedLayer: @unchecked Sendable {
    /// The layer the rows were prepared from.
    public private(set) var layer: Bitmap
    let rows: CurtainTexelRows
    private let variant: CurtainKernel.Variant

    /// Prepares every row of `layer`, spread over `concurrency` cores (all by default).
    public init(_ layer: Bitmap, concurrency: Int? = nil, variant: CurtainKernel.Variant = .active) {
        self.layer = layer
        self.variant = variant
        let width = Swift.max(layer.width, 1), height = Swift.max(layer.height, 0)
        let rows = CurtainTexelRows(width: width, scale: layer.scale, height: height)
        self.rows = rows
        guard layer.width > 0, layer.height > 0 else { return }
        let workers = Swift.max(1, Swift.min(concurrency ?? ConcurrentRows.defaultConcurrency, 8))
        let scratches = (0..<workers).map { _ in CurtainScratch(width: width, scale: layer.scale, ringRows: 8) }
        let prepare = variant.runnable.rowPreparer
        // Rows -2 … height + 1 (the zero rows too), in contiguous bands.
        let total = height + 4, perWorker = (total + workers - 1) / workers
        layer.pixels.withUnsafeBufferPointer { bytes in
            let job = PrepassJob(layer: bytes.baseAddress!, scratches: scratches)
            let run: @Sendable (Int) -> Void = { worker in
                let first = -2 + worker * perWorker, last = Swift.min(-2 + (worker + 1) * perWorker, height + 2)
                guard first < last else { return }
                prepare(job.layer, height, first..<last, rows, job.scratches[worker])
            }
            if workers == 1 { run(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: run) }
        }
    }

    /// Makes this the prepared form of `newLayer`, re-preparing only the rows whose bytes
    /// changed (a prepared row depends on its own layer row alone: the blur is horizontal), and
    /// returns how many; nil, with nothing changed, when `newLayer`'s size or scale differ.
    /// For a layer redrawn with a small change (a clock, a spinner); the caller must not run
    /// the kernel on this layer meanwhile.
    public func update(to newLayer: Bitmap) -> Int? {
        guard newLayer.width == layer.width, newLayer.height == layer.height, newLayer.scale == layer.scale else {
            return nil
        }
        let rowBytes = layer.width * 4
        var changed = 0
        let scratch = CurtainScratch(width: Swift.max(layer.width, 1), scale: layer.scale, ringRows: 8)
        let prepare = variant.runnable.rowPreparer
        newLayer.pixels.withUnsafeBufferPointer { new in
            layer.pixels.withUnsafeBufferPointer { old in
                guard let newBase = new.baseAddress, let oldBase = old.baseAddress, newBase != oldBase else { return }
                var y = 0
                while y < layer.height {
                    // Runs of changed rows, each prepared in one call.
                    guard memcmp(newBase + y * rowBytes, oldBase + y * rowBytes, rowBytes) != 0 else {
                        y += 1
                        continue
                    }
                    var end = y + 1
                    while end < layer.height, memcmp(newBase + end * rowBytes, oldBase + end * rowBytes, rowBytes) != 0 {
                        end += 1
                    }
                    prepare(newBase, layer.height, y..<end, rows, scratch)
                    changed += end - y
                    y = end
                }
            }
        }
        layer = newLayer
        return changed
    }

    /// Bytes the prepared rows hold (about 16 a pixel).
    public var byteCount: Int { rows.byteCount }
}

/// What the workers of `CurtainPreparedLayer.init` share: the layer's bytes, read only, and
/// one scratch each (worker `i` uses only `scratches[i]`).
private struct PrepassJob: @unchecked Sendable {
    let layer: UnsafePointer<UInt8>
    let scratches: [CurtainScratch]
}
