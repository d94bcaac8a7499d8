import MorphWork

/// A thread-safe inbox the service thread empties: the only way other threads hand it work.
///
/// Posting never blocks on lws; the poster then wakes the service thread (`morph_lws_server_wake`)
/// and the items are drained there, in posting order, where lws may be called.
public final class Mailbox<Item: Sendable>: Sendable {
    /// Guards the items: any thread posts, the service thread drains.
    private let items = Locked<[Item]>([])

    /// Makes an empty mailbox.
    public init() {}

    /// Adds an item; safe from any thread.
    public func post(_ item: Item) {
        items.withLock { $0.append(item) }
    }

    /// Takes every item posted so far, oldest first.
    public func drain() -> [Item] {
        items.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
    }

    /// Items waiting; for tests and diagnostics.
    public var count: Int { items.withLock { $0.count } }
}
