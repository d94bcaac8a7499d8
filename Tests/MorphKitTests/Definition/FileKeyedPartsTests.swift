import MorphJSON
import MorphTestSupport
import Testing

@testable import MorphCore
@testable import MorphKit

/// A file component keeps a subtree that reads motion but nothing continuous (the machine
/// state, the pressed control, a clock read through `floor` or `timerText`) between frames,
/// keyed by the values it reads; one that reads time, a drag or a variable directly is built
/// every frame. Frames are compared with a fresh session's (no kept parts), so a part kept
/// past a change of what it reads fails.
@Suite struct FileKeyedPartsTests {
    static let source = """
        {
          "format": "morph.component", "version": 1, "name": "keyed-parts", "viewport": [200, 300],
          "configuration": { "width": { "type": "number", "default": 40 } },
          "variables": { "progress": { "initial": 0 } },
          "let": {
            "quarter": "floor(time * 4)",
            "slide": "lerp(0, 100, progress)",
            "slideLater": "slide + 1",
            "clockY": "measure('Timer: ' + timerText(time), 'body', '', config.width * 4).height",
            "mixed": "quarter * 2 + clockY"
          },
          "background": "system('systemBackground')",
          "scene": {
            "type": "group", "id": "root",
            "children": [
              { "type": "group", "id": "byState", "opacity": "state == 'open' ? 1 : 0.5", "children": [
                { "type": "shape", "id": "byState.box", "path": { "rect": "rect(0, 0, config.width, 10)" },
                  "fill": "pressed == 'button' ? system('blue') : system('label')" }
              ] },
              { "type": "text", "id": "clock", "text": "'Timer: ' + timerText(time)", "font": { "style": "body" },
                "maxWidth": "config.width * 4", "position": "point(0, clockY)", "color": "system('label')" },
              { "type": "shape", "id": "spinner", "path": { "rect": "rect(quarter, 20, 10, 10)" }, "fill": "system('label')" },
              { "type": "shape", "id": "raw", "path": { "rect": "rect(time, 40, 10, 10)" }, "fill": "system('label')" },
              { "type": "shape", "id": "mixed", "path": { "rect": "rect(mixed, 100, 10, 10)" }, "fill": "system('label')" },
              { "type": "shape", "id": "sliding", "path": { "rect": "rect(slideLater, 60, 10, 10)" }, "fill": "system('label')" },
              { "type": "shape", "id": "button", "path": { "rect": "rect(0, 200, 100, 44)" }, "fill": "system('tertiarySystemFill')" },
              { "type": "group", "id": "layer", "opacity": "0.5 + min(time, 10) * 0.05", "children": [
                { "type": "shape", "id": "layer.still", "path": { "rect": "rect(0, 250, 10, 10)" }, "fill": "system('label')" },
                { "type": "shape", "id": "layer.byState", "path": { "rect": "rect(state == 'open' ? 20 : 10, 250, 10, 10)" },
                  "fill": "system('label')" },
                { "type": "shape", "id": "layer.byQuarter", "path": { "rect": "rect(quarter, 270, 10, 10)" }, "fill": "system('label')" }
              ] }
            ]
          },
          "machine": {
            "states": ["closed", "open"],
            "transitions": [
              { "from": "closed", "on": { "press": "button" }, "to": "open",
                "effects": [ { "animate": "progress", "to": 1, "with": "spring(0.3, 1)" } ] },
              { "from": "open", "on": { "press": "button" }, "to": "closed",
                "effects": [ { "animate": "progress", "to": 0, "with": "spring(0.3, 1)" } ] }
            ]
          }
        }
        """

    static func definition() throws -> ComponentDefinition {
        try ComponentDefinition(json: Array(source.utf8), file: "keyed.json")
    }

    static func node(_ id: String, in template: NodeTemplate) -> NodeTemplate? {
        if template.id == id { return template }
        return template.children.lazy.compactMap { node(id, in: $0) }.first
    }

    @Test func whatMovesOnlyNowAndThenIsKeyedByWhatItReads() throws {
        let definition = try Self.definition()
        func leaves(_ id: String) throws -> [KeyLeaf]? { try #require(Self.node(id, in: definition.root)).keyed?.leaves }
        // The state and the pressed control, each once, for the group and for its child.
        #expect(try leaves("byState") == [.slot(BuiltinSlot.state.rawValue), .slot(BuiltinSlot.pressed.rawValue)])
        #expect(try leaves("byState.box") == [.slot(BuiltinSlot.pressed.rawValue)])
        // `timerText(time)` is read as the whole seconds it shows (it steps once a second),
        // with the `let` built on it.
        let clock = try #require(try leaves("clock"))
        #expect(clock.count == 2)
        #expect(clock.contains { if case .wholeSeconds = $0 { true } else { false } })
        #expect(try leaves("spinner") != nil)
        // Time read directly, and a variable through a `let`, change every frame.
        #expect(try leaves("raw") == nil)
        #expect(try leaves("sliding") == nil)
        #expect(try leaves("root") == nil)
        #expect(try #require(Self.node("button", in: definition.root)).stillIndex != nil)
        // A moving node whose children are all still or keyed keeps their list by the union
        // of their keys; one with a child that moves every frame does not.
        let layer = try #require(Self.node("layer", in: definition.root))
        #expect(layer.keyed == nil && layer.stillIndex == nil)
        let quarterLeaves = try #require(try leaves("layer.byQuarter"))
        #expect(layer.keptChildren?.leaves == [.slot(BuiltinSlot.state.rawValue)] + quarterLeaves)
        #expect(try #require(Self.node("root", in: definition.root)).keptChildren == nil)
    }

    @Test func theStillPartsOfAMovingExpressionAreReadFromSlots() throws {
        let source = """
            {
              "format": "morph.component", "version": 1, "name": "hoisting", "viewport": [200, 300],
              "configuration": { "width": { "type": "number", "default": 40 } },
              "variables": { "progress": { "initial": 0 } },
              "let": { "y": "measure('Hello there', 'body', '', config.width * 2).height + time * 10" },
              "background": "system('systemBackground')",
              "scene": { "type": "shape", "id": "box", "path": { "rect": "rect(0, y, 10, 10)" }, "fill": "system('label')" },
              "machine": { "states": ["idle"], "transitions": [] }
            }
            """
        let definition = try ComponentDefinition(json: Array(source.utf8), file: "hoisting.json")
        let moving = try #require(definition.bindings.first { !$0.isStill })
        // `y` now adds a slot to `time * 10`; the slot is a still binding holding the measure.
        guard case .binary(.add, let left, _) = definition.program.nodes[moving.expression.node],
            case .slot(let slot) = definition.program.nodes[left]
        else {
            Issue.record("y is not a slot plus the moving part: \(definition.program.nodes[moving.expression.node])")
            return
        }
        let hoisted = try #require(definition.bindings.first { $0.slot == slot })
        #expect(hoisted.isStill)
        // The largest still part: the measured block's height, not just the measure.
        guard case .member(_, let measured) = definition.program.nodes[hoisted.expression.node],
            case .call(.measureStyle, _, _) = definition.program.nodes[measured]
        else {
            Issue.record("the hoisted part is not the measured height: \(definition.program.nodes[hoisted.expression.node])")
            return
        }
        // The frame reads it: the box sits at the measured height, plus 10 points a second.
        let height = TextLayout("Hello there", style: .body, at: .large, weight: nil, maxWidth: 80).size.height
        var session = try ComponentSession(definition: definition)
        session.advance(to: 0.5)
        let frame = try #require(session.scene().node(withID: "box")).frame
        #expect(abs(frame.minY - (height + 5)) < 1e-9)
    }

    @Test func everyFrameEqualsAFreshBuild() throws {
        let definition = try Self.definition()
        var session = try ComponentSession(definition: definition)
        var events: [InputEvent] = []
        func check(_ time: Double, _ note: String) throws {
            var replayed = try ComponentSession(definition: try Self.definition())
            for event in events { try replayed.handle(event) }
            // Handling a pointer builds frames to hit test, so the replay's own definition has
            // kept parts by now: its state moves onto a new load, whose first frame keeps
            // nothing from before.
            var fresh = replayed.reloading(try Self.definition())
            let (kept, built) = (session.encodedDisplayList(at: time), fresh.encodedDisplayList(at: time))
            #expect(kept == built, "\(note) at \(time): \(String(decoding: kept, as: UTF8.self))")
        }
        func send(_ event: InputEvent) throws {
            events.append(event)
            try session.handle(event)
        }
        // Across quarter steps and a timer second.
        for time in stride(from: 0.9, through: 1.3, by: 0.05) { try check(time, "clock") }
        try send(InputEvent(time: 1.3, kind: .pointerDown(pointer: 0, location: Point(x: 50, y: 220))))
        try check(1.32, "pressed")
        try send(InputEvent(time: 1.35, kind: .pointerUp(pointer: 0, location: Point(x: 50, y: 220))))
        for time in stride(from: 1.36, through: 2.2, by: 0.04) { try check(time, "opening") }
        try send(InputEvent(time: 2.2, kind: .set(key: "width", value: .number(70))))
        try check(2.21, "a field set")
        try send(InputEvent(time: 2.3, kind: .environment(.init(colorScheme: .dark))))
        try check(2.31, "dark")
        try send(InputEvent(time: 2.4, kind: .set(key: "width", value: .number(40))))
        for time in stride(from: 2.41, through: 3.2, by: 0.07) { try check(time, "back to the first width") }
    }

    @Test func bindingsThatMoveOnlyNowAndThenAreLookedUpByWhatTheyRead() throws {
        let definition = try Self.definition()
        // `quarter` (floor of time), `clockY` (a measure of the timer's text) and `mixed`
        // (both); `slide` and `slideLater` read a variable, so a frame evaluates them.
        #expect(definition.keyedBindings.flatMap(\.bindings).count == 3)
        #expect(definition.frameBindings.count == 2)
        // One group per key, so the quarter stepping does not measure the timer's text again:
        // `quarter` by its stepped clock, `clockY` by the timer's whole seconds, and `mixed`,
        // which reads both, by both and after them.
        let groups = definition.keyedBindings
        try #require(groups.count == 3)
        #expect(groups.map(\.bindings.count) == [1, 1, 1])
        func isStepped(_ leaf: KeyLeaf) -> Bool { if case .expression = leaf { true } else { false } }
        func isSeconds(_ leaf: KeyLeaf) -> Bool { if case .wholeSeconds = leaf { true } else { false } }
        #expect(groups[0].leaves.count == 1 && groups[0].leaves.allSatisfy(isStepped))
        #expect(groups[1].leaves.count == 1 && groups[1].leaves.allSatisfy(isSeconds))
        #expect(groups[2].leaves.count == 2 && groups[2].leaves.contains(where: isStepped))
        #expect(groups[2].leaves.contains(where: isSeconds))
        // Each of the first two is read by `mixed`'s group, so a frame writes it into its slot.
        #expect(groups.map(\.readElsewhere.count) == [1, 1, 1])
    }

    /// Two bindings that each write `timerText(time)`, and a third reading the first and the
    /// spinner's stepped clock written twice.
    static let twiceWrittenSource = """
        {
          "format": "morph.component", "version": 1, "name": "twice-written", "viewport": [200, 300],
          "variables": {},
          "let": {
            "clockY": "measure('Timer: ' + timerText(time), 'body', '', 160).height",
            "clockWidth": "measure('Timer: ' + timerText(time), 'body', '', 0).width",
            "spin": "mod(floor(time * 8), 8)",
            "spinY": "clockY + mod(floor(time * 8), 8) * 3"
          },
          "background": "system('systemBackground')",
          "scene": { "type": "group", "id": "root", "children": [
            { "type": "shape", "id": "clock", "path": { "rect": "rect(clockWidth, clockY, 10, 10)" }, "fill": "system('label')" },
            { "type": "shape", "id": "spinner", "path": { "rect": "rect(spin, spinY, 10, 10)" }, "fill": "system('label')" }
          ] },
          "machine": { "states": ["idle"], "transitions": [] }
        }
        """

    @Test func aValueWrittenInSeveralPlacesIsOneKey() throws {
        let definition = try ComponentDefinition(json: Array(Self.twiceWrittenSource.utf8), file: "twice.json")
        // `timerText(time)` is written twice and `floor(time * 8)` twice, yet each is one leaf:
        // the clock's two bindings are one group, looked up once a frame, and `spinY` reads
        // the two values, not four.
        let groups = definition.keyedBindings
        try #require(groups.count == 3)
        #expect(groups.map(\.bindings.count) == [2, 1, 1])
        #expect(groups.map(\.leaves.count) == [1, 1, 2])
        #expect(Set(groups[2].leaves) == Set(groups[0].leaves + groups[1].leaves))
    }

    @Test func sessionsTakingTurnsWithOneSlotBufferEachReadTheirOwnKeys() throws {
        // A frame whose slot buffer already holds the group's entry writes none of its values
        // again. Two sessions half a second apart take turns with one buffer (sessions of one
        // configuration share them), so the buffer moves between keys every frame, and back to
        // a key it held before as the spinner's phases cycle and the timer's seconds turn.
        func load() throws -> ComponentDefinition {
            try ComponentDefinition(json: Array(Self.twiceWrittenSource.utf8), file: "twice.json")
        }
        let definition = try load()
        var early = try ComponentSession(definition: definition)
        var late = try ComponentSession(definition: definition)
        func fresh(at time: Double) throws -> [UInt8] {
            var session = try ComponentSession(definition: try load())
            return session.encodedDisplayList(at: time)
        }
        for step in 0..<40 {
            let time = 0.9 + Double(step) * 0.06
            #expect(early.encodedDisplayList(at: time) == (try fresh(at: time)), "early at \(time)")
            #expect(late.encodedDisplayList(at: time + 0.5) == (try fresh(at: time + 0.5)), "late at \(time + 0.5)")
        }
    }

    @Test func bindingsKeyedByAValueThatReadsAMovingBindingAreEvaluatedEveryFrame() throws {
        // `late`'s key, `floor(slide)`, reads a binding a frame evaluates: no key can be read
        // before the frame's bindings run, so none is kept.
        let source = """
            {
              "format": "morph.component", "version": 1, "name": "late-keys", "viewport": [200, 300],
              "variables": { "progress": { "initial": 0 } },
              "let": { "slide": "lerp(0, 100, progress) + time * 7", "late": "floor(slide) * 2" },
              "background": "system('systemBackground')",
              "scene": { "type": "shape", "id": "box", "path": { "rect": "rect(late, 0, 10, 10)" }, "fill": "system('label')" },
              "machine": { "states": ["idle"], "transitions": [] }
            }
            """
        let definition = try ComponentDefinition(json: Array(source.utf8), file: "late.json")
        #expect(definition.keyedBindings.isEmpty)
        #expect(definition.frameBindings.count == 2)
        var session = try ComponentSession(definition: definition)
        for time in [0.1, 0.2, 0.3, 0.5] {
            session.advance(to: time)
            let frame = try #require(session.scene().node(withID: "box")).frame
            #expect(frame.minX == (time * 7).rounded(.down) * 2, "at \(time)")
        }
    }

    @Test func aTimerKeyIsTheWholeSecondsItsTextShows() {
        for seconds in [-5.0, 0, 0.99, 1, 59.5, 3599.9, 3600, 1e300, .infinity, -.infinity, .nan] {
            let text = TimerText.text(seconds: seconds)
            let twin = TimerText.text(seconds: Double(TimerText.seconds(seconds)))
            #expect(text == twin, "\(seconds)")
        }
        #expect(TimerText.text(seconds: 3661.5) == "1:01:01")
        #expect(TimerText.seconds(1e300) == 3_600_000_000)
    }

    @Test func aSessionThatNeverDraggedReadsNoOtherSessionsDrag() throws {
        // Sessions of one configuration share still parts, and with them the slot buffers
        // frames fill in place: a frame must write every moving slot, a drag's included when
        // its session has none.
        let source = """
            {
              "format": "morph.component", "version": 1, "name": "drag-slots", "viewport": [200, 300], "variables": {},
              "background": "system('systemBackground')",
              "scene": { "type": "shape", "id": "box",
                "path": { "rect": "rect(drag.translation.x, dragging * 50, 100, 100)" }, "fill": "system('label')" },
              "machine": { "states": ["idle", "moving"], "transitions": [
                { "from": "idle", "on": { "dragStart": "box" }, "to": "moving" } ] }
            }
            """
        let definition = try ComponentDefinition(json: Array(source.utf8), file: "drag-slots.json")
        var dragged = try ComponentSession(definition: definition)
        try dragged.handle(InputEvent(time: 0.1, kind: .pointerDown(pointer: 0, location: Point(x: 50, y: 50))))
        try dragged.handle(InputEvent(time: 0.2, kind: .pointerMove(pointer: 0, location: Point(x: 90, y: 60))))
        let draggedBox = try #require(dragged.scene().node(withID: "box")).frame
        #expect(draggedBox.minX == 40 && draggedBox.minY == 50, "the drag is read: \(draggedBox)")
        var other = try ComponentSession(definition: definition)
        for time in [0.25, 0.3] {
            other.advance(to: time)
            let box = try #require(other.scene().node(withID: "box")).frame
            #expect(box.minX == 0 && box.minY == 0, "at \(time): \(box)")
            _ = dragged.scene()
        }
    }
}
