import CMorphLWS
import CWebSockets

/// The shell's side of one `morph.v1` connection: the lws handle, the id the core knows it
/// by, and a send buffer with lws's header room in front. Service thread only.
final class Connection {
    let id: Int
    let wsi: OpaquePointer

    private var buffer: UnsafeMutableRawPointer
    private var capacity: Int

    init(id: Int, wsi: OpaquePointer) {
        self.id = id
        self.wsi = wsi
        capacity = 4096
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// Writes one message; false when lws could not take all of it (the caller closes).
    func write(_ message: Outgoing) -> Bool {
        switch message {
        case .text(let bytes): write([bytes], binary: false)
        case .binary(let bytes): write([bytes], binary: true)
        // A frame is the shared head, this viewer's `dropped` digits and the shared list (or delta).
        case .frame(let frame, let dropped, let base):
            write(frame.parts(dropped: dropped, base: base), binary: false)
        }
    }

    private func write(_ parts: [[UInt8]], binary: Bool) -> Bool {
        let count = parts.reduce(0) { $0 + $1.count }
        let start = sendBuffer(payload: count)
        var cursor = start + lwsPreBytes
        for part in parts {
            part.withUnsafeBytes { source in
                if source.count > 0 { cursor.copyMemory(from: source.baseAddress!, byteCount: source.count) }
            }
            cursor += part.count
        }
        let payload = start.assumingMemoryBound(to: UInt8.self)
        let written =
            binary
            ? lws_write(wsi, payload + lwsPreBytes, count, LWS_WRITE_BINARY)
            : morph_lws_write_text(wsi, payload, count)
        return Int(written) >= count
    }

    /// Room for `length` payload bytes after lws's header room, growing by doubling.
    private func sendBuffer(payload length: Int) -> UnsafeMutableRawPointer {
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
