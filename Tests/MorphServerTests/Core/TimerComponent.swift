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
