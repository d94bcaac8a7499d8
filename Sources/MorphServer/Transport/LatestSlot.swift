/// Holds at most one pending value: a newer offer replaces an unsent one and counts a drop.
///
/// This is the back-pressure rule for frames. A slow viewer never grows a queue; it simply
/// sees fewer frames, and `dropped` tells it how many it missed.
public struct LatestSlot<Value> {
    /// The value waiting to be sent, if any.
    public private(set) var pending: Value?
    /// How many offered values were replaced before they could be taken.
    public private(set) var dropped = 0

    /// Makes an empty slot.
    public init() {}

    /// Offers a newer value; returns true when it replaced one that was never taken.
    @discardableResult
    public mutating func offer(_ value: Value) -> Bool {
        let replaced = pending != nil
        if replaced { dropped += 1 }
        pending = value
        return replaced
    }

    /// Takes the pending value, leaving the slot empty.
    public mutating func take() -> Value? {
        defer { pending = nil }
        return pending
    }
}
