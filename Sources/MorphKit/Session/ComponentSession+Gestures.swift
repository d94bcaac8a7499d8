/// Gesture recognition: the raw pointer stream becomes the seeds' gestures here, so a
/// pointer-only client (or a recording written by hand) drives every component exactly as
/// the page does.
///
/// Which view a press belongs to is decided when it goes down, against the layout the
/// current state settles at (`hitTestScene()`), because SwiftUI hit tests the views' model
/// geometry: an animation moves what is drawn, not where the view is. A press that lands on
/// a card still growing is on the grown card.
///
/// - The container's `.onTapGesture`: `TapRecognizer` (10 pt slop, 0.5 s) on the card.
/// - The hero card's two `Button`s: `ButtonRecognizer` on the collapsed card (while the
///   model is collapsed) or the close button's touch target (while expanded).
/// - The curtain: `RevealMachine` runs the handle's `DragGesture(minimumDistance: 0)`; once
///   revealed the background's stepper halves step on touch-down and repeat while held
///   (`StepperAutorepeat`, UIStepper's `autorepeat`), not on release.
///
/// A `tap` event is a shorthand for a press that went down and lifted at one point in one
/// instant: it reaches the tap and button gestures, not drags. A `tap` that directly follows
/// a `pointerUp` at the same point is that press reported twice (what clients sent before
/// recognition moved here) and is ignored.
extension ComponentSession {
    /// What the recognisers of one session remember between events.
    struct Gestures: Sendable, Hashable {
        var tap = TapRecognizer()
        var button = ButtonRecognizer()
        /// Where the previous event, a `pointerUp`, lifted (nil after any other event).
        var lastPointerUp: Point?
        /// The node a file component's tap recogniser is tracking a press on.
        var tapTarget: String?
        /// A file component's `dragStart`/`dragChange`/`dragEnd` gesture and its node.
        var drag = DragRecognizer()
        var dragTarget: String?
        /// A stepper half held down: its repeats (`StepperAutorepeat`), taken in `advance`.
        var autorepeat: StepperAutorepeat?
    }

    /// The pointer id a `tap` shorthand presses with (one no client sends).
    static let shorthandPointer = Int.min

    /// The stepper halves' control ids (`pressedControl`).
    static let stepperDecrement = "folds.stepper.decrement"
    static let stepperIncrement = "folds.stepper.increment"

    /// The button a pointer is pressing now, as the `.plain` style dims it: `card` or `close`
    /// (hero card), `folds.stepper.decrement` or `folds.stepper.increment` (curtain); nil
    /// when none is (the container's `.onTapGesture` has no pressed state).
    public var pressedControl: String? {
        gestures.button.isPressed ? gestures.button.control : nil
    }

    /// The scene laid out for the state the session is heading to: the target of every
    /// running animation (or the scrub override, which is a value, not an animation). Taps
    /// and presses are hit tested against it, as SwiftUI hit tests model geometry.
    public func hitTestScene() -> Scene {
        switch model {
        case .morphContainer(let container, let machine):
            container.scene(
                progress: machine.progressOverride ?? machine.targetProgress, environment: componentEnvironment,
                size: viewport, time: time)
        case .heroCard(let card, let machine):
            card.scene(
                progress: machine.progressOverride ?? machine.targetProgress, environment: componentEnvironment,
                size: viewport, time: time)
        case .curtain(let curtain, let machine):
            curtain.scene(
                drag: machine.dragTarget, isRevealed: machine.isRevealed, folds: machine.folds,
                environment: componentEnvironment, size: viewport, time: time)
        case .data(let component):
            component.scene(dataContext(atTargets: true))
        }
    }

    /// A `tap` event: the previous `pointerUp`'s echo, or a press in one instant.
    mutating func handleTap(at point: Point, time: Double, echoOf lastPointerUp: Point?) {
        guard lastPointerUp != point else { return }
        // A whole gesture of its own: it neither waits for nor disturbs a press in progress.
        let inProgress = gestures
        gestures = Gestures()
        handlePointer(.pointerDown(pointer: Self.shorthandPointer, location: point), time: time, drags: false)
        handlePointer(.pointerUp(pointer: Self.shorthandPointer, location: point), time: time, drags: false)
        gestures = inProgress
    }

    /// One pointer event through the component's gestures (`drags` false: the tap and
    /// button gestures only, for the `tap` shorthand).
    mutating func handlePointer(_ kind: InputEvent.Kind, time: Double, drags: Bool = true) {
        if case .pointerUp(_, let location) = kind { gestures.lastPointerUp = location }
        switch model {
        case .morphContainer(let container, var machine):
            guard tapGesture(kind, time: time, on: "card") else { return }
            _ = machine.tap(at: time)
            model = .morphContainer(container, machine)
        case .heroCard(let card, var machine):
            let control = machine.isExpanded ? "close" : "card"
            switch buttonGesture(kind, frames: { session in session.hitFrame(control).map { [(control, $0)] } ?? [] }) {
            case "card": _ = machine.tapCard(at: time)
            case "close": _ = machine.tapClose(at: time)
            default: return
            }
            model = .heroCard(card, machine)
        case .curtain(let curtain, var machine):
            if drags {
                _ = machine.handle(InputEvent(time: time, kind: kind))
                model = .curtain(curtain, machine)
            }
            // The seed's foreground takes every hit until revealed; a drag owns its pointer.
            let stepperTakesHits = machine.isRevealed && !machine.isDragging
            let wasPressing = gestures.button.control
            let triggered = buttonGesture(kind) { session in
                guard stepperTakesHits, let stepper = session.hitFrame("folds.stepper") else { return [] }
                let half = stepper.width / 2
                return [
                    (Self.stepperDecrement, Rect(x: stepper.minX, y: stepper.minY, width: half, height: stepper.height)),
                    (Self.stepperIncrement, Rect(x: stepper.minX + half, y: stepper.minY, width: half, height: stepper.height)),
                ]
            }
            // The stepper acts on touch-down (and repeats while held), so a release does nothing.
            _ = triggered
            if let control = startAutorepeat(kind, wasPressing: wasPressing, time: time) { stepFolds(control) }
        case .data(let component):
            handleDataPointer(kind, component, time: time, drags: drags)
        }
    }

    /// After a pointer event went through `buttonGesture`: a press that just went down on a
    /// control (none was followed before, `wasPressing` nil) and `repeats` starts its
    /// autorepeat and returns the control, for its touch-down step; a lift ends the autorepeat.
    mutating func startAutorepeat(
        _ kind: InputEvent.Kind, wasPressing: String?, time: Double, repeats: (String) -> Bool = { _ in true }
    ) -> String? {
        guard let control = gestures.button.control else {
            gestures.autorepeat = nil
            return nil
        }
        guard case .pointerDown = kind, wasPressing == nil, repeats(control) else { return nil }
        gestures.autorepeat = StepperAutorepeat(control: control, downTime: time)
        return control
    }

    /// One step of the curtain's fold stepper by the half `control`, within 1...8.
    mutating func stepFolds(_ control: String) {
        guard case .curtain(_, let machine) = model else { return }
        let step = control == Self.stepperDecrement ? -1 : 1
        let folds = min(max(machine.folds + step, Curtain.foldRange.lowerBound), Curtain.foldRange.upperBound)
        // In range by construction, so the setting cannot be refused.
        try? apply(key: "folds", value: .number(Double(folds)))
    }

    /// A held control's repeat came: step again if the finger is still on it.
    mutating func repeatPress(_ control: String) {
        guard gestures.button.isPressed, gestures.button.control == control else { return }
        switch model {
        case .curtain: stepFolds(control)
        case .data(var component):
            component.fire(.press(control), dataContext())
            model = .data(component)
        default: break
        }
    }

    /// The frame of node `id` in the hit-test layout.
    func hitFrame(_ id: String) -> Rect? {
        hitTestScene().node(withID: id)?.frame
    }

    /// Feeds the tap recogniser for a view with node id `id`; true when a tap is recognised.
    mutating func tapGesture(_ kind: InputEvent.Kind, time: Double, on id: String) -> Bool {
        switch kind {
        case .pointerDown(let pointer, let location):
            guard !gestures.tap.isTracking, hitFrame(id)?.contains(location) == true else { return false }
            _ = gestures.tap.pointerDown(pointer: pointer, at: location, time: time)
        case .pointerMove(let pointer, let location):
            _ = gestures.tap.pointerMove(pointer: pointer, to: location, time: time)
        case .pointerUp(let pointer, let location):
            if case .recognized = gestures.tap.pointerUp(pointer: pointer, at: location, time: time) { return true }
        default: break
        }
        return false
    }

    /// Feeds the button recogniser; `frames` lists the buttons a press may go down on (asked
    /// only on pointer down). Returns the id of the button whose action runs.
    mutating func buttonGesture(
        _ kind: InputEvent.Kind, frames: (ComponentSession) -> [(String, Rect)]
    ) -> String? {
        switch kind {
        case .pointerDown(let pointer, let location):
            guard gestures.button.control == nil,
                let (control, frame) = frames(self).first(where: { $0.1.contains(location) })
            else { return nil }
            _ = gestures.button.pointerDown(pointer: pointer, control: control, frame: frame)
        case .pointerMove(let pointer, let location):
            _ = gestures.button.pointerMove(pointer: pointer, to: location)
        case .pointerUp(let pointer, let location):
            let control = gestures.button.control
            if gestures.button.pointerUp(pointer: pointer, at: location) == .triggered { return control }
        default: break
        }
        return nil
    }
}
