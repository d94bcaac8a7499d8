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

    /// Makes `parts`, one after another, the message.
    func assemble(_ parts: [[UInt8]]) {
        let length = parts.reduce(0) { $0 + $1.count }
        let needed = length + lwsPreBytes
        if needed > capacity {
            var grown = capacity
            while grown < needed { grown *= 2 }
            start.deallocate()
            start = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            capacity = grown
        }
        var cursor = start + lwsPreBytes
        for part in parts {
            part.withUnsafeBytes { source in
                if source.count > 0 { cursor.copyMemory(from: source.baseAddress!, byteCount: source.count) }
            }
            cursor += part.count
        }
        count = length
    }
}
