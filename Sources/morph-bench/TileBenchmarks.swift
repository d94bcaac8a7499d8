import Foundation
import MorphCairo
import MorphKit
import MorphRaster
import MorphServer

/// Server tiles while the curtain is dragged: a scripted 2-second drag (120 frames at 60 Hz,
/// from the right edge to x = 60 pt and back) through `TileRenderer`, every frame rendered
/// (no frame skipped), once per codec. Reports sets per second, each set's time split into
/// content / kernel / diff / encode (min / median / max), bytes per set, and the lossless
/// refinement of the last frame once the drag rests.
func runTileBenchmarks(scales: [Int] = [2], codecs: [TileCodec] = TileCodec.allCases) {
    let frames = dragFrames()
    print("tile sets, curtain 390×844 pt, scripted 2 s drag (\(frames.count) frames), every frame rendered")
    print(
        "scale codec  sets/s   set ms (min/med/max)   kernel ms        diff ms           encode ms          KB/set (med)  lossy/set  rest: PNG ms, KB"
    )
    for scale in scales {
        for codec in codecs {
            guard let renderer = try? TileRenderer(scale: scale) else {
                print("tile benchmarks skipped: fonts-inter or cairo unavailable")
                return
            }
            var sets: [TileSnapshot] = []
            var bytes: [Double] = []
            var lossy: [Double] = []
            let start = DispatchTime.now().uptimeNanoseconds
            for (sequence, list) in frames.enumerated() {
                let job = TileJob(session: "bench", sequence: sequence + 1, serverTime: 0, list: list, codec: codec)
                guard let set = try? renderer.render(job, skipped: 0) else { continue }
                let changed = set.tiles(after: set.version - 1)
                bytes.append(Double(set.byteCount(after: set.version - 1)))
                lossy.append(Double(changed.filter { set.codecs[$0].isLossy }.count))
                sets.append(set)
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            // At rest: the last frame again, as PNG (what the core sends once the drag rests).
            let rest = TileJob(session: "bench", sequence: frames.count, serverTime: 0, list: frames.last!, codec: .png)
            let refined = (try? renderer.render(rest, skipped: 0)) ?? nil
            let refinedBytes = refined.map { set in set.byteCount(after: set.version - 1) }
            func spread(_ values: [Double], _ format: String = "%.1f") -> String {
                let sorted = values.sorted()
                guard let first = sorted.first, let last = sorted.last else { return "-" }
                let text = [first, sorted[sorted.count / 2], last].map { String(format: format, $0) }
                return text.joined(separator: "/")
            }
            print(
                String(format: "%4d  %-5@ %7.1f   ", scale, codec.label as NSString, Double(sets.count) / seconds)
                    + spread(sets.map(\.timings.total)).padding(toLength: 21, withPad: " ", startingAt: 0)
                    + spread(sets.map(\.timings.kernel)).padding(toLength: 17, withPad: " ", startingAt: 0)
                    + spread(sets.map(\.timings.diff), "%.2f").padding(toLength: 18, withPad: " ", startingAt: 0)
                    + spread(sets.map(\.timings.encode)).padding(toLength: 19, withPad: " ", startingAt: 0)
                    + String(format: "%8.1f      %6.0f     ", median(bytes) / 1024, median(lossy))
                    + (refined.map { String(format: "%.1f ms, %.1f KB", $0.timings.total, Double(refinedBytes ?? 0) / 1024) }
                        ?? "nothing to refine"))
        }
    }
}

/// Renders the scripted drag's frames `passes` times through one `TileRenderer` at `scale` in
/// `codec` (every frame, no skipping) and prints only a checksum: for profilers
/// (`valgrind --tool=callgrind`), where a pass minus one pass is the cost of the drag's sets.
/// Arguments: `PASSES SCALE CODEC [FALLBACK [FRAMES]]` (defaults 1, 2, jpeg, off, all 120).
func runTileProfile(arguments: [String]) {
    let passes = arguments.first.flatMap(Int.init) ?? 1, scale = arguments.dropFirst().first.flatMap(Int.init) ?? 2
    let codec = arguments.dropFirst(2).first.flatMap { name in TileCodec.allCases.first { $0.label == name } } ?? .jpeg
    let fallback = arguments.dropFirst(3).first.flatMap(TileScalePolicy.Mode.init(rawValue:)) ?? .off
    let frames = Array(dragFrames().prefix(arguments.dropFirst(4).first.flatMap(Int.init) ?? .max))
    guard let renderer = try? TileRenderer(scale: scale) else { return print("tile profile: no renderer") }
    var bytes = 0, sets = 0
    for pass in 0..<passes {
        for (index, list) in frames.enumerated() {
            let job = TileJob(
                session: "bench", sequence: pass * frames.count + index + 1, serverTime: 0, list: list, codec: codec,
                scaleFallback: fallback)
            guard let set = try? renderer.render(job, skipped: 0) else { continue }
            bytes += set.byteCount(after: set.version - 1)
            sets += 1
        }
    }
    print("tile profile: \(sets) sets, \(bytes) bytes")
}

/// The drag's display lists: pointer down on the handle, then one move per 1/60 s.
func dragFrames() -> [[UInt8]] {
    var session = BuiltInFrames.session(.curtain)
    let y = session.viewport.height / 2
    let right = session.viewport.width - 20
    try? session.handle(InputEvent(time: 0, kind: .pointerDown(pointer: 1, location: Point(x: right, y: y))))
    var lists: [[UInt8]] = []
    for frame in 1...120 {
        let time = Double(frame) / 60
        // Out to x = 60 in the first second, back in the second.
        let phase = frame <= 60 ? Double(frame) / 60 : Double(120 - frame) / 60
        let x = right - (right - 60) * phase
        try? session.handle(InputEvent(time: time, kind: .pointerMove(pointer: 1, location: Point(x: x, y: y))))
        lists.append(session.encodedDisplayList(at: time))
    }
    return lists
}

private func median(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : values.sorted()[values.count / 2]
}

extension TileCodec {
    fileprivate var label: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpeg"
        case .webp: "webp"
        }
    }
}

/// Per-tile codec costs on one real mid-drag frame (2x), tiles grouped by alpha: opaque,
/// transparent, mixed. Each codec encodes the same tiles, in alternation, three rounds;
/// reports ms per tile (min/median/max of the rounds' means) and mean bytes per tile.
func runTileCodecBenchmarks() {
    let frames = dragFrames()
    guard let renderer = try? DisplayListRenderer(),
        let list = try? DisplayList(json: frames[40]),
        let layer = try? renderer.renderEffectLayer(of: list, scale: 2),
        let grid = try? TileGrid(covering: layer.bitmap)
    else { return print("tile codec benchmarks skipped") }
    let bitmap = layer.bitmap
    var classes: [String: [PixelRect]] = [:]
    for index in 0..<grid.count {
        let rect = grid.rect(ofTile: index)
        var opaque = true, clear = true
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let alpha = bitmap[x, y][3]
                opaque = opaque && alpha == 255
                clear = clear && alpha == 0
            }
        }
        classes[opaque ? "opaque" : clear ? "transparent" : "mixed", default: []].append(rect)
    }
    print(
        "per-tile codec cost, curtain frame 40 of the drag, \(bitmap.width)×\(bitmap.height), \(TileGrid.defaultTileSize) px tiles"
    )
    print("tiles         count  codec  ms/tile (min/med/max of 3 rounds)  bytes/tile")
    for name in ["opaque", "mixed", "transparent"] {
        guard let rects = classes[name] else { continue }
        var rounds: [TileCodec: [Double]] = [:]
        var sizes: [TileCodec: Int] = [:]
        for _ in 0..<3 {
            for codec in TileCodec.allCases where codec != .jpeg || name == "opaque" {
                let start = DispatchTime.now().uptimeNanoseconds
                var total = 0
                for rect in rects { total += (try? codec.encode(bitmap, rect: rect).count) ?? 0 }
                rounds[codec, default: []].append(
                    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(rects.count))
                sizes[codec] = total / rects.count
            }
        }
        for codec in TileCodec.allCases {
            guard let times = rounds[codec]?.sorted() else { continue }
            print(
                name.padding(toLength: 14, withPad: " ", startingAt: 0)
                    + String(format: "%5d  %-5@  ", rects.count, codec.label as NSString)
                    + String(format: "%.3f/%.3f/%.3f", times[0], times[1], times[2]).padding(
                        toLength: 35, withPad: " ", startingAt: 0)
                    + "\(sizes[codec] ?? 0)")
        }
    }
}
