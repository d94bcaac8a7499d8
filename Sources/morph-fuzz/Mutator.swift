import MorphTestSupport

/// Seeded mutations of a valid input: byte edits that break JSON, and value edits that keep it
/// well formed but put extreme numbers and odd strings where the decoders expect ordinary ones.
struct Mutator {
    /// Numbers a client can send that are finite yet break arithmetic downstream.
    static let hostileNumbers = [
        "1e308", "-1e308", "1e-300", "-1e-300", "0", "-0", "1e6", "-1e6", "9007199254740993",
        "-9223372036854775809", "18446744073709551616", "4097", "100000", "0.0000001", "-1",
        "1e309", "NaN", "2.5e-324",
    ]
    /// Replacement tokens for any JSON value.
    static let hostileValues = [
        "null", "true", "[]", "{}", "\"\"", "\"\\u0000\"", "\"\\ud800\"", "[[[[[[[[1]]]]]]]]",
        "\"pointerDown\"", "\"pointerMove\"", "\"curtain\"", "\"hero-card\"", "\"morph-container\"",
        "[1e308,1e308]", "[0,0]", "[-1,-1]", "[4096,4096]", "[100000,1]",
    ]

    var random: SeededRandomNumberGenerator
    /// The latest result of `mutate`.
    private(set) var lastInput: [UInt8] = []

    /// One to four mutations of `input`.
    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            switch Int.random(in: 0..<8, using: &random) {
            case 0...2: replaceNumber(&bytes)
            case 3: replaceValue(&bytes)
            case 4: flipByte(&bytes)
            case 5: deleteRange(&bytes)
            case 6: duplicateRange(&bytes)
            default: insertByte(&bytes)
            }
        }
        lastInput = bytes
        return bytes
    }

    /// Ranges of JSON number literals in `bytes` (a lexical scan, good enough for mutation).
    private func numberRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let startsNumber = (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
            let afterName = index > 0 && (bytes[index - 1] == 0x3A || bytes[index - 1] == 0x2C || bytes[index - 1] == 0x5B)
            if startsNumber && afterName {
                var end = index + 1
                while end < bytes.count, "0123456789.eE+-".utf8.contains(bytes[end]) { end += 1 }
                ranges.append(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return ranges
    }

    private mutating func replaceNumber(_ bytes: inout [UInt8]) {
        let ranges = numberRanges(bytes)
        guard let range = ranges.randomElement(using: &random) else { return flipByte(&bytes) }
        bytes.replaceSubrange(range, with: Array(Self.hostileNumbers.randomElement(using: &random)!.utf8))
    }

    private mutating func replaceValue(_ bytes: inout [UInt8]) {
        let ranges = numberRanges(bytes)
        guard let range = ranges.randomElement(using: &random) else { return flipByte(&bytes) }
        bytes.replaceSubrange(range, with: Array(Self.hostileValues.randomElement(using: &random)!.utf8))
    }

    private mutating func flipByte(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        let index = Int.random(in: bytes.indices, using: &random)
        bytes[index] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
    }

    private mutating func insertByte(_ bytes: inout [UInt8]) {
        let interesting: [UInt8] = Array("{}[]\",:0-e.\\".utf8) + [0, 0xFF, 0xC0, 0x0A]
        bytes.insert(interesting.randomElement(using: &random)!, at: Int.random(in: 0...bytes.count, using: &random))
    }

    private mutating func deleteRange(_ bytes: inout [UInt8]) {
        guard bytes.count > 1 else { return }
        let start = Int.random(in: 0..<bytes.count, using: &random)
        let end = min(bytes.count, start + Int.random(in: 1...16, using: &random))
        bytes.removeSubrange(start..<end)
    }

    private mutating func duplicateRange(_ bytes: inout [UInt8]) {
        guard bytes.count > 1, bytes.count < 1 << 20 else { return }
        let start = Int.random(in: 0..<bytes.count, using: &random)
        let end = min(bytes.count, start + Int.random(in: 1...256, using: &random))
        bytes.insert(contentsOf: bytes[start..<end], at: Int.random(in: 0...bytes.count, using: &random))
    }
}
