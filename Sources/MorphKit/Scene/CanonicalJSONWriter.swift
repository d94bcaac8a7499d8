import Foundation

/// A byte writer for the canonical JSON form: numbers rounded to 4 decimal places in their
/// shortest spelling, strings escaped minimally, no whitespace.
///
/// It is the server's hot path, so it appends into one `[UInt8]` that a caller keeps and
/// reuses frame after frame (`removeAll()` keeps the capacity), and formats numbers with
/// integer arithmetic instead of going through `String`.
public struct CanonicalJSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]
    /// Set when a NaN or infinity was asked for; it was written as `0` and the caller must
    /// report an error rather than ship the bytes.
    public private(set) var sawNonFiniteNumber = false

    /// An empty writer; `capacity` avoids regrowing for typical frames.
    public init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Forgets the bytes but keeps the storage, so the next frame allocates nothing.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        sawNonFiniteNumber = false
    }

    @inline(__always)
    mutating func writeByte(_ byte: UInt8) { bytes.append(byte) }

    /// Appends ASCII text verbatim (punctuation, keys known to need no escaping).
    @inline(__always)
    mutating func writeRaw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes `,"key":` (or `"key":` when `first`), for keys that need no escaping.
    @inline(__always)
    mutating func writeKey(_ key: StaticString, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes `value` rounded half away from zero to 4 decimal places (computed as
    /// `(value · 10⁴).rounded()` in binary64), trailing zeros dropped, never `-0`, never an
    /// exponent. Magnitudes of 9·10¹⁴ and above are written as whole numbers.
    /// The value a reader gets back after `writeNumber` (4 decimal places, half away from
    /// zero), for deciding whether an optional key holds its default.
    static func written(_ value: Double) -> Double {
        guard value.isFinite, abs(value * 10_000) < 9e18 else { return value }
        return (value * 10_000).rounded(.toNearestOrAwayFromZero) / 10_000
    }

    /// Whether `transform` is written as the identity, i.e. is omitted.
    static func writesAsIdentity(_ transform: AffineTransform) -> Bool {
        written(transform.a) == 1 && written(transform.b) == 0 && written(transform.c) == 0
            && written(transform.d) == 1 && written(transform.tx) == 0 && written(transform.ty) == 0
    }

    /// Writes `value` in the canonical number format (rounded to 4 decimal places, never `-0`,
    /// never an exponent); a non-finite value is written as 0 and remembered as an error.
    public mutating func writeNumber(_ value: Double) {
        guard value.isFinite else {
            sawNonFiniteNumber = true
            bytes.append(UInt8(ascii: "0"))
            return
        }
        let scaled = (value * 10_000).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9e18 else {
            writeLargeWholeNumber(value)
            return
        }
        var units = Int64(scaled)
        if units == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if units < 0 {
            bytes.append(UInt8(ascii: "-"))
            units = -units
        }
        let whole = UInt64(units / 10_000)
        var fraction = Int(units % 10_000)
        writeDigits(whole)
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var digitCount = 4
        while fraction % 10 == 0 {
            fraction /= 10
            digitCount -= 1
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digitCount))
        var position = start + digitCount - 1
        while fraction > 0 {
            bytes[position] = UInt8(ascii: "0") + UInt8(fraction % 10)
            fraction /= 10
            position -= 1
        }
    }

    /// Writes an integer number exactly (for ids and counts that are never fractional).
    public mutating func writeInteger(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            writeDigits(value.magnitude.asUInt64)
        } else {
            writeDigits(UInt64(value))
        }
    }

    @inline(__always)
    private mutating func writeDigits(_ value: UInt64) {
        var count = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            count += 1
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var remaining = value
        var position = start + count - 1
        while true {
            bytes[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
            if remaining == 0 { break }
            position -= 1
        }
    }

    /// Whole-number spelling of a huge magnitude; binary64 has no fraction worth keeping at
    /// 4 decimal places there, and `%.0f` prints the exact integer without an exponent.
    private mutating func writeLargeWholeNumber(_ value: Double) {
        bytes.append(contentsOf: Array(String(format: "%.0f", value.rounded()).utf8))
    }

    /// Writes a JSON string: `"` and `\` escaped, control characters as `\n`-style or
    /// `\u00XX` escapes, everything else (non-ASCII included) passed through as UTF-8.
    public mutating func writeString(_ string: String) {
        JSONStringEscaping.appendQuoted(string, to: &bytes)
    }

    // MARK: Composite values shared by the display list and the scene

    /// `[x,y]`
    mutating func writePoint(_ point: Point) {
        bytes.append(UInt8(ascii: "["))
        writeNumber(point.x)
        bytes.append(UInt8(ascii: ","))
        writeNumber(point.y)
        bytes.append(UInt8(ascii: "]"))
    }

    /// `[width,height]`
    mutating func writeSize(_ size: Size) {
        writePoint(Point(x: size.width, y: size.height))
    }

    /// `[x,y,w,h]`
    mutating func writeRect(_ rect: Rect) {
        writeNumbers(rect.minX, rect.minY, rect.width, rect.height)
    }

    /// `[r,g,b,a]`
    mutating func writeColor(_ color: RGBAColor) {
        writeNumbers(color.red, color.green, color.blue, color.alpha)
    }

    /// `[a,b,c,d,tx,ty]`
    mutating func writeTransform(_ transform: AffineTransform) {
        bytes.append(UInt8(ascii: "["))
        writeNumber(transform.a); bytes.append(UInt8(ascii: ","))
        writeNumber(transform.b); bytes.append(UInt8(ascii: ","))
        writeNumber(transform.c); bytes.append(UInt8(ascii: ","))
        writeNumber(transform.d); bytes.append(UInt8(ascii: ","))
        writeNumber(transform.tx); bytes.append(UInt8(ascii: ","))
        writeNumber(transform.ty)
        bytes.append(UInt8(ascii: "]"))
    }

    @inline(__always)
    private mutating func writeNumbers(_ first: Double, _ second: Double, _ third: Double, _ fourth: Double) {
        bytes.append(UInt8(ascii: "["))
        writeNumber(first); bytes.append(UInt8(ascii: ","))
        writeNumber(second); bytes.append(UInt8(ascii: ","))
        writeNumber(third); bytes.append(UInt8(ascii: ","))
        writeNumber(fourth)
        bytes.append(UInt8(ascii: "]"))
    }

    /// `[["M",x,y],["L",x,y],["C",...],["Q",...],["Z"]]`
    mutating func writePath(_ path: Path) {
        bytes.append(UInt8(ascii: "["))
        for (position, element) in path.elements.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            switch element {
            case .move(let point):
                writeRaw("[\"M\",")
                writeNumber(point.x); bytes.append(UInt8(ascii: ",")); writeNumber(point.y)
            case .line(let point):
                writeRaw("[\"L\",")
                writeNumber(point.x); bytes.append(UInt8(ascii: ",")); writeNumber(point.y)
            case .curve(let point, let control1, let control2):
                writeRaw("[\"C\",")
                writeNumber(control1.x); bytes.append(UInt8(ascii: ",")); writeNumber(control1.y)
                bytes.append(UInt8(ascii: ","))
                writeNumber(control2.x); bytes.append(UInt8(ascii: ",")); writeNumber(control2.y)
                bytes.append(UInt8(ascii: ","))
                writeNumber(point.x); bytes.append(UInt8(ascii: ",")); writeNumber(point.y)
            case .quadCurve(let point, let control):
                writeRaw("[\"Q\",")
                writeNumber(control.x); bytes.append(UInt8(ascii: ",")); writeNumber(control.y)
                bytes.append(UInt8(ascii: ","))
                writeNumber(point.x); bytes.append(UInt8(ascii: ",")); writeNumber(point.y)
            case .closeSubpath:
                writeRaw("[\"Z\"")
            }
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "]"))
    }
}

extension UInt {
    fileprivate var asUInt64: UInt64 { UInt64(self) }
}

/// The one JSON string escaper every Morph writer uses (canonical lists, protocol messages,
/// recordings): the mandatory escapes, short forms where JSON has them, other UTF-8 as is.
enum JSONStringEscaping {
    /// Appends `string` quoted and escaped.
    static func appendQuoted(_ string: String, to bytes: inout [UInt8]) {
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
