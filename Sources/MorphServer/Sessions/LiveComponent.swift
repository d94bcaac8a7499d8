import MorphKit

/// One running component instance behind a session: the seam between the server and MorphKit.
///
/// The server owns the clock, the inputs and the wire; a component only reacts and draws.
/// The shape follows MorphKit's `ComponentSession`, which `SessionComponent` adapts. A value
/// is created by a `ComponentRegistry` factory and then owned by the session's `FrameBuilder`,
/// which has one owner at a time: the service thread applies inputs, a pool worker builds a
/// frame, never both at once; the value itself needs no locking. The contract, per session (times are seconds since it started):
/// - `handle(_:)` receives every input event with its session time in `event.time`, never
///   decreasing. Advance to that time first, then apply the event. Throw to refuse an event;
///   the viewer gets `bad-event` with the error's text.
/// - `encodedDisplayList(at:)` advances to `time` and returns the canonical display-list JSON
///   bytes (`schemas/display-list.md`). The server calls it once per tick while `isMoving`,
///   once after any input or when a session opens, and at every `nextScheduledChange`.
/// - `isMoving` is true while consecutive frames at `--fps` would differ (a spring running,
///   a drag held); false lets the session stop ticking.
/// - `isAnimating` is true while the picture changes with no new input (a spring running); a
///   drag held still is moving but not animating. A frame built while it is false is a
///   resting picture (server tiles send it lossless at once). Defaults to `isMoving`.
/// - `nextScheduledChange(after:)` is the next time the picture changes although nothing
///   moves (a timer's text); the session then sleeps until that moment, not at `--fps`.
/// - `stateName` is the machine state shown in `session` and `frame` messages.
public protocol LiveComponent: Sendable {
    /// The machine state name (`collapsed`, `dragging`, …).
    var stateName: String { get }
    /// True while consecutive frames would differ.
    var isMoving: Bool { get }
    /// True while frames change with no new input (a spring running).
    var isAnimating: Bool { get }
    /// The next session time after `time` at which a still component's frame changes.
    func nextScheduledChange(after time: Double) -> Double?
    /// Applies one input stamped with its session time.
    mutating func handle(_ event: InputEvent) throws
    /// The display list at `time`, as canonical JSON bytes.
    mutating func encodedDisplayList(at time: Double) -> [UInt8]
    /// Where the `ops` and `accessibility` arrays of the list returned last sit in its bytes,
    /// when the component's encoder knows (frame deltas then skip scanning the bytes).
    var encodedLayout: DisplayListDelta.Layout? { get }
    /// Which elements of the list returned last its encoder copied from the list it returned
    /// before (frame deltas then skip comparing them).
    var encodedUnchanged: DisplayListDelta.Unchanged? { get }
    /// `stateName`, `isMoving`, `isAnimating` and `nextScheduledChange(after: time)` at once
    /// (a component stored in place reads them without copying itself for each).
    mutating func status(after time: Double) -> ComponentSession.Status
    /// Each `spring` configuration field's value in both of SwiftUI's forms, by name (the
    /// `springs` message); an empty object for a component with none.
    var springs: JSONValue { get }
}

extension LiveComponent {
    /// Most components change only while they move.
    public func nextScheduledChange(after time: Double) -> Double? { nil }

    /// Most components move only while they animate.
    public var isAnimating: Bool { isMoving }

    /// Unknown unless a component says: frame deltas scan the bytes.
    public var encodedLayout: DisplayListDelta.Layout? { nil }

    /// The four readings one by one.
    public mutating func status(after time: Double) -> ComponentSession.Status {
        ComponentSession.Status(
            stateName: stateName, isMoving: isMoving, isAnimating: isAnimating,
            nextScheduledChange: nextScheduledChange(after: time))
    }

    /// Unknown unless a component says: frame deltas compare every element.
    public var encodedUnchanged: DisplayListDelta.Unchanged? { nil }

    /// Most components (the diagnostics) have no configuration fields.
    public var springs: JSONValue { .object([]) }
}
