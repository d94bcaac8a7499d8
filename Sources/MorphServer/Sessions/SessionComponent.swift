import MorphKit

/// A real Morph component behind a live session: MorphKit's `ComponentSession` as a
/// `LiveComponent`.
///
/// The server and `morph replay` thus run the same runtime, so a recording made in the
/// browser replays to the same frames on the command line. The adapter only forwards; the
/// session advances itself to each event's time and to each frame's.
public struct SessionComponent: LiveComponent {
    private var session: ComponentSession

    /// Starts `kind` in its resting state; a bad configuration or viewport throws
    /// `SessionError` (the viewer gets `bad-message` with its text).
    public init(_ kind: ComponentKind, _ request: ComponentRegistry.Request) throws {
        session = try ComponentSession(
            component: kind, configuration: request.configuration,
            environment: request.environment, viewport: request.viewport)
    }

    /// The machine state (`collapsed`, `expanding`, …, `dragging`, `revealed`).
    public var stateName: String { session.stateName }

    /// True while a spring runs or a drag is held.
    public var isMoving: Bool { session.isMoving }

    /// True while a spring runs: a held drag whose spring caught up with the finger is not.
    public var isAnimating: Bool { session.isAnimating }

    /// The curtain's on-screen timer: the next whole second.
    public func nextScheduledChange(after time: Double) -> Double? {
        session.nextScheduledChange(after: time)
    }

    /// The session's readings after a frame or an input, read in place.
    public mutating func status(after time: Double) -> ComponentSession.Status {
        session.status(after: time)
    }

    /// Applies an input at its session time; a bad `set` throws `SessionError`.
    public mutating func handle(_ event: InputEvent) throws {
        try session.handle(event)
    }

    /// The canonical display list at `time`.
    public mutating func encodedDisplayList(at time: Double) -> [UInt8] {
        session.encodedDisplayList(at: time)
    }

    /// The layout of the list returned last, from the session's encoder.
    public var encodedLayout: DisplayListDelta.Layout? { session.encodedLayout }

    /// The elements of that list the session's encoder copied from the list before.
    public var encodedUnchanged: DisplayListDelta.Unchanged? { session.encoder.unchanged }

    /// The spring fields' values in both forms, from the session's configuration.
    public var springs: JSONValue { session.springs }
}

extension ComponentRegistry {
    /// Registers the three components under their JSON names (`morph-container`,
    /// `hero-card`, `curtain`), the names the page's picker and `morph replay` use, each with
    /// the panel its bundled file gives.
    public mutating func registerMorphComponents() {
        for kind in ComponentKind.allCases {
            register(kind.rawValue, panel: ComponentDefinition.builtIn(kind).map(ComponentPanel.init)) {
                try SessionComponent(kind, $0)
            }
        }
    }
}
