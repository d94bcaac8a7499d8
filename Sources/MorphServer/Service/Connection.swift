import CMorphLWS

/// One `morph.v1` viewer; service thread only.
///
/// Owns its send buffer (with lws's header room in front), the queue of control answers,
/// the one-frame slot, and the bytes of a message still arriving in fragments.
final class Connection {
    let id: Int
    let wsi: OpaquePointer
    var sessionID: String?
    var replies = ReplyQueue()
    var frames = LatestSlot<FrameEncoding>()
    /// Server-rendered curtain tiles, when this viewer opted in.
    var tiles: TileSubscription?
    var incoming: [UInt8] = []
    var incomingIsBinary = false
    /// Set when the connection must close once its answers are out: code and reason.
    var closing: (code: Int32, reason: String)?
    /// True when the close frame should go with the next writable callback.
    var closeNow = false
    /// Counted against `--max-clients` (a refused connection is not).
    let counted: Bool

    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int

    init(id: Int, wsi: OpaquePointer, counted: Bool) {
        self.id = id
        self.wsi = wsi
        self.counted = counted
        capacity = 4096
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Room for `length` payload bytes after lws's header room, growing by doubling.
    func sendBuffer(payload length: Int) -> UnsafeMutableRawPointer {
        let needed = length + lwsPreBytes
        if needed > capacity {
            var grown = capacity
            while grown < needed { grown *= 2 }
            buffer.deallocate()
            buffer = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            capacity = grown
        }
        return buffer
    }
}

/// Bytes lws needs in front of every payload passed to `lws_write`.
public let lwsPreBytes: Int = Int(morph_lws_pre)
