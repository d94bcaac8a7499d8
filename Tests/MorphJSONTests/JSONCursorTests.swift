import MorphJSON
import Testing

/// The cursor's paths and byte offsets: every error a reader raises points at the value it
/// is about, in document terms (a path) and in the text (a byte).
@Suite struct JSONCursorTests {
    /// The byte where `needle` first occurs in `text` (the tests' independent truth).
    func offset(of needle: String, in text: String) throws -> Int {
        let bytes = Array(text.utf8)
        let pattern = Array(needle.utf8)
        for start in 0...(bytes.count - pattern.count) where Array(bytes[start..<start + pattern.count]) == pattern {
            return start
        }
        throw JSONError.invalidJSON(offset: -1, reason: "\(needle) not in the test text")
    }

    @Test func aValueIsFoundByTheByteItStartsAt() throws {
        let text = "{\"a\":[10,{\"b\":\"x\",\"c\":[]}],\"d\":null}"
        let root = try JSONCursor(parsing: Array(text.utf8))
        #expect(root.descendant(at: 0)?.path == "")
        #expect(root.descendant(at: try offset(of: "10", in: text))?.path == "a[0]")
        #expect(root.descendant(at: try offset(of: "{\"b", in: text))?.path == "a[1]")
        #expect(root.descendant(at: try offset(of: "\"x", in: text))?.path == "a[1].b")
        #expect(root.descendant(at: try offset(of: "[]", in: text))?.path == "a[1].c")
        #expect(root.descendant(at: try offset(of: "null", in: text))?.path == "d")
        // A byte no value starts at (inside a number, a key), or past the end.
        #expect(root.descendant(at: try offset(of: "0,", in: text)) == nil)
        #expect(root.descendant(at: try offset(of: "\"a\"", in: text)) == nil)
        #expect(root.descendant(at: text.utf8.count) == nil)
        // A value built in memory has no bytes.
        #expect(JSONCursor(.number(1)).descendant(at: 0) == nil)
    }

    @Test func syntaxErrorsStopAtTheOffendingByte() {
        for (text, offset) in [
            ("{\"a\":}", 5), ("[1,2", 4), ("{\"a\":1} x", 8), ("\"\\u12\"", 3), ("-", 1), ("[01]", 2),
            ("{\"a\" 1}", 5), ("[1e999]", 1), ("[\"\u{01}\"]", 2), ("  ", 2),
        ] {
            do {
                _ = try JSONCursor(parsing: Array(text.utf8))
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.offset == offset, "\(text): \(error)")
                guard case .invalidJSON = error else { Issue.record("\(text): \(error)"); continue }
            }
        }
    }

    @Test func valueErrorsNameThePathAndTheByteWhereTheValueStarts() throws {
        let text = #"{"name": "x", "ops": [ {"op": "fill"}, {"op": "fill", "opacity": "half"} ], "size": [1, -2]}"#
        let root = try JSONCursor(parsing: Array(text.utf8))
        #expect(root.offset == 0)
        let ops = try root.required("ops").elements()
        #expect(ops.map(\.path) == ["ops[0]", "ops[1]"])
        #expect(ops[1].offset == (try offset(of: #"{"op": "fill", "opacity""#, in: text)))
        do {
            _ = try ops[1].required("opacity").number()
            Issue.record("a string was read as a number")
        } catch {
            #expect(
                error
                    == .malformed(
                        path: "ops[1].opacity", reason: "expected a number, found a string",
                        offset: try offset(of: #""half""#, in: text)))
        }
        // A missing key points at the object that lacks it.
        #expect(throws: JSONError.malformed(path: "ops[0].color", reason: "missing required key", offset: ops[0].offset)) {
            try ops[0].required("color")
        }
        let size = try root.required("size").elements()
        #expect(size[1].offset == (try offset(of: "-2", in: text)))
        #expect(try size[1].number() == -2)
    }

    /// Offsets stay right past nested siblings: the cursor steps over whole subtrees.
    @Test func offsetsSkipNestedSiblings() throws {
        let text = #"[{"a":[[1,2],[3,{"b":[4]}]],"c":{"d":null}},"x",[5],{"e":true,"a":6}]"#
        let root = try JSONCursor(parsing: Array(text.utf8))
        let elements = try root.elements()
        #expect(elements.count == 4)
        #expect(elements[1].offset == (try offset(of: #""x""#, in: text)))
        #expect(elements[2].offset == (try offset(of: "[5]", in: text)))
        #expect(try elements[3].required("a").offset == (try offset(of: "6}", in: text)))
        #expect(try elements[0].required("c").optional("d") == nil)  // null counts as absent
        let deep = try elements[0].required("a").elements()[1].elements()[1].required("b").elements()[0]
        #expect(deep.path == "[0].a[1][1].b[0]")
        #expect(deep.offset == (try offset(of: "4]", in: text)))
    }

    @Test func cursorsOverValuesInMemoryHaveNoOffsets() throws {
        let cursor = JSONCursor(.object([.init("n", .string("x"))]), path: "config")
        #expect(cursor.offset == nil)
        #expect(throws: JSONError.malformed(path: "config.n", reason: "expected a number, found a string")) {
            try cursor.required("n").number()
        }
    }

    @Test func leafReadersCheckTypesAndRanges() throws {
        enum Fruit: String, CaseIterable { case apple, pear }
        let cursor = try JSONCursor(parsing: Array(#"{"i":3,"f":2.5,"b":true,"s":"pear","n":[1,2]}"#.utf8))
        #expect(try cursor.required("i").integer() == 3)
        #expect(throws: JSONError.self) { try cursor.required("f").integer() }
        #expect(throws: JSONError.self) { try cursor.required("f").number(in: 0...1) }
        #expect(try cursor.required("b").bool())
        #expect(try cursor.required("s").enumeration(Fruit.self) == .pear)
        #expect(throws: JSONError.self) { try cursor.required("i").enumeration(Fruit.self) }
        #expect(try cursor.required("n").numbers(count: 2) == [1, 2])
        #expect(throws: JSONError.self) { try cursor.required("n").numbers(count: 3) }
        #expect(throws: JSONError.self) { try cursor.required("s").elements() }
        #expect(throws: JSONError.self) { try cursor.required("n").optional("x") }
    }

    @Test func errorsReadWell() {
        #expect(JSONError.invalidJSON(offset: 7, reason: "expected ':'").description == "invalid JSON at byte 7: expected ':'")
        #expect(JSONError.malformed(path: "a.b", reason: "bad", offset: 3).description == "a.b: bad (byte 3)")
        #expect(JSONError.malformed(path: "", reason: "bad").description == "bad")
        #expect(JSONError.malformed(path: "a", reason: "bad", offset: 3).withoutOffset == .malformed(path: "a", reason: "bad"))
    }
}
