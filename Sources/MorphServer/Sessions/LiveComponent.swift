/// One running component instance behind a session: the seam between the server and MorphKit.
///
/// The server owns the clock, the inputs and the wire; a component only reacts and draws.
/// A value of this type is created by a `ComponentRegistry` factory and then used only on
/// the service thread, so it needs no locking. The contract, per session:
/// - `handle(_:at:)` receives every input event with its session time (seconds since the
///   session started, never decreasing). Advance animators to `time` first, then apply the
///   event. Throw to refuse an event; the viewer gets `bad-event` with the error's text.
/// - `frame(at:)` advances to `time` and returns the canonical display-list JSON bytes
///   (`schemas/display-list.md`). The server calls it once per tick while `isMoving` is true,
///   and once after any input or when a session opens; the bytes are sent as they are.
/// - `isMoving` is true while anything would change between two frames (a spring running, a
///   drag held, a timer on screen); false lets the session stop ticking.
/// - `stateName` is the machine state shown in `session` and `frame` messages.
public protocol LiveComponent: Sendable {
    /// The machine state name (`collapsed`, `dragging`, …).
    var stateName: String { get }
    /// True while consecutive frames would differ.
    var isMoving: Bool { get }
    /// Applies one input at `time` seconds since the session started.
    mutating func handle(_ event: LiveEvent, at time: Double) throws
    /// The display list at `time`, as canonical JSON bytes.
    mutating func frame(at time: Double) -> [UInt8]
}
