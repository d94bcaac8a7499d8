extension JSONValue {
    /// Compact UTF-8 JSON: no whitespace, members in their stored order.
    public var encoded: [UInt8] {
        var writer = JSONWriter()
        writer.write(self)
        return writer.bytes
    }
}

/// Appends compact JSON to a byte array; used for every server message so nothing goes
/// through `JSONEncoder` (slow, and its key order changes between runs on Linux).
struct JSONWriter {
    var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let flag): raw(flag ? "true" : "false")
        case .number(let number): write(number: number)
        case .string(let text): write(string: text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                write(string: member.key)
                bytes.append(UInt8(ascii: ":"))
                write(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func raw(_ other: [UInt8]) { bytes.append(contentsOf: other) }

    /// Integers print without a fraction; other values use Swift's shortest round-trip form,
    /// which is valid JSON. Non-finite numbers cannot be JSON and become `null`.
    mutating func write(number: Double) {
        guard number.isFinite else { return raw("null") }
        if number == number.rounded(), abs(number) < 1e15 {
            raw(String(Int64(number)))
        } else {
            raw(String(number))
        }
    }

    mutating func write(string text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                raw("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A key and its colon, with a leading comma unless it opens the object.
    mutating func key(_ name: String, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        write(string: name)
        bytes.append(UInt8(ascii: ":"))
    }
}
