import Foundation
import MorphKit

// `morph-bench curtain-peer` runs only the curtain kernel against the C peer.
// `morph-bench replay` runs only the replay speed cases.
// `morph-bench protocol` runs only the client-message decoding cases.
// `morph-bench definition` runs only the component frame build through the runtime;
// `definition-profile N NAME [file [COMPONENT_FILE]]` builds one component's frames N times, for profilers.
// `morph-bench tiles` runs only the server tile sets of a scripted curtain drag, per codec.
// `morph-bench frames` runs only the per-tick frame build; `frames-profile N [COMPONENT [FILE]]`
// builds the fixtures' moving frames N times and nothing else, for profilers (with FILE, that
// component file runs the component's recording).
// `morph-bench tiles-profile PASSES SCALE CODEC [FALLBACK [FRAMES]]` renders the drag's tile sets and nothing
// else, for profilers.
// `morph-bench curtain-frames N THREADS FRACTION` runs N frames of the kernel and nothing else,
// for profilers (`valgrind --tool=callgrind`, `perf record`).
let usage = """
    usage: morph-bench [CASE [ARGUMENTS]]

    With no case, runs every benchmark (motion, scene, raster, render, protocol, the curtain
    kernel against the C peer, replay, component files) and prints ns per operation and the
    ratio to a baseline (one exp + one cos) measured in the same process.

    cases:
      curtain-peer                          the curtain kernel against the C peer
      replay                                replay speed
      protocol                              client-message decoding
      scene                                 display-list JSON: canonical encode, JSONEncoder, decode
      definition                            component frames through the runtime
      definition-profile N NAME [file [FILE]] one component's frames N times, for profilers
      frames                                the per-tick frame build
      frames-profile N [COMPONENT [FILE]]   the fixtures' moving frames N times, for profilers
                                            (FILE: run that component file instead)
      tile-codecs                           tile codecs alone
      tiles                                 server tile sets of a scripted curtain drag, per codec
      tiles-profile PASSES SCALE CODEC [FALLBACK [FRAMES]]
                                            the drag's tile sets alone, for profilers
      curtain-frames N THREADS FRACTION     N kernel frames alone, for profilers
      render                                the cairo render and PNG cases
    """

switch CommandLine.arguments.dropFirst().first {
case "--help", "-h", "help":
    print(usage)
    exit(0)
case "curtain-peer":
    runCurtainPeerBenchmarks()
    exit(0)
case "replay":
    runReplayBenchmarks()
    exit(0)
case "definition":
    runDefinitionBenchmarks()
    exit(0)
case "protocol":
    runWithBaseline(runProtocolBenchmarks)
    exit(0)
case "scene":
    runWithBaseline(runSceneBenchmarks)
    exit(0)
case "definition-profile":
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    runDefinitionProfile(
        passes: arguments.first.flatMap(Int.init) ?? 20, name: arguments.count > 1 ? arguments[1] : "hero-card",
        side: arguments.count > 2 ? arguments[2] : "file", componentFile: arguments.count > 3 ? arguments[3] : nil)
    exit(0)
case "frames":
    runFrameBenchmarks()
    exit(0)
case "frames-profile":
    let arguments = CommandLine.arguments.dropFirst(2)
    runFrameProfile(
        count: arguments.first.flatMap(Int.init) ?? 20, only: arguments.dropFirst().first,
        file: arguments.dropFirst(2).first)
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
    runWithBaseline(runRenderBenchmarks)
    exit(0)
case let unknown?:
    FileHandle.standardError.write(Data("morph-bench: unknown case '\(unknown)'\n\n\(usage)\n".utf8))
    exit(2)
default: break
}

var bench = Bench()
measureBaseline(&bench)

runMotionBenchmarks(&bench)
runSceneBenchmarks(&bench)
runRasterBenchmarks(&bench)
runRenderBenchmarks(&bench)
runProtocolBenchmarks(&bench)
bench.report(baseline: "baseline: exp+cos")
runCurtainPeerBenchmarks()
runReplayBenchmarks()
runDefinitionBenchmarks()
