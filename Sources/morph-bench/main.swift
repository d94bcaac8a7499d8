import Foundation
import MorphKit

// `morph-bench curtain-peer` runs only the curtain kernel against the C peer.
// `morph-bench replay` runs only the replay speed cases.
// `morph-bench definition` runs only the component-file frame build against the Swift one;
// `definition-profile N NAME file|swift` builds one side's frames N times, for profilers.
// `morph-bench tiles` runs only the server tile sets of a scripted curtain drag, per codec.
// `morph-bench frames` runs only the per-tick frame build; `frames-profile N [COMPONENT]` builds
// the fixtures' moving frames N times and nothing else, for profilers.
// `morph-bench tiles-profile PASSES SCALE CODEC [FALLBACK [FRAMES]]` renders the drag's tile sets and nothing
// else, for profilers.
// `morph-bench curtain-frames N THREADS FRACTION` runs N frames of the kernel and nothing else,
// for profilers (`valgrind --tool=callgrind`, `perf record`).
switch CommandLine.arguments.dropFirst().first {
case "curtain-peer":
    runCurtainPeerBenchmarks()
    exit(0)
case "replay":
    runReplayBenchmarks()
    exit(0)
case "definition":
    runDefinitionBenchmarks()
    exit(0)
case "definition-profile":
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    runDefinitionProfile(
        passes: arguments.first.flatMap(Int.init) ?? 20, name: arguments.count > 1 ? arguments[1] : "hero-card",
        side: arguments.count > 2 ? arguments[2] : "file")
    exit(0)
case "frames":
    runFrameBenchmarks()
    exit(0)
case "frames-profile":
    let arguments = CommandLine.arguments.dropFirst(2)
    runFrameProfile(count: arguments.first.flatMap(Int.init) ?? 20, only: arguments.dropFirst().first)
    exit(0)
case "tile-codecs":
    runTileCodecBenchmarks()
    exit(0)
case "tiles":
    runTileCodecBenchmarks()
    runTileBenchmarks(scales: [2, 1])
    exit(0)
case "tiles-profile":
    runTileProfile(arguments: Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
case "curtain-frames":
    let numbers = CommandLine.arguments.dropFirst(2).compactMap(Double.init)
    guard numbers.count == 3 else {
        print("usage: morph-bench curtain-frames FRAMES THREADS DRAG-FRACTION")
        exit(2)
    }
    runCurtainFrames(frames: Int(numbers[0]), threads: Int(numbers[1]), fraction: numbers[2])
    exit(0)
case "render":
    // Only the cairo render and PNG cases, for before/after comparisons of the renderer.
    var renderBench = Bench()
    renderBench.measure("baseline: exp+cos", operations: 10_000) {
        var total = 0.0
        for index in 0..<10_000 { total += exp(-Double(index) * 1e-4) * cos(Double(index) * 1e-4) }
        return total
    }
    runRenderBenchmarks(&renderBench)
    renderBench.report(baseline: "baseline: exp+cos")
    exit(0)
default: break
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
runReplayBenchmarks()
runDefinitionBenchmarks()
