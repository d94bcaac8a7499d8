import Foundation
import MorphKit

/// A tiny benchmark harness: each case runs for a fixed wall-time budget after a warm-up,
/// and is reported in ns per operation and as a ratio to a baseline run in the same process,
/// so figures from different machines can be compared.
struct Bench {
    struct Result {
        let name: String
        let nanosecondsPerOperation: Double
    }

    var budgetSeconds: Double = 0.4
    private(set) var results: [Result] = []
    private let clock = SystemTimeSource()

    /// `body` performs `operations` operations and returns a value that is kept alive so the
    /// optimiser cannot delete the work.
    mutating func measure(_ name: String, operations: Int, _ body: () -> Double) {
        var sink = 0.0
        sink += body()  // warm-up
        var runs = 0
        let start = clock.now()
        var elapsed = 0.0
        repeat {
            sink += body()
            runs += 1
            elapsed = clock.now() - start
        } while elapsed < budgetSeconds
        let perOperation = elapsed * 1e9 / Double(runs * operations)
        results.append(Result(name: name, nanosecondsPerOperation: perOperation))
        if sink.isNaN { print("") }  // keeps `sink` observable
    }

    func report(baseline: String) {
        let base = results.first { $0.name == baseline }?.nanosecondsPerOperation ?? 1
        print("benchmark".padding(toLength: 44, withPad: " ", startingAt: 0) + "    ns/op   × baseline")
        for result in results {
            let name = result.name.padding(toLength: 44, withPad: " ", startingAt: 0)
            print(
                name
                    + String(
                        format: "%9.1f %10.2f", result.nanosecondsPerOperation,
                        result.nanosecondsPerOperation / base))
        }
    }
}

/// The baseline every case is reported against: one libm `exp` and `cos` per operation, the
/// cost floor of any spring evaluation.
func measureBaseline(_ bench: inout Bench) {
    bench.measure("baseline: exp+cos", operations: 10_000) {
        var total = 0.0
        for index in 0..<10_000 {
            let t = Double(index) * 1e-4
            total += exp(-t) * cos(t)
        }
        return total
    }
}

/// Runs one group of cases after the baseline and prints them against it.
func runWithBaseline(_ cases: (inout Bench) -> Void) {
    var bench = Bench()
    measureBaseline(&bench)
    cases(&bench)
    bench.report(baseline: "baseline: exp+cos")
}
