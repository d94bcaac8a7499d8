import MorphKit

/// What the preview page's panel offers for one component besides its configuration fields:
/// the extra controls that mean something for it, a one-line hint and its state machine as a
/// graph for the inspector. `welcome` sends one per component the server knows it for, so the
/// page holds no component names of its own.
public struct ComponentPanel: Sendable, Hashable {
    /// A state machine as the inspector draws it: the states (initial first) and each distinct
    /// move between them with the event that makes it, guards and effects left out (`morph
    /// export --machine` has them).
    public struct MachineGraph: Sendable, Hashable {
        /// One move: from a state, on an event (as the file writes it), to a state (the same
        /// state for a transition that only runs effects).
        public struct Edge: Sendable, Hashable {
            public var from: String
            public var event: String
            public var to: String

            /// An edge from `from` to `to` on `event`.
            public init(from: String, event: String, to: String) {
                self.from = from
                self.event = event
                self.to = to
            }
        }

        /// The state names, initial first.
        public var states: [String]
        /// The distinct edges, in the order the machine tries them per state.
        public var edges: [Edge]

        /// The graph of `machine`: its transitions with guards and effects dropped, events
        /// without their options, each (from, event, to) once.
        public init(_ machine: MachineDefinition) {
            states = machine.states
            var edges: [Edge] = []
            for transition in machine.transitions {
                let edge = Edge(from: transition.from, event: Self.label(transition.event), to: transition.to)
                if !edges.contains(edge) { edges.append(edge) }
            }
            self.edges = edges
        }

        /// An event as a graph names it: its trigger and node, without the options a file may add
        /// (`press(stepper, region: …)` → `press(stepper)`), which would fill the drawing.
        static func label(_ event: String) -> String {
            guard event.hasSuffix(")"), let comma = event.firstIndex(of: ",") else { return event }
            return event[..<comma] + ")"
        }

        /// `{"states": […], "transitions": [{"from", "event", "to"}, …]}`.
        public var json: JSONValue {
            .object([
                .init("states", .array(states.map { .string($0) })),
                .init(
                    "transitions",
                    .array(
                        edges.map {
                            .object([
                                .init("from", .string($0.from)), .init("event", .string($0.event)), .init("to", .string($0.to)),
                            ])
                        })),
            ])
        }
    }

    /// A control only some components have (the `data-control` id of its row in the page).
    public enum Control: String, Sendable, Hashable, CaseIterable {
        /// The progress scrubber: `scrub` events override the component's progress.
        case scrub
        /// Server-rendered tiles of the component's curtain effect (`tiles`).
        case serverTiles = "server-tiles"
    }

    /// The component's extra controls, in `Control.allCases` order.
    public var controls: [Control]
    /// The hint under the picker; nil shows none.
    public var hint: String?
    /// The component's state machine for the inspector; nil draws none.
    public var machine: MachineGraph?

    /// A panel with `controls` (put in panel order), `hint` and `machine`.
    public init(controls: [Control], hint: String? = nil, machine: MachineGraph? = nil) {
        self.controls = Control.allCases.filter(controls.contains)
        self.hint = hint
        self.machine = machine
    }

    /// The panel of a component file, derived from what it runs rather than listed by name:
    /// a scrubber when the file names a `scrub` variable (its tap-driven transition has a
    /// progress to hold; a component driven by a drag has none), server tiles when its scene
    /// has a curtain effect; its hint is the file's `hint`, its graph the file's machine.
    public init(_ definition: ComponentDefinition) {
        var controls: [Control] = []
        if definition.scrubVariable != nil { controls.append(.scrub) }
        if definition.effectKinds.contains(.curtain) { controls.append(.serverTiles) }
        self.init(controls: controls, hint: definition.hint, machine: MachineGraph(definition.machineDefinition))
    }

    /// `{"controls": […], "hint": …, "machine": …}`, `hint` and `machine` left out when there
    /// is none.
    public var json: JSONValue {
        var members: [JSONValue.Member] = [.init("controls", .array(controls.map { .string($0.rawValue) }))]
        if let hint { members.append(.init("hint", .string(hint))) }
        if let machine { members.append(.init("machine", machine.json)) }
        return .object(members)
    }
}
