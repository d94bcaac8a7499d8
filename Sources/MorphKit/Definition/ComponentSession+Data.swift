/// Pointer input: the recognisers run on the nodes the machine's `tap`, `press` and drag
/// events name.
extension ComponentSession {
    /// One pointer event through the component's tap, button and (unless `drags` is false: a
    /// `tap` shorthand) drag gestures.
    mutating func handlePointer(_ kind: InputEvent.Kind, time: Double, drags dragging: Bool = true) {
        if case .pointerUp(_, let location) = kind { gestures.lastPointerUp = location }
        // The recognisers find their targets in the session they are handed (only a pointer
        // going down asks), not in a copy of the component taken for every event: a drag's
        // pointer moves copied (retained) all of it twice each. Firing then changes `model` in
        // place.
        var tapped: String?
        let drags: [(MachineTemplate.Trigger, DragRecognizer.Value)]
        let wasPressing: String?
        let heldControl: String?
        let pressed: String?
        do {
            // One hit-test layout for every target a pointer going down is tried on (a
            // repeated node is a target per entry), built only if one is.
            var hitFrames: [String: Rect]?
            func hitFrame(_ id: String, of session: ComponentSession) -> Rect? {
                if hitFrames == nil { hitFrames = session.hitFrames() }
                return hitFrames?[id]
            }
            // Taps: the first named node under the press owns it (one tap recogniser, as
            // SwiftUI gives the frontmost `.onTapGesture`).
            if case .pointerDown(_, let location) = kind, !gestures.tap.isTracking {
                let session = self
                gestures.tapTarget = session.model.targets(.tap).first {
                    hitFrame($0, of: session)?.contains(location) == true
                }
            }
            drags =
                !dragging
                ? []
                : dragGesture(kind, time: time) { session, location in
                    session.model.targets(.drag).first { hitFrame($0, of: session)?.contains(location) == true }
                        .map { ($0, session.model.dragMinimumDistance($0)) }
                }
            if let target = gestures.tapTarget, tapGesture(kind, time: time, on: target) { tapped = target }
            wasPressing = gestures.button.control
            heldControl = gestures.autorepeat?.control
            pressed = buttonGesture(kind) { session in
                session.model.targets(.press).compactMap { id in
                    (session.model.pressRegion(id, session.dataContext(atTargets: true)) ?? hitFrame(id, of: session)).map {
                        (id, $0)
                    }
                }
            }
        }
        for (trigger, value) in drags {
            if case .dragEnd = trigger { model.setDrag(value, active: false) } else { model.setDrag(value, active: true) }
            model.fire(trigger, dataContext())
        }
        if let tapped { model.fire(.tap(tapped), dataContext()) }
        // An `autorepeat` press acts on touch-down (then repeats in `advance`), not on release.
        let control = startAutorepeat(kind, wasPressing: wasPressing, time: time) { $0.model.autorepeats($1) }
        if let control { model.fire(.press(control), dataContext()) }
        if let pressed, pressed != heldControl { model.fire(.press(pressed), dataContext()) }
    }

    /// Feeds the drag recogniser (SwiftUI's `DragGesture`, 10 pt minimum distance unless the
    /// transition sets its own); `target` picks the node a pointer going down starts a drag on. Returns the
    /// machine events the event makes, with the drag's value: `dragStart` and `dragChange`
    /// when it begins, `dragChange` as it moves, `dragEnd` when it lifts.
    mutating func dragGesture(
        _ kind: InputEvent.Kind, time: Double, target: (ComponentSession, Point) -> (id: String, minimumDistance: Double)?
    ) -> [(MachineTemplate.Trigger, DragRecognizer.Value)] {
        let wasDragging = gestures.drag.isDragging
        var value: DragRecognizer.Value?
        switch kind {
        case .pointerDown(let pointer, let location):
            guard gestures.drag.activePointer == nil, let (id, minimumDistance) = target(self, location) else { return [] }
            gestures.dragTarget = id
            gestures.drag.minimumDistance = minimumDistance
            value = gestures.drag.pointerDown(pointer: pointer, at: location, time: time)
        case .pointerMove(let pointer, let location):
            value = gestures.drag.pointerMove(pointer: pointer, to: location, time: time)
        case .pointerUp(let pointer, let location):
            value = gestures.drag.pointerUp(pointer: pointer, at: location, time: time)
            if let value, let id = gestures.dragTarget, gestures.drag.activePointer == nil {
                gestures.dragTarget = nil
                return [(.dragEnd(id), value)]
            }
            if gestures.drag.activePointer == nil { gestures.dragTarget = nil }
            return []
        default: return []
        }
        guard let value, let id = gestures.dragTarget else { return [] }
        return wasDragging ? [(.dragChange(id), value)] : [(.dragStart(id), value), (.dragChange(id), value)]
    }
}

extension ComponentSession {
    /// This session running a new load of its component file, at the next frame: state kept
    /// where it still exists (configuration fields, variables and the machine state by name;
    /// see `DataComponent.init(reloading:with:)`), time, environment, viewport and gestures
    /// unchanged. A session of a file of another name is returned as it is.
    public func reloading(_ definition: ComponentDefinition) -> ComponentSession {
        guard definition.kind == self.component else { return self }
        var reloaded = self
        reloaded.model = DataComponent(reloading: model, with: definition)
        return reloaded
    }

    /// The definition this session runs (a built-in's bundled file, or a user's).
    public var definition: ComponentDefinition { model.definition }
}
