import MorphJSON
import Testing

@testable import MorphCore
@testable import MorphKit

/// A `repeat` node draws one copy of its template per entry of a list field: each copy's
/// node ids are built from its entry's key, so an entry keeps its ids (and moves) when
/// entries are inserted before it or removed; two entries with one key are refused, as is a
/// repeat over what is not a list, a key that is no text item and a template reading an
/// item the list lacks. A repeat reading only the configuration is a still part.
@Suite struct RepeatNodeTests {
    static let rowsDefault = #"[{ "title": "A", "size": 1 }, { "title": "B", "size": 2 }, { "title": "C", "size": 3 }]"#

    static func source(
        rowsDefault: String = rowsDefault, repeatKeys: String = #""list": "rows", "key": "title""#,
        rowTitle: String = "item.title", extra: String = "", transitions: String = ""
    ) -> String {
        """
        {
          "format": "morph.component", "version": 1, "name": "repeat-rows", "viewport": [200, 400],
          "configuration": {
            "rows": { "type": "list", "maxItems": 4,
                      "items": { "title": { "type": "text" }, "size": { "type": "number" } },
                      "default": \(rowsDefault) },
            "gap": { "type": "number", "default": 4 }
          },
          "variables": { "progress": { "initial": 0 } },
          "background": "system('systemBackground')",
          "scene": {
            "type": "group", "id": "root",
            "children": [
              { "type": "repeat", "id": "rows", \(repeatKeys),
                "node": { "type": "group", "id": "row", "transform": "translate(0, (index - 1) * (36 + config.gap))",
                          "children": [
                  { "type": "shape", "id": "background", "path": { "rect": "rect(0, 0, 100 + item.size, 36)" },
                    "fill": "system('secondarySystemGroupedBackground')" },
                  { "type": "text", "id": "title", "text": "\(rowTitle)", "font": { "size": 15 },
                    "position": "point(8, 8)", "color": "system('label')" }
                ] } },
              { "type": "repeat", "id": "marks", "list": "rows", "key": "title",
                "node": { "type": "shape", "id": "mark",
                          "path": { "rect": "rect(lerp(0, 50, progress) + index * 10, 300, 5, 5)" },
                          "fill": "state == 'open' ? system('blue') : system('label')" } },
              { "type": "shape", "id": "button", "path": { "rect": "rect(0, 340, 100, 44)" }, "fill": "system('label')" },
              { "type": "repeat", "id": "tags", "list": "rows", "key": "title",
                "node": { "type": "shape", "id": "tag", "path": { "rect": "rect(index * 10, 320, 5, 5)" },
                          "fill": "pressed == 'button' ? system('blue') : system('label')" } }
              \(extra)
            ]
          },
          "machine": {
            "states": ["closed", "open"],
            "transitions": [
              { "from": "closed", "on": { "press": "button" }, "to": "open",
                "effects": [{ "animate": "progress", "to": 1, "with": "spring(0.3, 1)" }] },
              { "from": "open", "on": { "press": "button" }, "to": "closed",
                "effects": [{ "animate": "progress", "to": 0, "with": "spring(0.3, 1)" }] }
              \(transitions)
            ]
          }
        }
        """
    }

    static func definition(_ text: String = source()) throws -> ComponentDefinition {
        try ComponentDefinition(json: Array(text.utf8), file: "rows.json")
    }

    static func error(_ text: String) -> DefinitionError? {
        do {
            _ = try definition(text)
            return nil
        } catch {
            return error as? DefinitionError
        }
    }

    /// A `set` of the list, its entries titled `titles` (sizes 1, 2, …), as `--set` writes it.
    static func set(_ titles: [String], at time: Double = 0.1) -> InputEvent {
        let entries = titles.enumerated().map { #"{ "title": "\#($1)", "size": \#($0 + 1) }"# }
        return InputEvent(time: time, kind: .set(key: "rows", value: .string("[\(entries.joined(separator: ", "))]")))
    }

    /// The ids of the repeat's group's children.
    static func ids(_ scene: Scene, _ repeatID: String) throws -> [String] {
        try #require(scene.node(withID: repeatID)).children.map(\.id)
    }

    @Test func eachEntryDrawsTheTemplateWithIdsFromItsKey() throws {
        let session = try ComponentSession(definition: try Self.definition())
        let scene = session.scene()
        #expect(try Self.ids(scene, "rows") == ["rows.A.row", "rows.B.row", "rows.C.row"])
        #expect(try Self.ids(scene, "marks") == ["marks.A.mark", "marks.B.mark", "marks.C.mark"])
        let row = try #require(scene.node(withID: "rows.B.row"))
        #expect(row.children.map(\.id) == ["rows.B.background", "rows.B.title"])
        // `index` is the entry's position from 1, as `config.rows.2` numbers it; `item.size`
        // its own item.
        #expect(row.children[0].frame == Rect(x: 0, y: 40, width: 102, height: 36))
        #expect(try #require(scene.node(withID: "marks.C.mark")).frame.minX == 30)
        guard case .text(let text)? = scene.node(withID: "rows.C.title")?.content else {
            Issue.record("rows.C.title is no text")
            return
        }
        #expect(text.lines.map(\.text) == ["C"])
    }

    @Test func anEntryInsertedBeforeAnotherLeavesItsIdsAndMovesIt() throws {
        var session = try ComponentSession(definition: try Self.definition())
        let before = try #require(session.scene().node(withID: "rows.B.background")).frame
        try session.handle(Self.set(["Z", "A", "B", "C"]))
        let scene = session.scene()
        #expect(try Self.ids(scene, "rows") == ["rows.Z.row", "rows.A.row", "rows.B.row", "rows.C.row"])
        let after = try #require(scene.node(withID: "rows.B.background")).frame
        // One row further down (36 + 4 points); its own width (size 3 now) comes with it.
        #expect(after.minY == before.minY + 40)
        #expect(try #require(scene.node(withID: "rows.Z.background")).frame.minY == 0)
    }

    @Test func removedEntriesLeaveTheirNodesOut() throws {
        var session = try ComponentSession(definition: try Self.definition())
        try session.handle(Self.set(["C", "A"]))
        var scene = session.scene()
        #expect(try Self.ids(scene, "rows") == ["rows.C.row", "rows.A.row"])
        #expect(scene.node(withID: "rows.B.row") == nil)
        #expect(try #require(scene.node(withID: "rows.A.background")).frame.minY == 40)
        // No entries: the repeat's group is drawn, empty.
        try session.handle(Self.set([], at: 0.2))
        scene = session.scene()
        #expect(try Self.ids(scene, "rows") == [])
        #expect(try Self.ids(scene, "marks") == [])
        #expect(scene.node(withID: "button") != nil)
    }

    @Test func twoEntriesWithOneKeyAreRefused() throws {
        var session = try ComponentSession(definition: try Self.definition())
        #expect(throws: (any Error).self) { try session.handle(Self.set(["A", "B", "A"])) }
        // The configuration is left as it was.
        #expect(try Self.ids(session.scene(), "rows") == ["rows.A.row", "rows.B.row", "rows.C.row"])
        // The file's own default is checked when the repeat is loaded.
        let twice = #"[{ "title": "A", "size": 1 }, { "title": "A", "size": 2 }]"#
        let error = try #require(Self.error(Self.source(rowsDefault: twice)))
        #expect(error.kind == .malformed)
        #expect(error.line == 6)
        #expect(
            error.message
                == "configuration.rows.default[1].title: 'A' is also configuration.rows.default[0]'s title: a repeat keys its nodes by title, so each entry's title is different"
        )
    }

    @Test func theGeneratedSchemaNamesTheKeyAListsEntriesDifferIn() throws {
        let schema = try Self.definition().configurationSchema
        let rows = try #require(schema["properties"]?["rows"])
        // JSON Schema refuses only entries repeated whole; the key is named for the page.
        #expect(rows["uniqueItems"] == .bool(true))
        #expect(rows["x-uniqueKeys"] == .array([.string("title")]))
        guard case .string(let comment)? = rows["$comment"] else {
            Issue.record("no $comment")
            return
        }
        #expect(comment.hasPrefix("Entries differ in title (a repeat keys its nodes by it). JSON Schema cannot say so"))
        // A list no repeat keys (the hero card's rows) says nothing of the kind.
        let hero = try #require(ComponentDefinition.builtIn(.heroCard)).configurationSchema
        #expect(hero["properties"]?["rows"]?["x-uniqueKeys"] == nil)
        #expect(hero["properties"]?["rows"]?["uniqueItems"] == nil)
    }

    @Test func mistakesAreNamedWithTheirPath() throws {
        let notAList = try #require(Self.error(Self.source(repeatKeys: #""list": "gap", "key": "title""#)))
        #expect(notAList.kind == .typeMismatch)
        #expect(
            notAList.message
                == #"scene.children[0].list: 'gap' is a number field: a repeat goes over a list field ("type": "list")"#)
        let noField = try #require(Self.error(Self.source(repeatKeys: #""list": "row", "key": "title""#)))
        #expect(noField.message == "scene.children[0].list: no configuration field 'row' (list fields: rows)")
        let noKey = try #require(Self.error(Self.source(repeatKeys: #""list": "rows", "key": "name""#)))
        #expect(noKey.kind == .badReference)
        #expect(noKey.message == "scene.children[0].key: the list 'rows' has no item 'name' (items: title, size)")
        let numberKey = try #require(Self.error(Self.source(repeatKeys: #""list": "rows", "key": "size""#)))
        #expect(numberKey.kind == .typeMismatch)
        #expect(
            numberKey.message
                == "scene.children[0].key: a repeat's key is a text item (each entry's ids are built from it); 'size' is number")
        let misspelt = try #require(Self.error(Self.source(rowTitle: "item.titel")))
        #expect(misspelt.kind == .unknownName)
        #expect(misspelt.message.hasPrefix("scene.children[0].node.children[1].text: "))
        #expect(misspelt.message.contains("item.title"), "\(misspelt.message)")
        // `index` and `item.…` are names only inside a repeat's template.
        for name in ["index", "item.size"] {
            let outside = try #require(
                Self.error(
                    Self.source(
                        extra: #", { "type": "shape", "id": "outside", "path": { "rect": "rect(\#(name), 0, 1, 1)" }, "#
                            + #""fill": "white(1)" }"#
                    )))
            #expect(outside.kind == .unknownName, "\(outside)")
            #expect(outside.message.hasPrefix("scene.children[4].path.rect: "), "\(outside)")
        }
        let children = try #require(
            Self.error(
                Self.source(extra: #", { "type": "repeat", "id": "more", "list": "rows", "key": "title", "children": [] }"#)))
        #expect(children.message.hasPrefix("scene.children[4]: a repeat node has no key 'children'"))
        let twice = try #require(
            Self.error(
                Self.source(
                    extra: #", { "type": "repeat", "id": "more", "list": "rows", "key": "title", "#
                        + #""node": { "type": "group", "id": "g", "#
                        + #""children": [{ "type": "group", "id": "g" }] } }"#)))
        #expect(
            twice.message
                == "scene.children[4].node.children[0].id: node id 'g' is used twice in the template of the repeat 'more'")
    }

    @Test func aRepeatedNodeIsATargetByItsTemplateIdAndTheRepeatIsOne() throws {
        for (target, pattern) in [("rows.A.row", "rows.*.row"), ("row", "rows.*.row"), ("rows.A.title", "rows.*.title")] {
            let error = try #require(
                Self.error(Self.source(transitions: #", { "from": "open", "on": { "tap": "\#(target)" } }"#)))
            #expect(error.kind == .badReference)
            #expect(
                error.message.contains(
                    "'\(target)' is a node of the repeat 'rows': its id follows its entry's key, "
                        + "so an event names every entry's copy as '\(pattern)'"),
                "\(error.message)")
        }
        let noSuchNode = try #require(
            Self.error(Self.source(transitions: #", { "from": "open", "on": { "tap": "rows.*.nope" } }"#)))
        #expect(
            noSuchNode.message.hasSuffix(
                "the template of the repeat 'rows' has no node 'nope' (its nodes: background, row, title)"),
            "\(noSuchNode.message)")
        _ = try Self.definition(Self.source(transitions: #", { "from": "open", "on": { "tap": "rows" } }"#))
        // `index` and `item.…` are read only in a transition on a repeated node.
        let fixed = try #require(
            Self.error(
                Self.source(transitions: #", { "from": "open", "on": { "tap": "rows" }, "guard": "index > 1" }"#)))
        #expect(fixed.kind == .unknownName, "\(fixed)")
    }

    /// Rows whose background takes a tap: its guard and effect read the entry hit.
    static let tapRow =
        #", { "from": "closed", "on": { "tap": "rows.*.background" }, "guard": "item.size > 1", "#
        + #""effects": [{ "jump": "progress", "to": "index * 10 + item.size" }] }"#

    @Test func aTapOnAnEntrysCopyReadsThatEntryInTheGuardAndEffects() throws {
        let definition = try Self.definition(Self.source(transitions: Self.tapRow))
        var session = try ComponentSession(definition: definition)
        // Every drawn copy is a target, by its id, in the list's order, hit tested at its frame.
        let targets = session.inputTargets.filter { $0.gesture == .tap }
        #expect(targets.map(\.id) == ["rows.A.background", "rows.B.background", "rows.C.background"])
        #expect(targets[1].frame == Rect(x: 0, y: 40, width: 102, height: 36))
        func progress() -> Double? {
            guard case .number(let value) = session.model.animators[0].readings(atTarget: true).value else { return nil }
            return value
        }
        // Row A's size is 1: its guard holds back the tap.
        try session.handle(InputEvent(time: 0.1, kind: .tap(Point(x: 50, y: 18))))
        #expect(progress() == 0)
        // Row B, the second entry: index 2, size 2.
        try session.handle(InputEvent(time: 0.2, kind: .tap(Point(x: 50, y: 58))))
        #expect(progress() == 22)
        // Z inserted first: B is the third entry now, and its size 3 comes from its own item.
        try session.handle(Self.set(["Z", "A", "B", "C"], at: 0.3))
        #expect(session.inputTargets.filter { $0.gesture == .tap }.map(\.id).first == "rows.Z.background")
        try session.handle(InputEvent(time: 0.4, kind: .tap(Point(x: 50, y: 98))))
        #expect(progress() == 33)
        // Outside every copy: nothing.
        try session.handle(InputEvent(time: 0.5, kind: .tap(Point(x: 150, y: 98))))
        #expect(progress() == 33)
        // The machine as exported names the event as the file wrote it.
        #expect(definition.machineDefinition.transitions.contains { $0.event == "tap(rows.*.background)" })
        let written = definition.componentFile
        #expect(try ComponentDefinition(json: written.compactBytes, file: "again.json").componentFile == written)
    }

    @Test func aPressOnAnEntrysCopyIsWhatPressedReads() throws {
        let press =
            #", { "from": "closed", "on": { "press": "rows.*.background" }, "#
            + #""effects": [{ "jump": "progress", "to": "index" }] }"#
        var session = try ComponentSession(definition: try Self.definition(Self.source(transitions: press)))
        try session.handle(InputEvent(time: 0.1, kind: .pointerDown(pointer: 1, location: Point(x: 50, y: 98))))
        #expect(session.pressedControl == "rows.C.background")
        try session.handle(InputEvent(time: 0.2, kind: .pointerUp(pointer: 1, location: Point(x: 50, y: 98))))
        guard case .number(let value) = session.model.animators[0].readings(atTarget: true).value else {
            Issue.record("progress is no number")
            return
        }
        #expect(value == 3)
    }

    @Test func aDragOnAnEntrysCopyReadsThatEntryFromStartToEnd() throws {
        let drag =
            #", { "from": "closed", "on": { "dragStart": "rows.*.background", "minimumDistance": 0 }, "#
            + #""effects": [{ "jump": "progress", "to": "index" }] }"#
            + #", { "from": "closed", "on": { "dragChange": "rows.*.background" }, "#
            + #""effects": [{ "jump": "progress", "to": "index * 100 + drag.translation.y" }] }"#
            + #", { "from": "closed", "on": { "dragEnd": "rows.*.background" }, "to": "open", "#
            + #""effects": [{ "jump": "progress", "to": "item.size" }] }"#
        var session = try ComponentSession(definition: try Self.definition(Self.source(transitions: drag)))
        func progress() -> Double? {
            guard case .number(let value) = session.model.animators[0].readings(atTarget: true).value else { return nil }
            return value
        }
        #expect(session.inputTargets.filter { $0.gesture == .drag }.map(\.id).count == 3)
        // Down on the second row, moved 30 pt down (over the third row), lifted there.
        try session.handle(InputEvent(time: 0.1, kind: .pointerDown(pointer: 1, location: Point(x: 50, y: 50))))
        #expect(progress() == 200)
        try session.handle(InputEvent(time: 0.2, kind: .pointerMove(pointer: 1, location: Point(x: 50, y: 80))))
        #expect(progress() == 230)
        try session.handle(InputEvent(time: 0.3, kind: .pointerUp(pointer: 1, location: Point(x: 50, y: 80))))
        // The entry the drag began on, not the one it ended over.
        #expect(progress() == 2)
        #expect(session.stateName == "open")
    }

    @Test func thePagersSecondDotTakesItsPage() throws {
        let definition = try ComponentDefinition(contentsOf: ComponentFileReplayTests.fileURL("pager"))
        var session = try ComponentSession(definition: definition)
        let dot = try #require(session.scene().node(withID: "dots.Lunch at the market.dot")).frame
        try session.handle(InputEvent(time: 0.1, kind: .tap(Point(x: dot.midX, y: dot.midY))))
        // At 60 Hz until the spring settles, as a viewer draws it.
        var frames = 0
        while session.isMoving, frames < 600 {
            frames += 1
            session.advance(to: 0.1 + Double(frames) / 60)
        }
        #expect(!session.isMoving)
        let page = try #require(session.scene().node(withID: "pages.Lunch at the market.page"))
        guard case .group(let group) = page.content else {
            Issue.record("no group")
            return
        }
        #expect(group.transform.tx == 0)
    }

    @Test func aRepeatReadingOnlyTheConfigurationIsStill() throws {
        let definition = try Self.definition()
        let rows = try #require(definition.root.children.first { $0.id == "rows" })
        let marks = try #require(definition.root.children.first { $0.id == "marks" })
        #expect(rows.stillIndex != nil)
        #expect(rows.children.count == 4)
        // Its copies are built inside it, not kept on their own.
        #expect(definition.stillNodes.map(\.id) == ["rows", "button"])
        // The marks read a variable and the state: built each frame.
        #expect(marks.stillIndex == nil && marks.keyed == nil)
        #expect(marks.children.allSatisfy { $0.stillIndex == nil })
        // The tags read only the pressed control: kept by it (and, as every kept part, per
        // configuration), so a set that renames an entry builds its ids again.
        let tags = try #require(definition.root.children.first { $0.id == "tags" })
        #expect(tags.keyed?.leaves == [.slot(BuiltinSlot.pressed.rawValue)])
    }

    @Test func everyFrameEqualsAFreshBuild() throws {
        var session = try ComponentSession(definition: try Self.definition())
        var events: [InputEvent] = []
        func check(_ time: Double, _ note: String) throws {
            var fresh = try ComponentSession(definition: try Self.definition())
            for event in events { try fresh.handle(event) }
            #expect(session.encodedDisplayList(at: time) == fresh.encodedDisplayList(at: time), "\(note) at \(time)")
        }
        // Each event at its step's time (0.1 s apart), before that step's frames.
        let down = InputEvent.Kind.pointerDown(pointer: 1, location: Point(x: 50, y: 360))
        let up = InputEvent.Kind.pointerUp(pointer: 1, location: Point(x: 50, y: 360))
        let steps: [(InputEvent?, String)] = [
            (nil, "start"),
            (Self.set(["Z", "A", "B", "C"], at: 0.2), "inserted"),
            (InputEvent(time: 0.3, kind: down), "held"),
            (Self.set(["Y", "A", "B", "C"], at: 0.4), "renamed while held"),
            (InputEvent(time: 0.5, kind: up), "released"),
            (InputEvent(time: 0.6, kind: down), "down"),
            (InputEvent(time: 0.7, kind: up), "pressed"),
            (InputEvent(time: 0.8, kind: .set(key: "gap", value: .number(10))), "gap"),
            (Self.set(["B"], at: 0.9), "removed"),
            (Self.set([], at: 1.0), "none"),
            (Self.set(["A", "B", "C"], at: 1.1), "back"),
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

    @Test func theFileWrittenBackIsTheRepeat() throws {
        let definition = try Self.definition()
        let written = definition.componentFile
        let again = try ComponentDefinition(json: written.compactBytes, file: "again.json")
        #expect(again.componentFile == written)
        guard case .array(let nodes)? = written["scene"]?["children"], case .object(let members) = nodes[0] else {
            Issue.record("no children")
            return
        }
        #expect(members.map(\.key).prefix(5) == ["type", "id", "list", "key", "node"])
        var session = try ComponentSession(definition: again)
        var original = try ComponentSession(definition: definition)
        #expect(session.encodedDisplayList(at: 0) == original.encodedDisplayList(at: 0))
    }

    /// Rows with chips: a repeat of chips inside the rows' template, each chip drawn in the
    /// row its `row` item names.
    static func nested(
        rowsMax: Int = 3, chipsMax: Int = 4, transitions: String = "",
        chip: String = #"{ "type": "shape", "id": "chip", "#
            + #""when": "item.row == rows.item.title", "#
            + #""path": { "rect": "rect(index * 40, 20, 30, 20 + rows.index)" }, "fill": "white(0)" }"#
    ) -> String {
        """
        {
          "format": "morph.component", "version": 1, "name": "chips", "viewport": [300, 400],
          "configuration": {
            "rows": { "type": "list", "maxItems": \(rowsMax), "items": { "title": { "type": "text" } },
                      "default": [{ "title": "Fruit" }, { "title": "Nuts" }] },
            "chips": { "type": "list", "maxItems": \(chipsMax),
                       "items": { "name": { "type": "text" }, "row": { "type": "text" } },
                       "default": [{ "name": "Apple", "row": "Fruit" }, { "name": "Pear", "row": "Fruit" },
                                   { "name": "Almond", "row": "Nuts" }] }
          },
          "variables": { "picked": { "initial": 0 } },
          "background": "white(1)",
          "scene": {
            "type": "group", "id": "root",
            "children": [
              { "type": "repeat", "id": "rows", "list": "rows", "key": "title",
                "node": { "type": "group", "id": "row", "transform": "translate(0, (index - 1) * 50)", "children": [
                  { "type": "repeat", "id": "chips", "list": "chips", "key": "name", "node": \(chip) },
                  { "type": "text", "id": "number", "text": "text(index) + ' ' + item.title", "font": { "size": 15 },
                    "position": "point(0, 0)", "color": "white(0)" }
                ] } }
            ]
          },
          "machine": { "states": ["idle"], "transitions": [\(transitions)] }
        }
        """
    }

    @Test func aRepeatInsideARepeatsTemplateReadsBothEntriesAndKeysItsIdsByBoth() throws {
        var session = try ComponentSession(definition: try Self.definition(Self.nested()))
        var scene = session.scene()
        #expect(try Self.ids(scene, "rows") == ["rows.Fruit.row", "rows.Nuts.row"])
        #expect(try Self.ids(scene, "rows.Fruit.chips") == ["rows.Fruit.chips.Apple.chip", "rows.Fruit.chips.Pear.chip"])
        #expect(try Self.ids(scene, "rows.Nuts.chips") == ["rows.Nuts.chips.Almond.chip"])
        // `index` is the chip's entry (Almond is the third), `rows.index` the row's.
        let almond = try #require(scene.node(withID: "rows.Nuts.chips.Almond.chip")).frame
        #expect(almond.minX == 120 && almond.height == 22)
        // After the chips, `index` and `item.…` are the row's again.
        guard case .text(let text)? = scene.node(withID: "rows.Nuts.number")?.content else {
            Issue.record("rows.Nuts.number is no text")
            return
        }
        #expect(text.lines.map(\.text) == ["2 Nuts"])
        // A row inserted before keeps the others' ids, chips included.
        let rows = #"[{ "title": "Seeds" }, { "title": "Fruit" }, { "title": "Nuts" }]"#
        try session.handle(InputEvent(time: 0.1, kind: .set(key: "rows", value: .string(rows))))
        scene = session.scene()
        #expect(try Self.ids(scene, "rows.Nuts.chips") == ["rows.Nuts.chips.Almond.chip"])
        #expect(try #require(scene.node(withID: "rows.Nuts.chips.Almond.chip")).frame.height == 23)
        #expect(try Self.ids(scene, "rows.Seeds.chips") == [])
        // Written back, the inner repeat is in the outer template as the file wrote it.
        let definition = try Self.definition(Self.nested())
        let written = definition.componentFile
        let again = try ComponentDefinition(json: written.compactBytes, file: "again.json")
        #expect(again.componentFile == written)
        var original = try ComponentSession(definition: definition)
        var reloaded = try ComponentSession(definition: again)
        #expect(reloaded.encodedDisplayList(at: 0) == original.encodedDisplayList(at: 0))
    }

    /// Chips that move with time (built each frame), and chips that read only the pressed
    /// control (kept by it); the rows' titles are still.
    static let movingChips = [
        #"{ "type": "shape", "id": "chip", "when": "item.row == rows.item.title", "#
            + #""path": { "rect": "rect(index * 40 + mod(floor(time * 4), 4), 20, 30, 20 + rows.index)" }, "#
            + #""fill": "white(0)" }"#,
        #"{ "type": "shape", "id": "chip", "when": "item.row == rows.item.title", "#
            + #""path": { "rect": "rect(index * 40, 20, 30, 20 + rows.index)" }, "#
            + #""fill": "pressed == 'x' ? white(1) : white(0)" }"#,
    ]

    @Test(arguments: movingChips)
    func aRepeatInsideARepeatsTemplateThatMovesDrawsAsAFreshBuild(chip: String) throws {
        let moving = Self.nested(chip: chip)
        var session = try ComponentSession(definition: try Self.definition(moving))
        var events: [InputEvent] = []
        let rows = #"[{ "title": "Seeds" }, { "title": "Nuts" }, { "title": "Fruit" }]"#
        let chips = #"[{ "name": "Pear", "row": "Fruit" }, { "name": "Sunflower", "row": "Seeds" }]"#
        for (step, event) in [
            nil, InputEvent(time: 0.3, kind: .set(key: "rows", value: .string(rows))),
            InputEvent(time: 0.6, kind: .set(key: "chips", value: .string(chips))),
        ].enumerated() {
            if let event {
                events.append(event)
                try session.handle(event)
            }
            for time in [0.3 * Double(step) + 0.1, 0.3 * Double(step) + 0.2] {
                var fresh = try ComponentSession(definition: try Self.definition(moving))
                for event in events { try fresh.handle(event) }
                #expect(session.encodedDisplayList(at: time) == fresh.encodedDisplayList(at: time), "step \(step) at \(time)")
            }
        }
        #expect(try Self.ids(session.scene(), "rows.Seeds.chips") == ["rows.Seeds.chips.Sunflower.chip"])
    }

    @Test func aRepeatInsideARepeatsTemplateIsCheckedAndBounded() throws {
        // The row's own items are read through its repeat's id inside the chips' template.
        let outerItem = try #require(
            Self.error(
                Self.nested(
                    chip: #"{ "type": "shape", "id": "chip", "path": { "rect": "rect(0, 0, 1, 1)" }, "#
                        + #""fill": "item.title == '' ? white(0) : white(1)" }"#)))
        #expect(outerItem.kind == .unknownName)
        #expect(outerItem.message.contains("item.title"), "\(outerItem.message)")
        // 64 rows of 64 chips, each a group of two shapes: over the scene's node limit.
        let heavy =
            #"{ "type": "group", "id": "chip", "children": ["#
            + #"{ "type": "shape", "id": "a", "path": { "rect": "rect(0, 0, 1, 1)" }, "fill": "white(0)" }, "#
            + #"{ "type": "shape", "id": "b", "path": { "rect": "rect(0, 0, 1, 1)" }, "fill": "white(0)" }] }"#
        let limit = try #require(Self.error(Self.nested(rowsMax: 64, chipsMax: 64, chip: heavy)))
        #expect(limit.kind == .limit)
        #expect(
            limit.message.hasSuffix(
                "the scene has more than \(ComponentLimits.sceneNodes) nodes with its repeats unrolled "
                    + "(each copy counts: here the repeat 'chips' inside 'rows', one copy per entry its list can hold)"),
            "\(limit.message)")
        // 64 by 16 of them fit.
        _ = try Self.definition(Self.nested(rowsMax: 64, chipsMax: 16, chip: heavy))
        // A chip named alone, or a node no chip has, is refused with what to write.
        let alone = try #require(Self.error(Self.nested(transitions: #"{ "from": "idle", "on": { "tap": "chip" } }"#)))
        #expect(alone.kind == .badReference)
        #expect(alone.message.contains("every entry's copy as 'rows.*.chips.*.chip'"), "\(alone.message)")
        let nope = try #require(
            Self.error(Self.nested(transitions: #"{ "from": "idle", "on": { "tap": "rows.*.chips.*.nope" } }"#)))
        #expect(
            nope.message.hasSuffix("the template of the repeat 'rows.*.chips' has no node 'nope' (its nodes: chip)"),
            "\(nope.message)")
    }

    @Test func aTapOnAChipInARowReadsBothEntries() throws {
        let tap =
            #"{ "from": "idle", "on": { "tap": "rows.*.chips.*.chip" }, "#
            + #""guard": "item.name != 'Pear'", "#
            + #""effects": [{ "jump": "picked", "to": "rows.index * 100 + index * 10 + (rows.item.title == item.row)" }] }"#
        var session = try ComponentSession(definition: try Self.definition(Self.nested(transitions: tap)))
        func picked() -> Double? {
            guard case .number(let value) = session.model.animators[0].readings(atTarget: true).value else { return nil }
            return value
        }
        // Every pair of entries names a copy; the hit test finds the ones drawn.
        #expect(
            session.inputTargets.map(\.id) == [
                "rows.Fruit.chips.Apple.chip", "rows.Fruit.chips.Pear.chip", "rows.Nuts.chips.Almond.chip",
            ])
        let almond = try #require(session.scene().node(withID: "rows.Nuts.chips.Almond.chip")).frame
        try session.handle(InputEvent(time: 0.1, kind: .tap(Point(x: almond.midX, y: almond.midY))))
        // Nuts is the second row, Almond the third chip, and its row item names the row.
        #expect(picked() == 231)
        // Pear's tap is held back by the guard.
        let pear = try #require(session.scene().node(withID: "rows.Fruit.chips.Pear.chip")).frame
        try session.handle(InputEvent(time: 0.2, kind: .tap(Point(x: pear.midX, y: pear.midY))))
        #expect(picked() == 231)
        let apple = try #require(session.scene().node(withID: "rows.Fruit.chips.Apple.chip")).frame
        try session.handle(InputEvent(time: 0.3, kind: .tap(Point(x: apple.midX, y: apple.midY))))
        #expect(picked() == 111)
    }
}
