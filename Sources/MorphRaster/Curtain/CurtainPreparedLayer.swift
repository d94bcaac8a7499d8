import Dispatch
import Glibc
import MorphRasterKernel

/// The curtain kernel's blur prepass of one layer, done once for every frame of a drag.
///
/// The prepass (each layer row as floats beside its 9-tap horizontal blur, the ring rows the
/// fast path reads) depends on the layer alone, not on the drag point, and cost a fifth of a
/// tile set's instructions when redone for every frame (bench/results.md). A renderer that
/// folds one unchanged layer frame after frame keeps its rows here: `apply(…, prepared:)`
/// reads them instead of preparing a ring, with the same floats, so the output is
/// bit-identical to the path without it. When the layer's content changes (the timer),
/// `update(to:)` prepares again only the rows that differ.
///
/// Memory: 32 bytes a pixel (8 floats), 8× the layer; layers over `maxPixels` are not
/// prepared (`init` returns nil) and take the ring path.
public final class CurtainPreparedLayer: @unchecked Sendable {
    /// The largest layer prepared: 3 Mpx (a phone at 3x), 96 MiB of floats.
    public static let maxPixels = 3 * 1024 * 1024

    /// The layer's size in pixels and its scale.
    public let width: Int, height: Int, scale: Int
    /// The compiled variant whose prepass made the rows (the only one that reads them).
    public let variant: CurtainKernel.Variant
    /// Owns the ring of every prepared row.
    let rows: CurtainScratch
    /// The layer the rows were prepared from: `apply` uses them only for this very storage.
    private(set) var layer: Bitmap

    /// Prepares every row of `layer` with `variant`'s prepass (on all cores); nil for an
    /// empty layer or one over `maxPixels`.
    public init?(layer: Bitmap, variant: CurtainKernel.Variant = .active) {
        guard layer.width > 0, layer.height > 0, layer.width * layer.height <= Self.maxPixels else { return nil }
        width = layer.width
        height = layer.height
        scale = layer.scale
        self.variant = variant.runnable
        self.layer = layer
        rows = CurtainScratch(preparedRowsOf: layer.width, height: layer.height, scale: layer.scale)
        prepare(Array(0..<height))
    }

    /// Whether `apply` may read these rows for `layer`: the same pixel storage they were
    /// prepared from (a copy-on-write array is only shared while unchanged).
    func holds(_ layer: Bitmap) -> Bool {
        layer.width == width && layer.height == height && layer.scale == scale
            && layer.pixels.withUnsafeBufferPointer { new in
                self.layer.pixels.withUnsafeBufferPointer { new.baseAddress == $0.baseAddress }
            }
    }

    /// Follows the layer to `newLayer`: the rows that differ are prepared again. Returns false
    /// (and changes nothing) when its size or scale differs: then make a new one.
    @discardableResult
    public func update(to newLayer: Bitmap) -> Bool {
        guard newLayer.width == width, newLayer.height == height, newLayer.scale == scale else { return false }
        if holds(newLayer) { return true }
        let rowBytes = width * 4
        let changed = layer.pixels.withUnsafeBytes { old in
            newLayer.pixels.withUnsafeBytes { new in
                (0..<height).filter { memcmp(old.baseAddress! + $0 * rowBytes, new.baseAddress! + $0 * rowBytes, rowBytes) != 0 }
            }
        }
        layer = newLayer
        prepare(changed)
        return true
    }

    /// Runs the prepass for `rowIndices` (each row writes only its own ring slot), split over
    /// the cores, each worker with buffers of its own.
    private func prepare(_ rowIndices: [Int]) {
        guard !rowIndices.isEmpty else { return }
        let workers = Swift.max(1, Swift.min(ConcurrentRows.defaultConcurrency, rowIndices.count / 64 + 1))
        let scratches = (0..<workers).map { _ in CurtainScratch(sharing: rows) }
        let prepareRow = variant.rowPreparer
        let height = height
        let job = PrepassJob(scratches: scratches, rows: rowIndices)
        layer.pixels.withUnsafeBufferPointer { pixels in
            let base = SharedBuffer(base: UnsafeMutablePointer(mutating: pixels.baseAddress!))
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let share = (job.rows.count + workers - 1) / workers
                for index in (worker * share)..<Swift.min(job.rows.count, (worker + 1) * share) {
                    prepareRow(job.rows[index], base.base, height, job.scratches[worker])
                }
            }
        }
    }
}

/// The scratches and rows of one prepass, shared with its workers (each uses its own scratch
/// and writes only the slots of its own rows).
private struct PrepassJob: @unchecked Sendable {
    let scratches: [CurtainScratch]
    let rows: [Int]
}
