import MorphJSON
import MorphTestSupport
import Testing

/// `JSONValue.parse` on arbitrary documents and the compact writer protocol messages use.
@Suite struct JSONValueTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test func parsesEveryKindAndKeepsMemberOrder() throws {
        let value = try parse(#" {"z":1,"a":[true,false,null,-2.5e2,"x\n\u00e9\ud83d\ude00"],"m":{}} "#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
        #expect(value["z"] == .number(1))
        #expect(value["a"] == .array([.bool(true), .bool(false), .null, .number(-250), .string("x\né😀")]))
        #expect(value["m"] == .object([]))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "1e", "+1", "NaN", "1e999", "\"\u{01}\"",
        "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "{a:1}", "[1] x", "tru", "\"open",
    ])
    func rejectsMalformedDocuments(_ text: String) {
        #expect(throws: JSONError.self) { try parse(text) }
    }

    /// The parser reads short numbers without `strtod`; every number it reads must be the
    /// double `Double(text)` gives (the correctly rounded one), bit for bit, whichever path.
    @Test func numbersParseAsDoubleParsesTheirText() throws {
        var texts = [
            "0", "-0", "-0.0", "0.1", "0.30000000000000004", "9007199254740992", "9007199254740993",
            "9007199254740993.0", "1e22", "1e23", "123456789012345678901234", "0.000001", "1.7976931348623157e308",
            "2.2250738585072014e-308", "5e-324", "4.9e-324", "1E+2", "1e-22", "1e-23", "12.5e-3", "0e999999999",
            "100000000000000000000", "1.0000000000000002", "212.25", "-431.5", "12.016",
        ]
        var generator = SeededRandomNumberGenerator(seed: 0x5EED)
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...20, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digits { text += String(Int.random(in: 0...9, using: &generator)) }
            if Bool.random(using: &generator) {
                let point = Int.random(in: 1...text.count, using: &generator)
                if point < text.count, text.last != "-" {
                    let cut = text.index(text.startIndex, offsetBy: point)
                    if text[text.index(before: cut)] != "-" { text.insert(".", at: cut) }
                }
            }
            if Bool.random(using: &generator) { text += "e\(Int.random(in: -30...30, using: &generator))" }
            texts.append(text)
        }
        for text in texts {
            let expected = try #require(Double(text))
            guard expected.isFinite else { continue }
            let parsed = try parse(text)
            guard case .number(let value) = parsed else {
                Issue.record("\(text) parsed as \(parsed)")
                continue
            }
            #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) against Double(text) \(expected)")
        }
    }

    @Test func stringsWithAndWithoutEscapesParseTheSame() throws {
        #expect(try parse(#""plain""#) == .string("plain"))
        #expect(try parse(#""caf\u00e9 \"q\" tail""#) == .string("café \"q\" tail"))
        #expect(try parse(#""ünïcode ✓""#) == .string("ünïcode ✓"))
        #expect(throws: JSONError.self) { try parse("\"tab\there\"") }
    }

    @Test func compactBytesKeepOrderAndWriteExactNumbers() {
        let value = JSONValue.object([
            .init("i", .number(3)), .init("n", .number(-0.0)), .init("f", .number(0.123456789)),
            .init("s", .string("q\"\\\u{07}\n")), .init("inf", .number(.infinity)), .init("a", .array([.null, .bool(true)])),
        ])
        #expect(
            String(decoding: value.compactBytes, as: UTF8.self)
                == #"{"i":3,"n":0,"f":0.123456789,"s":"q\"\\\u0007\n","inf":null,"a":[null,true]}"#)
    }

    @Test func writerFieldsMatchTheValueForm() {
        var writer = JSONValue.CompactWriter()
        writer.raw("{")
        writer.key("type", first: true)
        writer.write(string: "pong")
        writer.key("id")
        writer.write(number: 1e20)
        writer.key("list")
        writer.raw(Array("[1]".utf8))
        writer.raw("}")
        let expected = JSONValue.object([
            .init("type", .string("pong")), .init("id", .number(1e20)), .init("list", .array([.number(1)])),
        ])
        #expect(writer.bytes == expected.compactBytes)
    }

    /// Whole numbers are written as digits in place; the spelling is `JSONText.number`'s, the
    /// recordings' rule, for every kind of value on either side of the whole-number path.
    @Test func compactNumbersAreSpelledAsJSONTextSpellsThem() {
        var values: [Double] = [
            0, -0.0, 1, -1, 9, 10, 99, 100, 12_345, -12_345, 1e15 - 1, -(1e15 - 1), 1e15, 1e20, -1e20, 0.5, -0.25,
            1.0 / 3, 1.2166666666666666, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .nan,
            .infinity, -.infinity,
        ]
        var generator = SeededRandomNumberGenerator(seed: 7)
        for _ in 0..<500 {
            var scale = 1.0
            for _ in 0..<Int.random(in: 0...16, using: &generator) { scale *= 10 }
            let value = Double.random(in: -1...1, using: &generator) * scale
            values += [value, value.rounded()]
        }
        for value in values {
            var writer = JSONValue.CompactWriter()
            writer.write(number: value)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == JSONText.number(value), "\(value)")
        }
        for integer in [Int64.min, Int64.max, 0, -7, 1_000_000] {
            var writer = JSONValue.CompactWriter()
            writer.write(integer: integer)
            #expect(String(decoding: writer.bytes, as: UTF8.self) == String(integer))
        }
    }

    /// Random documents survive compact writing → parsing unchanged, member order included.
    @Test func randomDocumentsRoundTrip() throws {
        try withEverySeed(1...200) { seed, generator in
            let value = Self.randomValue(depth: 0, using: &generator)
            let parsed = try JSONValue.parse(value.compactBytes)
            #expect(parsed == value, "seed \(seed)")
            #expect(parsed.compactBytes == value.compactBytes, "seed \(seed): member order or spelling changed")
        }
    }

    static func randomValue(depth: Int, using generator: inout SeededRandomNumberGenerator) -> JSONValue {
        let choice = Int.random(in: 0..<(depth > 3 ? 4 : 6), using: &generator)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2:
            let magnitude = Double.random(in: -1e6...1e6, using: &generator)
            return .number(Bool.random(using: &generator) ? magnitude.rounded() : magnitude)
        case 3:
            let alphabet = Array("aZ09 \"\\/\n\t\u{1}é€😀")
            let length = Int.random(in: 0...8, using: &generator)
            return .string(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
        case 4:
            let count = Int.random(in: 0...4, using: &generator)
            return .array((0..<count).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            let count = Int.random(in: 0...4, using: &generator)
            return .object(
                (0..<count).map { index in .init("k\(count - index)", randomValue(depth: depth + 1, using: &generator)) })
        }
    }
}
