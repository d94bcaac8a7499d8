import MorphKit

/// One `frame` message, encoded once per session tick and shared by every viewer.
///
/// Only `dropped` differs between viewers, so the message is stored as the bytes before that
/// number and the bytes after it (which hold the display list, the bulk): sending is two
/// copies and a few digits, never a second JSON encoding.
public final class FrameEncoding: Sendable {
    /// `{"type":"frame",…,"dropped":`
    public let head: [UInt8]
    /// `,"list":{…}}`
    public let tail: [UInt8]
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
        var tail = JSONValue.CompactWriter(capacity: list.count + 16)
        tail.raw(",\"list\":")
        tail.raw(list)
        tail.raw("}")
        self.head = head.bytes
        self.tail = tail.bytes
        self.sequence = sequence
    }

    /// Bytes of the complete message for a viewer that has skipped `dropped` frames.
    public func bytes(dropped: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(byteCount(dropped: dropped))
        result += head
        result += Array(String(dropped).utf8)
        result += tail
        return result
    }

    /// Length of `bytes(dropped:)` without building it.
    public func byteCount(dropped: Int) -> Int {
        head.count + String(dropped).utf8.count + tail.count
    }
}
