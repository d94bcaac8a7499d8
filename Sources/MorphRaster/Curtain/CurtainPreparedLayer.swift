import Dispatch
import MorphRasterKernel

/// A layer with the curtain kernel's blur prepass done once for many frames: its rows as the
/// kernel reads them, `[crisp | blurred]` per pixel in 16-bit fixed point (16 bytes a pixel,
/// plus `4 · scale + 2` padding columns each side and two zero rows above and below).
///
/// The prepass depends only on the layer and its scale, not on the drag point or the folds, so
/// a host that folds one unchanged layer frame after frame (tiles during a drag) prepares it
/// once and calls `CurtainKernel.apply(to:into:workspace:concurrency:variant:)` with it: the
/// same bytes as folding the layer itself, without the prepass (a third of a frame's work).
///
/// Immutable once built and shared read-only by the kernel's workers.
public final class CurtainPreparedLayer: @unchecked Sendable {
    /// The layer the rows were prepared from.
    public let layer: Bitmap
    let rows: CurtainTexelRows

    /// Prepares every row of `layer`, spread over `concurrency` cores (all by default).
    public init(_ layer: Bitmap, concurrency: Int? = nil, variant: CurtainKernel.Variant = .active) {
        self.layer = layer
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

    /// Bytes the prepared rows hold (about 16 a pixel).
    public var byteCount: Int { rows.byteCount }
}

/// What the workers of `CurtainPreparedLayer.init` share: the layer's bytes, read only, and
/// one scratch each (worker `i` uses only `scratches[i]`).
private struct PrepassJob: @unchecked Sendable {
    let layer: UnsafePointer<UInt8>
    let scratches: [CurtainScratch]
}
