import Foundation
import MorphKit

/// The seeds' helper functions written out again from the seed text, so component tests
/// check the scene against the seed rather than against the code under test.
enum SeedMath {
    static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }

    static func ramp(_ value: Double, _ from: Double, _ to: Double) -> Double {
        guard to > from else { return value >= to ? 1 : 0 }
        return min(1, max(0, (value - from) / (to - from)))
    }

    static func easeOut(_ t: Double) -> Double { 1 - pow(1 - t, 3) }

    static func rubberClamp(_ lo: Double, _ value: Double, _ hi: Double, coefficient: Double = 0.55) -> Double {
        let clamped = max(lo, min(value, hi))
        let delta = abs(clamped - value)
        guard delta != 0 else { return value }
        let sign: Double = clamped > value ? -1 : 1
        let range = hi - lo
        return clamped + sign * (1.0 - (1.0 / ((delta * coefficient / range) + 1.0))) * range
    }

    static let progresses: [Double] = [0, 0.25, 0.5, 0.75, 1]

    static func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    static func near(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
        near(a.minX, b.minX, tolerance) && near(a.minY, b.minY, tolerance) && near(a.width, b.width, tolerance)
            && near(a.height, b.height, tolerance)
    }

    static func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance)
    }

    static func near(_ a: RGBAColor, _ b: RGBAColor, _ tolerance: Double = 1e-9) -> Bool {
        near(a.red, b.red, tolerance) && near(a.green, b.green, tolerance) && near(a.blue, b.blue, tolerance)
            && near(a.alpha, b.alpha, tolerance)
    }
}

/// Accessors into scene nodes for assertions.
extension SceneNode {
    var groupContent: SceneNode.Group? { if case .group(let group) = content { group } else { nil } }
    var shapeContent: SceneNode.Shape? { if case .shape(let shape) = content { shape } else { nil } }
    var textContent: SceneNode.Text? { if case .text(let text) = content { text } else { nil } }
    var iconContent: SceneNode.Icon? { if case .icon(let icon) = content { icon } else { nil } }
    var effectContent: CurtainEffect? { if case .effect(let effect) = content { effect } else { nil } }

    /// The first icon node in this subtree (an icon is one node or a group of them).
    var firstIcon: SceneNode.Icon? { allNodes.lazy.compactMap(\.iconContent).first }
}

/// Invariants every component frame must hold.
enum SceneInvariants {
    static func problems(_ scene: Scene) -> [String] {
        var problems: [String] = []
        let list = scene.displayList()
        if !list.isBalanced { problems.append("unbalanced push/pop") }
        let ids = scene.allNodes.map(\.id)
        let duplicates = Dictionary(grouping: ids, by: { $0 }).filter { $1.count > 1 }.keys
        if !duplicates.isEmpty { problems.append("duplicate ids \(duplicates.sorted())") }
        if ids.contains(where: \.isEmpty) { problems.append("empty id") }
        for node in scene.allNodes where !(node.opacity >= 0 && node.opacity <= 1) {
            problems.append("\(node.id) opacity \(node.opacity)")
        }
        do {
            let bytes = try list.canonicalJSON()
            if try DisplayList(json: bytes).canonicalJSON() != bytes { problems.append("display list round trip differs") }
            let sceneBytes = try scene.canonicalJSON()
            if try Scene(json: sceneBytes).canonicalJSON() != sceneBytes { problems.append("scene round trip differs") }
        } catch {
            problems.append("encoding failed: \(error)")
        }
        return problems
    }
}
