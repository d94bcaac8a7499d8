import MorphKit

/// One `frame` message, encoded once per session tick and shared by every viewer.
///
/// Only `dropped` differs between viewers, so the message is stored as the bytes before that
/// number and the display list after it, kept as the session's own array (the bulk, never
/// copied here): sending is a few copies and digits, never a second JSON encoding.
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

    /// Encodes the shared parts of a frame; `list` must already be a JSON object's bytes.
    public init(session: String, sequence: Int, serverTime: Double, state: String, list: [UInt8]) {
        var head = JSONValue.CompactWriter(capacity: 128)
        head.raw("{\"type\":\"frame\"")
        head.key("session")
        head.write(string: session)
        head.key("seq")
        head.write(number: Double(sequence))
        head.key("serverTime")
        head.write(number: serverTime)
        head.key("state")
        head.write(string: state)
        head.key("dropped")
        self.head = head.bytes
        self.list = list
        self.sequence = sequence
    }

    /// Bytes of the complete message for a viewer that has skipped `dropped` frames.
    public func bytes(dropped: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(byteCount(dropped: dropped))
        result += head
        result += Array(String(dropped).utf8)
        result += Self.listKey
        result += list
        result += Self.closing
        return result
    }

    /// Length of `bytes(dropped:)` without building it.
    public func byteCount(dropped: Int) -> Int {
        head.count + String(dropped).utf8.count + Self.listKey.count + list.count + Self.closing.count
    }
}
