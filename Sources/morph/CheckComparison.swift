import Foundation
import MorphKit

/// A changed recording's two runs side by side: the ops that differ at the first differing
/// frame and every node property whose curve over time changed.
struct CheckComparison {
    let before: CheckBaseline
    let after: CheckBaseline
    /// The first differing frame.
    let frame: Int

    struct ChangedOp: Equatable {
        var id: String
        var kind: String
        /// "changed", "added" or "removed".
        var change: String
    }

    /// Ops at `frame` whose content changed, that appeared, or that went away, in the new
    /// list's order and then the old one's.
    var changedOps: [ChangedOp] {
        guard let old = try? DisplayList(json: before.displayList(at: frame)),
            let new = try? DisplayList(json: after.displayList(at: frame))
        else { return [] }
        func byID(_ list: DisplayList) -> [(String, DisplayList.Op)] {
            var seen = Set<String>()
            return list.ops.compactMap { op in op.id.flatMap { seen.insert($0).inserted ? ($0, op) : nil } }
        }
        let oldOps = Dictionary(uniqueKeysWithValues: byID(old))
        let newOrdered = byID(new)
        let newIDs = Set(newOrdered.map(\.0))
        let oldKinds = NodeProperties.kinds(old), newKinds = NodeProperties.kinds(new)
        var result: [ChangedOp] = []
        for (id, op) in newOrdered {
            if let previous = oldOps[id] {
                if previous != op { result.append(ChangedOp(id: id, kind: newKinds[id] ?? "", change: "changed")) }
            } else {
                result.append(ChangedOp(id: id, kind: newKinds[id] ?? "", change: "added"))
            }
        }
        for (id, _) in byID(old) where !newIDs.contains(id) {
            result.append(ChangedOp(id: id, kind: oldKinds[id] ?? "", change: "removed"))
        }
        return result
    }

    /// One property of one node over time in both runs.
    struct Track {
        var id: String
        var property: String
        var before: [(Double, Double?)]
        var after: [(Double, Double?)]
    }

    /// Every (node, property) whose values differ anywhere (by more than 1e-6, or present in
    /// one run only), in the order ids first appear in the new run, properties in
    /// `NodeProperties.names` order.
    var changedTracks: [Track] {
        let old = Self.properties(before)
        let new = Self.properties(after)
        var ids: [String] = []
        var seen = Set<String>()
        for frame in new + old {
            for id in frame.order where seen.insert(id).inserted { ids.append(id) }
        }
        var tracks: [Track] = []
        for id in ids {
            for name in NodeProperties.names {
                let a = old.map { $0.values[id]?[name] }
                let b = new.map { $0.values[id]?[name] }
                if a.allSatisfy({ $0 == nil }) && b.allSatisfy({ $0 == nil }) { continue }
                let differs =
                    a.count != b.count
                    || zip(a, b).contains { x, y in
                        switch (x, y) {
                        case (nil, nil): false
                        case (let x?, let y?): abs(x - y) > 1e-6
                        default: true
                        }
                    }
                guard differs else { continue }
                tracks.append(
                    Track(
                        id: id, property: name,
                        before: a.enumerated().map { (Double($0.offset) / before.frameRate, $0.element) },
                        after: b.enumerated().map { (Double($0.offset) / after.frameRate, $0.element) }))
            }
        }
        return tracks
    }

    struct FrameProperties {
        var values: [String: [String: Double]]
        var order: [String]
    }

    /// Properties of every frame, parsing each distinct display list once.
    static func properties(_ run: CheckBaseline) -> [FrameProperties] {
        var cache: [String: FrameProperties] = [:]
        let values = run.hashes.map { hash in
            if let known = cache[hash] { return known }
            var properties = FrameProperties(values: [:], order: [])
            if let list = try? DisplayList(json: run.lists[hash]!) {
                properties.values = NodeProperties.extract(list)
                var seen = Set<String>()
                properties.order = list.ops.compactMap { $0.id }.filter { seen.insert($0).inserted }
            }
            cache[hash] = properties
            return properties
        }
        return values
    }
}
