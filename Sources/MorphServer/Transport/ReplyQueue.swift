/// Control answers (pong, error, session, …) waiting for a connection to become writable.
///
/// Unlike frames these must all arrive, in order, so they queue; the queue is bounded because
/// a client that sends requests without reading answers is abusive and gets disconnected.
struct ReplyQueue {
    /// Beyond this many unsent answers the connection is closed (1008).
    static let limit = 256

    private var messages: [[UInt8]] = []
    private var head = 0

    /// True when nothing waits.
    var isEmpty: Bool { head == messages.count }

    /// Unsent answers.
    var count: Int { messages.count - head }

    /// Appends an answer; returns false when the queue is full (the caller closes).
    mutating func push(_ message: [UInt8]) -> Bool {
        guard count < Self.limit else { return false }
        messages.append(message)
        return true
    }

    /// Takes the oldest answer.
    mutating func pop() -> [UInt8]? {
        guard head < messages.count else { return nil }
        let message = messages[head]
        head += 1
        if head == messages.count {
            messages.removeAll(keepingCapacity: true)
            head = 0
        }
        return message
    }
}
