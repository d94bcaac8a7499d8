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
        writer.removeAll()
        #expect(!writer.sawNonFiniteNumber && writer.bytes.isEmpty)
        writer.writeInteger(Int.min)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == String(Int.min))
    }
}
