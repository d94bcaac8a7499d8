/// Gesture recognition: the raw pointer stream becomes the gestures a component's machine
/// names here (`ComponentSession+Data.swift` routes them), so a pointer-only client (or a
/// recording written by hand) drives every component exactly as the page does.
///
/// Which view a press belongs to is decided when it goes down, against the layout the
/// current state settles at (`hitTestScene()`), because SwiftUI hit tests the views' model
/// geometry: an animation moves what is drawn, not where the view is. A press that lands on
/// a card still growing is on the grown card.
///
/// - `tap`, SwiftUI's `.onTapGesture`: `TapRecognizer` (10 pt slop, 0.5 s), e.g. the
///   container's card.
/// - `press`, a `Button`: `ButtonRecognizer` on the node or its `region`, e.g. the hero card's
///   card and close button; an `autorepeat` press (the curtain's stepper halves) steps on
///   touch-down and repeats while held (`StepperAutorepeat`, UIStepper's `autorepeat`).
/// - `dragStart`/`dragChange`/`dragEnd`, a `DragGesture`: `DragRecognizer`, e.g. the
///   curtain's handle.
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

    /// The button a pointer is pressing now, as the `.plain` style dims it: `card` or `close`
    /// (hero card), `folds.stepper.decrement` or `folds.stepper.increment` (curtain); nil
    /// when none is (a `tap`, the container's `.onTapGesture`, has no pressed state).
    @inline(__always)
    public var pressedControl: String? {
        gestures.button.isPressed ? gestures.button.control : nil
    }

    /// The scene laid out for the state the session is heading to: the target of every
    /// running animation (or the scrub override, which is a value, not an animation). Taps
    /// and presses are hit tested against it, as SwiftUI hit tests model geometry.
    public func hitTestScene() -> Scene {
        model.scene(dataContext(atTargets: true))
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

    /// After a pointer event went through `buttonGesture`: a press that just went down on a
    /// control (none was followed before, `wasPressing` nil) and `repeats` (asked of this
    /// session, on touch-down only) starts its autorepeat and returns the control, for its
    /// touch-down step; a lift ends the autorepeat.
    mutating func startAutorepeat(
        _ kind: InputEvent.Kind, wasPressing: String?, time: Double, repeats: (ComponentSession, String) -> Bool
    ) -> String? {
        guard let control = gestures.button.control else {
            gestures.autorepeat = nil
            return nil
        }
        guard case .pointerDown = kind, wasPressing == nil, repeats(self, control) else { return nil }
        gestures.autorepeat = StepperAutorepeat(control: control, downTime: time)
        return control
    }

    /// A held control's repeat came: press it again if the finger is still on it.
    mutating func repeatPress(_ control: String) {
        guard gestures.button.isPressed, gestures.button.control == control else { return }
        model.fire(.press(control), dataContext())
    }

    /// The frame of node `id` in the hit-test layout.
    func hitFrame(_ id: String) -> Rect? {
        hitTestScene().node(withID: id)?.frame
    }

    /// Every node's frame in the hit-test layout, by id, for trying many targets (a repeated
    /// node is a target per entry) against one layout with one walk of it.
    func hitFrames() -> [String: Rect] {
        var frames: [String: Rect] = [:]
        func add(_ node: SceneNode) {
            if frames[node.id] == nil { frames[node.id] = node.frame }
            for child in node.children { add(child) }
        }
        add(hitTestScene().root)
        return frames
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
