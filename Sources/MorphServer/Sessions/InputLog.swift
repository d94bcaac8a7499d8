import MorphKit

/// Every input a session applied, in order, for a recording started later (it replays from
/// the session's start). A drag streams 60–120 pointer events a second for as long as the
/// session lives, so they are packed: 33 bytes each (a kind byte, then the time, the
/// pointer and x, y as raw 64-bit patterns, so they come back bit for bit), in blocks of
/// fixed capacity, so the log never holds a doubled array's spare half. An `[InputEvent]`
/// took ~127 bytes an event with that spare half (100 driven sessions grew by 27 MB an
/// hour each); anything other than a pointer event is rare and kept as it is.
struct InputLog: Sendable {
    /// Bytes a packed pointer event takes.
    static let pointerEventBytes = 33
    /// Bytes a block holds: 1985 pointer events, about half a minute of a 60 Hz drag.
    static let blockBytes = 65_505

    /// Full blocks, oldest first.
    private var blocks: [[UInt8]] = []
    /// The block being filled: a field of its own, so that appending to it neither takes it
    /// out of `blocks` nor copies it.
    private var current: [UInt8] = []
    /// Events that are not pointer events, in order; the bytes hold their index.
    private var others: [InputEvent] = []
    private(set) var count = 0
    /// What the events take: 33 bytes a pointer event, an `InputEvent` and its strings
    /// (a `set` key and value) for any other. What a session's log is bounded by.
    private(set) var bytes = 0

    private enum Tag: UInt8 {
        case pointerDown, pointerMove, pointerUp
        /// Followed by a 32-bit index into `others`.
        case other
    }

    /// Bytes `event` adds to the log.
    static func cost(of event: InputEvent) -> Int {
        switch event.kind {
        case .pointerDown, .pointerMove, .pointerUp: return pointerEventBytes
        case .set(let key, let value):
            let text = if case .string(let text) = value { text.utf8.count } else { 0 }
            return 5 + MemoryLayout<InputEvent>.stride + key.utf8.count + text
        default: return 5 + MemoryLayout<InputEvent>.stride
        }
    }

    mutating func append(_ event: InputEvent) {
        count += 1
        bytes += Self.cost(of: event)
        switch event.kind {
        case .pointerDown(let pointer, let location): appendPointer(.pointerDown, event.time, pointer, location)
        case .pointerMove(let pointer, let location): appendPointer(.pointerMove, event.time, pointer, location)
        case .pointerUp(let pointer, let location): appendPointer(.pointerUp, event.time, pointer, location)
        default:
            others.append(event)
            makeRoom(for: 5)
            current.append(Tag.other.rawValue)
            appendWord(UInt64(others.count - 1), bytes: 4)
        }
    }

    /// Bytes the packed events hold, spare room in the blocks included.
    var storageBytes: Int {
        blocks.reduce(current.capacity) { $0 + $1.capacity } + others.capacity * MemoryLayout<InputEvent>.stride
    }

    /// The events, in the order they were appended.
    var events: [InputEvent] {
        var events: [InputEvent] = []
        events.reserveCapacity(count)
        for block in blocks + [current] {
            var index = 0
            while index < block.count {
                let tag = Tag(rawValue: block[index])!
                index += 1
                if tag == .other {
                    events.append(others[Int(readWord(block, at: index, bytes: 4))])
                    index += 4
                    continue
                }
                let time = Double(bitPattern: readWord(block, at: index, bytes: 8))
                let pointer = Int(truncatingIfNeeded: readWord(block, at: index + 8, bytes: 8))
                let location = Point(
                    x: Double(bitPattern: readWord(block, at: index + 16, bytes: 8)),
                    y: Double(bitPattern: readWord(block, at: index + 24, bytes: 8)))
                index += 32
                let kind: InputEvent.Kind =
                    switch tag {
                    case .pointerDown: .pointerDown(pointer: pointer, location: location)
                    case .pointerMove: .pointerMove(pointer: pointer, location: location)
                    default: .pointerUp(pointer: pointer, location: location)
                    }
                events.append(InputEvent(time: time, kind: kind))
            }
        }
        return events
    }

    private mutating func appendPointer(_ tag: Tag, _ time: Double, _ pointer: Int, _ location: Point) {
        makeRoom(for: Self.pointerEventBytes)
        // Packed in a buffer and appended in one piece: byte by byte, each append checked
        // the block's uniqueness and capacity (33 times an event, 60–120 events a second).
        withUnsafeTemporaryAllocation(byteCount: Self.pointerEventBytes, alignment: 8) { record in
            record[0] = tag.rawValue
            record.storeBytes(of: time.bitPattern.littleEndian, toByteOffset: 1, as: UInt64.self)
            record.storeBytes(of: UInt64(bitPattern: Int64(pointer)).littleEndian, toByteOffset: 9, as: UInt64.self)
            record.storeBytes(of: location.x.bitPattern.littleEndian, toByteOffset: 17, as: UInt64.self)
            record.storeBytes(of: location.y.bitPattern.littleEndian, toByteOffset: 25, as: UInt64.self)
            current.append(contentsOf: record)
        }
    }

    /// Begins a new block when `current` has no room for `length` more bytes.
    private mutating func makeRoom(for length: Int) {
        guard current.count + length > Self.blockBytes || current.capacity == 0 else { return }
        if !current.isEmpty { blocks.append(current) }
        current = []
        current.reserveCapacity(Self.blockBytes)
    }

    private mutating func appendWord(_ value: UInt64, bytes: Int) {
        for shift in stride(from: 0, to: bytes * 8, by: 8) { current.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }

    private func readWord(_ block: [UInt8], at index: Int, bytes: Int) -> UInt64 {
        var value: UInt64 = 0
        for offset in 0..<bytes { value |= UInt64(block[index + offset]) << (8 * offset) }
        return value
    }
}
