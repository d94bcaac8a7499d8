/// Where a person could touch a component in its current state, for tools that write
/// interactions for it (`morph new` records a first one from these).
public struct InputTarget: Sendable, Hashable {
    /// The gesture the machine takes there.
    public enum Gesture: String, Sendable, Hashable {
        /// A `tap` transition: down and up within 10 pt and 0.5 s.
        case tap
        /// A `press` transition: released inside the control.
        case press
        /// A `dragStart` transition: moved past its minimum distance.
        case drag
    }

    /// The node (or press control) the machine names.
    public var id: String
    /// What the machine takes there.
    public var gesture: Gesture
    /// The touch target in viewport points: the node's frame, or the press's `region`.
    public var frame: Rect
}

extension ComponentSession {
    /// The targets the current state's transitions name that are there to be hit (a frame
    /// with area), taps first, then presses, then drags, each in the file's order.
    public var inputTargets: [InputTarget] {
        let component = model
        let frames = hitFrames()
        func hitFrame(_ id: String) -> Rect? { frames[id] }
        func hittable(_ frame: Rect?) -> Rect? {
            guard let frame, frame.width > 0, frame.height > 0 else { return nil }
            return frame
        }
        var targets: [InputTarget] = []
        for id in component.targets(.tap) {
            if let frame = hittable(hitFrame(id)) { targets.append(InputTarget(id: id, gesture: .tap, frame: frame)) }
        }
        for id in component.targets(.press) {
            let region = component.pressRegion(id, dataContext(atTargets: true)) ?? hitFrame(id)
            if let frame = hittable(region) { targets.append(InputTarget(id: id, gesture: .press, frame: frame)) }
        }
        for id in component.targets(.drag) {
            if let frame = hittable(hitFrame(id)) { targets.append(InputTarget(id: id, gesture: .drag, frame: frame)) }
        }
        return targets
    }
}
