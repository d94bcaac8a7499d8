extension RevealMachine {
    /// The curtain's rules as data (`schemas/machine.schema.json`).
    public static let definition: MachineDefinition = {
        typealias T = MachineDefinition.Transition
        let states = ["closed", "dragging", "settling", "revealed"]
        var transitions: [T] = []
        for from in ["closed", "settling", "revealed"] {
            transitions.append(
                T(
                    from: from, event: "pointerDown", guard: "onHandle", to: "dragging",
                    effects: ["beginDrag", "animateDragPoint"]))
        }
        transitions += [
            T(from: "dragging", event: "pointerMove", guard: "activePointer", to: "dragging", effects: ["animateDragPoint"]),
            T(
                from: "dragging", event: "pointerUp", guard: "activePointer", to: "settling",
                effects: ["release", "animateDragPoint"]),
            T(from: "settling", event: "animationFinished", guard: "isRevealed", to: "revealed", effects: ["settle"]),
            T(from: "settling", event: "animationFinished", guard: "isClosed", to: "closed", effects: ["settle"]),
        ]
        for from in states {
            transitions.append(T(from: from, event: "setFolds", to: from, effects: ["setFolds"]))
            transitions.append(T(from: from, event: "resize", to: from, effects: ["resize"]))
        }
        return MachineDefinition(
            machine: "reveal",
            component: ComponentKind.curtain.rawValue,
            states: states,
            initialState: "closed",
            events: [
                .init("pointerDown", "A pointer went down (pointer id, x, y)."),
                .init("pointerMove", "A pressed pointer moved."),
                .init("pointerUp", "A pointer lifted: the drag ends and the predicted end decides."),
                .init("animationFinished", "The drag point's spring came to rest (reported by advance)."),
                .init("setFolds", "The fold count changed (set folds; clamped to 1...8)."),
                .init("resize", "The view width changed (environment size)."),
            ],
            guards: [
                .init(
                    "onHandle",
                    "No drag is running and x is on the 44 pt handle: x >= width - 44 while not revealed, x < 44 while revealed."),
                .init("activePointer", "The event's pointer is the one that started the drag."),
                .init("isRevealed", "The release predicted x < 100 (isRevealed is true)."),
                .init("isClosed", "The release predicted x >= 100 (isRevealed is false)."),
            ],
            effects: [
                .init("beginDrag", "Start tracking this pointer's velocity (VelocitySampler, last 3 samples)."),
                .init(
                    "animateDragPoint",
                    "Spring the drag point: to (rubberClamp(44, x, 1_000_000), y) with .interactiveSpring while dragging; on release x to 44 (revealed) or to the width with Animation.default, merging and keeping velocity."
                ),
                .init(
                    "release",
                    "Predicted end x = x + 0.25 s * tracked velocity; isRevealed = predicted < 100 (flips immediately)."),
                .init("settle", "The drag point rests; hits and accessibility follow isRevealed."),
                .init("setFolds", "Use the new fold count (1...8)."),
                .init("resize", "Use the new width; a never-dragged curtain's stand-in point follows it."),
            ],
            transitions: transitions)
    }()
}
