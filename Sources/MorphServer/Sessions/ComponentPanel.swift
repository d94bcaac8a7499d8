import MorphKit

/// What the preview page's panel offers for one component besides its configuration fields:
/// the extra controls that mean something for it and a one-line hint. `welcome` sends one per
/// component the server knows it for, so the page holds no component names of its own.
public struct ComponentPanel: Sendable, Hashable {
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

    /// A panel with `controls` (put in panel order) and `hint`.
    public init(controls: [Control], hint: String? = nil) {
        self.controls = Control.allCases.filter(controls.contains)
        self.hint = hint
    }

    /// The panel of a component file, derived from what it runs rather than listed by name:
    /// a scrubber when the file names a `scrub` variable (its tap-driven transition has a
    /// progress to hold; a component driven by a drag has none), server tiles when its scene
    /// has a curtain effect; its hint is the file's `hint`.
    public init(_ definition: ComponentDefinition) {
        var controls: [Control] = []
        if definition.scrubVariable != nil { controls.append(.scrub) }
        if definition.effectKinds.contains(.curtain) { controls.append(.serverTiles) }
        self.init(controls: controls, hint: definition.hint)
    }

    /// `{"controls": […], "hint": …}`, `hint` left out when there is none.
    public var json: JSONValue {
        var members: [JSONValue.Member] = [.init("controls", .array(controls.map { .string($0.rawValue) }))]
        if let hint { members.append(.init("hint", .string(hint))) }
        return .object(members)
    }
}
