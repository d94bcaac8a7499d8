import MorphKit

/// A session's newest few frames, kept so that each new frame can also be written as deltas
/// against them (`DisplayListDelta`): a viewer sent any of them gets the delta against that
/// one (`schemas/protocol.md`, Frame deltas). Built on the worker, once per frame.
public struct FrameDeltaBases: Sendable {
    /// How many of the newest frames each frame is written against: a viewer that skipped up
    /// to this many minus one (latest wins) still gets a delta.
    public static let count = 4

    private var recent: [(sequence: Int, list: [UInt8], layout: DisplayListDelta.Layout)] = []

    /// The sequence numbers of the frames kept, oldest first.
    public var keptSequences: [Int] { recent.map(\.sequence) }

    /// No frames yet.
    public init() {}

    /// The deltas of `list` (frame `sequence`) against the frames kept, newest first, each
    /// when shorter than `list`; then keeps `list` as a base for the frames after it.
    /// `layout` is `list`'s layout when its encoder knows it (else the bytes are scanned), and
    /// `unchanged` the elements its encoder copied from the list before (the delta against
    /// that one, when it is kept, then compares only the others).
    /// Frames older than `oldest` are neither written against nor kept: no viewer holds one
    /// now or will later (a viewer's base only moves forward), so a session whose viewers
    /// keep up holds one base instead of `count`.
    public mutating func deltas(
        of list: [UInt8], sequence: Int, layout known: DisplayListDelta.Layout? = nil,
        unchanged: DisplayListDelta.Unchanged? = nil, oldest: Int = .min
    ) -> [(list: [UInt8], base: Int)] {
        assert(known == nil || known == DisplayListDelta.layout(of: list), "encoder layout differs from the bytes'")
        guard let layout = known ?? DisplayListDelta.layout(of: list) else {
            recent.removeAll()
            return []
        }
        var deltas: [(list: [UInt8], base: Int)] = []
        for base in recent.reversed() where base.sequence >= oldest {
            guard
                let bytes = DisplayListDelta.encode(
                    list, layout: layout, base: base.list, baseLayout: base.layout, unchanged: unchanged)
            else { continue }
            deltas.append((bytes, base.sequence))
        }
        recent.removeAll { $0.sequence < oldest }
        if recent.count == Self.count { recent.removeFirst() }
        recent.append((sequence, list, layout))
        return deltas
    }
}
