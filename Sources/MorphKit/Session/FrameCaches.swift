import Foundation

/// What a frame build may keep from earlier frames: the text layouts (`TextLayoutCache`) and
/// the parts of scenes that do not move (`StillPartsCache`, one per component type, and a
/// component file's `KeptByKey`). Every build uses `shared` unless its caller runs it inside
/// `use(_:)`; the frame benchmark passes `none` (and fresh layout caches) to measure uncached
/// builds beside cached ones, tests to prove a cached scene equals a fresh one.
///
/// Bound per thread rather than passed as a parameter: the caches are reached where
/// components and expression functions lay out text, deep in a build, and passed from there
/// to `TextLayout`'s initialisers (the core keeps no cache of its own). A binding lasts for one `use` call on one thread, so no other build in the process
/// sees it, unlike the process-wide switches it replaces (which a test flipped while other
/// suites built scenes). A pthread key, not a `@TaskLocal`: a build reads it at every text
/// and kept part, and a task-local read cost ~4× as much (~65 ns against ~16 ns), a few
/// percent of a cached frame.
public struct FrameCaches: Sendable {
    /// Where text layouts are kept; nil lays out every text afresh.
    public var textLayouts: TextLayoutCache?
    /// Whether components keep the parts of their scenes that do not move.
    public var keepsStillParts: Bool

    /// Caches for a build: layouts in `textLayouts` (nil: none), still parts kept or not.
    public init(textLayouts: TextLayoutCache?, keepsStillParts: Bool) {
        self.textLayouts = textLayouts
        self.keepsStillParts = keepsStillParts
    }

    /// The process's caches: `TextLayoutCache.shared` and the components' still parts.
    public static let shared = FrameCaches(textLayouts: .shared, keepsStillParts: true)

    /// Nothing kept: every frame built in full.
    public static let none = FrameCaches(textLayouts: nil, keepsStillParts: false)

    /// The caches of the build running on this thread.
    static var current: FrameCaches {
        guard let bound = pthread_getspecific(bindingKey) else { return shared }
        return Unmanaged<Binding>.fromOpaque(bound).takeUnretainedValue().caches
    }

    /// Runs `body` with these caches for every frame it builds on this thread.
    public func use<Result>(_ body: () throws -> Result) rethrows -> Result {
        let binding = Binding(self)
        let previous = pthread_getspecific(bindingKey)
        pthread_setspecific(bindingKey, Unmanaged.passUnretained(binding).toOpaque())
        defer {
            pthread_setspecific(bindingKey, previous)
            withExtendedLifetime(binding) {}
        }
        return try body()
    }

    /// A `use` call's caches, referenced by the thread's key while the call runs.
    private final class Binding: Sendable {
        let caches: FrameCaches
        init(_ caches: FrameCaches) { self.caches = caches }
    }
}

/// The key of each thread's `FrameCaches` binding (none: `shared`).
private let bindingKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

extension TextLayoutCache {
    /// The process's cache, which every frame build uses unless run inside `FrameCaches.use`.
    public static let shared = TextLayoutCache()
}
