#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A display list's JSON written against an earlier list of the same session: the list with
/// its `ops` and `accessibility` arrays in *run form*, where an entry is either an element
/// written out (an object) or `[from,count]`, "the base's elements `from..<from+count`".
/// Every other member is written out as in the full list (`schemas/protocol.md`, Frame deltas).
///
/// Works on canonical bytes, not on `DisplayList` values: an element is copied only when its
/// bytes equal the base's, so applying a delta gives the full list byte for byte, whatever
/// component or encoder made it. A session builds it once per frame; every viewer that holds
/// the base receives the same bytes.
public enum DisplayListDelta {
    /// Where the two arrays a delta rewrites, and their elements, sit in a list's bytes.
    public struct Layout: Sendable, Hashable {
        /// Byte offsets of the `[` and `]` of `ops`, and each element's range.
        public var ops: ArrayLayout
        /// The same for `accessibility`.
        public var accessibility: ArrayLayout
    }

    /// Which elements of a list are byte-for-byte copies of the same element of `base`, as
    /// its encoder knows them (`DisplayListEncoder.unchanged`): a delta against `base` copies
    /// those without comparing their bytes again. Holds `base`, so it is the very bytes the
    /// elements were copied from (a base is recognised by its storage).
    public struct Unchanged: Sendable {
        /// The list the elements were copied from.
        public let base: [UInt8]
        /// By element, whether `ops[i]` is a copy of `base`'s `ops[i]`.
        public let ops: [Bool]
        /// The same for `accessibility`.
        public let accessibility: [Bool]

        /// Whether `bytes` shares `base`'s storage.
        func isBase(_ bytes: [UInt8]) -> Bool {
            bytes.count == base.count
                && bytes.withUnsafeBufferPointer { list in base.withUnsafeBufferPointer { $0.baseAddress == list.baseAddress } }
        }
    }

    /// One array member of the top-level object.
    public struct ArrayLayout: Sendable, Hashable {
        /// Offset of the opening `[`.
        public var open: Int
        /// Offset of the closing `]`.
        public var close: Int
        /// Each element's byte range, in order.
        public var elements: [Range<Int>]
    }

    /// The layout of `bytes`, a display list's JSON object; nil when it is not one with an
    /// `ops` array before an `accessibility` array (a delta then is not made).
    public static func layout(of bytes: [UInt8]) -> Layout? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(bytes: buffer)
            return scanner.topLevelLayout()
        }
    }

    /// The delta of `list` against `base` (both canonical list bytes with their layouts), or
    /// nil when it would not be shorter than `list` itself.
    ///
    /// An element of `list` is copied when its bytes equal the base's element that follows the
    /// last one copied (a run goes on after an inserted element) or, failing that, the base's
    /// element at the same index.
    /// `unchanged`, when its base is `base`, spares comparing the elements it names.
    public static func encode(
        _ list: [UInt8], layout: Layout, base: [UInt8], baseLayout: Layout, unchanged: Unchanged? = nil
    ) -> [UInt8]? {
        let known = unchanged.flatMap { $0.isBase(base) ? $0 : nil }
        var out: [UInt8] = []
        out.reserveCapacity(list.count / 4)
        out += list[..<(layout.ops.open + 1)]
        writeRuns(list, layout.ops.elements, base, baseLayout.ops.elements, known: known?.ops ?? [], to: &out)
        out += list[layout.ops.close..<(layout.accessibility.open + 1)]
        writeRuns(
            list, layout.accessibility.elements, base, baseLayout.accessibility.elements,
            known: known?.accessibility ?? [], to: &out)
        out += list[layout.accessibility.close...]
        return out.count < list.count ? out : nil
    }

    /// The full list that `delta` describes against `base`, byte for byte; nil when `delta`
    /// is malformed or copies elements `base` does not have.
    public static func apply(_ delta: [UInt8], to base: [UInt8], baseLayout: Layout) -> [UInt8]? {
        guard let deltaLayout = layout(of: delta) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(base.count + delta.count)
        out += delta[..<(deltaLayout.ops.open + 1)]
        guard expandRuns(delta, deltaLayout.ops.elements, base, baseLayout.ops.elements, to: &out) else { return nil }
        out += delta[deltaLayout.ops.close..<(deltaLayout.accessibility.open + 1)]
        guard expandRuns(delta, deltaLayout.accessibility.elements, base, baseLayout.accessibility.elements, to: &out)
        else { return nil }
        out += delta[deltaLayout.accessibility.close...]
        return out
    }

    /// `known[i]` says element `i` is a copy of the base's element `i` (then its bytes are not
    /// compared); the runs are those comparing every element would give.
    private static func writeRuns(
        _ list: [UInt8], _ elements: [Range<Int>], _ base: [UInt8], _ baseElements: [Range<Int>], known: [Bool],
        to out: inout [UInt8]
    ) {
        // Through buffer pointers, hoisted out of the loop: a session makes a delta against
        // each of its last few frames every tick, and most of their elements are compared and
        // found equal.
        list.withUnsafeBufferPointer { listBytes in
            base.withUnsafeBufferPointer { baseBytes in
                elements.withUnsafeBufferPointer { elements in
                    baseElements.withUnsafeBufferPointer { baseElements in
                        let knownCount = min(known.count, baseElements.count)
                        func matches(_ range: Range<Int>, _ candidate: Int) -> Bool {
                            guard candidate < baseElements.count else { return false }
                            let other = baseElements[candidate]
                            return range.count == other.count
                                && memcmpBytes(
                                    listBytes.baseAddress! + range.lowerBound, baseBytes.baseAddress! + other.lowerBound,
                                    range.count)
                        }
                        var runFrom = 0, runCount = 0
                        var wroteEntry = false
                        func flush(_ out: inout [UInt8]) {
                            guard runCount > 0 else { return }
                            if wroteEntry { out.append(UInt8(ascii: ",")) }
                            wroteEntry = true
                            out.append(UInt8(ascii: "["))
                            writeDigits(runFrom, to: &out)
                            out.append(UInt8(ascii: ","))
                            writeDigits(runCount, to: &out)
                            out.append(UInt8(ascii: "]"))
                            runCount = 0
                        }
                        var next = 0
                        var index = 0
                        while index < elements.count {
                            defer { index += 1 }
                            let same = index < knownCount && known[index]
                            if same && next == index {
                                // Known copies from here on extend the run at once, as
                                // comparing them one by one would.
                                var end = index + 1
                                while end < knownCount && known[end] { end += 1 }
                                if runCount > 0, runFrom + runCount == index {
                                    runCount += end - index
                                } else {
                                    flush(&out)
                                    runFrom = index
                                    runCount = end - index
                                }
                                next = end
                                index = end - 1
                                continue
                            }
                            let range = elements[index]
                            let match =
                                matches(range, next) ? next : (index != next && (same || matches(range, index)) ? index : -1)
                            if match >= 0 {
                                if runCount > 0, runFrom + runCount == match {
                                    runCount += 1
                                } else {
                                    flush(&out)
                                    runFrom = match
                                    runCount = 1
                                }
                                next = match + 1
                            } else {
                                flush(&out)
                                if wroteEntry { out.append(UInt8(ascii: ",")) }
                                wroteEntry = true
                                out.append(
                                    contentsOf: UnsafeBufferPointer(
                                        start: listBytes.baseAddress! + range.lowerBound, count: range.count))
                            }
                        }
                        flush(&out)
                    }
                }
            }
        }
    }

    private static func writeDigits(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 { writeDigits(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    private static func expandRuns(
        _ delta: [UInt8], _ entries: [Range<Int>], _ base: [UInt8], _ baseElements: [Range<Int>], to out: inout [UInt8]
    ) -> Bool {
        var first = true
        for entry in entries {
            guard let opening = delta[entry].first else { return false }
            if opening == UInt8(ascii: "{") {
                if !first { out.append(UInt8(ascii: ",")) }
                out += delta[entry]
                first = false
                continue
            }
            guard opening == UInt8(ascii: "["), let (from, count) = copyRun(delta[entry]), count > 0,
                from <= baseElements.count - count
            else { return false }
            for element in baseElements[from..<(from + count)] {
                if !first { out.append(UInt8(ascii: ",")) }
                out += base[element]
                first = false
            }
        }
        return true
    }

    /// `[from,count]` with two non-negative integers, as the encoder writes it.
    private static func copyRun(_ bytes: ArraySlice<UInt8>) -> (Int, Int)? {
        var numbers: [Int] = []
        var current: Int?
        for byte in bytes.dropFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int(byte - UInt8(ascii: "0"))
                guard (current ?? 0) < 100_000_000 else { return nil }
                current = (current ?? 0) * 10 + digit
            case UInt8(ascii: ","), UInt8(ascii: "]"):
                guard let value = current else { return nil }
                numbers.append(value)
                current = nil
                if byte == UInt8(ascii: "]") { return numbers.count == 2 ? (numbers[0], numbers[1]) : nil }
            default: return nil
            }
        }
        return nil
    }
}

/// libc's `memcmp`, vectorised: the ops compared are a few hundred bytes each.
@inline(__always)
private func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    memcmp(a, b, count) == 0
}

/// Finds the members of a JSON object and the elements of its `ops` and `accessibility`
/// arrays by skipping values (strings with their escapes, nested brackets); it validates
/// nothing more, since the bytes are our own canonical output or were parsed before.
private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func topLevelLayout() -> DisplayListDelta.Layout? {
        guard next() == UInt8(ascii: "{") else { return nil }
        var ops: DisplayListDelta.ArrayLayout?
        var accessibility: DisplayListDelta.ArrayLayout?
        while true {
            guard let byte = next() else { return nil }
            if byte == UInt8(ascii: "}") { break }
            if byte == UInt8(ascii: ",") { continue }
            guard byte == UInt8(ascii: "\"") else { return nil }
            let keyStart = index
            guard skipString() else { return nil }
            let key = UnsafeBufferPointer(rebasing: bytes[keyStart..<(index - 1)])
            guard next() == UInt8(ascii: ":") else { return nil }
            if key.elementsEqual("ops".utf8) {
                guard let array = arrayLayout() else { return nil }
                ops = array
            } else if key.elementsEqual("accessibility".utf8) {
                guard ops != nil, let array = arrayLayout() else { return nil }
                accessibility = array
            } else {
                guard skipValue() else { return nil }
            }
        }
        guard let ops, let accessibility else { return nil }
        return DisplayListDelta.Layout(ops: ops, accessibility: accessibility)
    }

    /// The next byte that is not white space, consumed.
    private mutating func next() -> UInt8? {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): continue
            default: return byte
            }
        }
        return nil
    }

    private mutating func arrayLayout() -> DisplayListDelta.ArrayLayout? {
        guard next() == UInt8(ascii: "[") else { return nil }
        let open = index - 1
        var elements: [Range<Int>] = []
        while true {
            guard let byte = next() else { return nil }
            if byte == UInt8(ascii: "]") { return .init(open: open, close: index - 1, elements: elements) }
            if byte == UInt8(ascii: ","), !elements.isEmpty { continue }
            index -= 1
            let start = index
            guard skipValue() else { return nil }
            elements.append(start..<index)
        }
    }

    /// Skips one value (after optional white space); false on bytes that end too soon.
    private mutating func skipValue() -> Bool {
        guard let first = next() else { return false }
        switch first {
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 1
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""): if !skipString() { return false }
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return true }
                default: break
                }
            }
            return false
        default:
            // A number, true, false or null: up to the next delimiter.
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\n"):
                    return true
                default: index += 1
                }
            }
            return true
        }
    }

    /// Skips a string's rest after its opening quote, escapes included.
    private mutating func skipString() -> Bool {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                return true
            }
        }
        return false
    }
}
