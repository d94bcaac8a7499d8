/// Poses (`ComponentPose`): the machine is driven by the triggers its own
/// transitions name, fired directly (no pointer stream), and its springs are caught up or
/// shown part of the way instead of being run.
extension ComponentSession {
    /// The scene of this session posed as `pose` says, from the session's state at
    /// `pose.time` (advanced there first), its running animations caught up. The session
    /// itself is unchanged.
    public func scene(posed pose: ComponentPose) throws(PoseError) -> Scene {
        try posed(pose).scene()
    }

    /// This session posed (the scene's source; tests read its state too). Time does not
    /// run a posed session's animations from the pose: it is a still.
    func posed(_ pose: ComponentPose) throws(PoseError) -> ComponentSession {
        guard pose.time.isFinite, (0...InputLimits.maxTime).contains(pose.time) else { throw .badTime(pose.time) }
        if let progress = pose.progress, !(progress.isFinite && abs(progress) <= InputLimits.maxScrubProgress) {
            throw .progressOutOfRange(progress)
        }
        if let drag = pose.drag, !Self.isBounded(drag) { throw .badDrag(drag) }
        let definition = model.definition
        var session = self
        session.advance(to: pose.time)
        session.settleForPose()
        if let state = pose.state {
            guard definition.stateNames.contains(state) else { throw .unknownState(state, states: definition.stateNames) }
            if pose.progress != nil, pose.drag != nil { throw .dragWithProgress }
            try session.reach(state, progress: pose.progress, holding: pose.drag)
        } else {
            if pose.progress != nil, definition.scrubVariable == nil { throw .noScrubVariable }
            if let drag = pose.drag { try session.holdDrag(at: drag) }
        }
        for held in pose.variables { try session.hold(held, definition) }
        if pose.state == nil, let progress = pose.progress {
            session.changeData { component, _ in component.setOverride(progress) }
        }
        return session
    }

    private static func isBounded(_ point: Point) -> Bool {
        point.x.isFinite && point.y.isFinite && abs(point.x) <= InputLimits.maxCoordinate
            && abs(point.y) <= InputLimits.maxCoordinate
    }

    /// Runs `change` on the component with the context of this moment.
    @discardableResult
    private mutating func changeData<Result>(_ change: (inout DataComponent, DataComponent.Context) -> Result) -> Result {
        let context = dataContext()
        return change(&model, context)
    }

    private var dataAnimators: [VariableAnimator] { model.animators }

    /// Every spring caught up, then the `settled` transitions taken as frames would take
    /// them (one a frame, the first variable's first), until none is. Returns the states
    /// passed through. Bounded: a machine whose settling goes round in a cycle stops where
    /// the bound finds it.
    @discardableResult
    mutating func settleForPose() -> [String] {
        var passed: [String] = []
        let definition = model.definition
        for _ in 0...definition.machine.transitions.count {
            let fired =
                changeData { component, context in
                    component.finishAnimations()
                    return definition.variables.indices.contains { component.fire(.settled($0), context) }
                }
            guard fired else { break }
            passed.append(stateName)
        }
        return passed
    }

    /// One input a person could give in the current state: a tap or press of a node the
    /// machine names, or a drag of one moved to `to` and released there at `velocity`.
    enum Step {
        case trigger(MachineTemplate.Trigger)
        case drag(String, from: Point, to: Point, velocity: Point)
    }

    /// The steps the current state offers, in the file's order: each tap and press on a node
    /// (or press region) that is there to be hit, and each drag from its node's centre: let go
    /// where it began, flicked toward each edge of the viewport (released at once, its predicted
    /// end on the edge: the animation then runs from the node, as a reveal or a detent's does),
    /// and moved slowly to each edge, straight across.
    func poseSteps() -> [Step] {
        let component = model
        let frames = hitFrames()
        func hitFrame(_ id: String) -> Rect? { frames[id] }
        var steps: [Step] = []
        for id in component.targets(.tap) where hitFrame(id).map(Self.isHittable) == true { steps.append(.trigger(.tap(id))) }
        for id in component.targets(.press) {
            let region = component.pressRegion(id, dataContext(atTargets: true)) ?? hitFrame(id)
            if let region, Self.isHittable(region) { steps.append(.trigger(.press(id))) }
        }
        for id in component.targets(.drag) {
            guard let frame = hitFrame(id) else { continue }
            let start = Point(x: frame.midX, y: frame.midY)
            let edges = [
                Point(x: 0, y: start.y), Point(x: viewport.width, y: start.y), Point(x: start.x, y: 0),
                Point(x: start.x, y: viewport.height),
            ]
            steps.append(.drag(id, from: start, to: start, velocity: .zero))
            for edge in edges {
                // SwiftUI predicts `location + 0.25 s · velocity`.
                let velocity = (edge - start).scaled(by: 1 / DragPrediction.projectionTime)
                steps.append(.drag(id, from: start, to: start, velocity: velocity))
            }
            for edge in edges { steps.append(.drag(id, from: start, to: edge, velocity: .zero)) }
        }
        return steps
    }

    private static func isHittable(_ frame: Rect) -> Bool { frame.width > 0 && frame.height > 0 }

    /// Takes `step` from rest: a drag is pressed, moved and caught up with the finger first.
    /// Returns the animators as they were just before the step's last trigger, where the
    /// animation it starts begins, and the state a drag was held in.
    mutating func take(_ step: Step) -> (before: [VariableAnimator], held: String?) {
        switch step {
        case .trigger(let trigger):
            let before = dataAnimators
            changeData { component, context in _ = component.fire(trigger, context) }
            return (before, nil)
        case .drag(let id, let start, let end, let velocity):
            press(id, from: start, to: end)
            settleForPose()
            let before = dataAnimators
            let held = stateName
            let release = DragRecognizer.Value(startLocation: start, location: end, velocity: velocity, time: time)
            changeData { component, context in
                component.setDrag(release, active: false)
                _ = component.fire(.dragEnd(id), context)
            }
            return (before, held)
        }
    }

    /// A drag of node `id` gone down at `start` and moved to `end`, as the recogniser reports
    /// one: `dragStart` and `dragChange` where it began, `dragChange` where it is.
    private mutating func press(_ id: String, from start: Point, to end: Point) {
        let down = DragRecognizer.Value(startLocation: start, location: start, velocity: .zero, time: time)
        let moved = DragRecognizer.Value(startLocation: start, location: end, velocity: .zero, time: time)
        changeData { component, context in
            for (trigger, value) in [
                (MachineTemplate.Trigger.dragStart(id), down), (.dragChange(id), down), (.dragChange(id), moved),
            ] {
                component.setDrag(value, active: true)
                _ = component.fire(trigger, context)
            }
        }
    }

    /// The machine brought to `state` by the fewest steps from here (breadth first over the
    /// states at rest), at rest there; with `progress`, the last step's animation toward it
    /// shown that far, the machine in the state the animation runs in. With `drag`, then held
    /// at that point; a state a drag is held in is reached by holding it from where it starts.
    private mutating func reach(_ state: String, progress: Double?, holding drag: Point?) throws(PoseError) {
        let origin = stateName
        if progress == nil, origin == state {
            if let drag { try holdDrag(at: drag) }
            return
        }
        var queue = [self]
        var seen: Set = [origin]
        var settlesInto: String?
        var heldByDrag = false
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for step in node.poseSteps() {
                var fired = node
                let (before, held) = fired.take(step)
                if held == state, let drag {
                    self = node
                    try holdDrag(at: drag)
                    return
                }
                if held == state { heldByDrag = true }
                var settled = fired
                let passed = [fired.stateName] + settled.settleForPose()
                if let progress {
                    // A step that jumps has no curve to be part of the way along.
                    if fired.isAnimating, passed.contains(state) {
                        fired.changeData { component, _ in component.showAnimations(fraction: progress, from: before) }
                        self = fired
                        return
                    }
                } else if settled.stateName == state {
                    self = settled
                    if let drag { try holdDrag(at: drag) }
                    return
                } else if passed.contains(state) {
                    settlesInto = settled.stateName
                }
                if seen.insert(settled.stateName).inserted { queue.append(settled) }
            }
        }
        if progress != nil { throw .noAnimation(state, from: origin) }
        if let settlesInto { throw .doesNotRest(state, settlesInto: settlesInto) }
        if heldByDrag { throw .heldByDrag(state) }
        throw .unreachable(state, from: origin)
    }

    /// A drag held at `point` on the one node the machine drags in the current state,
    /// started at that node's centre, its springs caught up with the finger.
    private mutating func holdDrag(at point: Point) throws(PoseError) {
        let nodes = model.targets(.drag).filter { hitFrame($0) != nil }
        guard let id = nodes.first, let frame = hitFrame(id) else { throw .noDrag(state: stateName) }
        guard nodes.count == 1 else { throw .severalDrags(state: stateName, nodes: nodes) }
        press(id, from: Point(x: frame.midX, y: frame.midY), to: point)
        settleForPose()
    }

    /// The variable `held` names held at its value.
    private mutating func hold(_ held: ComponentPose.HeldVariable, _ definition: ComponentDefinition) throws(PoseError) {
        guard let index = definition.variables.firstIndex(where: { $0.name == held.name }) else {
            throw .unknownVariable(held.name, variables: definition.variables.map(\.name))
        }
        switch (definition.variables[index].type, held.value) {
        case (.point, .point(let point)):
            guard Self.isBounded(point) else {
                throw .badVariable(held.name, reason: "outside ±\(Int(InputLimits.maxCoordinate))")
            }
        case (.point, _):
            throw .badVariable(held.name, reason: "a point variable takes a point")
        case (_, .number(let number)):
            guard number.isFinite, abs(number) <= InputLimits.maxParameter else {
                throw .badVariable(held.name, reason: "outside ±\(Int(InputLimits.maxParameter))")
            }
        default:
            throw .badVariable(held.name, reason: "a number variable takes a number")
        }
        changeData { component, _ in component.hold(variable: index, at: held.value) }
    }
}
