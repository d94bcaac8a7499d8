import MorphJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Encodes the successive scenes of one session as their display lists' canonical JSON, the
/// bytes of `scene.displayList().canonicalJSON()`, without building the list: it walks each
/// scene beside the previous frame's, and where a node is the same bits as the previous
/// frame's node in its place (a subtree the component kept between frames: the same strings,
/// the same children's storage, so the same subtree) it copies that subtree's bytes, found
/// by where the previous frame wrote them, instead of flattening and comparing its ops one by
/// one. A node that differs gives its op, which is compared with the previous node's (equal,
/// its bytes are copied too), and its children are walked in turn. Consecutive copies are one
/// copy. A path or a set of text lines that two ops of one frame share (the same array) is
/// written once and copied (`RepeatedPayloads`).
///
/// A value type: each session keeps its own, and a copy carries the previous frame with it.
public struct DisplayListEncoder: Sendable {
    /// Whether unchanged subtrees and ops reuse the previous frame's bytes (on by default;
    /// benchmarks turn it off to measure the full encoding in the same run, tests to compare
    /// the two).
    public var reusesUnchangedOps = true

    /// Where one node's subtree sat in a frame: its ops, its accessibility elements (both by
    /// index in their arrays) and the preorder index after its last node.
    struct NodeSpan {
        var ops: Range<Int>
        var elements: Range<Int>
        var end: Int
    }

    /// Accessibility elements of the frame being written, noted as the walk finds them (they
    /// are written after every op): a stretch copied from the previous frame (by its indices
    /// there), or a node's own element that differs from the one in its place there.
    enum PendingElement: Sendable {
        case copied(Range<Int>)
        case written(DisplayList.AccessibilityElement)
    }

    /// The previous frame's root, kept alive: its nodes are what this frame's are compared with,
    /// and while it holds their strings and arrays no other value can take their addresses, so
    /// the same bits are the same values.
    private var previousRoot: SceneNode?
    /// Every node of the previous frame's scene, in preorder.
    private var previousSpans: [NodeSpan] = []
    /// Where each op and each accessibility element of the previous frame sits in `previousBytes`.
    private var previousRanges: [Range<Int>] = []
    private var previousElementRanges: [Range<Int>] = []
    private var previousBytes: [UInt8] = []

    // The frame being written; the arrays keep their storage from frame to frame.
    private var writer = CanonicalJSONWriter()
    /// Paths and text lines written in the frame being encoded (`RepeatedPayloads`).
    private var repeats = RepeatedPayloads()
    private var ranges: [Range<Int>] = []
    private var opsUnchanged: [Bool] = []
    private var spans: [NodeSpan] = []
    private var pending: [PendingElement] = []
    private var elementCount = 0
    private var run = UnchangedRun()

    /// Where the `ops` and `accessibility` arrays and their elements sit in the bytes `encode`
    /// returned last, as `DisplayListDelta.layout(of:)` would find them by scanning; nil before
    /// the first encoding, after an error, or when `reusesUnchangedOps` is off. Frame deltas
    /// take it from here: scanning a list's bytes cost more than encoding them.
    public private(set) var layout: DisplayListDelta.Layout?

    /// Which elements of the bytes `encode` returned last it copied from the same element of
    /// the bytes it returned before (nil before the second encoding, after an error, or when
    /// `reusesUnchangedOps` is off): a frame delta against those bytes takes them as they are
    /// instead of comparing them again (`DisplayListDelta.encode(…, unchanged:)`).
    public private(set) var unchanged: DisplayListDelta.Unchanged?

    /// An encoder with no previous frame.
    public init() {}

    /// The canonical bytes of `scene`'s display list.
    ///
    /// - Throws: `JSONError.nonFiniteNumber(path:)` naming the first NaN or infinity; the
    ///   encoder then forgets its previous frame.
    public mutating func encode(_ scene: Scene) throws(JSONError) -> [UInt8] {
        guard reusesUnchangedOps else {
            layout = nil
            unchanged = nil
            return try scene.displayList().canonicalJSON()
        }
        // The last frame's flags, their storage reused once `unchanged` lets go of them.
        opsUnchanged = unchanged?.ops ?? []
        var elementsUnchanged = unchanged?.accessibility ?? []
        unchanged = nil
        opsUnchanged.removeAll(keepingCapacity: true)
        elementsUnchanged.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        elementCount = 0
        repeats.removeAll()
        writer.removeAll()
        DisplayList.writeHeader(
            component: scene.component, size: scene.size, time: scene.time, background: scene.background,
            bleed: scene.bleed, to: &writer)
        let opsOpen = writer.count - 1
        // Moved out, not copied: a copy retains the root's strings and arrays.
        var previousRoot: SceneNode? = nil
        swap(&previousRoot, &self.previousRoot)
        withUnsafePointer(to: scene.root) { root in
            if let previousRoot {
                withUnsafePointer(to: previousRoot) { visit(root, old: $0, oldIndex: 0) }
            } else {
                visit(root, old: nil, oldIndex: 0)
            }
            run.flush(into: &writer, from: previousBytes)
            let opsClose = writer.count
            writer.writeRaw("],\"accessibility\":[")
            let elementsOpen = writer.count - 1
            var elementRanges: [Range<Int>] = []
            elementRanges.reserveCapacity(elementCount)
            writeElements(into: &elementRanges, unchanged: &elementsUnchanged)
            let elementsClose = writer.count
            writer.writeRaw("]}")
            layout = DisplayListDelta.Layout(
                ops: .init(open: opsOpen, close: opsClose, elements: ranges),
                accessibility: .init(open: elementsOpen, close: elementsClose, elements: elementRanges))
        }
        guard !writer.sawNonFiniteNumber else {
            self = DisplayListEncoder()
            // Rare: the list, written on its own, names the field.
            _ = try scene.displayList().canonicalJSON()
            preconditionFailure("the encoder saw a NaN its list does not hold")
        }
        let written = layout!
        if !previousBytes.isEmpty {
            unchanged = DisplayListDelta.Unchanged(
                base: previousBytes, ops: opsUnchanged, accessibility: elementsUnchanged)
        }
        self.previousRoot = scene.root
        swap(&previousSpans, &spans)
        previousRanges = written.ops.elements
        previousElementRanges = written.accessibility.elements
        previousBytes = writer.takeBytes()
        return previousBytes
    }

    /// Writes the ops of `node`'s subtree, noting its elements, beside `old`, the previous
    /// frame's node in its place (at `oldIndex` in `previousSpans`), if any.
    private mutating func visit(_ node: UnsafePointer<SceneNode>, old: UnsafePointer<SceneNode>?, oldIndex: Int) {
        let spanIndex = spans.count, opStart = ranges.count, elementStart = elementCount
        if let old, Self.sameBits(node, old) {
            // The same bits: the same values and the same children's storage all the way down.
            let span = previousSpans[oldIndex]
            copyOps(span.ops)
            if !span.elements.isEmpty {
                pending.append(.copied(span.elements))
                elementCount += span.elements.count
            }
            let opShift = opStart - span.ops.lowerBound, elementShift = elementStart - span.elements.lowerBound
            let nodeShift = spanIndex - oldIndex
            // Its nodes' spans, copied whole and then moved to where the subtree sits now.
            previousSpans.withUnsafeBufferPointer { previous in
                spans.append(contentsOf: UnsafeBufferPointer(rebasing: previous[oldIndex..<span.end]))
            }
            if opShift != 0 || elementShift != 0 || nodeShift != 0 {
                spans.withUnsafeMutableBufferPointer { spans in
                    for index in spanIndex..<spans.count {
                        let kept = spans[index]
                        spans[index] = NodeSpan(
                            ops: (kept.ops.lowerBound + opShift)..<(kept.ops.upperBound + opShift),
                            elements: (kept.elements.lowerBound + elementShift)..<(kept.elements.upperBound + elementShift),
                            end: kept.end + nodeShift)
                    }
                }
            }
            return
        }
        spans.append(NodeSpan(ops: 0..<0, elements: 0..<0, end: 0))
        let oldSpan = old.map { _ in previousSpans[oldIndex] }
        if let element = Scene.accessibilityElement(node) {
            // The previous node's own element, when it had one, is the first of its subtree's.
            if let old, let oldSpan, let oldElement = Scene.accessibilityElement(old), element.isSame(as: oldElement) {
                pending.append(.copied(oldSpan.elements.lowerBound..<(oldSpan.elements.lowerBound + 1)))
            } else {
                pending.append(.written(element))
            }
            elementCount += 1
        }
        if let old, let oldSpan {
            copyOrWriteOp(node, old, previous: oldSpan.ops.lowerBound)
        } else {
            writeOp(Scene.op(node))
        }
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let old, !children.isEmpty else {
                for index in children.indices { visit(children.baseAddress! + index, old: nil, oldIndex: 0) }
                return
            }
            old.pointee.children.withUnsafeBufferPointer { oldChildren in
                // Paired by position when the counts agree, else each with the next previous
                // child of the same id (a child shown or hidden since).
                let byPosition = oldChildren.count == children.count
                var next = 0, nextIndex = oldIndex + 1
                for index in children.indices {
                    var candidate = next, candidateIndex = nextIndex
                    if !byPosition {
                        let id = children[index].id
                        while candidate < oldChildren.count, oldChildren[candidate].id != id {
                            candidateIndex = previousSpans[candidateIndex].end
                            candidate += 1
                        }
                    }
                    if candidate < oldChildren.count {
                        visit(children.baseAddress! + index, old: oldChildren.baseAddress! + candidate, oldIndex: candidateIndex)
                        next = candidate + 1
                        nextIndex = previousSpans[candidateIndex].end
                    } else {
                        visit(children.baseAddress! + index, old: nil, oldIndex: 0)
                    }
                }
            }
        }
        if Scene.closesWithPop(node) {
            if let old, let oldSpan, Scene.closesWithPop(old) { copyOp(oldSpan.ops.upperBound - 1) } else { writeOp(.pop) }
        }
        spans[spanIndex] = NodeSpan(ops: opStart..<ranges.count, elements: elementStart..<elementCount, end: spans.count)
    }

    /// Takes op `previous` of the previous frame as the next op.
    private mutating func copyOp(_ previous: Int) { copyOps(previous..<(previous + 1)) }

    /// Takes ops `previous` of the previous frame, in order, as the next ops.
    private mutating func copyOps(_ previous: Range<Int>) {
        run.take(
            previous, at: previousRanges, into: &ranges, flags: &opsUnchanged, writer: &writer, from: previousBytes)
    }

    /// Writes `op` as the next op.
    private mutating func writeOp(_ op: DisplayList.Op) {
        run.flush(into: &writer, from: previousBytes)
        if !ranges.isEmpty { writer.writeByte(UInt8(ascii: ",")) }
        let start = writer.count
        op.write(to: &writer, repeats: &repeats)
        ranges.append(start..<writer.count)
        opsUnchanged.append(false)
    }

    /// Writes the accessibility elements the walk noted, in order.
    private mutating func writeElements(into elementRanges: inout [Range<Int>], unchanged: inout [Bool]) {
        var run = UnchangedRun()
        for item in pending {
            switch item {
            case .copied(let elements):
                run.take(
                    elements, at: previousElementRanges, into: &elementRanges, flags: &unchanged, writer: &writer,
                    from: previousBytes)
            case .written(let element):
                run.flush(into: &writer, from: previousBytes)
                if !elementRanges.isEmpty { writer.writeByte(UInt8(ascii: ",")) }
                let start = writer.count
                element.write(to: &writer)
                elementRanges.append(start..<writer.count)
                unchanged.append(false)
            }
        }
        run.flush(into: &writer, from: previousBytes)
    }

    private static let idOffset = MemoryLayout<SceneNode>.offset(of: \.id)!
    private static let contentOffset = MemoryLayout<SceneNode>.offset(of: \.content)!

    /// Takes op `previous` of the previous frame, `old`'s, when `node` gives the same op: the
    /// same id and content bits (a group rebuilt each frame with the same values usually is),
    /// else the two ops compared; writes `node`'s op otherwise (made once, whether or not
    /// telling took making it).
    private mutating func copyOrWriteOp(
        _ node: UnsafePointer<SceneNode>, _ old: UnsafePointer<SceneNode>, previous: Int
    ) {
        // Read in place: a field taken out to be pointed at is a copy (retained and released).
        let first = UnsafeRawPointer(node), second = UnsafeRawPointer(old)
        if memcmp(first + Self.idOffset, second + Self.idOffset, MemoryLayout<String>.size) == 0,
            memcmp(first + Self.contentOffset, second + Self.contentOffset, MemoryLayout<SceneNode.Content>.size) == 0
        {
            return copyOp(previous)
        }
        // An effect layer's op carries the effect as it is: equal effects and ids, the same op.
        // (Compared here, as making the ops boxes each effect.)
        if case .effect(let effect) = node.pointee.content, case .effect(let otherEffect) = old.pointee.content {
            if effect == otherEffect && node.pointee.id == old.pointee.id { return copyOp(previous) }
            return writeOp(Scene.op(node))
        }
        let op = Scene.op(node), other = Scene.op(old)
        if withUnsafePointer(to: op, { first in withUnsafePointer(to: other) { Self.sameBits(first, $0) } })
            || op.isSame(as: other)
        {
            copyOp(previous)
        } else {
            writeOp(op)
        }
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
        /// The previous bytes' element index after the stretch's last one.
        private var next = 0

        /// Adds element `index`, which is element `previous` of the previous bytes and sits at
        /// `range` there, and returns where it will sit in the bytes being written. Opens a
        /// stretch (writing the comma before the element) unless `previous` follows the open
        /// stretch's last one there (the element before `index` is then that one).
        @inline(__always)
        private mutating func extend(
            with range: Range<Int>, index: Int, previous: Int, writer: inout CanonicalJSONWriter, from bytes: [UInt8]
        ) -> Range<Int> {
            if let start, previous == next {
                end = range.upperBound
                next = previous + 1
                let shift = start.written - start.previous
                return (range.lowerBound + shift)..<(range.upperBound + shift)
            }
            flush(into: &writer, from: bytes)
            if index > 0 { writer.writeByte(UInt8(ascii: ",")) }
            start = (range.lowerBound, writer.count)
            end = range.upperBound
            next = previous + 1
            return writer.count..<(writer.count + range.count)
        }

        /// Takes elements `previous` of the previous bytes (sitting at `previousRanges` there),
        /// in order, as the next elements: appends where each will sit to `ranges`, and to
        /// `flags` whether each keeps its index. The first opens or extends the stretch, the
        /// rest follow it at the same shift.
        mutating func take(
            _ previous: Range<Int>, at previousRanges: [Range<Int>], into ranges: inout [Range<Int>],
            flags: inout [Bool], writer: inout CanonicalJSONWriter, from bytes: [UInt8]
        ) {
            guard let first = previous.first else { return }
            let index = ranges.count
            previousRanges.withUnsafeBufferPointer { previousRanges in
                let placed = extend(with: previousRanges[first], index: index, previous: first, writer: &writer, from: bytes)
                let shift = placed.lowerBound - previousRanges[first].lowerBound
                ranges.reserveCapacity(index + previous.count)
                flags.reserveCapacity(index + previous.count)
                let keepsIndex = first == index
                for element in previous {
                    ranges.append((previousRanges[element].lowerBound + shift)..<(previousRanges[element].upperBound + shift))
                    flags.append(keepsIndex)
                }
                next = previous.upperBound
                end = previousRanges[previous.upperBound - 1].upperBound
            }
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
