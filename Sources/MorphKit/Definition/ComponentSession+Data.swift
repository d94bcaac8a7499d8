/// Pointer input for file components: the same recognisers as the built-in components,
/// on the nodes the machine's `tap` and `press` events name.
extension ComponentSession {
    /// One pointer event through a file component's tap and button gestures.
    mutating func handleDataPointer(_ kind: InputEvent.Kind, _ component: DataComponent, time: Double) {
        var component = component
        // Taps: the first named node under the press owns it (one tap recogniser, as SwiftUI
        // gives the frontmost `.onTapGesture`).
        var tapped: String?
        if case .pointerDown(_, let location) = kind, !gestures.tap.isTracking {
            gestures.tapTarget = component.targets(press: false).first { hitFrame($0)?.contains(location) == true }
        }
        if let target = gestures.tapTarget, tapGesture(kind, time: time, on: target) { tapped = target }
        let pressed = buttonGesture(kind) { session in
            component.targets(press: true).compactMap { id in session.hitFrame(id).map { (id, $0) } }
        }
        if let tapped { component.fire(.tap(tapped), dataContext()) }
        if let pressed { component.fire(.press(pressed), dataContext()) }
        model = .data(component)
    }
}

extension ComponentSession {
    /// This session running a new load of its component file, at the next frame: state kept
    /// where it still exists (configuration fields, variables and the machine state by name;
    /// see `DataComponent.init(reloading:with:)`), time, environment, viewport and gestures
    /// unchanged. A session of a built-in component, or of a file of another name, is
    /// returned as it is.
    public func reloading(_ definition: ComponentDefinition) -> ComponentSession {
        guard case .data(let component) = model, definition.kind == self.component else { return self }
        var reloaded = self
        reloaded.model = .data(DataComponent(reloading: component, with: definition))
        return reloaded
    }

    /// The file a session of a component file runs (nil for a built-in component).
    public var definition: ComponentDefinition? {
        guard case .data(let component) = model else { return nil }
        return component.definition
    }
}
