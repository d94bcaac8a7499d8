import Foundation
import MorphCairo
import MorphKit
import MorphRaster
import MorphWork
import Synchronization

/// Turns frames into tile sets for one stream (one session at one scale): renders the
/// effect layer through `DisplayListRenderer`, diffs it with the previous layer, and encodes
/// only the dirty tiles, in parallel: lossy while the picture moves, PNG at rest
/// (`TileEncoder`).
///
/// While the curtain is dragged only the kernel's drag point changes, so the unfolded layer
/// is cached, keyed by the effect group's ops and bounds, and only the kernel runs per frame
/// (into reused buffers); the layer is drawn again when its content changes (the timer).
/// Only the fold moving is motion. A set whose fold did not move (content changing under a
/// still fold: the timer), or crept by less than `restingFoldStep` pixels, or whose frame
/// ends the motion (`TileJob.atRest`) is the resting picture: its changed tiles and every tile still lossy go out as PNG, so it refines at once.
/// A refining job (`TileJob.refine`, once the rest delay ran out) that changes no tile does
/// the same; for the frame already shown it runs no kernel at all.
///
/// While moving, a set may be rendered below `scale` (`TileScalePolicy`: when full-scale sets
/// cannot keep up, or always with `.always`); the next refining job then renders the whole
/// layer at full scale as PNG. Unfolded layers are cached per scale, so switching scales does
/// not redraw them.
///
/// Runs on the `WorkerPool`, off the service thread. Not thread-safe by itself: the stream's
/// `TileScheduler` runs at most one job at a time per renderer, and each job is handed over
/// through the pool's queue and the service thread's mailbox, which order the accesses.
public final class TileRenderer: @unchecked Sendable {
    /// The layer's tile edge in pixels.
    public let tileSize: Int
    /// The tile edge of a lowered set: twice `tileSize`, so a 1x set of a 2x stream has a
    /// quarter of the tiles a 1x stream would (8 instead of 28 for the curtain). A lowered set
    /// goes to a viewer that draws slowly, and each tile is a message its page turns into a
    /// blob, decodes and draws on its main thread: about 2 ms a message before the decoding
    /// itself with the page's CPU throttled 4× (a profile of a drag), for up to 35 messages.
    public var loweredTileSize: Int { tileSize * 2 }
    /// Pixels per point.
    public let scale: Int
    private let renderer: DisplayListRenderer
    private var previousBitmap: Bitmap?
    private var previous: TileSnapshot?
    /// The curtain effect (bounds, drag, folds) of the last job, to tell a moving fold from
    /// content changing under a still one.
    private var lastEffect: CurtainEffect?
    /// The unfolded effect layer and what it was drawn from, per scale drawn.
    private var cachedContent: [Int: (ops: ArraySlice<DisplayList.Op>, bounds: Rect, layer: Bitmap)] = [:]
    /// Chooses each set's scale from the measured cost of motion sets.
    private(set) var scalePolicy: TileScalePolicy
    /// Kernel buffers, and the folded bitmap of two frames ago, reused as the next output.
    private let workspace = CurtainWorkspace()
    private var spareBitmap: Bitmap?
    /// How many times the unfolded layer was drawn (the cache's misses).
    private(set) var contentRenders = 0

    /// The pool this renderer's jobs run on; the kernel's bands and the tile encoding join it.
    let pool: WorkerPool
    /// Times each set's phases (`TileTimings`); the server passes its own clock.
    let clock: any TimeSource

    /// Loads the fonts; throws when the renderer cannot run (fonts-inter missing).
    public init(
        scale: Int, tileSize: Int = TileGrid.defaultTileSize, pool: WorkerPool = .shared,
        clock: any TimeSource = SystemTimeSource()
    ) throws(MorphCairoError) {
        self.scale = scale
        self.tileSize = tileSize
        self.pool = pool
        self.clock = clock
        scalePolicy = TileScalePolicy(fullScale: scale)
        renderer = try DisplayListRenderer()
    }

    /// Set by the service thread when the stream is dropped (its session ended, or no viewer
    /// wants its scale); read by the worker that runs a job already queued for it.
    private let retired = Atomic<Bool>(false)

    /// Marks the stream gone: a job queued before renders nothing and lets go of the layers,
    /// so a burst of ended sessions does not keep rendering whole layers nobody will see
    /// (a soak's slow readers once held ~150 MB that way while new streams started).
    public func retire() {
        retired.store(true, ordering: .releasing)
    }

    /// Whether `retire()` was called.
    public var isRetired: Bool { retired.load(ordering: .acquiring) }

    /// The next tile set, or nil when nothing a viewer must learn changed (the layer is the
    /// same, or the effect stayed off) or the stream was retired. `rendered`/`skipped` are the
    /// stream's counters.
    public func render(_ job: TileJob, skipped: Int) throws -> TileSnapshot? {
        guard !isRetired else {
            previousBitmap = nil
            spareBitmap = nil
            previous = nil
            cachedContent = [:]
            return nil
        }
        var clock = PhaseClock(self.clock)
        let list = try DisplayList(json: job.list)
        // New pictures (a file component's, or a reloaded file's) make the cached layers stale.
        if renderer.images != job.images {
            renderer.images = job.images
            cachedContent = [:]
        }
        // Before any allocation: a viewport that grew past the budget stops the stream.
        if let reason = TileBudget.violation(viewport: list.size, scale: scale) { throw TileBudgetExceeded(description: reason) }
        scalePolicy.mode = job.scaleFallback
        // Only the fold moving is motion: content changing under a still fold (the timer) is a
        // resting picture, and so is the frame the fold came to rest in (`TileJob.atRest`).
        let content = renderer.effectContent(of: list)
        let foldMoves = content?.effect != lastEffect
        // A fold that came to a stop rests at once, unless a viewer draws too slowly for full
        // scale: then it rests only on the refining job once the picture stayed still for the
        // longer rest delay (`ServerCore.slowViewerRestDelay`), so a pause between two pointer
        // moves does not cost such a viewer a whole full-scale layer in the middle of a drag.
        let defersRest = job.viewerBehind && job.scaleFallback == .auto && !job.refine
        let stops = job.atRest || content.map { creeps($0.effect) } ?? false
        let rests = !foldMoves || (stops && !defersRest)
        lastEffect = content?.effect
        // A lowered picture at rest goes out again whole at full scale, lossless. A refining job
        // whose fold moved is motion after all (the rest delay ran out while frames were late,
        // as under load): restoring full scale there would send a whole 2x layer per frame.
        let restoresScale = rests && previous.map { $0.scale != scale } ?? false
        let renderScale = restoresScale ? scale : scalePolicy.scale(moving: !rests, viewerBehind: job.viewerBehind)
        // A refinement of the frame already shown: the layer is the kept one, nothing is dirty.
        let refinesShownFrame =
            job.refine && !restoresScale && previous?.sequence == job.sequence && previous?.layer != nil
        let effect: DisplayListRenderer.EffectLayer
        if refinesShownFrame, let previousBitmap, let layer = previous?.layer {
            effect = DisplayListRenderer.EffectLayer(groupID: layer.groupID, bounds: layer.bounds, bitmap: previousBitmap)
        } else if let content {
            effect = try foldedEffectLayer(content, scale: renderScale, clock: &clock)
        } else {
            previousBitmap = nil
            // Off: say so once (and once to a stream that never had a layer).
            if let previous, previous.layer == nil { return nil }
            let off = TileSnapshot(
                session: job.session, sequence: job.sequence, serverTime: job.serverTime, scale: scale, layer: nil,
                parts: [], tileVersions: [], version: (previous?.version ?? 0) + 1,
                rendered: previous?.rendered ?? 0, skipped: skipped, timings: TileTimings())
            previous = off
            return off
        }
        let bitmap = effect.bitmap
        let grid = try TileGrid(covering: bitmap, tileSize: renderScale < scale ? loweredTileSize : tileSize)
        let sameLayer =
            previous?.layer?.grid == grid && previous?.layer?.bounds == effect.bounds && previous?.scale == renderScale
        let dirty: [Int]
        if refinesShownFrame {
            dirty = []
        } else {
            if let previousBitmap, sameLayer {
                dirty = try DirtyTiles(from: previousBitmap, to: bitmap, tileSize: grid.tileSize).indices
            } else {
                dirty = Array(0..<grid.count)
            }
            spareBitmap = previousBitmap
            previousBitmap = bitmap
        }
        clock.lap(\.diff)
        // At rest (or asked for PNG), the changed tiles and those still lossy from the motion go
        // out as PNG: a resting picture turns lossless with its first set, not after the delay.
        let refines = rests || (job.refine && dirty.isEmpty)
        let lossless = refines || job.codec == .png
        let stillLossy = lossless && sameLayer ? previous!.codecs.indices.filter { previous!.codecs[$0].isLossy } : []
        let changed = Array(Set(dirty).union(stillLossy)).sorted()
        if changed.isEmpty, sameLayer { return nil }
        // The encoder's small-set rule counts tiles of the full-scale grid's size.
        let tileArea = (grid.tileSize * grid.tileSize) / (tileSize * tileSize)
        let encoded = try TileEncoder.encode(
            bitmap, tiles: changed.map(grid.rect(ofTile:)), dirtyCount: dirty.count * tileArea,
            requested: lossless ? .png : job.codec, pool: pool)
        clock.lap(\.encode)
        if !job.refine, !refines, !dirty.isEmpty {
            let timings = clock.timings
            scalePolicy.record(milliseconds: timings.kernel + timings.diff + timings.encode, scale: renderScale)
        }
        let version = (previous?.version ?? 0) + 1
        var parts = sameLayer ? previous!.parts : [[TilePart]](repeating: [], count: grid.count)
        var versions = sameLayer ? previous!.tileVersions : [Int](repeating: version, count: grid.count)
        for (slot, index) in changed.enumerated() {
            parts[index] = encoded[slot]
            versions[index] = version
        }
        // A viewer that draws slowly gets lowered sets as soon as the fold moves again: the
        // unfolded layer at that scale is drawn now, with the full-scale picture, instead of
        // in the first moving set.
        if job.viewerBehind, job.scaleFallback == .auto, renderScale == scale, let content {
            _ = try unfoldedLayer(content, scale: scalePolicy.loweredScale)
        }
        let snapshot = TileSnapshot(
            session: job.session, sequence: job.sequence, serverTime: job.serverTime, scale: renderScale, fullScale: scale,
            layer: .init(groupID: effect.groupID, bounds: effect.bounds, grid: grid), parts: parts,
            tileVersions: versions, version: version, rendered: (previous?.rendered ?? 0) + 1, skipped: skipped,
            timings: clock.timings)
        previous = snapshot
        return snapshot
    }

    /// A fold moving less than this many pixels since the last set is at rest to the eye: the
    /// drag point's spring creeps onto the pointer in steps of hundredths of a pixel for its
    /// last ~0.1 s, and sending those sets lossless makes the picture lossless as it stops.
    static let restingFoldStep = 1.0 / 16

    /// Whether `effect` is the last job's but for a drag point moved less than
    /// `restingFoldStep` pixels.
    private func creeps(_ effect: CurtainEffect) -> Bool {
        guard var last = lastEffect else { return false }
        let step = hypot(effect.drag.x - last.drag.x, effect.drag.y - last.drag.y) * Double(scale)
        last.drag = effect.drag
        return last == effect && step < Self.restingFoldStep
    }

    /// The unfolded effect layer at `scale`: the cached one while the content is unchanged.
    private func unfoldedLayer(_ content: DisplayListRenderer.EffectContent, scale: Int) throws -> Bitmap {
        if let cached = cachedContent[scale], cached.bounds == content.effect.bounds, cached.ops == content.ops {
            return cached.layer
        }
        cachedContent[scale] = nil
        let layer = try renderer.renderUnfolded(content, scale: scale)
        cachedContent[scale] = (content.ops, content.effect.bounds, layer)
        contentRenders += 1
        return layer
    }

    /// What `DisplayListRenderer.renderEffectLayer` returns, from the cached unfolded layer when
    /// the effect's content is unchanged.
    func foldedEffectLayer(
        of list: DisplayList, scale: Int, clock: inout PhaseClock
    ) throws -> DisplayListRenderer.EffectLayer? {
        guard let content = renderer.effectContent(of: list) else { return nil }
        return try foldedEffectLayer(content, scale: scale, clock: &clock)
    }

    /// The same for effect content already found in the list (one scan of the ops a job).
    func foldedEffectLayer(
        _ content: DisplayListRenderer.EffectContent, scale: Int, clock: inout PhaseClock
    ) throws -> DisplayListRenderer.EffectLayer {
        let layer = try unfoldedLayer(content, scale: scale)
        clock.lap(\.content)
        // The spare is referenced nowhere else once taken, so the kernel writes it in place.
        var folded = spareBitmap ?? layer
        spareBitmap = nil
        CurtainKernel(effect: content.effect).apply(to: layer, into: &folded, workspace: workspace, pool: pool)
        clock.lap(\.kernel)
        return DisplayListRenderer.EffectLayer(groupID: content.groupID, bounds: content.effect.bounds, bitmap: folded)
    }
}
