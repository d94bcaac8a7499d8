import MorphJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Encodes the successive display lists of one session as canonical JSON, copying the bytes
/// of every op that equals the previous list's op at the same position instead of writing it
/// again (formatting numbers is most of an encoding, and from one frame to the next most ops
/// of a component do not change). The bytes are exactly `DisplayList.canonicalJSON()`'s.
///
/// A value type: each session keeps its own, and a copy carries the previous frame with it.
public struct DisplayListEncoder: Sendable {
    /// Whether unchanged ops reuse the previous frame's bytes (on by default; benchmarks turn
    /// it off to measure the full encoding in the same run, tests to compare the two).
    public var reusesUnchangedOps = true

    private var previousOps: [DisplayList.Op] = []
    /// Where each of `previousOps` sits in `previousBytes`.
    private var previousRanges: [Range<Int>] = []
    /// The ranges array of the frame before, kept for its storage.
    private var spareRanges: [Range<Int>] = []
    private var previousAccessibility: [DisplayList.AccessibilityElement] = []
    private var previousAccessibilityRange = 0..<0
    private var previousBytes: [UInt8] = []
    private var writer = CanonicalJSONWriter()

    /// An encoder with no previous frame.
    public init() {}

    /// The canonical bytes of `list`.
    ///
    /// - Throws: `JSONError.nonFiniteNumber(path:)` naming the first NaN or infinity; the
    ///   encoder then forgets its previous frame.
    public mutating func encode(_ list: DisplayList) throws(JSONError) -> [UInt8] {
        guard reusesUnchangedOps else { return try list.canonicalJSON() }
        writer.removeAll()
        list.writeHeader(to: &writer)
        var ranges = spareRanges
        spareRanges = []
        ranges.removeAll(keepingCapacity: true)
        ranges.reserveCapacity(list.ops.count)
        // Compared and written through buffer pointers: indexing the arrays directly copied
        // (retained and released) both ops of every comparison.
        let previous = previousOps, bytes = previousBytes, previousRanges = self.previousRanges
        list.ops.withUnsafeBufferPointer { ops in
            previous.withUnsafeBufferPointer { old in
                for index in ops.indices {
                    if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
                    let start = writer.count
                    if index < old.count,
                        Self.sameBits(ops.baseAddress! + index, old.baseAddress! + index) || ops[index].isSame(as: old[index])
                    {
                        writer.writeEncoded(bytes[previousRanges[index]])
                    } else {
                        ops[index].write(to: &writer)
                    }
                    ranges.append(start..<writer.count)
                }
            }
        }
        writer.writeRaw("],\"accessibility\":")
        let accessibilityStart = writer.count
        if list.accessibility == previousAccessibility, !previousAccessibilityRange.isEmpty {
            writer.writeEncoded(previousBytes[previousAccessibilityRange])
        } else {
            list.writeAccessibility(to: &writer)
        }
        let accessibilityRange = accessibilityStart..<writer.count
        do {
            try list.finish(&writer)
        } catch {
            self = DisplayListEncoder()
            throw error
        }
        previousOps = list.ops
        spareRanges = self.previousRanges
        self.previousRanges = ranges
        previousAccessibility = list.accessibility
        previousAccessibilityRange = accessibilityRange
        previousBytes = writer.bytes
        return previousBytes
    }
}

extension DisplayListEncoder {
    /// Whether two ops are the same bits: the same numbers and the same string and array
    /// storage, as an op flattened from a subtree a component keeps between frames is (then
    /// they are equal, and comparing member by member, which copies the payloads, is
    /// skipped). Different bits say nothing (unused payload bytes may differ).
    @inline(__always)
    static func sameBits(_ first: UnsafePointer<DisplayList.Op>, _ second: UnsafePointer<DisplayList.Op>) -> Bool {
        memcmp(first, second, MemoryLayout<DisplayList.Op>.size) == 0
    }
}

extension DisplayList.Op {
    /// `==`, without copying either op: the derived `==` pairs the two in a tuple first, which
    /// copied both (every string and array retained and released) on every comparison.
    func isSame(as other: DisplayList.Op) -> Bool {
        switch self {
        case .pop:
            if case .pop = other { return true }
        case .push(let group):
            if case .push(let otherGroup) = other { return group == otherGroup }
        case .fill(let fill):
            if case .fill(let otherFill) = other { return fill == otherFill }
        case .stroke(let stroke):
            if case .stroke(let otherStroke) = other { return stroke == otherStroke }
        case .text(let text):
            if case .text(let otherText) = other { return text == otherText }
        case .image(let image):
            if case .image(let otherImage) = other { return image == otherImage }
        }
        return false
    }
}
