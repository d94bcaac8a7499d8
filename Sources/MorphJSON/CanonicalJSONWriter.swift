/// A byte writer for the canonical JSON form: numbers rounded to 4 decimal places in their
/// shortest spelling, strings escaped minimally, no whitespace.
///
/// It is the server's hot path, so it appends into one `[UInt8]` that a caller keeps and
/// reuses frame after frame (`removeAll()` keeps the capacity), and formats numbers with
/// integer arithmetic instead of going through `String`.
public struct CanonicalJSONWriter: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8] { storage }
    @usableFromInline var storage: [UInt8]
    /// Set when a NaN or infinity was asked for; it was written as `0` and the caller must
    /// report an error rather than ship the bytes.
    public var sawNonFiniteNumber: Bool { nonFinite }
    @usableFromInline var nonFinite = false

    /// An empty writer; `capacity` avoids regrowing for typical frames.
    public init(capacity: Int = 4096) {
        storage = []
        storage.reserveCapacity(capacity)
    }

    /// How many bytes have been written.
    public var count: Int { storage.count }

    /// Appends bytes that are already canonical JSON (a value encoded earlier), verbatim.
    public mutating func writeEncoded(_ bytes: ArraySlice<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    /// Forgets the bytes but keeps the storage, so the next frame allocates nothing.
    public mutating func removeAll() {
        storage.removeAll(keepingCapacity: true)
        nonFinite = false
    }

    /// Appends one byte (punctuation).
    @inlinable @inline(__always)
    public mutating func writeByte(_ byte: UInt8) { storage.append(byte) }

    /// Appends ASCII text verbatim (punctuation, keys known to need no escaping).
    @inlinable @inline(__always)
    public mutating func writeRaw(_ text: StaticString) {
        text.withUTF8Buffer { storage.append(contentsOf: $0) }
    }

    /// Writes `,"key":` (or `"key":` when `first`), for keys that need no escaping.
    @inlinable @inline(__always)
    public mutating func writeKey(_ key: StaticString, first: Bool = false) {
        if !first { storage.append(UInt8(ascii: ",")) }
        storage.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { storage.append(contentsOf: $0) }
        storage.append(UInt8(ascii: "\""))
        storage.append(UInt8(ascii: ":"))
    }

    /// The value a reader gets back after `writeNumber` (4 decimal places, half away from
    /// zero), for deciding whether an optional key holds its default.
    @inlinable
    public static func written(_ value: Double) -> Double {
        guard value.isFinite, abs(value * 10_000) < 9e18 else { return value }
        return (value * 10_000).rounded(.toNearestOrAwayFromZero) / 10_000
    }

    /// Writes `value` rounded half away from zero to 4 decimal places (computed as
    /// `(value · 10⁴).rounded()` in binary64), trailing zeros dropped, never `-0`, never an
    /// exponent. Magnitudes of 9·10¹⁴ and above are written as whole numbers.
    @inlinable
    public mutating func writeNumber(_ value: Double) {
        guard value.isFinite else {
            nonFinite = true
            storage.append(UInt8(ascii: "0"))
            return
        }
        let scaled = (value * 10_000).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9e18 else {
            writeLargeWholeNumber(value)
            return
        }
        var units = Int64(scaled)
        if units == 0 {
            storage.append(UInt8(ascii: "0"))
            return
        }
        if units < 0 {
            storage.append(UInt8(ascii: "-"))
            units = -units
        }
        let whole = UInt64(units / 10_000)
        var fraction = Int(units % 10_000)
        writeDigits(whole)
        guard fraction != 0 else { return }
        storage.append(UInt8(ascii: "."))
        // Four places, most significant first, stopping after the last non-zero digit.
        var divisor = 1000
        repeat {
            storage.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        } while fraction != 0
    }

    /// Writes an integer number exactly (for ids and counts that are never fractional).
    @inlinable
    public mutating func writeInteger(_ value: Int) {
        if value < 0 {
            storage.append(UInt8(ascii: "-"))
            writeDigits(UInt64(value.magnitude))
        } else {
            writeDigits(UInt64(value))
        }
    }

    @inlinable @inline(__always)
    mutating func writeDigits(_ value: UInt64) {
        // Most significant first, one byte at a time: no generic bulk append, no slice.
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        repeat {
            storage.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        } while divisor != 0
    }

    /// Whole-number spelling of a huge magnitude, exact and without an exponent (as C's
    /// `%.0f` prints it); binary64 has no fraction worth keeping at 4 decimal places there.
    @usableFromInline
    mutating func writeLargeWholeNumber(_ value: Double) {
        let whole = value.rounded()
        if whole < 0 { storage.append(UInt8(ascii: "-")) }
        let magnitude = whole.magnitude
        guard magnitude >= 9.2e18 else {
            writeDigits(UInt64(magnitude))
            return
        }
        // magnitude = significand · 2^shift exactly; double it up in base-10⁹ limbs.
        let billion: UInt64 = 1_000_000_000
        let significand = (UInt64(1) << 52) | magnitude.significandBitPattern
        var shift = Int(magnitude.exponent) - 52
        var limbs: [UInt64] = [significand % billion, significand / billion % billion, significand / billion / billion]
        while shift > 0 {
            let step = min(shift, 29)
            var carry: UInt64 = 0
            for index in limbs.indices {
                let product = limbs[index] << step + carry
                limbs[index] = product % billion
                carry = product / billion
            }
            while carry > 0 {
                limbs.append(carry % billion)
                carry /= billion
            }
            shift -= step
        }
        while limbs.count > 1, limbs.last == 0 { limbs.removeLast() }
        writeDigits(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let text = String(limb)
            storage.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 9 - text.utf8.count))
            storage.append(contentsOf: text.utf8)
        }
    }

    /// Writes a JSON string: `"` and `\` escaped, control characters as `\n`-style or
    /// `\u00XX` escapes, everything else (non-ASCII included) passed through as UTF-8.
    public mutating func writeString(_ string: String) {
        JSONStringEscaping.appendQuoted(string, to: &storage)
    }
}

/// The one JSON string escaper every Morph writer uses (canonical lists, protocol messages,
/// recordings): the mandatory escapes, short forms where JSON has them, other UTF-8 as is.
package enum JSONStringEscaping {
    /// Appends `string` quoted and escaped.
    package static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22: bytes.append(UInt8(ascii: "\""))
                case 0x5C: bytes.append(UInt8(ascii: "\\"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                    ])
                }
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
