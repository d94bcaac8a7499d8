import MorphJSON
import MorphKit
import Testing

/// A file component's frames keep what depends only on the configuration, the environment
/// and the viewport (`let` bindings, subtrees, text layouts) and build it again when one of
/// those changes; everything that reads time, a variable, the state, the pressed control or
/// a drag, directly or through a `let`, is evaluated every frame. Each frame here is compared
/// with the scene a fresh session builds for the same inputs (no kept parts to reuse), so a
/// part kept when it should have moved, or kept past a change, fails.
@Suite struct FileStillPartsTests {
    static let source = """
        {
          "format": "morph.component", "version": 1, "name": "still-parts", "viewport": [200, 300],
          "configuration": {
            "width": { "type": "number", "default": 40 },
            "label": { "type": "text", "default": "Hello" }
          },
          "variables": { "progress": { "initial": 0 } },
          "let": {
            "wide": "config.width * 2",
            "inset": "safeArea.top + viewport.height / 10",
            "labelSize": "measure(config.label, 'body', '', wide + 40)",
            "moving": "wide + time * 10",
            "throughMoving": "moving / 2 + inset",
            "tint": "pressed == 'box' ? system('blue') : system('label')",
            "slide": "lerp(0, 100, progress)"
          },
          "background": "system('systemBackground')",
          "scene": {
            "type": "group", "id": "root",
            "children": [
              { "type": "group", "id": "still", "children": [
                { "type": "shape", "id": "still.box", "path": { "rect": "rect(0, inset, wide, 10)" }, "fill": "system('label')" },
                { "type": "text", "id": "still.text", "text": "config.label", "font": { "style": "body" },
                  "maxWidth": "wide + 40", "position": "point(0, inset + labelSize.height)", "color": "system('label')" }
              ] },
              { "type": "shape", "id": "box", "path": { "rect": "rect(throughMoving, slide, 10, 10)" }, "fill": "tint" },
              { "type": "text", "id": "label", "text": "config.label", "font": { "style": "body" }, "maxWidth": "wide + 40",
                "position": "point(slide, 0)", "color": "system('label')" }
            ]
          },
          "machine": {
            "states": ["idle"],
            "transitions": [ { "from": "idle", "on": { "press": "box" }, "effects": [] } ]
          }
        }
        """

    static func definition(_ text: String = source) throws -> ComponentDefinition {
        try ComponentDefinition(json: Array(text.utf8), file: "still.json")
    }

    @Test func everyFrameEqualsAFreshBuild() throws {
        var session = try ComponentSession(definition: try Self.definition())
        var events: [InputEvent] = []
        func check(_ time: Double, _ note: String) throws {
            var fresh = try ComponentSession(definition: try Self.definition())
            for event in events { try fresh.handle(event) }
            #expect(session.encodedDisplayList(at: time) == fresh.encodedDisplayList(at: time), "\(note) at \(time)")
        }
        let steps: [(InputEvent?, String)] = [
            (nil, "start"),
            (nil, "time moves"),
            (InputEvent(time: 0.2, kind: .set(key: "width", value: .number(70))), "a field set"),
            (InputEvent(time: 0.3, kind: .set(key: "label", value: .string("A longer label that wraps"))), "text set"),
            (InputEvent(time: 0.4, kind: .environment(.init(colorScheme: .dark))), "dark"),
            (InputEvent(time: 0.5, kind: .environment(.init(dynamicType: .accessibility3))), "Dynamic Type"),
            (InputEvent(time: 0.6, kind: .environment(.init(size: Size(width: 320, height: 500)))), "viewport"),
            (InputEvent(time: 0.7, kind: .scrub(progress: 0.5)), "scrub"),
            (InputEvent(time: 0.8, kind: .set(key: "width", value: .number(40))), "back to the first width"),
        ]
        var time = 0.0
        for (event, note) in steps {
            time += 0.1
            if let event {
                events.append(event)
                try session.handle(event)
            }
            try check(time, note)
            try check(time + 0.05, note + ", later")
        }
    }

    @Test func aMovingNameReadThroughALetMovesItsNode() throws {
        var session = try ComponentSession(definition: try Self.definition())
        let first = try #require(session.scene().node(withID: "box")).frame
        session.advance(to: 1)
        let later = try #require(session.scene().node(withID: "box")).frame
        // `throughMoving` reads `moving`, which reads `time`: 10 points a second, halved.
        #expect(later.minX - first.minX == 5)
        // The still subtree did not move.
        let fresh = try ComponentSession(definition: try Self.definition()).scene()
        #expect(session.scene().node(withID: "still") == fresh.node(withID: "still"))
    }
}
