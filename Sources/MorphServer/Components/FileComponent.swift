import MorphKit

/// A session of a component file (`morphd --components DIR`): MorphKit's `ComponentSession`
/// running the file's current definition.
///
/// Before each input and each frame it checks its `ComponentFolder.Entry`; when the file has
/// loaded again since, the session continues on the new definition with its state kept where
/// it still exists (`ComponentSession.reloading(_:)`), so an edit shows at the next frame.
public struct FileComponent: LiveComponent {
    private let entry: ComponentFolder.Entry
    private var generation: Int
    private var session: ComponentSession

    /// Starts the entry's current definition in its initial state; a bad configuration or
    /// viewport throws `SessionError` (the viewer gets `bad-message` with its text).
    public init(_ entry: ComponentFolder.Entry, _ request: ComponentRegistry.Request) throws {
        self.entry = entry
        let (definition, generation) = entry.definition
        self.generation = generation
        session = try ComponentSession(
            definition: definition, configuration: request.configuration, environment: request.environment,
            viewport: request.viewport)
    }

    /// The machine state.
    public var stateName: String { session.stateName }

    /// True while a spring runs.
    public var isMoving: Bool { session.isMoving }

    /// The same: a file component's picture moves only while a spring runs.
    public var isAnimating: Bool { session.isAnimating }

    /// When the picture next changes by itself (the file's `ticksPerSecond`), so a still
    /// session is woken for its timer and spinner as the built-in curtain is.
    public func nextScheduledChange(after time: Double) -> Double? {
        session.nextScheduledChange(after: time)
    }

    /// The session's readings after a frame or an input, read in place.
    public mutating func status(after time: Double) -> ComponentSession.Status {
        session.status(after: time)
    }

    /// Applies an input at its session time, on the newest definition.
    public mutating func handle(_ event: InputEvent) throws {
        refresh()
        try session.handle(event)
    }

    /// The canonical display list at `time`, from the newest definition.
    public mutating func encodedDisplayList(at time: Double) -> [UInt8] {
        refresh()
        return session.encodedDisplayList(at: time)
    }

    /// The layout of the list returned last, from the session's encoder.
    public var encodedLayout: DisplayListDelta.Layout? { session.encodedLayout }

    /// The spring fields' values in both forms, from the session's configuration on the
    /// newest definition (a reload is told to viewers before the next frame takes it up).
    public var springs: JSONValue {
        let (definition, current) = entry.definition
        return current == generation ? session.springs : session.reloading(definition).springs
    }

    private mutating func refresh() {
        let (definition, current) = entry.definition
        guard current != generation else { return }
        generation = current
        session = session.reloading(definition)
    }
}

extension ComponentRegistry {
    /// Registers every component of `folder` under its name, a file named like a built-in
    /// component taking its place. Components whose files appear later are found by
    /// name when opened (`make` asks the folder first) and listed by `names`.
    public mutating func register(folder: ComponentFolder) {
        self.folder = folder
    }
}
