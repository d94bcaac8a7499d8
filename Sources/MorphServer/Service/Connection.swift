import CMorphLWS
import CWebSockets

/// The shell's side of one `morph.v1` connection: the lws handle, the id the core knows it
/// by, the core's state for it (what a writable round reads, without a lookup by id), and a
/// send buffer with lws's header room in front. Service thread only.
final class Connection {
    let id: Int
    let wsi: OpaquePointer
    let peer: PeerState

    private let buffer = SendBuffer()

    init(id: Int, wsi: OpaquePointer, peer: PeerState) {
        self.id = id
        self.wsi = wsi
        self.peer = peer
    }

    /// Writes one message; false when lws could not take all of it (the caller closes). A
    /// frame is written from `frames` when given, where viewers sharing its bytes share one
    /// copy, else from this connection's own buffer.
    func write(_ message: Outgoing, frames: FrameMessageCache?) -> Bool {
        switch message {
        case .text(let bytes): write(binary: false) { $0(bytes) }
        case .binary(let bytes): write(binary: true) { $0(bytes) }
        case .frame(let frame, let dropped, let base):
            if let frames {
                send(frames.message(frame, dropped: dropped, base: base), binary: false)
            } else {
                // A frame is the shared head, this viewer's `dropped` digits and the shared list (or delta).
                write(binary: false) { frame.forEachPart(dropped: dropped, base: base, $0) }
            }
        }
    }

    /// Writes the parts `forEachPart` passes as one message, from this connection's buffer.
    private func write(binary: Bool, _ forEachPart: (([UInt8]) -> Void) -> Void) -> Bool {
        buffer.assemble(forEachPart)
        return send(buffer, binary: binary)
    }

    /// Writes `message`'s bytes, which follow lws's header room.
    private func send(_ message: SendBuffer, binary: Bool) -> Bool {
        let payload = message.start.assumingMemoryBound(to: UInt8.self)
        let written =
            binary
            ? lws_write(wsi, payload + lwsPreBytes, message.count, LWS_WRITE_BINARY)
            : morph_lws_write_text(wsi, payload, message.count)
        return Int(written) >= message.count
    }
}

/// Bytes lws needs in front of every payload passed to `lws_write`.
public let lwsPreBytes: Int = Int(morph_lws_pre)
