/// A message's bytes with lws's header room (`lwsPreBytes`) in front, as `lws_write` wants
/// them, growing by doubling to the largest message it held. Service thread only.
final class SendBuffer {
    /// The header room; the message follows it.
    private(set) var start: UnsafeMutableRawPointer
    /// The message's length, after the header room.
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
        start = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { start.deallocate() }

    /// Makes the parts `forEachPart` passes, one after another, the message (without an
    /// array of them to allocate); it is called twice and must pass the same parts each time
    /// (`FrameEncoding.forEachPart`).
    func assemble(_ forEachPart: (([UInt8]) -> Void) -> Void) {
        var length = 0
        forEachPart { length += $0.count }
        let needed = length + lwsPreBytes
        if needed > capacity {
            var grown = capacity
            while grown < needed { grown *= 2 }
            start.deallocate()
            start = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            capacity = grown
        }
        var cursor = start + lwsPreBytes
        forEachPart { part in
            part.withUnsafeBytes { source in
                if source.count > 0 { cursor.copyMemory(from: source.baseAddress!, byteCount: source.count) }
            }
            cursor += part.count
        }
        count = length
    }
}
