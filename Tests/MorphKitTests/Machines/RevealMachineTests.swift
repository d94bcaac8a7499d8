import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct RevealMachineTests {
    static let frame = 1.0 / 60
    static let width = 390.0

    func settle(_ machine: inout RevealMachine, from start: Double) -> (effects: [RevealMachine.Effect], time: Double) {
        var effects: [RevealMachine.Effect] = []
        var t = start
        while machine.isAnimating && t < start + 10 {
            t += Self.frame
            effects += machine.advance(to: t)
        }
        return (effects, t)
    }

    /// The tracked velocity by the reference's rule, computed here from the last 3 samples.
    func trackedVelocityX(_ samples: [(x: Double, t: Double)]) -> Double {
        let n = samples.count
        let latest = (samples[n - 1].x - samples[n - 2].x) / (samples[n - 1].t - samples[n - 2].t)
        let previous = (samples[n - 2].x - samples[n - 3].x) / (samples[n - 2].t - samples[n - 3].t)
        return 0.25 * latest + 0.75 * previous
    }

    @Test func startsClosedWithNoDragPoint() {
        let machine = RevealMachine(width: Self.width)
        #expect(machine.stateName == "closed")
        #expect(machine.dragPoint == nil)
        #expect(machine.effectDragPoint == Point(x: Self.width, y: 0))
        #expect(!machine.isEffectEnabled && machine.hitsAllowed && !machine.foregroundAccessibilityHidden)
        #expect(machine.handleEdge == .trailing && machine.folds == 4)
    }

    @Test func dragStartsOnlyOnTheTrailingHandle() {
        var machine = RevealMachine(width: Self.width)
        #expect(machine.pointerDown(pointer: 1, at: Point(x: 300, y: 400), time: 0) == [])
        #expect(machine.stateName == "closed" && machine.dragPoint == nil)
        #expect(machine.pointerMove(pointer: 1, to: Point(x: 250, y: 400), time: 0.01) == [])
        // x >= width - 44 is the handle; the drag point follows at once (minimumDistance 0).
        #expect(
            machine.pointerDown(pointer: 7, at: Point(x: 346, y: 400), time: 0.1) == [
                .beginDrag(pointer: 7),
                .animateDragPoint(target: Point(x: 346, y: 400), animation: .interactiveSpring),
            ])
        #expect(machine.stateName == "dragging" && machine.isDragging)
        // The first drag animates from the stand-in point (width, 0).
        #expect(machine.dragPoint == Point(x: Self.width, y: 0))
        #expect(machine.isEffectEnabled == false)
        machine.advance(to: 0.1 + Self.frame)
        #expect(machine.dragPoint!.x < Self.width && machine.dragPoint!.y > 0)
        #expect(machine.isEffectEnabled)
        // A second pointer cannot take over.
        #expect(machine.pointerDown(pointer: 8, at: Point(x: 380, y: 10), time: 0.12) == [])
        #expect(machine.pointerMove(pointer: 8, to: Point(x: 10, y: 10), time: 0.13) == [])
        #expect(machine.pointerUp(pointer: 8, at: Point(x: 10, y: 10), time: 0.14) == [])
        #expect(machine.stateName == "dragging")
    }

    @Test func dragFollowsThroughTheRubberBand() {
        var machine = RevealMachine(width: Self.width)
        _ = machine.pointerDown(pointer: 1, at: Point(x: 380, y: 300), time: 0)
        let effects = machine.pointerMove(pointer: 1, to: Point(x: 10, y: 320), time: 0.05)
        let range: Double = 1_000_000 - 44
        let stretch: Double = 34 * 0.55 / range + 1
        let band: Double = 44 - (1 - 1 / stretch) * range
        guard case .animateDragPoint(let target, let animation) = effects.last else {
            Issue.record("expected animateDragPoint, got \(effects)")
            return
        }
        #expect(abs(target.x - band) < 1e-9 && target.x < 44 && target.x > 10)
        #expect(target.y == 320 && animation == .interactiveSpring)
    }

    @Test func quickFlickReveals() {
        var machine = RevealMachine(width: Self.width)
        let samples: [(x: Double, t: Double)] = [(370, 0), (330, 0.016), (270, 0.033), (200, 0.05)]
        _ = machine.pointerDown(pointer: 1, at: Point(x: samples[0].x, y: 400), time: 0)
        for sample in samples.dropFirst().dropLast() {
            _ = machine.pointerMove(pointer: 1, to: Point(x: sample.x, y: 400), time: sample.t)
        }
        let last = samples.last!
        let predicted = last.x + 0.25 * trackedVelocityX(samples)
        #expect(predicted < 100)
        let effects = machine.pointerUp(pointer: 1, at: Point(x: last.x, y: 400), time: last.t)
        #expect(effects.count == 2)
        guard case .release(let predictedX, let revealed) = effects.first else {
            Issue.record("expected release, got \(effects)")
            return
        }
        #expect(abs(predictedX - predicted) < 1e-9 && revealed)
        #expect(effects.last == .animateDragPoint(target: Point(x: 44, y: 400), animation: .default))
        // isRevealed flips at release, before the spring settles.
        #expect(machine.isRevealed && machine.stateName == "settling")
        #expect(!machine.hitsAllowed && machine.foregroundAccessibilityHidden && machine.handleEdge == .leading)
        let (settled, _) = settle(&machine, from: last.t)
        #expect(settled == [.settle(revealed: true)])
        #expect(machine.stateName == "revealed" && machine.dragPoint == Point(x: 44, y: 400))
        #expect(machine.isEffectEnabled && machine.foregroundShadowRadius == 10)
    }

    @Test func slowDragSpringsBack() {
        var machine = RevealMachine(width: Self.width)
        _ = machine.pointerDown(pointer: 2, at: Point(x: 370, y: 200), time: 0)
        var t = 0.0
        var x = 370.0
        while x > 150 {
            t += Self.frame
            x -= 4
            _ = machine.pointerMove(pointer: 2, to: Point(x: x, y: 200), time: t)
        }
        // Held still for half a second: the tracked velocity has decayed.
        t += 0.5
        let effects = machine.pointerUp(pointer: 2, at: Point(x: x, y: 200), time: t)
        guard case .release(let predictedX, let revealed) = effects.first else {
            Issue.record("expected release, got \(effects)")
            return
        }
        #expect(!revealed && predictedX >= 100)
        #expect(effects.last == .animateDragPoint(target: Point(x: Self.width, y: 200), animation: .default))
        #expect(!machine.isRevealed && machine.hitsAllowed && machine.stateName == "settling")
        let (settled, _) = settle(&machine, from: t)
        #expect(settled == [.settle(revealed: false)])
        #expect(machine.stateName == "closed")
        #expect(machine.dragPoint?.x == Self.width && !machine.isEffectEnabled)
    }

    /// The device rule: a held-finger release springs back. Drag fast to x = 200, hold 0.5 s
    /// without moving (no events, as a browser reports a resting pointer), lift: lifted at
    /// once the same drag reveals; after the rest its velocity is gone and it springs back.
    @Test func aHeldFingerReleaseSpringsBack() {
        let samples: [(x: Double, t: Double)] = [(370, 0), (330, 0.016), (270, 0.033), (200, 0.05)]
        func dragged() -> RevealMachine {
            var machine = RevealMachine(width: Self.width)
            _ = machine.pointerDown(pointer: 1, at: Point(x: samples[0].x, y: 400), time: 0)
            for sample in samples.dropFirst() {
                _ = machine.pointerMove(pointer: 1, to: Point(x: sample.x, y: 400), time: sample.t)
            }
            return machine
        }
        var atOnce = dragged()
        let flick = atOnce.pointerUp(pointer: 1, at: Point(x: 200, y: 400), time: 0.066)
        guard case .release(_, let flickReveals) = flick.first else {
            Issue.record("expected release, got \(flick)")
            return
        }
        #expect(flickReveals)
        var held = dragged()
        let effects = held.pointerUp(pointer: 1, at: Point(x: 200, y: 400), time: 0.55)
        guard case .release(let predictedX, let revealed) = effects.first else {
            Issue.record("expected release, got \(effects)")
            return
        }
        #expect(!revealed && predictedX == 200)
        #expect(effects.last == .animateDragPoint(target: Point(x: Self.width, y: 400), animation: .default))
        let (settled, _) = settle(&held, from: 0.55)
        #expect(settled == [.settle(revealed: false)] && held.stateName == "closed")
    }

    @Test func revealedCurtainDragsFromTheLeadingHandle() {
        var machine = RevealMachine(width: Self.width)
        _ = machine.pointerDown(pointer: 1, at: Point(x: 380, y: 100), time: 0)
        _ = machine.pointerMove(pointer: 1, to: Point(x: 200, y: 100), time: 0.02)
        _ = machine.pointerMove(pointer: 1, to: Point(x: 60, y: 100), time: 0.04)
        _ = machine.pointerUp(pointer: 1, at: Point(x: 50, y: 100), time: 0.05)
        let end = settle(&machine, from: 0.05).time
        #expect(machine.stateName == "revealed")
        // The trailing strip is no longer the handle.
        #expect(machine.pointerDown(pointer: 3, at: Point(x: 370, y: 100), time: end) == [])
        #expect(machine.pointerDown(pointer: 3, at: Point(x: 20, y: 100), time: end + 0.1).first == .beginDrag(pointer: 3))
        #expect(machine.stateName == "dragging")
        // A fling to the right closes it again.
        _ = machine.pointerMove(pointer: 3, to: Point(x: 150, y: 100), time: end + 0.12)
        _ = machine.pointerMove(pointer: 3, to: Point(x: 300, y: 100), time: end + 0.14)
        let effects = machine.pointerUp(pointer: 3, at: Point(x: 340, y: 100), time: end + 0.15)
        #expect(effects.last == .animateDragPoint(target: Point(x: Self.width, y: 100), animation: .default))
        #expect(!machine.isRevealed)
        _ = settle(&machine, from: end + 0.15)
        #expect(machine.stateName == "closed")
    }

    @Test func releaseMergesKeepingVelocity() {
        var machine = RevealMachine(width: Self.width)
        _ = machine.pointerDown(pointer: 1, at: Point(x: 370, y: 100), time: 0)
        _ = machine.pointerMove(pointer: 1, to: Point(x: 250, y: 100), time: 0.03)
        machine.advance(to: 0.05)
        let point = machine.dragPoint!, velocity = machine.dragVelocity
        #expect(velocity.x < 0)
        _ = machine.pointerUp(pointer: 1, at: Point(x: 250, y: 100), time: 0.05)
        #expect(machine.dragPoint == point && machine.dragVelocity == velocity)
    }

    @Test func grabbingWhileSettlingRetargets() {
        var machine = RevealMachine(width: Self.width)
        _ = machine.pointerDown(pointer: 1, at: Point(x: 370, y: 100), time: 0)
        _ = machine.pointerMove(pointer: 1, to: Point(x: 300, y: 100), time: 0.5)
        _ = machine.pointerUp(pointer: 1, at: Point(x: 300, y: 100), time: 1.2)
        machine.advance(to: 1.25)
        #expect(machine.stateName == "settling")
        let effects = machine.pointerDown(pointer: 2, at: Point(x: 360, y: 150), time: 1.25)
        #expect(effects.first == .beginDrag(pointer: 2) && machine.stateName == "dragging")
    }

    @Test func foldsAndWidthChangeAnyTime() {
        var machine = RevealMachine(width: Self.width, folds: 20)
        #expect(machine.folds == 8)
        #expect(machine.setFolds(0) == [.setFolds(1)])
        #expect(machine.handle(InputEvent(time: 0, kind: .set(key: "folds", value: .number(5.6)))) == [.setFolds(6)])
        // Never dragged: the stand-in point follows the width, so the effect stays off.
        #expect(
            machine.handle(InputEvent(time: 0, kind: .environment(.init(size: Size(width: 500, height: 800))))) == [
                .resize(width: 500)
            ])
        #expect(machine.effectDragPoint == Point(x: 500, y: 0) && !machine.isEffectEnabled)
        _ = machine.pointerDown(pointer: 1, at: Point(x: 480, y: 10), time: 0.1)
        #expect(machine.setFolds(3) == [.setFolds(3)] && machine.stateName == "dragging")
        #expect(machine.setWidth(.nan) == [] && machine.width == 500)
    }

    @Test func randomSequencesFollowTheDefinitionAndKeepInvariants() {
        let definition = RevealMachine.definition
        withEverySeed(1...40) { seed, random in
            var machine = RevealMachine(width: Self.width)
            var t = 0.0
            for _ in 0..<200 {
                t += Double.random(in: 0...0.1, using: &random)
                let before = machine.stateName
                let settled = machine.advance(to: t)
                if !settled.isEmpty {
                    let guardName = machine.isRevealed ? "isRevealed" : "isClosed"
                    #expect(
                        definition.transitions.contains(
                            .init(
                                from: before, event: "animationFinished", guard: guardName, to: machine.stateName,
                                effects: settled.map(\.name))), "seed \(seed)")
                }
                let from = machine.stateName
                let pointer = Int.random(in: 1...2, using: &random)
                let location = Point(
                    x: .random(in: -20...(Self.width + 20), using: &random), y: .random(in: 0...800, using: &random))
                let wasOnHandle = !machine.isDragging && machine.isOnHandle(location)
                let event: String
                let effects: [RevealMachine.Effect]
                switch Int.random(in: 0..<10, using: &random) {
                case 0...2: event = "pointerDown"; effects = machine.pointerDown(pointer: pointer, at: location, time: t)
                case 3...6: event = "pointerMove"; effects = machine.pointerMove(pointer: pointer, to: location, time: t)
                case 7...8: event = "pointerUp"; effects = machine.pointerUp(pointer: pointer, at: location, time: t)
                default: event = "setFolds"; effects = machine.setFolds(Int.random(in: -3...12, using: &random))
                }
                let fired = definition.transitions.first { transition in
                    transition.from == from && transition.event == event
                        && transition.to == machine.stateName && transition.effects == effects.map(\.name)
                }
                if effects.isEmpty {
                    #expect(machine.stateName == from, "seed \(seed): \(from) + \(event) ignored")
                    #expect(!(event == "pointerDown" && wasOnHandle), "seed \(seed)")
                } else {
                    #expect(fired != nil, "seed \(seed): \(from) + \(event) -> \(machine.stateName) \(effects.map(\.name))")
                }
                #expect(definition.states.contains(machine.stateName))
                #expect((1...8).contains(machine.folds))
                let point = machine.effectDragPoint
                #expect(point.x.isFinite && point.y.isFinite, "seed \(seed)")
                #expect(machine.dragVelocity.x.isFinite && machine.dragVelocity.y.isFinite)
                #expect(machine.hitsAllowed == !machine.isRevealed)
                if machine.stateName == "revealed" { #expect(machine.isRevealed && machine.dragPoint?.x == 44) }
                if machine.stateName == "closed" && machine.dragPoint != nil { #expect(machine.dragPoint?.x == Self.width) }
            }
        }
    }
}
