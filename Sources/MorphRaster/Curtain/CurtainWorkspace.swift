import MorphRasterKernel

/// Buffers the curtain kernel's fast path reuses from one frame to the next, so a drag that
/// runs the kernel every frame allocates nothing per frame once the sizes settle.
///
/// One workspace serves one frame at a time: it is not `Sendable`, and its owner (a renderer,
/// a tile stream) keeps one per thread of control. Its buffers are reallocated only when the
/// layer's size or scale, the kernel's bounds or the number of workers change.
public final class CurtainWorkspace {
    /// What the buffers were sized for.
    struct Shape: Equatable {
        var width: Int
        var height: Int
        var scale: Int
        var ringRows: Int
        var workers: Int
    }

    private(set) var shape: Shape?
    /// `(x + 0.5) / scale / bounds.width` per column, and its power 1.2.
    private(set) var columnUV: UnsafeMutablePointer<Float>
    private(set) var columnPower: UnsafeMutablePointer<Float>
    /// One row's constants per output row, filled before the workers start.
    private(set) var rows: UnsafeMutablePointer<CurtainRowConstants>
    /// One scratch per worker.
    private(set) var scratches: [CurtainScratch] = []
    private var columnCapacity = 0
    private var rowCapacity = 0

    public init() {
        columnUV = .allocate(capacity: 1)
        columnPower = .allocate(capacity: 1)
        rows = .allocate(capacity: 1)
    }

    deinit {
        columnUV.deallocate()
        columnPower.deallocate()
        rows.deallocate()
    }

    /// Makes every buffer fit `shape`, keeping them when they already do.
    func prepare(_ shape: Shape) {
        guard shape != self.shape else { return }
        if shape.width > columnCapacity {
            columnUV.deallocate()
            columnPower.deallocate()
            columnUV = .allocate(capacity: shape.width)
            columnPower = .allocate(capacity: shape.width)
            columnCapacity = shape.width
        }
        if shape.height > rowCapacity {
            rows.deallocate()
            rows = .allocate(capacity: shape.height)
            rowCapacity = shape.height
        }
        scratches = (0..<shape.workers).map { _ in
            CurtainScratch(width: shape.width, scale: shape.scale, ringRows: shape.ringRows)
        }
        self.shape = shape
    }
}
