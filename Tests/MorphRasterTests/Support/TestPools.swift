import MorphWork

/// Worker pools by thread count (2 to 4) for the kernel's multi-band cases, started once and
/// kept for the test process; a count without a pool (1) runs the kernel on the calling thread.
let pools: [Int: WorkerPool] = Dictionary(
    uniqueKeysWithValues: (2...4).map { ($0, WorkerPool(threads: $0, name: "raster-test-\($0)")) })
