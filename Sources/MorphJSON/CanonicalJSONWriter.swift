/// A byte writer for the canonical JSON form: numbers rounded to 4 decimal places in their
/// shortest spelling, strings escaped minimally, no whitespace.
///
/// It is the server's hot path, so a caller keeps one and reuses it frame after frame
/// (`removeAll()` keeps the storage), or hands each result over with `takeBytes()`. The
/// storage is a buffer of `UInt8` read only where written, with a separate length, written through a pointer: a number costs one uniqueness check and a few stores
/// instead of one checked `append` per byte, and digits come from divisions by constants
/// (multiplications) rather than by a running divisor.
public struct CanonicalJSONWriter: Sendable {
    /// The bytes written so far (a copy: the writer keeps its storage for the next frame).
    public var bytes: [UInt8] {
        let count = length
        return storage.withUnsafeBufferPointer { source in
            [UInt8](unsafeUninitializedCapacity: count) { target, initialized in
                if count > 0 {
                    UnsafeMutableRawPointer(target.baseAddress!).copyMemory(from: source.baseAddress!, byteCount: count)
                }
                initialized = count
            }
        }
    }
    /// The bytes written so far, handed over without a copy; the writer starts again empty with
    /// fresh storage of the same capacity. For a caller that keeps every result (an encoder of
    /// successive frames, whose viewers hold each frame): `bytes` would copy each one.
    public mutating func takeBytes() -> [UInt8] {
        var taken = Self.storage(capacity: storage.count)
        swap(&taken, &storage)
        taken.removeLast(taken.count - length)
        removeAll()
        return taken
    }

    /// Always unique until `takeBytes()` hands it over, `storage.count` is the capacity.
    @usableFromInline var storage: [UInt8]
    @usableFromInline var length = 0
    /// Set when a NaN or infinity was asked for; it was written as `0` and the caller must
    /// report an error rather than ship the bytes.
    public var sawNonFiniteNumber: Bool { nonFinite }
    @usableFromInline var nonFinite = false
    /// Where the first NaN or infinity was written, counting from the writer's first byte.
    public private(set) var firstNonFiniteOffset: Int?

    /// An empty writer; `capacity` avoids regrowing for typical frames.
    public init(capacity: Int = 4096) {
        storage = Self.storage(capacity: Swift.max(capacity, 64))
    }

    /// Storage of `capacity` bytes, not filled: every byte is written before it is read (a
    /// `UInt8` has no invalid bit pattern), and filling it would cost as much as a copy.
    static func storage(capacity: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: capacity) { _, initialized in initialized = capacity }
    }

    /// How many bytes have been written.
    public var count: Int { length }

    /// Appends bytes that are already canonical JSON (a value encoded earlier), verbatim.
    public mutating func writeEncoded(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends a copy of bytes this writer wrote earlier (`range` within `0..<count`), for a
    /// value that recurs within one document.
    package mutating func writeCopy(ofWritten range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= length, "range outside the written bytes")
        let count = range.count
        guard count > 0 else { return }
        reserve(count)
        let start = length
        storage.withUnsafeMutableBufferPointer { buffer in
            let base = UnsafeMutableRawPointer(buffer.baseAddress!)
            (base + start).copyMemory(from: base + range.lowerBound, byteCount: count)
        }
        length = start &+ count
    }

    /// Forgets the bytes but keeps the storage, so the next frame allocates nothing.
    public mutating func removeAll() {
        length = 0
        nonFinite = false
        firstNonFiniteOffset = nil
    }

    /// Makes room for `extra` more bytes after `length`.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if length &+ extra > storage.count { grow(extra) }
    }

    @usableFromInline
    mutating func grow(_ extra: Int) {
        let wanted = Swift.max(storage.count * 2, length + extra)
        storage.append(contentsOf: repeatElement(0, count: wanted - storage.count))
    }

    /// Runs `body` on the free space (at least `extra` bytes); it returns how many it wrote.
    @inlinable @inline(__always)
    mutating func writeInPlace(reserving extra: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(extra)
        let start = length
        length = start &+ storage.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }

    @inlinable @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count > 0 else { return }
        writeInPlace(reserving: count) { target in
            UnsafeMutableRawPointer(target).copyMemory(from: bytes.baseAddress!, byteCount: count)
            return count
        }
    }

    /// Appends one byte (punctuation).
    @inlinable @inline(__always)
    public mutating func writeByte(_ byte: UInt8) {
        reserve(1)
        storage[length] = byte
        length &+= 1
    }

    /// Appends ASCII text verbatim (punctuation, keys known to need no escaping).
    @inlinable @inline(__always)
    public mutating func writeRaw(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Writes `,"key":` (or `"key":` when `first`), for keys that need no escaping.
    @inlinable @inline(__always)
    public mutating func writeKey(_ key: StaticString, first: Bool = false) {
        key.withUTF8Buffer { name in
            let count = name.count
            writeInPlace(reserving: count &+ 4) { target in
                var at = 0
                if !first {
                    target[0] = UInt8(ascii: ",")
                    at = 1
                }
                target[at] = UInt8(ascii: "\"")
                UnsafeMutableRawPointer(target + (at &+ 1)).copyMemory(from: name.baseAddress!, byteCount: count)
                target[at &+ count &+ 1] = UInt8(ascii: "\"")
                target[at &+ count &+ 2] = UInt8(ascii: ":")
                return at &+ count &+ 3
            }
        }
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
        guard Self.isPlain(value) else {
            writeUnusualNumber(value)
            return
        }
        writeInPlace(reserving: Self.maximumPlainLength) { Self.putPlainNumber(value, at: $0) }
    }

    /// Writes two numbers as `writeNumber` does, separated by a comma (a point's `x,y`).
    @inlinable
    public mutating func writeCommaSeparated(_ first: Double, _ second: Double) {
        writeCommaSeparated(count: 2, first, second, 0, 0, 0, 0)
    }

    /// Writes four numbers as `writeNumber` does, separated by commas (a rect or a colour).
    @inlinable
    public mutating func writeCommaSeparated(_ first: Double, _ second: Double, _ third: Double, _ fourth: Double) {
        writeCommaSeparated(count: 4, first, second, third, fourth, 0, 0)
    }

    /// Writes six numbers as `writeNumber` does, separated by commas (a cubic's three points,
    /// a transform).
    @inlinable
    public mutating func writeCommaSeparated(
        _ first: Double, _ second: Double, _ third: Double, _ fourth: Double, _ fifth: Double, _ sixth: Double
    ) {
        writeCommaSeparated(count: 6, first, second, third, fourth, fifth, sixth)
    }

    /// The first `count` (2, 4 or 6) values, one reservation for all of them.
    @inlinable @inline(__always)
    mutating func writeCommaSeparated(
        count: Int, _ v0: Double, _ v1: Double, _ v2: Double, _ v3: Double, _ v4: Double, _ v5: Double
    ) {
        let plain =
            Self.isPlain(v0) && Self.isPlain(v1)
            && (count < 4 || (Self.isPlain(v2) && Self.isPlain(v3)))
            && (count < 6 || (Self.isPlain(v4) && Self.isPlain(v5)))
        guard plain else {
            let values = [v0, v1, v2, v3, v4, v5]
            for index in 0..<count {
                if index > 0 { writeByte(UInt8(ascii: ",")) }
                writeNumber(values[index])
            }
            return
        }
        writeInPlace(reserving: count &* (Self.maximumPlainLength &+ 1)) { target in
            var at = Self.putPlainNumber(v0, at: target)
            func next(_ value: Double) {
                target[at] = UInt8(ascii: ",")
                at &+= 1
                at &+= Self.putPlainNumber(value, at: target + at)
            }
            next(v1)
            guard count > 2 else { return at }
            next(v2)
            next(v3)
            guard count > 4 else { return at }
            next(v4)
            next(v5)
            return at
        }
    }

    /// The most bytes `putPlainNumber` writes: sign, 15 whole digits, point, 4 places.
    @inlinable static var maximumPlainLength: Int { 21 }

    /// Whether `value` takes the common path: finite, and `value · 10⁴` below 9·10¹⁸ in
    /// magnitude (false for NaN and infinities). At 9·10¹⁸ the scaled value is a whole number
    /// already, so deciding before rounding decides as rounding first would.
    @inlinable @inline(__always)
    static func isPlain(_ value: Double) -> Bool { (value * 10_000).magnitude < 9e18 }

    /// Writes a plain number (`isPlain`) at `target`; returns how many bytes.
    @inlinable @inline(__always)
    static func putPlainNumber(_ value: Double, at target: UnsafeMutablePointer<UInt8>) -> Int {
        let scaled = value * 10_000
        // Half away from zero without a libm call: truncate, then look at the exact remainder.
        var units = Int64(scaled)
        let remainder = scaled - Double(units)
        if remainder >= 0.5 {
            units &+= 1
        } else if remainder <= -0.5 {
            units &-= 1
        }
        if units == 0 {
            target[0] = UInt8(ascii: "0")
            return 1
        }
        var at = 0
        if units < 0 {
            target[0] = UInt8(ascii: "-")
            at = 1
        }
        let magnitude = units.magnitude
        at &+= putDigits(magnitude / 10_000, at: target + at)
        let fraction = Int(truncatingIfNeeded: magnitude % 10_000)
        guard fraction != 0 else { return at }
        // All four places, then the length without trailing zeros (the bytes past it are
        // free space the next write overwrites).
        let high = fraction / 100, low = fraction % 100
        target[at] = UInt8(ascii: ".")
        putPair(high, at: target + (at &+ 1))
        putPair(low, at: target + (at &+ 3))
        let places = low != 0 ? (low % 10 != 0 ? 4 : 3) : (high % 10 != 0 ? 2 : 1)
        return at &+ 1 &+ places
    }

    /// NaN and infinities (flagged, written as `0`) and magnitudes from 9·10¹⁴ up.
    @usableFromInline
    mutating func writeUnusualNumber(_ value: Double) {
        guard value.isFinite else {
            if !nonFinite { firstNonFiniteOffset = length }
            nonFinite = true
            writeByte(UInt8(ascii: "0"))
            return
        }
        writeLargeWholeNumber(value)
    }

    /// Writes an integer number exactly (for ids and counts that are never fractional).
    @inlinable
    public mutating func writeInteger(_ value: Int) {
        writeInPlace(reserving: 21) { target in
            guard value < 0 else { return Self.putDigits(UInt64(value), at: target) }
            target[0] = UInt8(ascii: "-")
            return 1 &+ Self.putDigits(UInt64(value.magnitude), at: target + 1)
        }
    }

    /// "00" to "99", two bytes per number.
    @inlinable
    static var digitPairs: StaticString {
        """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
    }

    /// Writes the two digits of `pair` (0...99).
    @inlinable @inline(__always)
    static func putPair(_ pair: Int, at target: UnsafeMutablePointer<UInt8>) {
        let digits = digitPairs.utf8Start + pair &* 2
        target[0] = digits[0]
        target[1] = digits[1]
    }

    /// Writes the decimal digits of `value` (at most 20) at `target`; returns how many.
    @inlinable @inline(__always)
    static func putDigits(_ value: UInt64, at target: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1
        var bound: UInt64 = 10
        while value >= bound {
            digits &+= 1
            guard digits < 20 else { break }
            bound &*= 10
        }
        var rest = value
        var index = digits
        while index >= 2 {
            index &-= 2
            putPair(Int(truncatingIfNeeded: rest % 100), at: target + index)
            rest /= 100
        }
        if index == 1 { target[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest) }
        return digits
    }

    @usableFromInline
    mutating func writeDigits(_ value: UInt64) {
        writeInPlace(reserving: 20) { Self.putDigits(value, at: $0) }
    }

    /// Whole-number spelling of a huge magnitude, exact and without an exponent (as C's
    /// `%.0f` prints it); binary64 has no fraction worth keeping at 4 decimal places there.
    @usableFromInline
    mutating func writeLargeWholeNumber(_ value: Double) {
        let whole = value.rounded()
        if whole < 0 { writeByte(UInt8(ascii: "-")) }
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
            let text = Array(String(limb).utf8)
            for _ in text.count..<9 { writeByte(UInt8(ascii: "0")) }
            text.withUnsafeBufferPointer { append($0) }
        }
    }

    /// Writes a JSON string: `"` and `\` escaped, control characters as `\n`-style or
    /// `\u00XX` escapes, everything else (non-ASCII included) passed through as UTF-8.
    public mutating func writeString(_ string: String) {
        var contiguous = string
        contiguous.withUTF8 { utf8 in
            // Ids and labels rarely need escaping: copy them in one go when they do not.
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) else {
                var escaped: [UInt8] = []
                JSONStringEscaping.appendQuoted(string, to: &escaped)
                escaped.withUnsafeBufferPointer { append($0) }
                return
            }
            let count = utf8.count
            writeInPlace(reserving: count &+ 2) { target in
                target[0] = UInt8(ascii: "\"")
                if count > 0 { UnsafeMutableRawPointer(target + 1).copyMemory(from: utf8.baseAddress!, byteCount: count) }
                target[count &+ 1] = UInt8(ascii: "\"")
                return count &+ 2
            }
        }
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

extension CanonicalJSONWriter {
    /// Where the first NaN or infinity sits, as a path (`ops[2].width`), read back from the
    /// bytes, which must be one whole document; nil when none was written. For error messages
    /// only: it parses the document.
    public var firstNonFinitePath: String? {
        guard let offset = firstNonFiniteOffset else { return nil }
        return (try? JSONCursor(parsing: bytes))?.descendant(at: offset)?.path ?? ""
    }
}
