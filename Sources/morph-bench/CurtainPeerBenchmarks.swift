import Foundation
import MorphKit
import MorphRaster
import MorphWork

/// The Swift curtain kernel against the C yardstick peer, in the same run and on the same
/// frame: 1 and 2 threads, drag x at 0.3, 0.6 and 0.9 of the width (y at mid-height), 4 folds,
/// for every kernel variant this CPU runs (`CurtainKernel.Variant`: baseline, AVX2, AVX-512).
///
/// The peer binary comes from `MORPH_CURTAIN_PEER_BIN` (`make bench` builds it into
/// `.build/peers/curtain` when the peer's folder is present); without it the C column reads
/// "peer absent". Swift variants and C runs alternate, and each repeat gives one Swift/C ratio
/// per variant, so load from other users of the machine hits both sides of a ratio alike; the
/// table shows the min/median/max of those ratios.
func runCurtainPeerBenchmarks(repeats: Int = 5) {
    let layer = BenchFrames.cardLayer()
    let size = layer.pointSize
    let peer = CurtainPeer.fromEnvironment()
    let workspace = CurtainWorkspace()
    var output = layer
    let rawInput = FileManager.default.temporaryDirectory
        .appendingPathComponent("morph-bench-curtain-\(ProcessInfo.processInfo.processIdentifier).rgba")
    defer { try? FileManager.default.removeItem(at: rawInput) }
    if peer != nil {
        do { try Data(layer.pixels).write(to: rawInput) } catch {
            print("curtain vs C peer: cannot write \(rawInput.path): \(error)")
            return
        }
    }

    // Each variant this CPU runs, the active one (what `apply` uses by default) first.
    let variants =
        [CurtainKernel.Variant.active]
        + CurtainKernel.Variant.allCases.filter {
            $0 != .active && $0.isSupported
        }
    print(
        "curtain kernel vs C peer, \(layer.width)×\(layer.height)@\(layer.scale)x, 4 folds, \(repeats) repeats; "
            + "Swift variants: \(variants.map(\.rawValue).joined(separator: ", ")) (active: \(CurtainKernel.Variant.active))")
    print(
        "threads  drag x  variant   swift ms (min/med/max)     C ms (min/med/max)     swift/C (min/med/max)")
    for threads in [1, 2] {
        // The kernel's bands run on the pool's threads, this thread being one of them.
        let pool = threads > 1 ? WorkerPool(threads: threads, name: "bench-curtain") : nil
        defer { pool?.shutdown() }
        for fraction in [0.3, 0.6, 0.9] {
            let drag = Point(x: size.width * fraction, y: size.height * 0.5)
            let kernel = CurtainKernel(bounds: size, drag: drag, folds: 4)
            var swiftMs = [[Double]](repeating: [], count: variants.count), peerMs: [Double] = []
            var ratios = [[Double]](repeating: [], count: variants.count)
            for variant in variants {  // warm-up
                kernel.apply(to: layer, into: &output, workspace: workspace, pool: pool, variant: variant)
            }
            for _ in 0..<repeats {
                for (index, variant) in variants.enumerated() {
                    swiftMs[index].append(
                        millisecondsPerFrame(budget: 0.3) {
                            kernel.apply(to: layer, into: &output, workspace: workspace, pool: pool, variant: variant)
                        })
                }
                if let peer, let c = peer.bench(layer: layer, input: rawInput, drag: drag, folds: 4, threads: threads) {
                    peerMs.append(c)
                    for index in variants.indices { ratios[index].append(swiftMs[index].last! / c) }
                }
            }
            let cColumn = peer == nil ? "peer absent" : (peerMs.isEmpty ? "peer failed" : spread(peerMs, "%.2f"))
            for (index, variant) in variants.enumerated() {
                let ratioColumn = ratios[index].isEmpty ? "-" : spread(ratios[index], "%.2f")
                print(
                    String(format: "%7d  %5.1f  ", threads, fraction) + variant.rawValue.padded(9) + " "
                        + spread(swiftMs[index], "%.2f").padded(24) + " " + cColumn.padded(22) + " " + ratioColumn)
            }
        }
    }
}

/// `frames` frames of the kernel on the benchmark frame, for profilers (the active variant;
/// `MORPH_CURTAIN_KERNEL=baseline`, `avx2` or `avx512` forces one this CPU runs).
func runCurtainFrames(frames: Int, threads: Int, fraction: Double) {
    let layer = BenchFrames.cardLayer()
    let kernel = CurtainKernel(
        bounds: layer.pointSize, drag: Point(x: layer.pointSize.width * fraction, y: layer.pointSize.height * 0.5),
        folds: 4)
    let workspace = CurtainWorkspace()
    var output = layer
    let pool = threads > 1 ? WorkerPool(threads: threads, name: "bench-curtain") : nil
    for _ in 0..<frames { kernel.apply(to: layer, into: &output, workspace: workspace, pool: pool) }
    print("checksum \(output.pixels.reduce(0) { $0 &+ Int($1) })")
}

/// `min / median / max` of a sample, each formatted with `format`.
func spread(_ values: [Double], _ format: String) -> String {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    return [sorted[0], median, sorted[sorted.count - 1]].map { String(format: format, $0) }.joined(separator: " / ")
}

/// Milliseconds per call of `body`, averaged over as many calls as fit in `budget` seconds.
func millisecondsPerFrame(budget: Double, _ body: () -> Void) -> Double {
    let clock = SystemTimeSource()
    let start = clock.now()
    var frames = 0
    var elapsed = 0.0
    repeat {
        body()
        frames += 1
        elapsed = clock.now() - start
    } while elapsed < budget
    return elapsed * 1e3 / Double(frames)
}

extension String {
    fileprivate func padded(_ width: Int) -> String { padding(toLength: Swift.max(width, count), withPad: " ", startingAt: 0) }
}

/// The C yardstick's `bench` subcommand (see the peer's README): one JSON line per call.
struct CurtainPeer {
    let executable: URL

    static func fromEnvironment() -> CurtainPeer? {
        guard let path = ProcessInfo.processInfo.environment["MORPH_CURTAIN_PEER_BIN"], !path.isEmpty,
            FileManager.default.isExecutableFile(atPath: path)
        else { return nil }
        return CurtainPeer(executable: URL(fileURLWithPath: path))
    }

    /// The peer's median ms per frame over one calibrated run (~0.5 s), or nil when it fails.
    func bench(layer: Bitmap, input: URL, drag: Point, folds: Int, threads: Int) -> Double? {
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "bench", "--impl", "opt", "--threads", "\(threads)", "--w", "\(layer.width)", "--h", "\(layer.height)",
            "--scale", "\(layer.scale)", "--drag", "\(drag.x)", "\(drag.y)", "--folds", "\(folds)",
            "--in", input.path, "--runs", "1",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let median = object["median_ms"] as? Double
        else { return nil }
        return median
    }
}
