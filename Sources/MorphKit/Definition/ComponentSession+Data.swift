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
