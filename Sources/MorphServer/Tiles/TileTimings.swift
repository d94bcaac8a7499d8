import MorphKit

/// Where the time of one tile set went, in milliseconds (the HUD shows the total; the tile
/// benchmark splits it).
public struct TileTimings: Hashable, Sendable {
    /// Drawing the unfolded layer through cairo (0 when the cached one was reused).
    public var content = 0.0
    /// The curtain kernel.
    public var kernel = 0.0
    /// Finding the dirty tiles.
    public var diff = 0.0
    /// Encoding the tiles (PNG or lossy), in parallel.
    public var encode = 0.0

    /// No time yet.
    public init() {}

    /// The whole set: content, kernel, diff and encode.
    public var total: Double { content + kernel + diff + encode }
}

/// Laps of the server's injected clock, each added to one phase of `TileTimings` (so tests
/// can drive the timings, and the scale fallback that reads them, with a manual clock).
struct PhaseClock {
    private(set) var timings = TileTimings()
    private let clock: any TimeSource
    private var last: Double

    /// Starts lapping from `clock`'s reading now.
    init(_ clock: any TimeSource) {
        self.clock = clock
        last = clock.now()
    }

    /// Adds the time since the previous lap (or the start) to `phase`.
    mutating func lap(_ phase: WritableKeyPath<TileTimings, Double>) {
        let now = clock.now()
        timings[keyPath: phase] += (now - last) * 1000
        last = now
    }
}
