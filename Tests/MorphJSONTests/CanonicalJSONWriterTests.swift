import Foundation
import MorphJSON
import Testing

/// The canonical number spelling, checked against C's `printf` as the independent truth.
@Suite struct CanonicalJSONWriterTests {
    func written(_ value: Double) -> String {
        var writer = CanonicalJSONWriter(capacity: 64)
        writer.writeNumber(value)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func smallNumbersKeepFourPlacesWithoutTrailingZeros() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (0.00004, "0"), (-0.00004, "0"), (0.00005, "0.0001"), (0.0005, "0.0005"),
            (1.5, "1.5"), (-2, "-2"), (12.34567, "12.3457"), (0.1 + 0.2, "0.3"), (1234.05, "1234.05"),
            (-0.10009, "-0.1001"), (100, "100"), (7.0001, "7.0001"),
        ]
        for (value, expected) in cases { #expect(written(value) == expected, "\(value)") }
    }

    /// Every 4-place value agrees with `%.4f` once trailing zeros are dropped.
    @Test func fourPlaceValuesMatchPrintf() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let units = Int64(bitPattern: state >> 20) % 1_000_000_000_000
            let value = Double(units) / 10_000
            var expected = String(format: "%.4f", value)
            while expected.hasSuffix("0") { expected.removeLast() }
            if expected.hasSuffix(".") { expected.removeLast() }
            if expected == "-0" { expected = "0" }
            #expect(written(value) == expected, "\(value)")
        }
    }

    @Test func hugeMagnitudesAreWholeNumbersAsPrintfWritesThem() {
        let values: [Double] = [
            9e14, -9e14, 9.5e14 + 0.25, 9.2e18, 9.3e18, 1e19, 18_446_744_073_709_551_616, 1e22, 123_456_789e30,
            -1e300, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        ]
        for value in values { #expect(written(value) == String(format: "%.0f", value.rounded()), "\(value)") }
    }

    @Test func nonFiniteNumbersAreFlaggedAndWrittenAsZero() {
        var writer = CanonicalJSONWriter()
        writer.writeNumber(.nan)
        #expect(writer.sawNonFiniteNumber && writer.bytes == [UInt8(ascii: "0")])
        #expect(writer.firstNonFiniteOffset == 0)
        writer.removeAll()
        #expect(!writer.sawNonFiniteNumber && writer.bytes.isEmpty && writer.firstNonFiniteOffset == nil)
        writer.writeInteger(Int.min)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(Int.min))
    }

    @Test func takenBytesAreTheWrittenBytesAndStayAsTheyWere() {
        var writer = CanonicalJSONWriter(capacity: 64)
        writer.writeRaw("[")
        writer.writeCommaSeparated(1, 2.5, -3, 0.125)
        writer.writeRaw("]")
        let copied = writer.bytes
        let first = writer.takeBytes()
        #expect(first == copied && String(decoding: first, as: UTF8.self) == "[1,2.5,-3,0.125]")
        #expect(writer.count == 0 && writer.bytes.isEmpty)
        // The next document, longer than the capacity, is written into new storage: the
        // bytes handed over before are not touched.
        for index in 0..<40 { writer.writeInteger(index) }
        let second = writer.takeBytes()
        #expect(first == copied)
        #expect(String(decoding: second, as: UTF8.self) == (0..<40).map(String.init).joined())
        writer.writeNumber(.nan)
        #expect(writer.takeBytes() == [UInt8(ascii: "0")] && !writer.sawNonFiniteNumber)
    }

    @Test func theFirstNonFiniteNumberIsNamedByItsPathInTheWrittenDocument() {
        var writer = CanonicalJSONWriter()
        JSONValue.object([
            .init("a", .array([.number(1), .object([.init("b", .number(2)), .init("c", .number(.nan))])])),
            .init("d", .number(.infinity)),
        ]).write(to: &writer)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == "{\"a\":[1,{\"b\":2,\"c\":0}],\"d\":0}")
        #expect(writer.firstNonFiniteOffset == 19)
        #expect(writer.firstNonFinitePath == "a[1].c")
        // Inside a run of numbers written together (a point, a rect, a colour).
        writer.removeAll()
        writer.writeRaw("[[")
        writer.writeCommaSeparated(1, 2, -.infinity, 4)
        writer.writeRaw("]]")
        #expect(writer.firstNonFinitePath == "[0][2]")
        writer.removeAll()
        JSONValue.array([.number(1)]).write(to: &writer)
        #expect(writer.firstNonFinitePath == nil)
    }

    /// The spec's own arithmetic as the oracle: `(value · 10⁴).rounded()` in binary64, then
    /// the integer printed with a point four places from the right.
    func specified(_ value: Double) -> String {
        let units = Int64((value * 10_000).rounded(.toNearestOrAwayFromZero))
        if units == 0 { return "0" }
        let digits = String(units.magnitude)
        let padded = String(repeating: "0", count: max(0, 5 - digits.count)) + digits
        var text = String(padded.dropLast(4)) + "." + String(padded.suffix(4))
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return (units < 0 ? "-" : "") + text
    }

    /// Values off the 4-place grid, halfway cases and both signs round as the spec says.
    @Test func arbitraryValuesRoundHalfAwayFromZero() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var values: [Double] = [0.00005, -0.00005, 0.00015, -2.00025, 1.23455, 99_999.99995, 4_503_599_627_370_495.5e-4]
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let magnitude = Double(state >> 11) / Double(1 << 53) * pow(10, Double(state % 12))
            values.append(state & 1 == 0 ? magnitude : -magnitude)
            values.append((values.last! * 10_000).rounded() / 10_000 + 0.00005)
        }
        for value in values { #expect(written(value) == specified(value), "\(value)") }
    }

    /// Several numbers in one call read exactly as single numbers joined by commas, the
    /// non-finite and huge ones included.
    @Test func commaSeparatedNumbersEqualSingleOnes() {
        let values: [Double] = [0, -0.0, 1.5, -12.34567, 9e14, -1e300, .nan, .infinity, 0.00005, 123_456.7891]
        for start in 0..<(values.count - 5) {
            let six = Array(values[start..<(start + 6)])
            var joined = CanonicalJSONWriter(capacity: 8)
            var nonFinite = false
            for (index, value) in six.enumerated() {
                if index > 0 { joined.writeByte(UInt8(ascii: ",")) }
                joined.writeNumber(value)
                nonFinite = nonFinite || !value.isFinite
            }
            var writer = CanonicalJSONWriter(capacity: 8)
            writer.writeCommaSeparated(six[0], six[1], six[2], six[3], six[4], six[5])
            #expect(writer.bytes == joined.bytes)
            #expect(writer.sawNonFiniteNumber == nonFinite)
            var four = CanonicalJSONWriter(capacity: 8)
            four.writeCommaSeparated(six[0], six[1], six[2], six[3])
            four.writeByte(UInt8(ascii: ","))
            four.writeCommaSeparated(six[4], six[5])
            #expect(four.bytes == joined.bytes)
        }
    }

    /// A writer far smaller than what it writes grows and keeps every byte; `removeAll`
    /// starts over; strings are escaped as `JSONText.string` escapes them.
    @Test func writerGrowsAndEscapesStrings() {
        var writer = CanonicalJSONWriter(capacity: 1)
        var expected = ""
        let strings = ["card", "", "a \"quote\" and \\", "tab\tnew\nline\u{1}", "Grüße ✓", String(repeating: "x", count: 300)]
        for round in 0..<200 {
            writer.writeKey("k", first: round == 0)
            writer.writeString(strings[round % strings.count])
            writer.writeRaw(",[")
            writer.writeInteger(-round)
            writer.writeByte(UInt8(ascii: "]"))
            expected += (round == 0 ? "" : ",") + "\"k\":" + JSONText.string(strings[round % strings.count])
            expected += ",[" + String(-round) + "]"
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
        #expect(writer.count == expected.utf8.count)
        writer.removeAll()
        writer.writeEncoded(Array("[1]".utf8)[...])
        #expect(writer.bytes == Array("[1]".utf8))
    }
}
