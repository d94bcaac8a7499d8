import Testing

@testable import MorphServer

@Suite struct FrameMessageCacheTests {
    /// A frame with one delta, against frame `sequence - 1`.
    private func frame(_ sequence: Int, list: String = "{\"ops\":[1,2,3]}") -> FrameEncoding {
        FrameEncoding(
            session: "abcdefghijklmnop", sequence: sequence, serverTime: 1_700_000_000.25, state: "dragging",
            list: Array(list.utf8), deltas: [(Array("{\"ops\":[[0,3]]}".utf8), sequence - 1)])
    }

    private func bytes(_ message: SendBuffer) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: message.start + lwsPreBytes, count: message.count))
    }

    /// The assembled message is the frame's bytes for that viewer, after lws's header room.
    @Test func messagesAreTheFramesBytesForEachViewer() {
        let cache = FrameMessageCache()
        let shared = frame(7)
        for (dropped, base) in [(0, nil), (3, nil), (0, 6), (12, 6), (0, 5)] as [(Int, Int?)] {
            let message = cache.message(shared, dropped: dropped, base: base)
            #expect(
                bytes(message) == shared.bytes(dropped: dropped, base: base),
                "dropped \(dropped), base \(String(describing: base))")
        }
        // Base 5 has no delta: the full list, as `parts` gives it.
        #expect(bytes(cache.message(shared, dropped: 0, base: 5)).count == shared.byteCount(dropped: 0, base: nil))
    }

    /// A thousand viewers that kept up share one copy of the frame.
    @Test func viewersThatShareTheBytesShareOneCopy() {
        let cache = FrameMessageCache()
        let shared = frame(7)
        let first = cache.message(shared, dropped: 0, base: 6)
        for _ in 0..<1000 {
            let again = cache.message(shared, dropped: 0, base: 6)
            #expect(again === first && again.count == first.count)
        }
        #expect(cache.assembled == 1)
    }

    /// Slow viewers (other `dropped` counts) take their own entries without evicting the
    /// message the rest share; a fifth distinct message evicts the least recently used.
    @Test func slowViewersDoNotEvictTheSharedMessage() {
        let cache = FrameMessageCache()
        let shared = frame(7)
        for round in 0..<50 {
            _ = cache.message(shared, dropped: 0, base: 6)
            _ = cache.message(shared, dropped: 1 + round % 3, base: nil)
        }
        #expect(cache.assembled == 4)
        // Most recent first (the last round was 49): dropped 2, (0, base 6), dropped 1, dropped
        // 3. Two new ones evict dropped 3 and 1.
        _ = cache.message(shared, dropped: 9, base: nil)
        _ = cache.message(shared, dropped: 10, base: nil)
        #expect(cache.assembled == 6)
        _ = cache.message(shared, dropped: 0, base: 6)
        _ = cache.message(shared, dropped: 2, base: nil)
        #expect(cache.assembled == 6)
        _ = cache.message(shared, dropped: 1, base: nil)
        #expect(cache.assembled == 7)
    }

    /// A newer frame never gets an older frame's bytes, even with the same sequence number
    /// and viewer counts, and a larger frame grows the buffer.
    @Test func aNewFrameIsAssembledAgain() {
        let cache = FrameMessageCache()
        let old = frame(7)
        #expect(bytes(cache.message(old, dropped: 0, base: nil)) == old.bytes(dropped: 0))
        let large = frame(7, list: "{\"ops\":[" + Array(repeating: "12345", count: 4000).joined(separator: ",") + "]}")
        let message = cache.message(large, dropped: 0, base: nil)
        #expect(bytes(message) == large.bytes(dropped: 0))
        #expect(message.count > 20_000)
        #expect(cache.assembled == 2)
    }
}
