import Dispatch
import Foundation

/// A buffer pointer shared by the workers of one `ConcurrentRows.forEachBand` call.
///
/// `@unchecked Sendable` rests on two rules the kernel keeps: a worker writes only the rows of
/// its own band (bands are disjoint), and the owner reads nothing until `concurrentPerform`
/// has returned, i.e. until every worker finished. Read-only inputs are shared the same way.
struct SharedBuffer<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
}

/// Splits `0..<rows` into bands and runs them across cores with `concurrentPerform`.
enum ConcurrentRows {
    /// Cores used when the caller does not say.
    static var defaultConcurrency: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Calls `body` once per band of rows; bands are disjoint and cover `0..<rows`. Several
    /// bands per core balance rows of uneven cost (folded rows end early).
    static func forEachBand(rows: Int, concurrency: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard rows > 0 else { return }
        let workers = Swift.max(1, concurrency)
        let bands = workers == 1 ? 1 : Swift.min(rows, workers * 8)
        let perBand = (rows + bands - 1) / bands
        if workers == 1 {
            body(0..<rows)
        } else {
            DispatchQueue.concurrentPerform(iterations: (rows + perBand - 1) / perBand) { index in
                body((index * perBand)..<Swift.min(rows, (index + 1) * perBand))
            }
        }
    }
}
