import Foundation

/// A state machine described as data: states, events, guards, effects and transitions by
/// name (`schemas/machine.schema.json`).
///
/// A component file's machine as `morph export --machine` writes it
/// (`ComponentDefinition.machineDefinition`), so the rules can be read, diffed and drawn
/// without reading the file's expressions; the page draws its graph from it.
public struct MachineDefinition: Encodable, Sendable, Hashable {
    /// A named thing with a one-line description (an event, guard or effect).
    public struct Item: Encodable, Sendable, Hashable {
        /// The name transitions refer to.
        public var name: String
        /// What it means, in one sentence.
        public var summary: String

        /// An item.
        public init(_ name: String, _ summary: String) {
            self.name = name
            self.summary = summary
        }
    }

    /// One edge: in `from`, on `event`, when `guard` holds (or always), go to `to` and emit
    /// `effects` in order.
    public struct Transition: Encodable, Sendable, Hashable {
        /// The source state.
        public var from: String
        /// The event name.
        public var event: String
        /// The guard's name, or `nil` for unconditional.
        public var `guard`: String?
        /// The target state (may equal `from`).
        public var to: String
        /// Effect names, in the order the runtime emits them.
        public var effects: [String]

        /// A transition.
        public init(from: String, event: String, guard: String? = nil, to: String, effects: [String] = []) {
            self.from = from
            self.event = event
            self.guard = `guard`
            self.to = to
            self.effects = effects
        }
    }

    /// The `format` value of every machine document, so validators can tell it apart.
    public static let format = "morph.machine"
    /// Always `morph.machine`.
    public var format: String = MachineDefinition.format
    /// The document version; 1.
    public var version: Int = 1
    /// The machine's name.
    public var machine: String
    /// The component it drives (the file's `name`).
    public var component: String
    /// Every state, initial first.
    public var states: [String]
    /// The initial state.
    public var initialState: String
    /// The events it accepts.
    public var events: [Item]
    /// The guards transitions name.
    public var guards: [Item]
    /// The effects transitions name.
    public var effects: [Item]
    /// Every transition; an (state, event) pair not listed leaves the state unchanged with
    /// no effects.
    public var transitions: [Transition]

    /// A definition.
    public init(
        machine: String, component: String, states: [String], initialState: String,
        events: [Item], guards: [Item], effects: [Item], transitions: [Transition]
    ) {
        self.machine = machine
        self.component = component
        self.states = states
        self.initialState = initialState
        self.events = events
        self.guards = guards
        self.effects = effects
        self.transitions = transitions
    }

    /// The definition as pretty JSON with sorted keys, for `morph export --machine`.
    ///
    /// `Encodable` and `JSONEncoder` rather than the canonical writer's pretty form, whose
    /// layout differs (`": "`, arrays of scalars on one line): the exported documents keep
    /// their bytes.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
