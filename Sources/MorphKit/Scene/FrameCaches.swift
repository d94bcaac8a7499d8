/// What a frame build may keep from earlier frames: the text layouts (`TextLayoutCache`) and
/// the parts of scenes that do not move (`StillPartsCache`, one per component type, and a
/// component file's `KeptByKey`). Every build uses `shared` unless its caller runs it inside
/// `use(_:)`; the frame benchmark passes `none` (and fresh layout caches) to measure uncached
/// builds beside cached ones, tests to prove a cached scene equals a fresh one.
///
/// Passed as a task-local rather than a parameter: the caches are reached from
/// `TextLayout`'s initialisers, which components and expression functions call from deep in
/// a build. A task-local is bound for the extent of one `use` call on one thread (and the
/// tasks it starts), so no other build in the process sees it, unlike the process-wide
/// switches it replaces (which a test flipped while other suites built scenes).
public struct FrameCaches: Sendable {
    /// Where text layouts are kept; nil lays out every text afresh.
    public var textLayouts: TextLayoutCache?
    /// Whether components keep the parts of their scenes that do not move.
    public var keepsStillParts: Bool

    public init(textLayouts: TextLayoutCache?, keepsStillParts: Bool) {
        self.textLayouts = textLayouts
        self.keepsStillParts = keepsStillParts
    }

    /// The process's caches: `TextLayoutCache.shared` and the components' still parts.
    public static var shared: FrameCaches { FrameCaches(textLayouts: .shared, keepsStillParts: true) }

    /// Nothing kept: every frame built in full.
    public static var none: FrameCaches { FrameCaches(textLayouts: nil, keepsStillParts: false) }

    /// The caches of the build running on this thread.
    @TaskLocal static var current = FrameCaches.shared

    /// Runs `body` with these caches for every frame it builds on this thread.
    public func use<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Self.$current.withValue(self, operation: body)
    }
}
