import MorphKit
import MorphTestSupport
import Testing

@Suite struct ExpandCollapseMachineTests {
    static let frame = 1.0 / 60
    let open = Animation.spring(response: 0.42, dampingFraction: 0.82)
    let close = Animation.spring(response: 0.36, dampingFraction: min(1, 0.82 + 0.08))

    /// Advances frame by frame until the spring rests; returns every effect seen.
    func settle(_ machine: inout ExpandCollapseMachine, from start: Double) -> (
        effects: [ExpandCollapseMachine.Effect], time: Double
    ) {
        var effects: [ExpandCollapseMachine.Effect] = []
        var t = start
        while machine.isAnimating && t < start + 10 {
            t += Self.frame
            effects += machine.advance(to: t)
        }
        return (effects, t)
    }

    @Test func containerTapOpensThenSettlesExpanded() {
        var machine = ExpandCollapseMachine(variant: .morphContainer)
        #expect(machine.stateName == "collapsed" && machine.progress == 0)
        #expect(machine.tap(at: 0) == [.animate(target: 1, animation: open)])
        #expect(machine.stateName == "expanding")
        #expect(machine.isExpanded && machine.targetProgress == 1)
        let (effects, _) = settle(&machine, from: 0)
        #expect(effects == [.settle(progress: 1)])
        #expect(machine.stateName == "expanded" && machine.progress == 1 && !machine.isAnimating)
    }

    @Test func containerTapClosesWithTheStifferSpringThenSettlesCollapsed() {
        var machine = ExpandCollapseMachine(variant: .morphContainer, expanded: true)
        #expect(machine.stateName == "expanded" && machine.progress == 1)
        #expect(machine.tap(at: 5) == [.animate(target: 0, animation: close)])
        #expect(machine.stateName == "collapsing")
        let (effects, _) = settle(&machine, from: 5)
        #expect(effects == [.settle(progress: 0)])
        #expect(machine.stateName == "collapsed" && machine.progress == 0)
    }

    @Test func midFlightTapRetargetsKeepingPositionAndVelocity() {
        var machine = ExpandCollapseMachine(variant: .morphContainer)
        _ = machine.tap(at: 0)
        machine.advance(to: 12 * Self.frame)
        let progress = machine.progress, velocity = machine.velocity
        #expect(progress > 0.3 && velocity > 0)
        // The model value is 1 (>= 0.5), so the second tap closes, whatever p shows.
        #expect(machine.tap(at: 12 * Self.frame) == [.animate(target: 0, animation: close)])
        #expect(machine.stateName == "collapsing")
        #expect(machine.progress == progress && machine.velocity == velocity)
        // A third tap opens again from wherever it is: never queued.
        machine.advance(to: 15 * Self.frame)
        #expect(machine.tap(at: 15 * Self.frame) == [.animate(target: 1, animation: open)])
        #expect(machine.stateName == "expanding")
        let (effects, _) = settle(&machine, from: 15 * Self.frame)
        #expect(effects == [.settle(progress: 1)])
    }

    @Test func reduceMotionJumps() {
        var machine = ExpandCollapseMachine(variant: .morphContainer, reduceMotion: true)
        #expect(machine.tap(at: 0) == [.jump(target: 1)])
        #expect(machine.stateName == "expanded" && machine.progress == 1 && !machine.isAnimating)
        #expect(machine.tap(at: 0.1) == [.jump(target: 0)])
        #expect(machine.stateName == "collapsed" && machine.progress == 0)
        // Turned on mid-flight: the next tap jumps from the moving state.
        var flying = ExpandCollapseMachine(variant: .morphContainer)
        _ = flying.tap(at: 0)
        flying.advance(to: 0.1)
        #expect(flying.handle(InputEvent(time: 0.1, kind: .environment(.init(reduceMotion: true)))) == [])
        #expect(flying.reduceMotion)
        #expect(flying.tap(at: 0.15) == [.jump(target: 0)])
        #expect(flying.stateName == "collapsed" && flying.progress == 0 && !flying.isAnimating)
    }

    @Test func scrubOverridesAndReleasingHandsBack() {
        var machine = ExpandCollapseMachine(variant: .morphContainer)
        #expect(machine.scrub(0.4, at: 0) == [.overrideProgress(0.4)])
        #expect(machine.progress == 0.4 && machine.stateName == "collapsed")
        // The seed's `guard progress == nil`: taps do nothing while scrubbing.
        #expect(machine.tap(at: 0.1) == [])
        #expect(machine.stateName == "collapsed" && machine.animatedProgress == 0)
        #expect(machine.scrub(nil, at: 0.2) == [.releaseOverride])
        #expect(machine.progress == 0)
        #expect(machine.tap(at: 0.3) == [.animate(target: 1, animation: open)])
        // Scrubbing mid-flight shows the override while the spring keeps running beneath.
        machine.advance(to: 0.35)
        #expect(machine.scrub(0.9, at: 0.35) == [.overrideProgress(0.9)])
        let effects = settle(&machine, from: 0.35).effects
        #expect(effects == [.settle(progress: 1)])
        #expect(machine.progress == 0.9 && machine.animatedProgress == 1 && machine.stateName == "expanded")
        #expect(machine.scrub(nil, at: 3) == [.releaseOverride])
        #expect(machine.progress == 1)
    }

    @Test func dampingFractionIsConfigurable() {
        var machine = ExpandCollapseMachine(variant: .morphContainer(dampingFraction: 0.6))
        #expect(machine.tap(at: 0) == [.animate(target: 1, animation: .spring(response: 0.42, dampingFraction: 0.6))])
        #expect(machine.handle(InputEvent(time: 0.1, kind: .set(key: "dampingFraction", value: .number(0.95)))) == [])
        #expect(machine.variant == .morphContainer(dampingFraction: 0.95))
        // Closing uses min(1, d + 0.08) = 1.
        #expect(machine.tap(at: 0.1) == [.animate(target: 0, animation: .spring(response: 0.36, dampingFraction: 1))])
    }

    @Test func heroCardOpensByTheCardAndClosesOnlyByTheButton() {
        let smooth = Animation.smooth(duration: 0.5, extraBounce: 0.08)
        var machine = ExpandCollapseMachine(variant: .heroCard)
        #expect(machine.tap(at: 0) == [])  // raw taps need hit testing by the component
        #expect(machine.tapClose(at: 0) == [])  // no close button while collapsed
        #expect(machine.tapCard(at: 0) == [.animate(target: 1, animation: smooth)])
        #expect(machine.stateName == "expanding")
        machine.advance(to: 0.1)
        #expect(machine.tapCard(at: 0.1) == [])  // the card button is gone once expanded
        #expect(machine.stateName == "expanding")
        let progress = machine.progress
        #expect(machine.tapClose(at: 0.1) == [.animate(target: 0, animation: smooth)])
        #expect(machine.stateName == "collapsing" && machine.progress == progress)
        #expect(machine.tapClose(at: 0.12) == [])
        #expect(machine.tapCard(at: 0.15) == [.animate(target: 1, animation: smooth)])
        let (effects, end) = settle(&machine, from: 0.15)
        #expect(effects == [.settle(progress: 1)] && machine.stateName == "expanded")
        #expect(machine.tapClose(at: end) == [.animate(target: 0, animation: smooth)])
        #expect(settle(&machine, from: end).effects == [.settle(progress: 0)])
        #expect(machine.stateName == "collapsed")
        var reduced = ExpandCollapseMachine(variant: .heroCard, reduceMotion: true)
        #expect(reduced.tapCard(at: 0) == [.jump(target: 1)] && reduced.stateName == "expanded")
        #expect(reduced.tapClose(at: 0) == [.jump(target: 0)] && reduced.stateName == "collapsed")
    }

    @Test func eventsArriveAfterAnUnobservedFinish() {
        // No frames ticked: the event's own advance reports the settle first.
        // (Gaps stay under a second: longer ones are stalls the animator skips, as SwiftUI.)
        var machine = ExpandCollapseMachine(variant: .morphContainer)
        _ = machine.tap(at: 0)
        var seen: [ExpandCollapseMachine.Effect] = []
        var t = 0.0
        while machine.stateName == "expanding" && t < 20 {
            t += 0.9
            seen += machine.handle(InputEvent(time: t, kind: .set(key: "unused", value: .bool(true))))
        }
        #expect(seen == [.settle(progress: 1)])
        #expect(machine.tap(at: t) == [.animate(target: 0, animation: close)])
    }

    @Test func routesProtocolEvents() {
        var machine = ExpandCollapseMachine(variant: .morphContainer)
        #expect(machine.handle(InputEvent(time: 0, kind: .tap(Point(x: 10, y: 10)))) == [.animate(target: 1, animation: open)])
        #expect(machine.handle(InputEvent(time: 0.1, kind: .scrub(progress: 0.2))) == [.overrideProgress(0.2)])
        #expect(machine.handle(InputEvent(time: 0.2, kind: .scrub(progress: nil))) == [.releaseOverride])
        #expect(machine.handle(InputEvent(time: 0.3, kind: .pointerDown(pointer: 1, location: .zero))) == [])
    }

    /// The name of the guard that holds for `machine` before an open/close event.
    func guardName(_ machine: ExpandCollapseMachine) -> String {
        machine.progressOverride != nil ? "progressOverridden" : machine.reduceMotion ? "reduceMotion" : "animates"
    }

    @Test(arguments: [ExpandCollapseMachine.Variant.morphContainer, .heroCard])
    func randomSequencesFollowTheDefinitionAndKeepInvariants(variant: ExpandCollapseMachine.Variant) {
        let definition = ExpandCollapseMachine.definition(for: variant)
        let events = definition.events.map(\.name).filter { $0 != "animationFinished" }
        withEverySeed(1...40) { seed, random in
            var machine = ExpandCollapseMachine(variant: variant)
            var t = 0.0
            for _ in 0..<120 {
                t += Double.random(in: 0...0.2, using: &random)
                // Ticks first, so the event itself sees a settled state.
                let before = machine.stateName
                let settled = machine.advance(to: t)
                if !settled.isEmpty {
                    #expect(
                        definition.transitions.contains(
                            .init(from: before, event: "animationFinished", to: machine.stateName, effects: settled.map(\.name))),
                        "seed \(seed)")
                }
                let from = machine.stateName
                let guardName = guardName(machine)
                let event = events.randomElement(using: &random)!
                let effects: [ExpandCollapseMachine.Effect]
                switch event {
                case "tap": effects = machine.tap(at: t)
                case "tapCard": effects = machine.tapCard(at: t)
                case "tapClose": effects = machine.tapClose(at: t)
                case "scrub": effects = machine.scrub(Double.random(in: -0.2...1.2, using: &random), at: t)
                case "release": effects = machine.scrub(nil, at: t)
                case "setReduceMotion": effects = machine.setReduceMotion(Bool.random(using: &random))
                case "setDampingFraction": effects = machine.setDampingFraction(Double.random(in: 0.3...1.2, using: &random))
                default: Issue.record("unexpected event \(event)"); return
                }
                let candidates = definition.transitions.filter { $0.from == from && $0.event == event }
                if candidates.isEmpty {
                    #expect(effects.isEmpty && machine.stateName == from, "seed \(seed): \(from) + \(event)")
                } else {
                    let match = candidates.first { $0.guard == nil || $0.guard == guardName }
                    #expect(match?.to == machine.stateName, "seed \(seed): \(from) + \(event) [\(guardName)]")
                    #expect(match?.effects == effects.map(\.name), "seed \(seed): \(from) + \(event)")
                }
                #expect(definition.states.contains(machine.stateName))
                #expect(machine.progress.isFinite && machine.velocity.isFinite)
                // The model agrees with the state.
                let expandedSide = machine.stateName == "expanded" || machine.stateName == "expanding"
                #expect(machine.isExpanded == expandedSide, "seed \(seed)")
                #expect(
                    machine.isAnimating == (machine.stateName == "expanding" || machine.stateName == "collapsing"), "seed \(seed)"
                )
            }
        }
    }

    @Test func definitionIsConsistent() {
        for variant in [ExpandCollapseMachine.Variant.morphContainer, .heroCard] {
            let definition = ExpandCollapseMachine.definition(for: variant)
            let events = Set(definition.events.map(\.name)), guards = Set(definition.guards.map(\.name))
            let effects = Set(definition.effects.map(\.name))
            for transition in definition.transitions {
                #expect(definition.states.contains(transition.from) && definition.states.contains(transition.to))
                #expect(events.contains(transition.event))
                #expect(transition.guard.map(guards.contains) ?? true)
                #expect(transition.effects.allSatisfy(effects.contains))
            }
            #expect(definition.initialState == definition.states.first)
        }
    }
}
