import Foundation
import MorphCairo
import MorphKit
import MorphRaster

/// Server-side rendering costs: the container row at 2x (shadowed card, gradient, text) drawn
/// through cairo, the curtain mid-drag (kernel included), and the PNG encoding of a frame.
func runRenderBenchmarks(_ bench: inout Bench) {
    guard let renderer = try? DisplayListRenderer() else {
        print("render benchmarks skipped: fonts-inter or cairo unavailable")
        return
    }
    let container = BuiltInFrames.displayList(.morphContainer, ComponentPose(progress: 0.5))
    let curtain = BuiltInFrames.displayList(.curtain, ComponentPose(drag: Point(x: 180, y: 420)))
    guard let containerFrame = try? renderer.render(container, scale: 2),
        let curtainFrame = try? renderer.render(curtain, scale: 2)
    else { return }
    let containerName = "render container \(containerFrame.width)×\(containerFrame.height)@2x"
    let curtainName = "render curtain mid-drag \(curtainFrame.width)×\(curtainFrame.height)@2x"
    bench.measure(containerName, operations: 1) {
        Double((try? renderer.render(container, scale: 2))?.pixels[1000] ?? 0)
    }
    bench.measure(curtainName, operations: 1) {
        Double((try? renderer.render(curtain, scale: 2))?.pixels[1000] ?? 0)
    }
    bench.measure("png encode container frame", operations: 1) {
        Double((try? PNGEncoder.encode(containerFrame))?.count ?? 0)
    }
    bench.measure("png encode curtain frame", operations: 1) {
        Double((try? PNGEncoder.encode(curtainFrame))?.count ?? 0)
    }

    func milliseconds(_ name: String) -> Double {
        (bench.results.first { $0.name == name }?.nanosecondsPerOperation ?? .nan) / 1e6
    }
    print(
        String(
            format: "render ms/frame: container %.2f, curtain %.2f; png encode ms: container %.1f, curtain %.1f",
            milliseconds(containerName), milliseconds(curtainName), milliseconds("png encode container frame"),
            milliseconds("png encode curtain frame")))
}
