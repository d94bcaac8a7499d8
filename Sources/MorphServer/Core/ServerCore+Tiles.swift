import MorphKit

/// Server-rendered curtain tiles: one stream per session and scale, latest-wins jobs on the
/// worker pool, and each viewer's subscription.
///
/// Changed tiles go out in the motion codec (`--tile-codec`) while the fold moves. The frame
/// the component stops moving in (`TileJob.atRest`), and any frame that changes content under
/// a still fold, go out as PNG with the tiles still lossy, as remote-desktop protocols refine a
/// region that stopped changing. As a fallback (the resting frame never came as its own set),
/// once a stream's picture has not changed for `tileRestDelay`, the tiles still held lossy are
/// sent again as PNG: rest is then judged by the tiles, not by frames, and the first frame
/// after the delay (or the latest again) carries the refinement.
extension ServerCore {
    /// How long a picture must stay unchanged before its lossy tiles are refined: three
    /// frames at 60 Hz, so a drag that pauses between pointer moves is not refined, while
    /// the PNG tiles (a few ms to tens of ms at 2x, bench/results.md) still land within
    /// 100 ms of rest.
    static let tileRestDelay = 0.05
    /// The same for a stream with a viewer that draws too slowly for full scale: its resting
    /// picture is a whole full-scale layer, which such a viewer takes long to draw, so only a
    /// pause longer than those between pointer moves on a slow page brings it (`TileRenderer`).
    static let slowViewerRestDelay = 0.3

    /// Turns tiles on at `scale` (nil: off) for a connection, starting (or reusing) the
    /// stream of its session at that scale; a new subscriber gets the newest set whole. With
    /// `acks`, each set waits for the viewer's `tiles-ack` of the one before.
    func setTiles(_ scale: Int?, acks: Bool = false, for peer: PeerState) {
        guard let scale else {
            peer.tiles = nil
            if let id = peer.sessionID { pruneTileStreams(of: id) }
            return
        }
        if let id = peer.sessionID, let session = sessions[id],
            let reason = TileBudget.violation(viewport: session.viewport, scale: scale)
        {
            peer.tiles = nil
            reply(peer, .error(ProtocolError(.tooLarge, reason, request: "tiles")))
            return
        }
        peer.tiles = TileSubscription(scale: scale, acks: acks)
        guard let id = peer.sessionID, let session = sessions[id] else { return }
        pruneTileStreams(of: id)
        let stream: TileStream
        if let existing = tileStreams[id]?[scale] {
            stream = existing
        } else {
            let streamCount = tileStreams.values.reduce(0) { $0 + $1.count }
            guard streamCount < configuration.maxTileStreams else {
                peer.tiles = nil
                let busy = "the server already renders \(configuration.maxTileStreams) tile streams; the page folds locally"
                reply(peer, .error(ProtocolError(.busy, busy, request: "tiles")))
                return
            }
            do {
                stream = TileStream(id: nextTileStreamID, renderer: try makeTileRenderer(scale))
            } catch {
                peer.tiles = nil
                log("tile renderer unavailable: \(error)")
                reply(peer, .error(ProtocolError(.serverError, "server tiles are unavailable", request: "tiles")))
                return
            }
            nextTileStreamID += 1
            tileStreams[id, default: [:]][scale] = stream
        }
        if let latest = stream.latest {
            peer.tiles?.pending.offer(latest)
            emit(.wantWrite(peer.id))
        } else if let job = session.latestTileJob, !stream.scheduler.isRunning {
            submit(job, to: stream)
        }
    }

    /// Drops the streams of a session (or of scales) no viewer wants any more.
    func pruneTileStreams(of id: String) {
        guard let streams = tileStreams[id] else { return }
        let wanted: Set<Int> =
            if let session = sessions[id] { Set(viewers(of: session).compactMap { $0.tiles?.scale }) } else { [] }
        let kept = streams.filter { wanted.contains($0.key) }
        // A job already on a worker for a dropped stream renders nothing (`TileRenderer.retire`).
        for (scale, stream) in streams where kept[scale] == nil { stream.renderer.retire() }
        tileStreams[id] = kept.isEmpty ? nil : kept
        // The viewer gone (or off) may have been the one a held job waited for.
        for stream in kept.values { releaseHeldJob(of: stream, session: id) }
    }

    /// Latest wins: starts the job now if the stream is idle, else keeps it as the next one.
    /// Changed tiles go out in the motion codec; once the refinement is due, the job also
    /// asks for it (the renderer refines only if the frame changes no tile).
    func submit(_ job: TileJob, to stream: TileStream) {
        var job = job
        job.codec = configuration.tileCodec
        job.scaleFallback = configuration.tileFallback
        job.refine = stream.refinementDue.map { $0 <= clock.now() } ?? false
        // One viewer drawing too slowly for full-scale sets lowers its stream while moving.
        job.viewerBehind = hasViewerBehind(stream, of: job.session)
        // No viewer could take the set now: it would only age until the ack, so the newest job
        // waits for it instead (the set that goes out is then from the frame built last).
        guard stream.scheduler.isRunning || viewersTakeSet(from: stream, of: job.session) else {
            stream.scheduler.hold(job)
            return
        }
        guard let job = stream.scheduler.submit(job) else { return }
        start(job, on: stream)
    }

    /// Whether a viewer of `stream` acks its sets too slowly for full scale (`TileSubscription.isBehind`).
    private func hasViewerBehind(_ stream: TileStream, of id: String) -> Bool {
        guard let session = sessions[id] else { return false }
        return viewers(of: session).contains { $0.tiles?.scale == stream.scale && $0.tiles?.isBehind == true }
    }

    /// Whether a viewer of `stream` would be sent a new set at once (`TileSubscription.takesSetNow`).
    private func viewersTakeSet(from stream: TileStream, of id: String) -> Bool {
        guard let session = sessions[id] else { return false }
        return viewers(of: session).contains { peer in
            guard peer.closing == nil, let tiles = peer.tiles, tiles.scale == stream.scale else { return false }
            return tiles.takesSetNow
        }
    }

    /// An ack freed `peer` for a new set: the job its stream held for one starts now.
    func releaseHeldTiles(for peer: PeerState) {
        guard let id = peer.sessionID, let scale = peer.tiles?.scale, let stream = tileStreams[id]?[scale] else { return }
        releaseHeldJob(of: stream, session: id)
    }

    private func releaseHeldJob(of stream: TileStream, session id: String) {
        guard stream.scheduler.held != nil, viewersTakeSet(from: stream, of: id), let job = stream.scheduler.takeHeld()
        else { return }
        submit(job, to: stream)
    }

    /// Sends the refinement of every idle stream whose picture rested for `tileRestDelay`
    /// while holding lossy tiles (the latest frame again, refining); returns when the next
    /// one is due (for the tick schedule), if any is.
    func refineRestingTiles() -> Double? {
        let now = clock.now()
        var next: Double?
        for (id, streams) in tileStreams.sorted(by: { $0.key < $1.key }) {
            for stream in streams.values.sorted(by: { $0.id < $1.id }) {
                guard let due = stream.refinementDue else { continue }
                guard due <= now else {
                    next = min(next ?? due, due)
                    continue
                }
                // A running job's result decides anew; a due refinement rides on the next job.
                // A frame being built brings a newer job, and `framesBuilt` asks again then.
                // A held job asks again when the ack releases it.
                guard !stream.scheduler.isRunning, stream.scheduler.held == nil, let session = sessions[id],
                    !session.building,
                    let job = session.latestTileJob
                else { continue }
                submit(job, to: stream)
            }
        }
        return next
    }

    /// After each result: a set that changed tiles restarts the rest delay while lossy tiles
    /// or a lowered scale remain; a refined set (full scale, nothing lossy left) ends it. The core is woken when it is due,
    /// unless a tick comes sooner (`tick()` asks `refineRestingTiles`).
    private func scheduleRefinement(of stream: TileStream, after snapshot: TileSnapshot?) {
        if let snapshot {
            let delay = hasViewerBehind(stream, of: snapshot.session) ? Self.slowViewerRestDelay : Self.tileRestDelay
            stream.refinementDue = snapshot.needsRefinement ? clock.now() + delay : nil
        }
        guard let due = stream.refinementDue, !stream.scheduler.isRunning else { return }
        schedule(at: due, phase: nil)
    }

    private func start(_ job: TileJob, on stream: TileStream) {
        var job = job
        // A file component's pictures, as its current definition has them (the effect layer may draw one).
        job.images = sessions[job.session].flatMap { registry.folder?.imageBytes(of: $0.componentName) } ?? [:]
        emit(
            .renderTiles(
                TileWork(
                    session: job.session, stream: stream.id, renderer: stream.renderer, job: job,
                    skipped: stream.scheduler.skipped)))
    }

    /// A worker is done: the next waiting job starts, and the new set goes to the viewers.
    func tilesRendered(_ result: TileResult) {
        guard let stream = tileStreams[result.session]?.values.first(where: { $0.id == result.stream }) else { return }
        let watching = sessions[result.session].map { viewers(of: $0) } ?? []
        if let failure = result.failure {
            // A stream that failed once would fail on every frame: stop it and say so once.
            log("tiles for \(result.session) stopped: \(failure)")
            tileStreams[result.session]?[stream.scale] = nil
            if tileStreams[result.session]?.isEmpty == true { tileStreams[result.session] = nil }
            for peer in watching where peer.tiles?.scale == stream.scale {
                peer.tiles = nil
                reply(peer, .error(ProtocolError(.tooLarge, "server tiles stopped: \(failure)", request: "tiles")))
            }
            return
        }
        if let snapshot = result.snapshot {
            stream.latest = snapshot
            for peer in watching where peer.closing == nil && peer.tiles?.scale == stream.scale {
                peer.tiles?.pending.offer(snapshot)
                emit(.wantWrite(peer.id))
            }
        }
        // The viewers have this set now: a job that waited starts only if one can take another.
        if let next = stream.scheduler.finish(hold: !viewersTakeSet(from: stream, of: result.session)) {
            start(next, on: stream)
        }
        scheduleRefinement(of: stream, after: result.snapshot)
    }
}
