import MorphKit

// A dragging page sends a pointer `input` 60 times a second per session, and the service
// thread decodes every session's inputs: at 500 sessions, 30 000 messages a second. The
// general decoder builds a JSON tree and reads it through cursors that name their paths
// (about 6 µs a message on the 2-core VM); this reads the one common shape straight from the
// bytes. It only ever accepts what the general decoder accepts, with the same result, and
// hands anything else (other keys, escapes, duplicates, bad values) back to it, so answers
// and error messages stay the general decoder's.

extension ClientMessage {
    /// `{"type":"input","event":{"kind":"pointerDown|pointerMove|pointerUp","pointer":N,"x":X,
    /// "y":Y[,"t":T]}[,"id":ID]}` in any key order and JSON whitespace, decoded without a
    /// tree; nil for any other message, or when anything in it is unusual or invalid.
    static func decodePointerInput(_ bytes: [UInt8]) -> ClientMessage? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = PointerInputScanner(bytes: buffer)
            return scanner.message()
        }
    }
}

/// The scanner behind `decodePointerInput`: every method returns nil where the general
/// decoder must take over.
private struct PointerInputScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private enum Kind { case down, move, up }

    mutating func message() -> ClientMessage? {
        var sawType = false
        var id: Double?
        var sawID = false
        var event: InputEvent?
        let complete = members { key, scanner in
            switch key {
            case "type" where !sawType:
                sawType = true
                return scanner.string() == "input"
            case "id" where !sawID:
                sawID = true
                if scanner.literal("null") { return true }
                id = scanner.number()
                return id != nil
            case "event" where event == nil:
                event = scanner.event()
                return event != nil
            default:
                return false
            }
        }
        skipWhitespace()
        guard complete, index == bytes.count, sawType, let event else { return nil }
        return .input(event, id: id)
    }

    private mutating func event() -> InputEvent? {
        var kind: Kind?
        var pointer: Double?
        var x: Double?
        var y: Double?
        var time: Double?
        let complete = members { key, scanner in
            switch key {
            case "kind" where kind == nil:
                switch scanner.string() {
                case "pointerDown": kind = .down
                case "pointerMove": kind = .move
                case "pointerUp": kind = .up
                default: return false
                }
                return true
            case "pointer" where pointer == nil:
                pointer = scanner.number()
                return pointer != nil
            case "x" where x == nil:
                x = scanner.number()
                return x != nil
            case "y" where y == nil:
                y = scanner.number()
                return y != nil
            case "t" where time == nil:
                time = scanner.number()
                return time != nil
            default:
                return false
            }
        }
        // The general reader's rules: an integral pointer under 1e15, `t` >= 0 (absent: 0,
        // the server stamps arrival time), every number within `InputLimits`.
        guard complete, let kind, let pointer, let x, let y, pointer == pointer.rounded(), abs(pointer) < 1e15 else {
            return nil
        }
        let t = time ?? 0
        guard t >= 0 else { return nil }
        let location = Point(x: x, y: y)
        let decoded: InputEvent
        switch kind {
        case .down: decoded = InputEvent(time: t, kind: .pointerDown(pointer: Int(pointer), location: location))
        case .move: decoded = InputEvent(time: t, kind: .pointerMove(pointer: Int(pointer), location: location))
        case .up: decoded = InputEvent(time: t, kind: .pointerUp(pointer: Int(pointer), location: location))
        }
        return decoded.limitViolation == nil ? decoded : nil
    }

    /// An object whose members `member` reads one by one (the scanner at each value);
    /// false as soon as `member` refuses one or the syntax is anything but plain.
    private mutating func members(_ member: (String, inout PointerInputScanner) -> Bool) -> Bool {
        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return false }
        skipWhitespace()
        guard !take(UInt8(ascii: "}")) else { return true }
        while true {
            skipWhitespace()
            guard let key = string() else { return false }
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard member(key, &self) else { return false }
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}"))
        }
    }

    /// A string without escapes or control characters (anything else goes the general way).
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            guard byte != UInt8(ascii: "\\"), byte >= 0x20, byte < 0x80 else { return nil }
            index += 1
        }
        return nil
    }

    /// A JSON number, converted as the general parser converts it (`Double(text)`), finite.
    private mutating func number() -> Double? {
        let start = index
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= 0x30 && bytes[at] <= 0x39 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return nil }
            while isDigit(index) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
