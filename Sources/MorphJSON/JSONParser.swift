/// Where each value of a parsed document starts, so errors found after parsing can still
/// name a byte: values are numbered in document order (preorder), and `sizes` holds how
/// many values each one's subtree has (itself included), which is how a cursor steps over
/// siblings without searching.
final class JSONOffsetTable: Sendable {
    let starts: [Int]
    let sizes: [Int]

    init(starts: [Int], sizes: [Int]) {
        self.starts = starts
        self.sizes = sizes
    }
}

/// A recursive-descent parser over UTF-8 bytes with a nesting limit, so hostile input can
/// neither crash the stack nor loop.
///
/// It reads through a buffer pointer that `parse(_:recordsOffsets:)` holds open for the
/// whole parse: morphd reads every client message through it, 30 000 pointer inputs a second
/// at 500 sessions, so strings without escapes and numbers of up to 19 digits are taken
/// straight from the bytes (no scratch array, no text for `strtod`).
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0
    static let maximumDepth = 256
    /// Whether to note where each value starts (for `JSONCursor(parsing:)`).
    let recordsOffsets: Bool
    var starts: [Int] = []
    var sizes: [Int] = []

    init(bytes: UnsafeBufferPointer<UInt8>, recordsOffsets: Bool) {
        self.bytes = bytes
        self.recordsOffsets = recordsOffsets
    }

    /// Parses a whole document; with `recordsOffsets`, also where each value starts.
    static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes, recordsOffsets: Bool) throws(JSONError) -> (
        JSONValue, JSONOffsetTable?
    ) {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { (buffer) throws(JSONError) in
            var parser = JSONParser(bytes: buffer, recordsOffsets: recordsOffsets)
            let value = try parser.parseDocument()
            return (value, recordsOffsets ? parser.offsetTable : nil)
        }
    }

    var offsetTable: JSONOffsetTable { JSONOffsetTable(starts: starts, sizes: sizes) }

    func fail(_ reason: String) -> JSONError { .invalidJSON(offset: index, reason: reason) }

    mutating func parseDocument() throws(JSONError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the document") }
        return value
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONError) -> JSONValue {
        guard recordsOffsets else { return try parseBareValue() }
        let node = starts.count
        starts.append(index)
        sizes.append(1)
        let value = try parseBareValue()
        sizes[node] = starts.count - node
        return value
    }

    mutating func parseBareValue() throws(JSONError) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] {
            throw fail("invalid literal")
        }
        index += count
    }

    mutating func enter() throws(JSONError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail("nesting deeper than \(Self.maximumDepth)") }
    }

    mutating func parseObject() throws(JSONError) -> JSONValue {
        try enter()
        index += 1
        var members: [JSONValue.Member] = []
        // Room for a typical message's members up front, not a regrowth at 1, 2 and 4.
        members.reserveCapacity(8)
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a key string")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            members.append(JSONValue.Member(key, try parseValue()))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw fail("expected ',' or '}'")
        }
        depth -= 1
        return .object(members)
    }

    mutating func parseArray() throws(JSONError) -> JSONValue {
        try enter()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw fail("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw fail("expected ',' or ']'")
        }
        depth -= 1
        return .array(elements)
    }

    mutating func parseNumber() throws(JSONError) -> Double {
        let start = index
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        // The digits as one integer and a power of ten, for the exact fast path below.
        var significand: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        func take(_ byte: UInt8) {
            let digit = UInt64(byte &- 0x30)
            guard significand != 0 || digit != 0 else { return }
            significantDigits += 1
            if significantDigits <= 19 { significand = significand &* 10 &+ digit }
        }
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                take(bytes[index])
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) {
                take(bytes[index])
                decimalExponent -= 1
                index += 1
            }
        }
        var exponentDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            var exponent = 0
            while index < bytes.count, isDigit(bytes[index]) {
                exponentDigits += 1
                if exponentDigits <= 6 { exponent = exponent * 10 + Int(bytes[index] - 0x30) }
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        // Clinger's fast path: an integer below 2^53 and a power of ten up to 1e22 are both
        // exact doubles, so one multiply or divide rounds once, exactly as `strtod` would.
        if significantDigits <= 19, exponentDigits <= 6, significand <= 1 << 53, abs(decimalExponent) <= 22 {
            // Every power of ten up to 1e22 is built exactly by repeated multiplication.
            var power = 1.0
            for _ in 0..<abs(decimalExponent) { power *= 10 }
            let magnitude = decimalExponent < 0 ? Double(significand) / power : Double(significand) * power
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw fail("number out of range")
        }
        return value
    }

    mutating func parseString() throws(JSONError) -> String {
        index += 1  // opening quote
        // Most strings (every key) have no escape: they become a String straight from the bytes.
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw fail("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if code >= 0xD800, code < 0xDC00 {
                        // A high surrogate must be followed by an escaped low surrogate.
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw fail("lone surrogate") }
                        index += 2
                        let low = try parseHex4()
                        guard low >= 0xDC00, low < 0xE000 else { throw fail("lone surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if code >= 0xDC00, code < 0xE000 {
                        throw fail("lone surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("invalid code point") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw fail("invalid escape")
                }
            case 0x00..<0x20:
                throw fail("control character in string")
            default:
                scalars.append(byte)
                index += 1
            }
        }
    }

    mutating func parseHex4() throws(JSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail("invalid hex digit")
            }
            code = code << 4 | digit
            index += 1
        }
        return code
    }
}
