import Foundation
import MorphJSON
import MorphKit
import Testing

/// A transition's expressions see the session as a frame does, though a transition fills only
/// the inputs it reads (a drag fires one per pointer move): time, the machine state, the drag,
/// a variable's target and a `let` binding that reads the drag, each written by `configure`
/// into a field the test reads back.
@Suite struct TransitionInputsTests {
    static let file = """
        {
          "format": "morph.component", "version": 1, "name": "probe",
          "viewport": [400, 400],
          "configuration": {
            "seenTime": { "type": "number", "default": -1 }, "seenState": { "type": "number", "default": -1 },
            "seenDragX": { "type": "number", "default": -1 }, "seenTwiceY": { "type": "number", "default": -1 },
            "seenTarget": { "type": "number", "default": -1 }, "seenDragging": { "type": "number", "default": -1 },
            "seenStart": { "type": "number", "default": -1 }
          },
          "variables": { "offset": {} },
          "let": { "twiceY": "2 * drag.location.y" },
          "background": "white(1)",
          "scene": { "type": "shape", "id": "root", "path": { "rect": "rect(0, 0, 400, 400)" }, "fill": "white(0.5)" },
          "machine": { "states": ["idle", "dragging"], "transitions": [
            { "from": "idle", "on": { "dragStart": "root", "minimumDistance": 0 }, "to": "dragging",
              "effects": [{ "animate": "offset", "to": 50, "with": "spring(0.3, 1)" },
                          { "configure": "seenStart", "to": "drag.startLocation.x" }] },
            { "from": "dragging", "on": { "dragChange": "root" }, "effects": [
              { "configure": "seenTime", "to": "time" },
              { "configure": "seenState", "to": "state == 'dragging' ? 1 : 0" },
              { "configure": "seenDragX", "to": "drag.translation.x" },
              { "configure": "seenTwiceY", "to": "twiceY" },
              { "configure": "seenTarget", "to": "offset.target" },
              { "configure": "seenDragging", "to": "dragging" }
            ] }
          ] }
        }
        """

    static func seen(_ session: ComponentSession, _ name: String) throws -> Double {
        let value = try #require(session.configuration.objectValue?[name])
        guard case .number(let number) = value else {
            Issue.record("\(name) is not a number: \(value)")
            return .nan
        }
        return number
    }

    @Test func aDragsTransitionReadsTheSessionAsAFrameDoes() throws {
        let definition = try ComponentDefinition(json: Array(Self.file.utf8), file: "probe.json")
        var session = try ComponentSession(definition: definition)
        try session.handle(InputEvent(time: 0.1, kind: .pointerDown(pointer: 1, location: Point(x: 100, y: 100))))
        #expect(session.stateName == "dragging")
        for (step, (x, y)) in [(130.0, 110.0), (170, 90), (60, 300)].enumerated() {
            let time = 0.2 + 0.05 * Double(step)
            try session.handle(InputEvent(time: time, kind: .pointerMove(pointer: 1, location: Point(x: x, y: y))))
            #expect(try Self.seen(session, "seenTime") == time)
            #expect(try Self.seen(session, "seenState") == 1)
            #expect(try Self.seen(session, "seenDragX") == x - 100)
            #expect(try Self.seen(session, "seenTwiceY") == 2 * y)
            #expect(try Self.seen(session, "seenTarget") == 50)
            #expect(try Self.seen(session, "seenDragging") == 1)
            #expect(try Self.seen(session, "seenStart") == 100)
        }
    }
}
