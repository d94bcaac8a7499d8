import MorphKit

/// Server-rendered curtain tiles: one stream per session and scale, latest-wins jobs on the
/// worker pool, and each viewer's subscription.
extension ServerCore {
    /// Turns tiles on at `scale` (nil: off) for a connection, starting (or reusing) the
    /// stream of its session at that scale; a new subscriber gets the newest set whole.
    func setTiles(_ scale: Int?, for peer: PeerState) {
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
        peer.tiles = TileSubscription(scale: scale)
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
        tileStreams[id] = kept.isEmpty ? nil : kept
    }

    /// Latest wins: starts the job now if the stream is idle, else keeps it as the next one.
    func submit(_ job: TileJob, to stream: TileStream) {
        guard let job = stream.scheduler.submit(job) else { return }
        start(job, on: stream)
    }

    private func start(_ job: TileJob, on stream: TileStream) {
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
        if let next = stream.scheduler.finish() { start(next, on: stream) }
        guard let snapshot = result.snapshot else { return }
        stream.latest = snapshot
        for peer in watching where peer.closing == nil && peer.tiles?.scale == stream.scale {
            peer.tiles?.pending.offer(snapshot)
            emit(.wantWrite(peer.id))
        }
    }
}
