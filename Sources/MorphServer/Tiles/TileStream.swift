/// One session's tiles at one scale, on the service thread: the latest-wins scheduler, the
/// renderer its jobs run on, and the newest complete set (for viewers who enable tiles later).
final class TileStream {
    /// Identifies the stream in worker results (a stream removed and re-created is another).
    let id: Int
    let scale: Int
    let renderer: TileRenderer
    var scheduler = TileScheduler<TileJob>()
    var latest: TileSnapshot?
    /// When the tiles still held lossy are to be sent again as PNG (core clock): the rest
    /// delay after the last set that changed tiles; nil when no tile is lossy.
    var refinementDue: Double?

    init(id: Int, renderer: TileRenderer) {
        self.id = id
        self.scale = renderer.scale
        self.renderer = renderer
    }
}

/// What a tile worker hands back to the service thread through the mailbox.
struct TileResult: Sendable {
    let session: String
    let stream: Int
    /// The new set; nil when nothing changed or rendering failed.
    let snapshot: TileSnapshot?
    /// Set when rendering failed: one line for the operator.
    let failure: String?
}

/// One viewer's tiles: its scale, the stream version it has, the set it is sending and the
/// newest set waiting (latest wins, so a slow viewer holds at most two sets).
struct TileSubscription {
    let scale: Int
    /// The version of the last set this viewer was sent completely (0: none).
    var version = 0
    /// The newest set not yet started.
    var pending = LatestSlot<TileSnapshot>()
    /// The set being sent: its tile messages still to send, then its `tiles-done`.
    var sending: TileSnapshot?
    var remaining: [(tile: Int, part: Int)] = []
    var remainingCount = 0
    var remainingLossy = 0
    var complete = false

    init(scale: Int) { self.scale = scale }

    /// True while a message is waiting to be written.
    var hasWork: Bool { sending != nil || pending.pending != nil }

    /// The next message to write, and whether it is binary; nil when idle.
    mutating func nextMessage() -> (bytes: [UInt8], binary: Bool)? {
        if sending == nil, let next = pending.take() {
            sending = next
            // Tiles changed since this viewer's set; every tile of a new or resized layer
            // carries the new version, so such a layer (or a new viewer) gets it whole.
            let changed = next.tiles(after: version)
            remaining = next.messages(of: changed).reversed()
            remainingCount = remaining.count
            remainingLossy = remaining.reduce(0) { $0 + (next.parts[$1.tile][$1.part].codec.isLossy ? 1 : 0) }
            complete = next.layer != nil && changed.count == next.parts.count
        }
        guard let snapshot = sending else { return nil }
        if let (tile, part) = remaining.popLast() {
            return (snapshot.message(tile: tile, part: part, complete: complete), true)
        }
        sending = nil
        version = snapshot.version
        return (snapshot.doneMessage(tiles: remainingCount, lossy: remainingLossy), false)
    }
}
