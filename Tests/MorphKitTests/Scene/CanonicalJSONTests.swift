import Foundation
import MorphKit
import MorphTestSupport
import Testing

@Suite struct CanonicalJSONTests {
    private func number(_ value: Double) -> String {
        var writer = CanonicalJSONWriter()
        writer.writeNumber(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func numbersAreShortestFourDecimalForms() {
        #expect(number(12) == "12")
        #expect(number(0.5) == "0.5")
        #expect(number(-3.25) == "-3.25")
        #expect(number(0.1) == "0.1")
        #expect(number(1.0 / 3.0) == "0.3333")
        #expect(number(2.0 / 3.0) == "0.6667")
        #expect(number(-2.0 / 3.0) == "-0.6667")
        #expect(number(0.0001) == "0.0001")
        #expect(number(100.05) == "100.05")
        #expect(number(1234567.8912) == "1234567.8912")
    }

    @Test func negativeZeroAndTinyValuesWriteZero() {
        #expect(number(-0.0) == "0")
        #expect(number(1e-7) == "0")
        #expect(number(-1e-7) == "0")
        #expect(number(-0.00004) == "0")
    }

    @Test func halfUnitsRoundAwayFromZero() {
        #expect(number(0.00005) == "0.0001")
        #expect(number(-0.00005) == "-0.0001")
        // 1.03125 is exact in binary, so it is a true half at the 5th decimal.
        #expect(number(1.03125) == "1.0313")
        #expect(number(-1.03125) == "-1.0313")
        #expect(number(0.99995) == "1")
    }

    @Test func largeNumbersHaveNoExponent() {
        #expect(number(1e21) == "1000000000000000000000")
        #expect(number(-1e21) == "-1000000000000000000000")
        #expect(number(1e15) == "1000000000000000")
        #expect(number(123456789012.5) == "123456789012.5")
        for value in [1e21, 1e300, 5e14, 9.5e14] {
            #expect(!number(value).contains("e") && !number(value).contains("E"))
        }
    }

    @Test func nonFiniteNumbersAreFlaggedAndRejectedWithAPath() {
        var writer = CanonicalJSONWriter()
        writer.writeNumber(.nan)
        #expect(writer.sawNonFiniteNumber)
        var list = SampleDisplayLists.everything()
        list.time = .infinity
        #expect(throws: SceneError.nonFiniteNumber(path: "time")) { try list.canonicalJSON() }
        list = SampleDisplayLists.everything()
        guard case .stroke(var stroke) = list.ops[2] else { Issue.record("expected a stroke"); return }
        stroke.width = .nan
        list.ops[2] = .stroke(stroke)
        #expect(throws: SceneError.nonFiniteNumber(path: "ops[2].width")) { try list.canonicalJSON() }
    }

    /// The path is read from where the writer put the number, however deep, and whatever the
    /// writer held before the list.
    @Test func aNonFiniteNumberIsNamedWhereverItIs() throws {
        func rejected(_ change: (inout DisplayList) -> Void) -> String? {
            var list = SampleDisplayLists.everything()
            change(&list)
            do {
                var writer = CanonicalJSONWriter()
                writer.writeRaw("{\"list\":")
                try list.write(to: &writer)
                return nil
            } catch {
                guard case .nonFiniteNumber(let path) = error else { return "\(error)" }
                // Every way of writing a list names the same field.
                #expect(throws: error) { try list.canonicalJSON() }
                #expect(throws: error) { try list.prettyJSON() }
                return path
            }
        }
        #expect(rejected { _ in } == nil)
        #expect(rejected { $0.size.height = .infinity } == "size[1]")
        #expect(
            rejected {
                guard case .push(var group) = $0.ops[0] else { return }
                group.transform.ty = .nan
                $0.ops[0] = .push(group)
            } == "ops[0].transform[5]")
        #expect(
            rejected {
                guard case .fill(var fill) = $0.ops[1], case .linear(let from, let to, var stops) = fill.paint else { return }
                stops[1].color.blue = -.infinity
                fill.paint = .linear(from: from, to: to, stops: stops)
                $0.ops[1] = .fill(fill)
            } == "ops[1].paint.stops[1].color[2]")
        #expect(
            rejected {
                guard case .stroke(var stroke) = $0.ops[2] else { return }
                stroke.path = Path([.move(to: Point(x: 1, y: 2)), .line(to: Point(x: 3, y: .nan))])
                $0.ops[2] = .stroke(stroke)
            } == "ops[2].path[1][2]")
        #expect(
            rejected {
                guard case .text(var text) = $0.ops[3] else { return }
                text.lines[0].y = .nan
                $0.ops[3] = .text(text)
            } == "ops[3].lines[0].y")
        #expect(rejected { $0.accessibility[1].frame.size.height = .nan } == "accessibility[1].frame[3]")
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharactersButPassUnicodeThrough() {
        var writer = CanonicalJSONWriter()
        writer.writeString("a\"b\\c\n\r\t\u{8}\u{c}\u{1}\u{1f}/Tromsø·🎵")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f/Tromsø·🎵\"")
    }

    @Test func writerReuseAfterRemoveAllGivesTheSameBytes() throws {
        let list = SampleDisplayLists.everything()
        var writer = CanonicalJSONWriter()
        try list.write(to: &writer)
        let first = writer.bytes
        writer.removeAll()
        try list.write(to: &writer)
        #expect(writer.bytes == first)
        #expect(try list.canonicalJSON() == first)
    }

    @Test func equalListsGiveIdenticalBytesAndDifferentListsDiffer() throws {
        let a = SampleDisplayLists.everything()
        let b = SampleDisplayLists.everything()
        #expect(a == b)
        #expect(try a.canonicalJSON() == b.canonicalJSON())
        var c = b
        c.time = 1.2501
        #expect(try a.canonicalJSON() != c.canonicalJSON())
    }

    @Test func keysFollowTheDocumentedOrder() throws {
        let text = try SampleDisplayLists.everything().canonicalJSONString()
        #expect(
            text.hasPrefix(
                "{\"format\":\"morph.display-list\",\"version\":1,\"component\":\"morph-container\",\"size\":[390,440],\"time\":1.25,\"background\":[0.949,0.949,0.969,1],\"ops\":[{\"op\":\"push\",\"id\":\"card\",\"transform\":[1,0,0,1,25,20],\"opacity\":0.5,\"clip\":[[\"M\","
            ))
        #expect(text.contains("\"shadow\":{\"color\":[0,0,0,0.06],\"radius\":8,\"offset\":[0,2]}}"))
        #expect(
            text.contains(
                "{\"op\":\"push\",\"id\":\"curtain\",\"effect\":{\"kind\":\"curtain\",\"bounds\":[0,0,390,844],\"drag\":[20,300],\"folds\":4}}"
            ))
        #expect(
            text.contains(
                "{\"op\":\"stroke\",\"id\":\"chevron\",\"path\":[[\"M\",312,41],[\"L\",318,47],[\"Q\",315,50,312,53]],\"color\":[0.64,0.64,0.64,1],\"width\":2,\"cap\":\"round\",\"join\":\"round\"}"
            ))
        #expect(text.contains("\"rule\":\"evenodd\"}"))
        #expect(
            text.contains(
                "{\"op\":\"text\",\"id\":\"title\",\"font\":{\"family\":\"Inter\",\"weight\":600,\"size\":24},\"color\":[0.09,0.09,0.09,1],\"lines\":[{\"x\":92,\"y\":44.2,\"text\":"
            ))
        #expect(
            text.contains(
                "\"accessibility\":[{\"id\":\"card\",\"role\":\"button\",\"label\":\"Northern Lights, ambient mix, 12 tracks\",\"value\":\"Collapsed\",\"hint\":\"Double tap to expand\",\"frame\":[25,20,340,96]},{\"id\":\"title\",\"role\":\"text\",\"label\":\"Title\",\"frame\":[25,20,340,96]}]}"
            ))
    }

    @Test func defaultsAreOmitted() throws {
        let list = DisplayList(
            component: .curtain, size: Size(width: 10, height: 10),
            ops: [
                .push(DisplayList.Group(id: "g")),
                .fill(DisplayList.Fill(id: "f", path: Path(), paint: .solid(.black))),
                .stroke(DisplayList.Stroke(id: "s", path: Path(), color: .black, width: 1)),
                .pop,
            ])
        let text = try list.canonicalJSONString()
        #expect(
            text
                == "{\"format\":\"morph.display-list\",\"version\":1,\"component\":\"curtain\",\"size\":[10,10],\"time\":0,\"background\":[1,1,1,1],\"ops\":[{\"op\":\"push\",\"id\":\"g\"},{\"op\":\"fill\",\"id\":\"f\",\"path\":[],\"paint\":{\"type\":\"solid\",\"color\":[0,0,0,1]}},{\"op\":\"stroke\",\"id\":\"s\",\"path\":[],\"color\":[0,0,0,1],\"width\":1},{\"op\":\"pop\"}],\"accessibility\":[]}"
        )
    }

    @Test func valuesThatRoundToTheirDefaultAreOmittedToo() throws {
        // Written at 4 decimals these are exactly the defaults, so a reader could not tell them
        // apart: writing them would make decode-then-encode change the bytes.
        let nearlyDefault = DisplayList(
            component: .curtain, size: Size(width: 10, height: 10),
            ops: [
                .push(
                    DisplayList.Group(
                        id: "g", transform: AffineTransform(a: 1.00001, b: 0, c: -0.00004, d: 0.99996, tx: 0.00002, ty: 0),
                        opacity: 0.99996)),
                .pop,
            ])
        let text = try nearlyDefault.canonicalJSONString()
        #expect(text.contains("{\"op\":\"push\",\"id\":\"g\"}"))
        #expect(try DisplayList(json: Array(text.utf8)).canonicalJSONString() == text)
        // Just past the rounding edge the value is written.
        let visible = DisplayList(
            component: .curtain, size: Size(width: 10, height: 10),
            ops: [
                .push(DisplayList.Group(id: "g", opacity: 0.99994)), .pop,
            ])
        #expect(try visible.canonicalJSONString().contains("\"opacity\":0.9999"))
    }

    @Test func roundTripIsByteIdentical() throws {
        let list = SampleDisplayLists.everything()
        let bytes = try list.canonicalJSON()
        let decoded = try DisplayList(json: bytes)
        #expect(try decoded.canonicalJSON() == bytes)
        // Values survive exactly where they are already 4-decimal numbers.
        #expect(decoded.accessibility == list.accessibility)
        #expect(decoded.ops[3] == list.ops[3])
    }

    @Test func seededRandomListsRoundTripByteIdentically() throws {
        try withEverySeed(0..<40) { seed, random in
            let list = RandomDisplayList.make(using: &random)
            let bytes = try list.canonicalJSON()
            let again = try DisplayList(json: bytes).canonicalJSON()
            #expect(again == bytes, "seed \(seed)")
            #expect(list.isBalanced, "seed \(seed)")
        }
    }

    @Test func prettyFormIsTheCanonicalBytesIndented() throws {
        let list = SampleDisplayLists.everything()
        let pretty = try list.prettyJSON()
        #expect(pretty.contains("\n  \"ops\": [\n"))
        #expect(try JSONValue.parse(Array(pretty.utf8)) == JSONValue.parse(list.canonicalJSON()))
        #expect(try DisplayList(json: pretty).canonicalJSON() == list.canonicalJSON())
    }

    /// An `image` op's rect goes through the canonical number form like every other op's.
    @Test func imageOpIsWrittenInCanonicalForm() throws {
        var list = SampleDisplayLists.everything()
        let image = DisplayList.Image(id: "photo", source: "photo.png", rect: Rect(x: 1, y: 2, width: 30.00004, height: 40))
        list.ops.append(.image(image))
        let imageJSON = #"{"op":"image","id":"photo","source":"photo.png","rect":[1,2,30,40]}"#
        guard case .array(let ops)? = try JSONValue.parse(list.canonicalJSON())["ops"] else {
            Issue.record("no ops")
            return
        }
        #expect(ops.last == (try JSONValue.parse(Array(imageJSON.utf8))))
    }
}
