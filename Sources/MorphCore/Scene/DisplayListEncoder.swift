import MorphJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Encodes the successive display lists of one session as canonical JSON, copying the bytes
/// of every op that equals the previous list's op at the same position instead of writing it
/// again (formatting numbers is most of an encoding, and from one frame to the next most ops
/// of a component do not change), and likewise each accessibility element; a path or a set of
/// text lines that two ops of one frame share (the same array) is written once and copied
/// (`RepeatedPayloads`). The bytes are exactly `DisplayList.canonicalJSON()`'s.
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
    /// Where each of `previousAccessibility` sits in `previousBytes`.
    private var previousAccessibilityRanges: [Range<Int>] = []
    private var spareAccessibilityRanges: [Range<Int>] = []
    /// Paths and text lines written in the frame being encoded (`RepeatedPayloads`).
    private var repeats = RepeatedPayloads()
    private var previousBytes: [UInt8] = []
    private var writer = CanonicalJSONWriter()

    /// Where the `ops` and `accessibility` arrays and their elements sit in the bytes `encode`
    /// returned last, as `DisplayListDelta.layout(of:)` would find them by scanning; nil before
    /// the first encoding, after an error, or when `reusesUnchangedOps` is off. Frame deltas
    /// take it from here: scanning a list's bytes cost more than encoding them.
    public private(set) var layout: DisplayListDelta.Layout?

    /// Which elements of the bytes `encode` returned last it copied from the bytes it returned
    /// before (nil before the second encoding, after an error, or when `reusesUnchangedOps` is
    /// off): a frame delta against those bytes takes them as they are instead of comparing
    /// them again (`DisplayListDelta.encode(…, unchanged:)`).
    public private(set) var unchanged: DisplayListDelta.Unchanged?

    /// How many ops and accessibility elements the list `encode` took last had (nil before the
    /// first, as for `unchanged`): the next frame's usually has as many
    /// (`Scene.displayList(reserving:)`).
    public var lastCounts: (ops: Int, accessibility: Int)? {
        previousBytes.isEmpty ? nil : (previousOps.count, previousAccessibility.count)
    }

    /// An encoder with no previous frame.
    public init() {}

    /// The canonical bytes of `list`.
    ///
    /// - Throws: `JSONError.nonFiniteNumber(path:)` naming the first NaN or infinity; the
    ///   encoder then forgets its previous frame.
    public mutating func encode(_ list: DisplayList) throws(JSONError) -> [UInt8] {
        guard reusesUnchangedOps else {
            layout = nil
            unchanged = nil
            return try list.canonicalJSON()
        }
        // The last frame's flags, their storage reused once `unchanged` lets go of them.
        var opsUnchanged = unchanged?.ops ?? [], accessibilityUnchanged = unchanged?.accessibility ?? []
        unchanged = nil
        opsUnchanged.removeAll(keepingCapacity: true)
        accessibilityUnchanged.removeAll(keepingCapacity: true)
        writer.removeAll()
        list.writeHeader(to: &writer)
        let opsOpen = writer.count - 1
        var ranges = spareRanges
        spareRanges = []
        ranges.removeAll(keepingCapacity: true)
        ranges.reserveCapacity(list.ops.count)
        // Compared and written through buffer pointers: indexing the arrays directly copied
        // (retained and released) both ops of every comparison.
        let previous = previousOps, bytes = previousBytes, previousRanges = self.previousRanges
        repeats.removeAll()
        list.ops.withUnsafeBufferPointer { ops in
            previous.withUnsafeBufferPointer { old in
                var copies = UnchangedRun()
                for index in ops.indices {
                    if index < old.count,
                        Self.sameBits(ops.baseAddress! + index, old.baseAddress! + index) || ops[index].isSame(as: old[index])
                    {
                        ranges.append(copies.extend(with: previousRanges[index], index: index, writer: &writer, from: bytes))
                        opsUnchanged.append(true)
                    } else {
                        copies.flush(into: &writer, from: bytes)
                        if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
                        let start = writer.count
                        ops[index].write(to: &writer, repeats: &repeats)
                        opsUnchanged.append(false)
                        ranges.append(start..<writer.count)
                    }
                }
                copies.flush(into: &writer, from: bytes)
            }
        }
        let opsClose = writer.count
        writer.writeRaw("],\"accessibility\":[")
        let accessibilityOpen = writer.count - 1
        // Element by element, as the ops: a moving card changes its own frame, not the rows'.
        var accessibilityRanges = spareAccessibilityRanges
        spareAccessibilityRanges = []
        accessibilityRanges.removeAll(keepingCapacity: true)
        let previousElements = previousAccessibility, previousElementRanges = previousAccessibilityRanges
        list.accessibility.withUnsafeBufferPointer { elements in
            previousElements.withUnsafeBufferPointer { old in
                var copies = UnchangedRun()
                for index in elements.indices {
                    if index < old.count,
                        Self.sameBits(elements.baseAddress! + index, old.baseAddress! + index)
                            || elements[index].isSame(as: old[index])
                    {
                        accessibilityRanges.append(
                            copies.extend(with: previousElementRanges[index], index: index, writer: &writer, from: bytes))
                        accessibilityUnchanged.append(true)
                    } else {
                        copies.flush(into: &writer, from: bytes)
                        if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
                        let start = writer.count
                        elements[index].write(to: &writer)
                        accessibilityUnchanged.append(false)
                        accessibilityRanges.append(start..<writer.count)
                    }
                }
                copies.flush(into: &writer, from: bytes)
            }
        }
        let accessibilityClose = writer.count
        writer.writeByte(UInt8(ascii: "]"))
        do {
            try list.finish(&writer)
        } catch {
            self = DisplayListEncoder()
            throw error
        }
        layout = DisplayListDelta.Layout(
            ops: .init(open: opsOpen, close: opsClose, elements: ranges),
            accessibility: .init(open: accessibilityOpen, close: accessibilityClose, elements: accessibilityRanges))
        previousOps = list.ops
        spareRanges = self.previousRanges
        self.previousRanges = ranges
        previousAccessibility = list.accessibility
        spareAccessibilityRanges = previousAccessibilityRanges
        previousAccessibilityRanges = accessibilityRanges
        if !bytes.isEmpty {
            unchanged = DisplayListDelta.Unchanged(base: bytes, ops: opsUnchanged, accessibility: accessibilityUnchanged)
        }
        previousBytes = writer.takeBytes()
        return previousBytes
    }
}

extension DisplayListEncoder {
    /// A stretch of consecutive elements copied from the previous frame's bytes, written with
    /// one copy when it ends: in those bytes, consecutive elements sit one comma apart, so the
    /// stretch from the first one's start to the last one's end is exactly what writing each
    /// (with its comma) would give. A frame whose ops mostly stand still is then a few copies,
    /// not one per op.
    struct UnchangedRun {
        /// Where the stretch starts in the previous bytes and in the bytes being written, and
        /// where it ends in the previous bytes; nil when no stretch is open.
        private var start: (previous: Int, written: Int)?
        private var end = 0
        /// The element index after the stretch's last one.
        private var next = 0

        /// Adds element `index`, which sits at `range` in the previous bytes, and returns where
        /// it will sit in the bytes being written. Opens a stretch (writing the comma before the
        /// element) unless the element follows the open stretch's last one.
        @inline(__always)
        mutating func extend(
            with range: Range<Int>, index: Int, writer: inout CanonicalJSONWriter, from bytes: [UInt8]
        ) -> Range<Int> {
            if let start, index == next {
                end = range.upperBound
                next = index + 1
                let shift = start.written - start.previous
                return (range.lowerBound + shift)..<(range.upperBound + shift)
            }
            flush(into: &writer, from: bytes)
            if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
            start = (range.lowerBound, writer.count)
            end = range.upperBound
            next = index + 1
            return writer.count..<(writer.count + range.count)
        }

        /// Writes the open stretch, if any, and closes it.
        @inline(__always)
        mutating func flush(into writer: inout CanonicalJSONWriter, from bytes: [UInt8]) {
            guard let open = start else { return }
            writer.writeEncoded(bytes[open.previous..<end])
            start = nil
        }
    }

    /// Whether two ops (or accessibility elements) are the same bits: the same numbers and the
    /// same string and array storage, as an op flattened from a subtree a component keeps
    /// between frames is (then they are equal, and comparing member by member, which copies
    /// the payloads, is skipped). Different bits say nothing (unused payload bytes may differ).
    @inline(__always)
    static func sameBits<Value>(_ first: UnsafePointer<Value>, _ second: UnsafePointer<Value>) -> Bool {
        memcmp(first, second, MemoryLayout<Value>.size) == 0
    }
}

extension DisplayList.Op {
    /// `==`, without copying either op: the derived `==` pairs the two in a tuple first, which
    /// copied both (every string and array retained and released) on every comparison.
    /// Inlined into the encoder: called, each op was copied out of its list to be passed (an
    /// op whose unused payload bytes differ from the last frame's comes here every frame; 4.3 K
    /// a tick for the container).
    @inline(__always)
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

extension DisplayList.AccessibilityElement {
    /// `==` on the members, read in place (the derived `==` copies both elements first).
    /// Inlined into the encoder, as the ops' comparison: called, each element was copied out
    /// of its list to be passed.
    @inline(__always)
    func isSame(as other: DisplayList.AccessibilityElement) -> Bool {
        frame == other.frame && role == other.role && id == other.id && label == other.label && value == other.value
            && hint == other.hint
    }
}

/// The paths and text lines one frame has written so far, by the storage of their arrays, so
/// a path or a set of lines that recurs within the frame (both copies of the hero card's
/// cross-faded header share theirs) is copied from the bytes already written instead of
/// formatting its numbers again. The same storage holds the same values, and every array of
/// a list stays alive while the list is encoded, so an address cannot be reused meanwhile.
/// A path is also found by value, bit for bit: two nodes of a component file that compute the
/// same path (the two copies of that header) hold equal elements in different arrays, and
/// comparing bits costs far less than formatting the numbers.
struct RepeatedPayloads: Sendable {
    /// The storage's address (as a number, read back only for a path's elements), its count,
    /// whether it holds path elements, its bytes.
    private var entries: [(address: UInt, count: Int, isPath: Bool, range: Range<Int>)] = []
    /// Off for one-off encodings (`canonicalJSON()`), which have no frame to share with.
    private let isRecording: Bool

    /// At most this many are looked through: a recurring payload is among a frame's first.
    private static let capacity = 32

    init(recording: Bool = true) { isRecording = recording }

    /// Forgets the last frame's payloads, keeping the storage.
    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    /// Writes `array` with `write`, or copies its bytes when the same array was written before
    /// in this frame. Arrays shorter than `minimumCount` are always written.
    mutating func write<Element>(
        _ array: [Element], minimumCount: Int = 2, to writer: inout CanonicalJSONWriter,
        _ write: (inout CanonicalJSONWriter) -> Void
    ) {
        guard isRecording, array.count >= minimumCount,
            let address = array.withUnsafeBufferPointer({ $0.baseAddress.map { UInt(bitPattern: $0) } })
        else { return write(&writer) }
        let count = array.count
        for entry in entries where entry.address == address && entry.count == count {
            writer.writeCopy(ofWritten: entry.range)
            return
        }
        let start = writer.count
        write(&writer)
        if entries.count < Self.capacity { entries.append((address, count, false, start..<writer.count)) }
    }

    /// Writes `path`, or copies its bytes when a path with the same elements, bit for bit, was
    /// written before in this frame (the same array, or an equal one).
    mutating func write(path: Path, to writer: inout CanonicalJSONWriter) {
        let count = path.elements.count
        guard isRecording, count >= 2 else { return writer.writePath(path) }
        let found: Range<Int>? = path.elements.withUnsafeBufferPointer { elements in
            let address = UInt(bitPattern: elements.baseAddress!)
            for entry in entries where entry.isPath && entry.count == count {
                if entry.address == address { return entry.range }
                // Alive while the list is encoded (above), and known to hold `count` elements.
                let earlier = UnsafePointer<Path.Element>(bitPattern: entry.address)!
                if (0..<count).allSatisfy({ elements[$0].hasSameBits(as: earlier[$0]) }) { return entry.range }
            }
            return nil
        }
        if let found { return writer.writeCopy(ofWritten: found) }
        let start = writer.count
        writer.writePath(path)
        let address = path.elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress!) }
        if entries.count < Self.capacity { entries.append((address, count, true, start..<writer.count)) }
    }
}

extension Path.Element {
    /// Equal in every bit, so written as the same bytes (`==` would take -0 for 0, which the
    /// canonical writer does not).
    func hasSameBits(as other: Path.Element) -> Bool {
        func same(_ a: Point, _ b: Point) -> Bool { a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern }
        switch (self, other) {
        case (.move(let a), .move(let b)), (.line(let a), .line(let b)): return same(a, b)
        case (.quadCurve(let a, let c), .quadCurve(let b, let d)): return same(a, b) && same(c, d)
        case (.curve(let a, let c1, let c2), .curve(let b, let d1, let d2)): return same(a, b) && same(c1, d1) && same(c2, d2)
        case (.closeSubpath, .closeSubpath): return true
        default: return false
        }
    }
}
