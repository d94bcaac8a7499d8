import Synchronization

/// The parts of a component's scene that depend only on its configuration, environment and
/// viewport, never on its variables (`DataComponent.StillParts`: the hero card's layout and
/// the rows under its card, the container's text, buttons and chevron), kept for the most
/// recent keys and shared by every session of the definition: a frame then copies them
/// instead of laying out, drawing icons and building paths again. Keys are compared with `==`, which for equal
/// configurations held by the same session costs a few pointer comparisons.
///
/// A build run inside `FrameCaches.use` with `keepsStillParts` false makes every part afresh
/// (the frame benchmark's "caches off", the tests' fresh builds).
final class StillPartsCache<Key: Equatable & Sendable, Parts: Sendable>: Sendable {
    /// Guards the most recent keys and their parts: every thread that builds frames reads it.
    private let entries = Mutex<[(key: Key, parts: Parts)]>([])
    private let capacity: Int

    init(capacity: Int = 16) { self.capacity = capacity }

    /// The parts for `key`, made by `make` on a miss (outside the lock).
    func parts(for key: Key, _ make: () -> Parts) -> Parts {
        guard StillPartsCaching.isEnabled else { return make() }
        if let hit = entries.withLock({ list in list.first(where: { $0.key == key })?.parts }) { return hit }
        let parts = make()
        entries.withLock { list in
            list.insert((key, parts), at: 0)
            if list.count > capacity { list.removeLast() }
        }
        return parts
    }
}

/// Whether the running build keeps still parts (`FrameCaches.keepsStillParts`): read by the
/// still parts and the parts kept by key (`DataComponent.KeptByKey`).
enum StillPartsCaching {
    static var isEnabled: Bool { FrameCaches.current.keepsStillParts }
}
