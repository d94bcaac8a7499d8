// Compact JSON bytes with exact numbers, for protocol messages that echo what they were given.

extension JSONValue {
    /// Compact UTF-8 JSON: no whitespace, members in their stored order, numbers exact.
    ///
    /// The canonical display-list form rounds numbers to 4 decimals; protocol messages echo a
    /// client's ids, times and configurations and must not, so this uses the recordings'
    /// number form (integers without a fraction, otherwise the shortest round-trip spelling).
    public var compactBytes: [UInt8] {
        var writer = CompactWriter()
        writer.write(self)
        return writer.bytes
    }

    /// Appends compact JSON to one byte array, so a message with a fixed key order (`type`
    /// first) is written field by field without building a `JSONValue` or using
    /// `JSONEncoder`, whose key order is not stable on Linux.
    public struct CompactWriter: Sendable {
        /// The bytes written so far.
        public private(set) var bytes: [UInt8] = []

        /// An empty writer; `capacity` avoids regrowing for typical messages.
        public init(capacity: Int = 256) {
            bytes.reserveCapacity(capacity)
        }

        /// Appends a value, members in their stored order.
        public mutating func write(_ value: JSONValue) {
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

        /// Appends text verbatim; the caller guarantees it is valid JSON where it lands.
        public mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        /// Appends bytes verbatim (an already encoded value).
        public mutating func raw(_ encoded: [UInt8]) {
            bytes.append(contentsOf: encoded)
        }

        /// Integers without a fraction, other finite values in shortest round-trip form,
        /// non-finite values as `null` (JSON has no infinity) — the recordings' rule.
        public mutating func write(number: Double) {
            // Whole numbers (sequence numbers, counts) are digits written in place: the
            // string `JSONText.number` builds for them cost more than the rest of a message.
            if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
                write(integer: Int64(number))
            } else {
                bytes.append(contentsOf: JSONText.number(number).utf8)
            }
        }

        /// An integer's decimal digits, as `JSONText.number` spells a whole number (the
        /// canonical writer's digit routine).
        public mutating func write(integer value: Int64) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
                let count = CanonicalJSONWriter.putDigits(value.magnitude, at: digits.baseAddress!)
                bytes.append(contentsOf: UnsafeBufferPointer(start: digits.baseAddress!, count: count))
            }
        }

        /// A quoted string with the mandatory escapes; other UTF-8 passes through.
        public mutating func write(string text: String) {
            JSONStringEscaping.appendQuoted(text, to: &bytes)
        }

        /// A key and its colon, with a leading comma unless it opens the object.
        public mutating func key(_ name: String, first: Bool = false) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            write(string: name)
            bytes.append(UInt8(ascii: ":"))
        }
    }
}
