import MorphKit

// Layers under one clip share it: a run of neighbouring layers whose first clip is the same
// group's goes into a precomposition (an asset of layers), and the precomp layer carries that
// clip once as its mask, where each layer would otherwise repeat the same animated path.
extension LottieWriter {
    /// The tracks as top-level layers (topmost first), and the precomposition assets they use.
    static func layers(_ tracks: [Track], size: Size) -> (layers: [JSONValue], precomps: [JSONValue]) {
        var layers: [JSONValue] = []
        var precomps: [JSONValue] = []
        var position = 0
        while position < tracks.count {
            var end = position + 1
            if let owner = tracks[position].leaves[0].clipOwner {
                while end < tracks.count, tracks[end].leaves[0].clipOwner == owner { end += 1 }
            }
            let run = Array(tracks[position..<end])
            if run.count > 1, let shared = sharedClip(run) {
                let id = "clip_\(precomps.count)"
                let inner = run.enumerated().map { offset, track in
                    var unclipped = track
                    for index in unclipped.leaves.indices {
                        unclipped.leaves[index].clips.removeFirst()
                        unclipped.leaves[index].clipOwner = nil
                    }
                    return unclipped.layer(index: offset + 1)
                }
                precomps.append(
                    .object([.init("id", .string(id)), .init("nm", .string(shared.owner)), .init("layers", .array(inner))]))
                layers.append(shared.track.precompLayer(index: layers.count + 1, id: id, size: size))
            } else {
                for track in run { layers.append(track.layer(index: layers.count + 1)) }
            }
            position = end
        }
        return (layers, precomps)
    }

    /// A track over the run's whole span whose leaves carry only the shared clip, frame by
    /// frame; nil when two layers disagree about it on some frame (two groups of one name).
    private static func sharedClip(_ run: [Track]) -> (owner: String, track: Track)? {
        guard let owner = run[0].leaves[0].clipOwner else { return nil }
        let first = run.map(\.firstFrame).min() ?? 0
        let last = run.map(\.lastFrame).max() ?? 0
        var leaves: [Leaf?] = Array(repeating: nil, count: last - first + 1)
        for track in run {
            for (offset, leaf) in track.leaves.enumerated() {
                let slot = track.firstFrame + offset - first
                if let existing = leaves[slot], existing.clips[0] != leaf.clips[0] { return nil }
                var clip = leaf
                clip.clips = [leaf.clips[0]]
                leaves[slot] = clip
            }
        }
        // A frame no layer of the run draws keeps its neighbour's clip (nothing shows there).
        var filled: [Leaf] = []
        for leaf in leaves {
            if let leaf { filled.append(leaf) } else if let previous = filled.last { filled.append(previous) }
        }
        guard let firstLeaf = filled.first else { return nil }
        let gap = leaves.count - filled.count
        filled.insert(contentsOf: Array(repeating: firstLeaf, count: gap), at: 0)
        return (owner, Track(firstFrame: first, signature: owner, leaves: filled, exact: run[0].exact))
    }
}

extension LottieWriter.Track {
    /// A precomp layer (`ty` 0) drawing asset `id` over the track's frames, the track's clip
    /// as its mask.
    func precompLayer(index: Int, id: String, size: Size) -> JSONValue {
        let identity: JSONValue = .object([
            .init("o", .object([.init("a", .number(0)), .init("k", .number(100))])),
            .init("p", .object([.init("a", .number(0)), .init("k", .array([.number(0), .number(0), .number(0)]))])),
            .init("a", .object([.init("a", .number(0)), .init("k", .array([.number(0), .number(0), .number(0)]))])),
            .init("s", .object([.init("a", .number(0)), .init("k", .array([.number(100), .number(100), .number(100)]))])),
        ])
        let members: [JSONValue.Member] = [
            .init("ddd", .number(0)), .init("ind", .number(Double(index))), .init("ty", .number(0)),
            .init("nm", .string(signature)), .init("refId", .string(id)), .init("sr", .number(1)), .init("ks", identity),
            .init("ao", .number(0)), .init("w", .number(size.width.rounded())), .init("h", .number(size.height.rounded())),
            .init("ip", .number(Double(firstFrame))), .init("op", .number(Double(lastFrame + 1))),
            .init("st", .number(0)), .init("bm", .number(0)),
        ]
        return .object(members + maskMembers { _, contour in contour })
    }
}
