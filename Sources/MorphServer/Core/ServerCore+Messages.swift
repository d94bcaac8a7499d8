import MorphKit

/// The protocol: one decoded client message at a time, answered through the peer's queue.
extension ServerCore {
    func process(_ bytes: [UInt8], from peer: PeerState) {
        let message: ClientMessage
        switch ClientMessage.decode(bytes, limits: configuration.protocolLimits) {
        case .success(let decoded): message = decoded
        case .failure(let error):
            reply(peer, .error(error))
            return
        }
        // An input, a timeline control or a join waits while its session's builder is away.
        if let needed = sessionNeeded(by: message, from: peer),
            sessions[needed]?.building == true || (!held.isEmpty && (heldSessions.contains(needed) || touchesHeld(peer: peer.id)))
        {
            hold(.message(message, peer: peer.id), reach(sessions: [needed], peers: [peer.id], needs: [needed]))
            return
        }
        process(message, from: peer)
    }

    /// Handles one decoded message now.
    func process(_ message: ClientMessage, from peer: PeerState) {
        switch message {
        case .hello:
            peer.greeted = true
            listedComponents = registry.names
            reply(
                peer,
                .welcome(
                    server: configuration.serverName, components: registry.names, fps: configuration.fps,
                    panels: registry.panels))
        case .open(let request):
            guard admitSession(for: peer, request: "open") else { return }
            let componentRequest = ComponentRegistry.Request(
                configuration: request.configuration, environment: request.environment, viewport: request.viewport)
            openSession(
                request.component, componentRequest, replay: [], proposedID: request.session ?? peer.urlSession, for: peer,
                messageType: "open", joinersDrive: request.joinersDrive)
        case .join(let id):
            guard let session = sessions[id] else {
                reply(peer, .error(ProtocolError(.unknownSession, "no session \(id)", request: "join")))
                return
            }
            guard peer.sessionID == id || session.viewers.count < configuration.maxViewersPerSession else {
                let full = "session \(id) already has \(configuration.maxViewersPerSession) viewers"
                reply(peer, .error(ProtocolError(.busy, full, request: "join")))
                return
            }
            attach(peer, to: session)
        case .input(var event, let id):
            guard let session = currentSession(of: peer, for: "input") else { return }
            guard session.mayApply(event, from: peer) else {
                let what =
                    session.joinersDrive
                    ? "configuration and environment are the opener's" : "its opener lets joiners watch, not drive"
                reply(peer, .error(ProtocolError(.notAllowed, "you joined this session: \(what)", request: "input")))
                return
            }
            // Session time is the server's: a client's clock may disagree or run backwards.
            event.time = sessionTime(session)
            do {
                try apply(event, to: session, ack: id.map { InputAck(connection: peer.id, id: $0) })
            } catch {
                reply(peer, .error(ProtocolError(.badEvent, "\(error)", request: "input")))
                return
            }
            ensureTicking(for: session)
        case .record(let action):
            guard let session = currentSession(of: peer, for: "record"), controls(session, peer, "record") else { return }
            record(action, session: session, peer: peer)
        case .recordings:
            guard admitListing(for: peer) else { return }
            emit(.listRecordings(peer.id))
        case .replay(let name, let session):
            guard admitSession(for: peer, request: "replay") else { return }
            peer.replayProposal = session ?? peer.urlSession
            emit(.loadRecording(peer.id, name: name))
        case .replayRecording(let recording, let session):
            openTimeline(recording, proposedID: session ?? peer.urlSession, for: peer)
        case .timeline(let action):
            guard let session = currentSession(of: peer, for: "timeline"), controls(session, peer, "timeline") else {
                return
            }
            guard session.controlTimeline(action, at: sessionTime(session)) else {
                reply(peer, .error(ProtocolError(.badMessage, "this session is not a replayed recording", request: "timeline")))
                return
            }
            ensureTicking(for: session)
        case .ping(let id, let clientTime):
            reply(peer, .pong(id: id, clientTime: clientTime, serverTime: wallClock.now()))
        case .tiles(let enabled, let scale, let acks):
            setTiles(enabled ? scale : nil, acks: acks, for: peer)
        case .tilesAck(let sequence):
            // An ack that matches no set in flight (tiles turned off and on since) is ignored.
            guard peer.tiles?.acknowledge(sequence, now: now()) == true else { return }
            if peer.hasStreamingWork { emit(.wantWrite(peer.id)) }
            releaseHeldTiles(for: peer)
        case .frameAck(let sequence):
            // Every frame up to the one drawn is done with; an ack of none in flight is ignored.
            let before = peer.unacknowledgedFrames.count
            peer.unacknowledgedFrames.removeAll { $0 <= sequence }
            if peer.unacknowledgedFrames.count < before, peer.hasStreamingWork { emit(.wantWrite(peer.id)) }
        case .resync:
            guard let session = currentSession(of: peer, for: "resync") else { return }
            // Whatever is sent next goes in full; with nothing pending, the newest frame does.
            // The frames in flight are lost to the viewer (it held no base for one), so none
            // holds the window shut.
            peer.lastFrameSent = nil
            peer.unacknowledgedFrames = []
            if peer.frames.pending == nil, let frame = session.latestFrame {
                peer.frames.offer(frame)
                emit(.wantWrite(peer.id))
            }
        }
    }

    private func currentSession(of peer: PeerState, for type: String) -> LiveSession? {
        if let id = peer.sessionID, let session = sessions[id] { return session }
        reply(peer, .error(ProtocolError(.noSession, "open or join a session first", request: type)))
        return nil
    }

    /// True when `peer` opened `session`; else answers `not-allowed`.
    private func controls(_ session: LiveSession, _ peer: PeerState, _ type: String) -> Bool {
        if session.opener == peer.id { return true }
        reply(
            peer, .error(ProtocolError(.notAllowed, "only the connection that opened this session may \(type) it", request: type))
        )
        return false
    }

    private func openSession(
        _ component: String, _ request: ComponentRegistry.Request, replay: [InputEvent], proposedID: String?,
        for peer: PeerState, messageType: String, joinersDrive: Bool = false
    ) {
        switch registry.make(component, request, for: messageType) {
        case .success(let live):
            let session = LiveSession(
                id: newSessionID(proposed: proposedID), componentName: component, request: request, component: live,
                origin: now(), replay: replay, phase: newPhase())
            session.opener = peer.id
            session.joinersDrive = joinersDrive
            sessions[session.id] = session
            attach(peer, to: session)
            if let problem = registry.folder?.error(of: component) { reply(peer, .componentFile(problem)) }
        case .failure(let error):
            reply(peer, .error(error))
        }
    }

    /// A recording the viewer sent, as a new session whose frames the viewer steps through.
    private func openTimeline(_ recording: Recording, proposedID: String?, for peer: PeerState) {
        let timeline: ReplayTimeline
        do {
            // A recording of a component file replays through its current definition.
            let file = registry.folder?.entry(named: recording.header.component)?.definition.definition
            timeline = try ReplayTimeline(recording, definition: file)
        } catch {
            reply(peer, .error(ProtocolError(.badMessage, "recording: \(error)", request: "replay")))
            return
        }
        let header = recording.header
        var environment = InputEvent.Environment.protocolDefaults.merging(header.environment)
        environment.size = nil
        let request = ComponentRegistry.Request(
            configuration: header.configuration, environment: environment, viewport: header.viewport)
        let session = LiveSession(
            id: newSessionID(proposed: proposedID), componentName: header.component, request: request, component: timeline,
            origin: now())
        session.opener = peer.id
        sessions[session.id] = session
        attach(peer, to: session)
    }

    // MARK: Recording

    private func record(_ action: ClientMessage.RecordAction, session: LiveSession, peer: PeerState) {
        switch action {
        case .start:
            switch session.recording {
            case .on(let name):
                reply(peer, .recording(started: true, name: name))
                return
            case .starting:
                return  // everyone hears `recording started` when the file is open
            case .off: break
            }
            guard !session.isTimeline else {
                let error = ProtocolError(.badMessage, "a replayed recording takes no input to record", request: "record")
                reply(peer, .error(error))
                return
            }
            guard !session.logOverflowed else {
                let limit = LiveSession.logByteLimit >> 20
                let error = ProtocolError(
                    .tooLarge, "this session's inputs passed the \(limit) MiB a server keeps to record a session from its start",
                    request: "record")
                reply(peer, .error(error))
                return
            }
            session.recording = .starting
            emit(
                .startRecording(
                    RecordingStart(
                        session: session.id, component: session.componentName,
                        header: session.recordingHeader(frameRate: configuration.fps), events: session.log.events,
                        requester: peer.id)))
        case .stop:
            guard case .on(let name) = session.recording else {
                reply(peer, .error(ProtocolError(.notFound, "this session is not recording", request: "record")))
                return
            }
            stopRecording(session)
            broadcast(.recording(started: false, name: name), to: session)
        }
    }

    /// Closes the session's recording, if one is open or opening.
    func stopRecording(_ session: LiveSession) {
        guard session.recording != .off else { return }
        session.recording = .off
        emit(.stopRecording(session: session.id))
    }

    func recordingStarted(_ id: String, name: String) {
        guard let session = sessions[id], session.recording == .starting else {
            // The session ended (or stopped) while the file was being opened.
            emit(.stopRecording(session: id))
            return
        }
        session.recording = .on(name: name)
        broadcast(.recording(started: true, name: name), to: session)
    }

    /// A recording that cannot start or go on. A cap reached is the client's to know: `busy`
    /// naming the flag when the folder is full, `too-large` when the session so far is over
    /// the size cap, a stop naming the cap when a line would take the file past it. A file-system
    /// failure goes to the log; viewers get `server-error` without paths or system messages.
    /// Either way the session runs on and what was written stays.
    func recordingFailed(_ id: String, requester: Int?, _ failure: RecordingFailure) {
        log("recording of session \(id) failed: \(failure)")
        guard let session = sessions[id] else { return }
        let wasOn = session.recording
        session.recording = .off
        emit(.stopRecording(session: id))
        switch wasOn {
        case .on(let name):
            let reason =
                switch failure {
                case .fileFull(let maxBytes):
                    "it reached this server's cap of \(Self.sizeText(maxBytes)) a recording (morphd --max-recording-mb)"
                case .tooFast(let perSecond): "more than \(perSecond) inputs within one second, more than a replay reads"
                case .folderFull, .write: "the server could not write it"
                }
            let error = ProtocolError(.serverError, "recording \(name) stopped: \(reason)", request: "record")
            broadcast(.error(error), to: session)
            broadcast(.recording(started: false, name: name), to: session)
        case .starting, .off:
            let error =
                switch failure {
                case .folderFull(let maxFiles):
                    ProtocolError(
                        .busy,
                        "this server keeps at most \(maxFiles) recordings; delete some or raise morphd --max-recordings",
                        request: "record")
                case .fileFull(let maxBytes):
                    ProtocolError(
                        .tooLarge,
                        "the session so far is more than this server's cap of \(Self.sizeText(maxBytes)) a recording "
                            + "(morphd --max-recording-mb); nothing was written", request: "record")
                case .tooFast(let perSecond):
                    ProtocolError(
                        .rateLimited,
                        "the session so far has more than \(perSecond) inputs within one second, more than a replay reads; "
                            + "nothing was written", request: "record")
                case .write: ProtocolError(.serverError, "the server could not write a recording", request: "record")
                }
            if let requester, let peer = peers[requester] { reply(peer, .error(error)) }
        }
    }

    /// Whole MiB as the flag sets them; other sizes (a configuration made in code) in bytes.
    private static func sizeText(_ bytes: Int) -> String {
        bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    // MARK: Replay

    func recordingLoaded(_ id: Int, name: String, _ result: Result<RecordingReader.Result, MorphServerError>) {
        guard let peer = peers[id], peer.closing == nil else { return }
        let loaded: RecordingReader.Result
        switch result {
        case .success(let value): loaded = value
        case .failure(.recording(_, .io(let detail))):
            log("replay \(name): \(detail)")
            reply(peer, .error(ProtocolError(.serverError, "the server could not read recording \(name)", request: "replay")))
            return
        case .failure(.recording(_, .tooLarge(let bytes, let limit))):
            reply(
                peer,
                .error(ProtocolError(.tooLarge, "\(name) has \(bytes) bytes; replay reads at most \(limit)", request: "replay")))
            return
        case .failure(.recording(_, let error)):
            reply(peer, .error(ProtocolError(.badEvent, "\(name): \(error)", request: "replay")))
            return
        case .failure:
            reply(peer, .error(ProtocolError(.notFound, "no recording \(name)", request: "replay")))
            return
        }
        // A cut last line is what a crash leaves: replay the rest and tell the operator.
        for warning in loaded.warnings { log("replay \(name): \(warning)") }
        let header = loaded.recording.header
        var environment = InputEvent.Environment.protocolDefaults.merging(header.environment)
        environment.size = nil
        let request = ComponentRegistry.Request(
            configuration: header.configuration, environment: environment, viewport: header.viewport)
        openSession(
            header.component, request, replay: loaded.recording.events, proposedID: peer.replayProposal, for: peer,
            messageType: "replay")
    }
}
