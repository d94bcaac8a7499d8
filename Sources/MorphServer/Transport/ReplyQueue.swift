/// Control answers (pong, error, session, …) waiting for a connection to become writable.
///
/// Unlike frames these must all arrive, in order, so they queue; the queue is bounded because
/// a client that sends requests without reading answers is abusive and gets disconnected.
struct ReplyQueue {
    /// Beyond this many unsent answers the connection is closed (1008). Room for what the
    /// allowed rate answers (a burst of 200, then 1000 a second) while the service thread is
    /// held up for about 1.8 s: one answer leaves per writable round, and a loaded machine can
    /// take many reads between two rounds, so 256 cut off clients that read everything. The
    /// byte bound below is what keeps the memory small.
    static let limit = 2048
    /// Beyond this many unsent bytes of answers, too (a `recordings` list of 1000 files is
    /// about 100 KiB): part of the per-connection memory budget (Sources/morphd/README.md).
    static let byteLimit = 1 << 20

    /// Unsent answers. Kept here, not read from `messages`: every writable round of every
    /// connection asks, nearly always of an empty queue, and reading the array's count
    /// touched its storage (a cache miss a viewer a frame at 2000 viewers). First, so it
    /// shares a cache line with the other fields of `PeerState` that a round reads.
    private(set) var count = 0
    private var messages: [[UInt8]] = []
    private var head = 0
    /// Bytes of the unsent answers.
    private(set) var bytes = 0

    /// True when nothing waits.
    var isEmpty: Bool { count == 0 }

    /// Appends an answer; returns false when the queue is full, by count or bytes (the caller closes).
    mutating func push(_ message: [UInt8]) -> Bool {
        guard count < Self.limit, bytes + message.count <= Self.byteLimit else { return false }
        messages.append(message)
        count += 1
        bytes += message.count
        return true
    }

    /// Takes the oldest answer.
    mutating func pop() -> [UInt8]? {
        guard count > 0 else { return nil }
        let message = messages[head]
        head += 1
        count -= 1
        bytes -= message.count
        if count == 0 {
            messages.removeAll(keepingCapacity: true)
            head = 0
        }
        return message
    }
}
