extension ExpandCollapseMachine {
    /// The rules of `variant` as data (`schemas/machine.schema.json`).
    public static func definition(for variant: Variant) -> MachineDefinition {
        typealias T = MachineDefinition.Transition
        let isContainer = variant != .heroCard
        var transitions: [T] = []
        // Opening from the collapsed side, closing from the expanded side.
        let openEvent = isContainer ? "tap" : "tapCard"
        let closeEvent = isContainer ? "tap" : "tapClose"
        for from in ["collapsed", "collapsing"] {
            transitions += [
                T(from: from, event: openEvent, guard: "progressOverridden", to: from),
                T(from: from, event: openEvent, guard: "reduceMotion", to: "expanded", effects: ["jump"]),
                T(from: from, event: openEvent, guard: "animates", to: "expanding", effects: ["animate"]),
            ]
        }
        for from in ["expanded", "expanding"] {
            transitions += [
                T(from: from, event: closeEvent, guard: "progressOverridden", to: from),
                T(from: from, event: closeEvent, guard: "reduceMotion", to: "collapsed", effects: ["jump"]),
                T(from: from, event: closeEvent, guard: "animates", to: "collapsing", effects: ["animate"]),
            ]
        }
        transitions += [
            T(from: "expanding", event: "animationFinished", to: "expanded", effects: ["settle"]),
            T(from: "collapsing", event: "animationFinished", to: "collapsed", effects: ["settle"]),
        ]
        var events: [MachineDefinition.Item] = []
        if isContainer {
            events.append(.init("tap", "A tap anywhere on the card: toggles by the model value (interactive < 0.5 opens)."))
        } else {
            events.append(.init("tapCard", "The collapsed card's button (exists only while the model is collapsed): opens."))
            events.append(.init("tapClose", "The close button (exists only while the model is expanded): closes."))
        }
        events += [
            .init("scrub", "A progress override (number): the component renders it and ignores taps."),
            .init("release", "The override is removed (scrub null): the machine's progress shows again."),
            .init("setReduceMotion", "Reduce Motion on or off; applies from the next change."),
            .init("animationFinished", "The progress spring came to rest (reported by advance)."),
        ]
        if isContainer {
            events.append(.init("setDampingFraction", "The container's damping fraction d for the next change."))
        }
        let configurationEvents = ["scrub", "release", "setReduceMotion"] + (isContainer ? ["setDampingFraction"] : [])
        for from in ["collapsed", "expanding", "expanded", "collapsing"] {
            for event in configurationEvents {
                let effects = event == "scrub" ? ["overrideProgress"] : event == "release" ? ["releaseOverride"] : []
                transitions.append(T(from: from, event: event, to: from, effects: effects))
            }
        }
        let animateText: String
        switch variant {
        case .morphContainer(let d):
            animateText =
                "Spring the progress toward the target, merging with a running spring (position and velocity kept): opening (to 1) with spring(response: 0.42, dampingFraction: d), closing (to 0) with spring(response: 0.36, dampingFraction: min(1, d + 0.08)); d = \(d)."
        case .heroCard:
            animateText =
                "Spring the progress toward the target (1 opening, 0 closing) with .smooth(duration: 0.5, extraBounce: 0.08), merging with a running spring (position and velocity kept)."
        }
        return MachineDefinition(
            machine: "expandCollapse",
            component: (isContainer ? ComponentKind.morphContainer : ComponentKind.heroCard).rawValue,
            states: ["collapsed", "expanding", "expanded", "collapsing"],
            initialState: "collapsed",
            events: events,
            guards: [
                .init("progressOverridden", "A scrub override is set (the seed's `guard progress == nil`)."),
                .init("reduceMotion", "No override, and Reduce Motion is on."),
                .init("animates", "No override, and Reduce Motion is off."),
            ],
            effects: [
                .init("animate", animateText),
                .init("jump", "Set the progress to the target without animating (Reduce Motion)."),
                .init("settle", "The progress rests at 0 or 1."),
                .init("overrideProgress", "Render the override instead of the machine's progress."),
                .init("releaseOverride", "Render the machine's progress again."),
            ],
            transitions: transitions)
    }
}
