import Foundation
import MorphKit

// `morph-bench curtain-peer` runs only the curtain kernel against the C peer.
if CommandLine.arguments.dropFirst().first == "curtain-peer" {
    runCurtainPeerBenchmarks()
    exit(0)
}

var bench = Bench()

// Baseline: one libm `exp` and `cos` per operation, the cost floor of any spring evaluation.
bench.measure("baseline: exp+cos", operations: 10_000) {
    var total = 0.0
    for index in 0..<10_000 {
        let t = Double(index) * 1e-4
        total += exp(-t) * cos(t)
    }
    return total
}

runMotionBenchmarks(&bench)
runSceneBenchmarks(&bench)
runRasterBenchmarks(&bench)
runRenderBenchmarks(&bench)
bench.report(baseline: "baseline: exp+cos")
runCurtainPeerBenchmarks()
