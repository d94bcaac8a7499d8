import Dispatch

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

/// Laps of the monotonic clock, each added to one phase of `TileTimings`.
struct PhaseClock {
    private(set) var timings = TileTimings()
    private var last = DispatchTime.now().uptimeNanoseconds

    /// Adds the time since the previous lap (or the start) to `phase`.
    mutating func lap(_ phase: WritableKeyPath<TileTimings, Double>) {
        let now = DispatchTime.now().uptimeNanoseconds
        timings[keyPath: phase] += Double(now - last) / 1_000_000
        last = now
    }
}
