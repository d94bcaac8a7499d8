import MorphKit
import Testing

@Suite struct DisplayListDecodingTests {
    private let header =
        "\"format\":\"morph.display-list\",\"version\":1,\"component\":\"curtain\",\"size\":[10,20],\"time\":0,\"background\":[0,0,0,1]"

    private func decode(ops: String, extra: String = "") throws(SceneError) -> DisplayList {
        try DisplayList(json: "{\(header),\"ops\":[\(ops)]\(extra)}")
    }

    /// The error without its byte offset (`errorsPointAtTheOffendingByte` checks those).
    private func failure(ops: String) -> SceneError? {
        do {
            _ = try decode(ops: ops)
            return nil
        } catch {
            return error.withoutOffset
        }
    }

    @Test func errorsNameThePathAndReason() {
        let stops = "{\"op\":\"fill\",\"id\":\"a\",\"path\":[],\"paint\":{\"type\":\"solid\",\"color\":[0,0,0,1]}}"
        let badStop =
            "{\"op\":\"fill\",\"id\":\"b\",\"path\":[],\"paint\":{\"type\":\"linear\",\"from\":[0,0],\"to\":[1,1],\"stops\":[{\"offset\":0,\"color\":[0,0,0,1]},{\"offset\":\"x\",\"color\":[0,0,0,1]}]}}"
        let error = failure(ops: [stops, stops, stops, badStop].joined(separator: ","))
        guard case .malformed(let path, let reason, _) = error else {
            Issue.record("expected malformed, got \(String(describing: error))"); return
        }
        #expect(path == "ops[3].paint.stops[1].offset")
        #expect(reason.contains("expected a number"))
    }

    @Test func errorsPointAtTheOffendingByte() throws {
        let ops = "{\"op\":\"push\",\"id\":\"g\"},{\"op\":\"pop\"},{\"op\":\"push\",\"id\":\"h\",\"opacity\":7},{\"op\":\"pop\"}"
        let text = "{\(header),\"ops\":[\(ops)]}"
        let expected = try #require(text.utf8.firstIndex(of: UInt8(ascii: "7")))
        do {
            _ = try DisplayList(json: text)
            Issue.record("opacity 7 was accepted")
        } catch {
            #expect(error.offset == text.utf8.distance(from: text.utf8.startIndex, to: expected))
            #expect(error.description.hasPrefix("ops[2].opacity: "))
        }
    }

    @Test func rangeAndEnumerationViolationsAreReported() {
        #expect(
            failure(ops: "{\"op\":\"push\",\"id\":\"g\",\"opacity\":1.5},{\"op\":\"pop\"}")
                == .malformed(path: "ops[0].opacity", reason: "1.5 is outside 0.0...1.0"))
        if case .malformed(let path, _, _) = failure(ops: "{\"op\":\"spin\"}") {
            #expect(path == "ops[0].op")
        } else {
            Issue.record("spin accepted")
        }
        if case .malformed(let path, _, _) = failure(
            ops: "{\"op\":\"stroke\",\"id\":\"s\",\"path\":[],\"color\":[0,0,0,1],\"width\":1,\"cap\":\"pointy\"}")
        {
            #expect(path == "ops[0].cap")
        } else {
            Issue.record("bad cap accepted")
        }
        if case .malformed(let path, _, _) = failure(
            ops:
                "{\"op\":\"text\",\"id\":\"t\",\"font\":{\"family\":\"Inter\",\"weight\":450,\"size\":3},\"color\":[0,0,0,1],\"lines\":[]}"
        ) {
            #expect(path == "ops[0].font.weight")
        } else {
            Issue.record("weight 450 accepted")
        }
        if case .malformed(let path, _, _) = failure(
            ops: "{\"op\":\"fill\",\"id\":\"f\",\"path\":[[\"M\",1]],\"paint\":{\"type\":\"solid\",\"color\":[0,0,0,1]}}")
        {
            #expect(path == "ops[0].path[0]")
        } else {
            Issue.record("short M accepted")
        }
        if case .malformed(let path, _, _) = failure(
            ops: "{\"op\":\"fill\",\"id\":\"f\",\"path\":[],\"paint\":{\"type\":\"solid\",\"color\":[0,0,2,1]}}")
        {
            #expect(path == "ops[0].paint.color[2]")
        } else {
            Issue.record("colour 2 accepted")
        }
        if case .malformed(let path, let reason, _) = failure(
            ops: "{\"op\":\"fill\",\"path\":[],\"paint\":{\"type\":\"solid\",\"color\":[0,0,0,1]}}")
        {
            #expect(path == "ops[0].id" && reason == "missing required key")
        } else {
            Issue.record("missing id accepted")
        }
    }

    @Test func unbalancedGroupsAreRejected() {
        #expect(failure(ops: "{\"op\":\"pop\"}") == .malformed(path: "ops[0]", reason: "pop without a matching push"))
        #expect(failure(ops: "{\"op\":\"push\",\"id\":\"g\"}") == .malformed(path: "ops", reason: "1 push op(s) never popped"))
    }

    @Test func unknownKeysAreIgnored() throws {
        let list = try decode(
            ops: "{\"op\":\"push\",\"id\":\"g\",\"blend\":\"multiply\",\"future\":{\"a\":[1,2]}},{\"op\":\"pop\",\"note\":1}",
            extra:
                ",\"generator\":\"morphd 2\",\"accessibility\":[{\"id\":\"x\",\"role\":\"image\",\"label\":\"L\",\"frame\":[0,0,1,1],\"lang\":\"en\"}]"
        )
        #expect(list.ops == [.push(DisplayList.Group(id: "g")), .pop])
        #expect(list.accessibility.first?.role == .image)
    }

    @Test func formatAndVersionAreDistinctFromMalformed() {
        #expect(throws: SceneError.unsupportedVersion(2)) {
            try DisplayList(json: "{\"format\":\"morph.display-list\",\"version\":2}")
        }
        #expect(throws: SceneError.unsupportedFormat("morph.scene")) {
            try DisplayList(json: "{\"format\":\"morph.scene\",\"version\":1}")
        }
    }

    @Test func syntaxErrorsCarryAnOffset() {
        for (text, offset) in [("{\"a\":}", 5), ("[1,2", 4), ("{\"a\":1} x", 8), ("\"\\u12\"", 3), ("-", 1), ("[01]", 2)] {
            do {
                _ = try DisplayList(json: text)
                Issue.record("accepted \(text)")
            } catch {
                guard case .invalidJSON(let at, _) = error else { Issue.record("\(text): \(error)"); continue }
                #expect(at == offset, "\(text)")
            }
        }
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: SceneError.self) { try DisplayList(json: deep) }
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        let list = try decode(
            ops:
                "{\"op\":\"text\",\"id\":\"t\",\"font\":{\"family\":\"Inter\",\"weight\":400,\"size\":3},\"color\":[0,0,0,1],\"lines\":[{\"x\":0,\"y\":0,\"text\":\"\\ud83c\\udfb5 \\u00f8\\n\\/\"}]}"
        )
        guard case .text(let text) = list.ops[0] else { Issue.record("no text op"); return }
        #expect(text.lines[0].text == "🎵 ø\n/")
    }
}
