import MorphTestSupport
import Testing

@testable import MorphServer

@Suite struct JSONValueTests {
    @Test func parsesEveryKindAndKeepsMemberOrder() throws {
        let value = try JSONValue.parse(#" {"z":1,"a":[true,false,null,-2.5e2,"x\n\u00e9\ud83d\ude00"],"m":{}} "#)
        #expect(value.objectMembers?.map(\.key) == ["z", "a", "m"])
        #expect(value["z"] == .number(1))
        #expect(value["a"] == .array([.bool(true), .bool(false), .null, .number(-250), .string("x\né😀")]))
        #expect(value["m"] == .object([]))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "-", "1e", "+1", "NaN", "1e999", "\"\u{01}\"",
        "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "{a:1}", "[1] x", "tru", "\"open",
    ])
    func rejectsMalformedDocuments(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    }

    @Test func refusesDeepNesting() throws {
        let shallow = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(throws: Never.self) { try JSONValue.parse(shallow) }
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    }

    @Test func encodesCompactlyWithIntegersWithoutFraction() {
        let value = JSONValue.object([
            .init("i", .number(3)), .init("n", .number(-0.0)), .init("f", .number(0.25)),
            .init("s", .string("q\"\\\u{07}")), .init("inf", .number(.infinity)),
        ])
        #expect(String(decoding: value.encoded, as: UTF8.self) == #"{"i":3,"n":0,"f":0.25,"s":"q\"\\\u0007","inf":null}"#)
    }

    /// Random documents survive encode → parse unchanged (numbers print in round-trip form).
    @Test func randomDocumentsRoundTrip() throws {
        try withEverySeed(1...200) { seed, generator in
            let value = Self.randomValue(depth: 0, using: &generator)
            let parsed = try JSONValue.parse(value.encoded)
            #expect(parsed == value, "seed \(seed)")
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
            return .object((0..<count).map { index in .init("k\(index)", randomValue(depth: depth + 1, using: &generator)) })
        }
    }
}
