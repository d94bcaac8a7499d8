import Foundation
import MorphKit

/// Canonical display-list encoding (the server's per-frame hot path) against Foundation's
/// `JSONEncoder` with sorted keys on the same value (`FoundationEncodedList` parses the
/// canonical bytes and hands the value to Foundation); the ratio is what `make bench` reports.
func runSceneBenchmarks(_ bench: inout Bench) {
    let list = sampleFrame()
    var writer = CanonicalJSONWriter()
    bench.measure("scene: canonical encode, 25-op frame", operations: 100) {
        var total = 0
        for _ in 0..<100 {
            writer.removeAll()
            try? list.write(to: &writer)
            total &+= writer.bytes.count
        }
        return Double(total)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    bench.measure("scene: JSONEncoder(.sortedKeys), same list", operations: 10) {
        var total = 0
        for _ in 0..<10 {
            total &+= (try? encoder.encode(FoundationEncodedList(list: list)))?.count ?? 0
        }
        return Double(total)
    }
    let bytes = (try? list.canonicalJSON()) ?? []
    bench.measure("scene: decode canonical list", operations: 10) {
        var total = 0
        for _ in 0..<10 {
            total &+= (try? DisplayList(json: bytes))?.ops.count ?? 0
        }
        return Double(total)
    }
}

/// A real frame: the container mid-morph (card group with clip and shadow, gradient
/// artwork, scaled texts, chevron, body copy, two buttons) — 25 ops.
private func sampleFrame() -> DisplayList {
    BuiltInFrames.displayList(.morphContainer, ComponentPose(progress: 0.4))
}
