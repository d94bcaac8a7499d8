import MorphKit

/// One `frame` message, encoded once per session tick and shared by every viewer.
///
/// Only `dropped` differs between viewers, so the message is stored as the bytes before that
/// number and the display list after it, kept as the session's own array (the bulk, never
/// copied here): sending is a few copies and digits, never a second JSON encoding. A frame
/// may also carry its list as deltas against the session's last few frames
/// (`DisplayListDelta`): a viewer that opted in gets, instead of `list`, the delta against
/// the frame it was sent last, when there is one (a viewer that skipped a frame or two
/// still gets a delta).
public final class FrameEncoding: Sendable {
    /// `{"type":"frame",…,"dropped":`
    public let head: [UInt8]
    /// The display list's bytes, the array passed in.
    public let list: [UInt8]
    /// What comes between `dropped`'s digits and `list`.
    public static let listKey = Array(",\"list\":".utf8)
    /// What closes the message after `list`.
    public static let closing = Array("}".utf8)
    /// `,"list":{…}}`, everything after `dropped`'s digits (built on each call).
    public var tail: [UInt8] { Self.listKey + list + Self.closing }
    /// The frame's sequence number within its session.
    public let sequence: Int
    /// For each delta made: `,"base":N,"delta":` and the delta list's bytes against frame `N`.
    public let deltas: [(key: [UInt8], list: [UInt8], base: Int)]

    /// Encodes the shared parts of a frame; `list` must already be a JSON object's bytes, and
    /// each of `deltas` the list's delta against frame `base` of the session.
    public init(
        session: String, sequence: Int, serverTime: Double, state: String, list: [UInt8],
        deltas: [(list: [UInt8], base: Int)] = []
    ) {
        // Keys written as raw bytes and numbers as digits: this runs once a tick for every
        // session, and building strings for it cost more than the rest of the message.
        var head = JSONValue.CompactWriter(capacity: 96 + session.utf8.count + state.utf8.count)
        head.raw("{\"type\":\"frame\",\"session\":")
        head.write(string: session)
        head.raw(",\"seq\":")
        head.write(number: Double(sequence))
        head.raw(",\"serverTime\":")
        head.write(number: serverTime)
        head.raw(",\"state\":")
        head.write(string: state)
        head.raw(",\"dropped\":")
        self.head = head.bytes
        self.list = list
        self.sequence = sequence
        self.deltas = deltas.map { delta in
            var key = JSONValue.CompactWriter(capacity: 32)
            key.raw(",\"base\":")
            key.write(integer: Int64(delta.base))
            key.raw(",\"delta\":")
            return (key.bytes, delta.list, delta.base)
        }
    }

    /// Calls `body` with each part of the message for a viewer that has skipped `dropped`
    /// frames, in order: the head, `dropped`'s digits, then the delta against frame `base`
    /// when the frame has one, else the list, then the closing brace. Passed, not collected: a message is assembled
    /// once a frame for every session, and an array of the parts was one allocation of it.
    @inline(__always)
    public func forEachPart(dropped: Int, base: Int? = nil, _ body: ([UInt8]) -> Void) {
        body(head)
        body(Self.digits(dropped))
        if let base, let delta = deltas.first(where: { $0.base == base }) {
            body(delta.key)
            body(delta.list)
        } else {
            body(Self.listKey)
            body(list)
        }
        body(Self.closing)
    }

    /// `dropped` is nearly always a single digit: those are written once, not each message.
    private static let singleDigits: [[UInt8]] = (0...9).map { [UInt8(ascii: "0") + UInt8($0)] }

    private static func digits(_ count: Int) -> [UInt8] {
        if (0...9).contains(count) { return singleDigits[count] }
        var writer = JSONValue.CompactWriter(capacity: 8)
        writer.write(integer: Int64(count))
        return writer.bytes
    }

    /// Whether a delta against frame `base` was made.
    public func hasDelta(base: Int?) -> Bool {
        base.map { base in deltas.contains { $0.base == base } } ?? false
    }

    /// Bytes of the complete message for a viewer that has skipped `dropped` frames (as a
    /// delta against `base` when there is one).
    public func bytes(dropped: Int, base: Int? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        forEachPart(dropped: dropped, base: base) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Length of `bytes(dropped:base:)` without building it.
    public func byteCount(dropped: Int, base: Int? = nil) -> Int {
        var count = 0
        forEachPart(dropped: dropped, base: base) { count += $0.count }
        return count
    }
}
