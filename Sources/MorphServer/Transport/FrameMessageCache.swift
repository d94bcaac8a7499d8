/// The last few `frame` messages written, each assembled once with lws's header room in
/// front, so that a frame fanned out to many viewers is copied into a send buffer once instead
/// of once per viewer (that copy was 9 % of morphd's CPU at 1000 viewers of full frames).
///
/// A message is the same for every viewer with the same `dropped` count and delta base, so
/// viewers that keep up share one. lws writes the WebSocket header into the room in front (the
/// same bytes on every write of one message) and copies a rest the socket could not take into
/// the connection's own buffer, so one buffer can be written to many connections in turn.
/// Service thread only.
final class FrameMessageCache {
    /// How many messages are kept: a fan-out has one per distinct `dropped` count among its
    /// viewers, and a slow viewer or two must not evict the message everyone else shares.
    static let capacity = 4

    private struct Key: Equatable {
        let frame: ObjectIdentifier
        let dropped: Int
        let base: Int?
    }

    private final class Entry {
        var key: Key?
        /// Held so that the identity in `key` cannot be reused by a newer frame meanwhile.
        var frame: FrameEncoding?
        let message = SendBuffer()
    }

    /// Most recently used first.
    private var entries = (0..<FrameMessageCache.capacity).map { _ in Entry() }

    /// How many messages were assembled (each a copy of the frame's bytes), for tests.
    private(set) var assembled = 0

    /// The message for a viewer that has skipped `dropped` frames, as the delta against frame
    /// `base` when the frame has one. Valid until this cache is next asked.
    func message(_ frame: FrameEncoding, dropped: Int, base: Int?) -> SendBuffer {
        let key = Key(frame: ObjectIdentifier(frame), dropped: dropped, base: base)
        if let index = entries.firstIndex(where: { $0.key == key }) {
            let entry = entries[index]
            moveToFront(index)
            return entry.message
        }
        let entry = entries[entries.count - 1]
        moveToFront(entries.count - 1)
        entry.message.assemble { frame.forEachPart(dropped: dropped, base: base, $0) }
        entry.key = key
        entry.frame = frame
        assembled += 1
        return entry.message
    }

    private func moveToFront(_ index: Int) {
        guard index > 0 else { return }
        let entry = entries.remove(at: index)
        entries.insert(entry, at: 0)
    }
}
