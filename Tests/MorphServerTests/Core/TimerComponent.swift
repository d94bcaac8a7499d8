import MorphKit

@testable import MorphServer

/// A still component whose picture changes once a second after a tap: the shape of the
/// curtain's on-screen timer.
struct TimerComponent: LiveComponent {
    var start: Double?
    var stateName: String { start == nil ? "idle" : "timing" }
    var isMoving: Bool { false }
    func nextScheduledChange(after time: Double) -> Double? {
        guard let start else { return nil }
        return start + (time - start).rounded(.down) + 1
    }
    mutating func handle(_ event: InputEvent) throws {
        if case .tap = event.kind { start = event.time }
    }
    mutating func encodedDisplayList(at time: Double) -> [UInt8] {
        let seconds = start.map { Int((time - $0).rounded(.down)) } ?? -1
        return Array("{\"seconds\":\(seconds)}".utf8)
    }
}

/// A component that never says its picture rests: `isAnimating` is the protocol's default
/// (`isMoving`, true while a drag is held), as a component that does not tell the two apart;
/// its frames carry neither the time nor fractions of a point of the drag, so a held drag
/// sends no frame once the spring is within half a point of the pointer, and the last frame
/// moved the fold by a whole point (the curtain's own frames keep coming, 60 a second, and
/// its spring creeps onto the pointer in steps that are resting sets for tiles).
struct RestlessComponent: LiveComponent {
    var base: SessionComponent
    var stateName: String { base.stateName }
    var isMoving: Bool { base.isMoving }
    func nextScheduledChange(after time: Double) -> Double? { base.nextScheduledChange(after: time) }
    mutating func handle(_ event: InputEvent) throws { try base.handle(event) }
    mutating func encodedDisplayList(at time: Double) -> [UInt8] {
        let bytes = base.encodedDisplayList(at: time)
        guard var list = try? DisplayList(json: bytes) else { return bytes }
        list.time = 0
        list.ops = list.ops.map { op in
            guard case .push(var group) = op, var effect = group.effect else { return op }
            effect.drag = Point(x: effect.drag.x.rounded(), y: effect.drag.y.rounded())
            group.effect = effect
            return .push(group)
        }
        return (try? list.canonicalJSON()) ?? bytes
    }
}
