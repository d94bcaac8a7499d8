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
///
/// A viewer that acks (`tiles` with `ack`) also has at most one set in flight: after a set's
/// `tiles-done` the next one waits until `tiles-ack` for it. A socket drains as fast as the
/// browser reads it, not as fast as the page decodes and draws, so without acks a slow page
/// had sets queue in its decoder and tile latency grew for as long as the drag lasted. The
/// waiting set is still the newest, and since it is cut against `version` (the last set
/// sent), the tiles of the sets it replaced go out with it.
///
/// A class: `PeerState.tiles`, asked by every viewer at every frame, is then one reference to
/// test for nil, where an optional struct of 120 bytes was copied out whole to be tested.
final class TileSubscription {
    let scale: Int
    /// Whether the viewer acknowledges each set (`tiles-ack`).
    let acks: Bool
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
    /// The set sent but not yet acknowledged: its frame `seq`, when its `tiles-done` went out
    /// (core clock) and its pixels' share of a full-scale set's. Only for a viewer that acks.
    private(set) var unacknowledged: (sequence: Int, sentAt: Double, pixelShare: Double)?
    /// How long this viewer takes to ack a set (moving average, seconds; nil before the first).
    private(set) var ackSeconds: Double?
    /// Whether the viewer draws too slowly for full-scale sets (`TileScalePolicy` lowers the
    /// stream while moving); decided with a margin either way so it does not flap.
    private(set) var isBehind = false

    /// Above this average ack time (two frames at 60 Hz: one set in flight and one waiting
    /// no longer keep up) the viewer is behind; below `caughtUpBelow` it is no longer.
    static let behindAbove = 2.0 / 60, caughtUpBelow = 1.5 / 60
    /// Weight of the newest ack in the average (about the last five sets).
    static let smoothing = 0.3

    init(scale: Int, acks: Bool = false) {
        self.scale = scale
        self.acks = acks
    }

    /// Whether a new set would go out to this viewer at once: it does not ack, or it has no set
    /// waiting, being sent or unacknowledged.
    var takesSetNow: Bool { !acks || (unacknowledged == nil && sending == nil && pending.pending == nil) }

    /// True while a message is waiting to be written.
    var hasWork: Bool { sending != nil || (pending.pending != nil && unacknowledged == nil) }

    /// The next message to write, and whether it is binary; nil when idle or waiting for an
    /// ack. `now` (core clock) stamps a set's `tiles-done` for the ack time.
    func nextMessage(now: Double = 0) -> (bytes: [UInt8], binary: Bool)? {
        if sending == nil, unacknowledged == nil, let next = pending.take() {
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
        if acks {
            let ratio = Double(snapshot.scale) / Double(max(1, snapshot.fullScale))
            unacknowledged = (snapshot.sequence, now, ratio * ratio)
        }
        return (snapshot.doneMessage(tiles: remainingCount, lossy: remainingLossy), false)
    }

    /// `tiles-ack` for the set of frame `sequence`: frees the next set; returns whether it
    /// acknowledged the set in flight (an ack of another set, such as one sent before tiles
    /// were turned off and on, changes nothing).
    func acknowledge(_ sequence: Int, now: Double) -> Bool {
        guard let sent = unacknowledged, sent.sequence == sequence else { return false }
        unacknowledged = nil
        // A lowered set has a quarter of the pixels to decode: counted at full scale, so a
        // viewer kept up by lowered sets stays lowered instead of flapping back and forth.
        let seconds = max(0, now - sent.sentAt) / sent.pixelShare
        let average = ackSeconds.map { $0 + (seconds - $0) * Self.smoothing } ?? seconds
        ackSeconds = average
        if isBehind {
            if average < Self.caughtUpBelow { isBehind = false }
        } else if average > Self.behindAbove {
            isBehind = true
        }
        return true
    }
}
