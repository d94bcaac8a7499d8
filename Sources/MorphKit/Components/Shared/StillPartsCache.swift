import Synchronization

/// The parts of a component's scene that depend only on its configuration, environment and
/// viewport, never on the progress (the hero card's layout and the rows under its card, the
/// container's text, buttons and chevron), kept for the most recent keys and shared by every
/// session in the process: a frame then copies them instead of laying out, drawing icons,
/// building paths and interpolating ids again. Keys are compared with `==`, which for equal
/// configurations held by the same session costs a few pointer comparisons.
final class StillPartsCache<Key: Equatable & Sendable, Parts: Sendable>: Sendable {
    /// Whether still parts are kept (on by default). Benchmarks turn it off, with the text
    /// layout cache, to measure the full build in the same run.
    static var isEnabled: Bool { StillPartsCaching.enabled.load(ordering: .relaxed) }

    private let entries = Mutex<[(key: Key, parts: Parts)]>([])
    private let capacity: Int

    init(capacity: Int = 16) { self.capacity = capacity }

    /// The parts for `key`, made by `make` on a miss (outside the lock).
    func parts(for key: Key, _ make: () -> Parts) -> Parts {
        guard Self.isEnabled else { return make() }
        if let hit = entries.withLock({ list in list.first(where: { $0.key == key })?.parts }) { return hit }
        let parts = make()
        entries.withLock { list in
            list.insert((key, parts), at: 0)
            if list.count > capacity { list.removeLast() }
        }
        return parts
    }
}

/// The switch every component's still-parts cache obeys.
public enum StillPartsCaching {
    static let enabled = Atomic<Bool>(true)

    /// Whether components keep the parts of their scenes that do not move (on by default;
    /// `morph-bench frames` turns it off to measure the full build in the same run).
    public static var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }
}
