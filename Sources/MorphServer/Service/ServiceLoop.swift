import CMorphLWS
import CWebSockets
import Foundation
import MorphKit
import MorphWork

/// The libwebsockets shell around `ServerCore` on the one service thread, which makes every
/// lws call: callbacks become `ServerEvent`s, and the returned `ServerEffect`s become lws
/// writes and timers, recording files and worker-pool jobs. HTTP: `ServiceLoop+HTTP.swift`.
///
/// Confined to the service thread except for `post`, which only touches the mailbox and the
/// wake handle (both locked); that is why the `@unchecked Sendable` is sound.
final class ServiceLoop: @unchecked Sendable {
    enum Command: Sendable {
        case stop
        /// A worker built a batch of frames.
        case frames([BuiltFrame])
        /// A worker finished a tile job.
        case tiles(TileResult)
        /// A worker finished recording-file work (`RecordingFiles`).
        case event(ServerEvent)
    }

    /// The lws handle, readable from other threads only to wake the loop.
    private struct WakeHandle: @unchecked Sendable { let pointer: OpaquePointer }

    let configuration: ServerConfiguration
    let core: ServerCore
    let files: StaticFiles
    /// Recording files, written on the pool; results come back through the mailbox.
    private(set) lazy var recordings = RecordingFiles(
        store: RecordingStore(
            directory: configuration.recordDirectory, maxBytes: configuration.maxRecordingBytes,
            maxFiles: configuration.maxRecordings),
        wallClock: wallClock, pool: pool,
        report: { [unowned self] in post(.event($0)) })
    private let wallClock: any TimeSource
    let originPolicy: OriginPolicy
    let pool = WorkerPool.shared
    private let clock: any TimeSource
    private let mailbox = Mailbox<Command>()
    /// Guards the wake handle: set and cleared by the service thread, used by posters.
    private let wake = Locked<WakeHandle?>(nil)
    private var server: OpaquePointer?
    private var connections: [OpaquePointer: Connection] = [:]
    private var byID: [Int: Connection] = [:]
    private var nextConnectionID = 1
    /// The frame messages being fanned out, each copied once for all the viewers that share
    /// it. Not with permessage-deflate: lws's deflate may keep reading a message's bytes over
    /// later writable rounds, after the shared buffer holds another message.
    private lazy var frameMessages: FrameMessageCache? = writesDirectly ? FrameMessageCache() : nil
    private var stopDeadline: Int64?

    /// Tick phases per worker thread, each phase's frames built as one batch: eight on two
    /// cores, about 60 of 500 driven sessions a batch (`ServerCore+Ticks.swift`).
    static let tickPhasesPerWorker = 4

    init(configuration: ServerConfiguration, registry: ComponentRegistry, clock: any TimeSource, wallClock: any TimeSource) {
        self.configuration = configuration
        self.clock = clock
        core = ServerCore(
            configuration: configuration, registry: registry, clock: clock, wallClock: wallClock,
            tickPhases: Self.tickPhasesPerWorker * WorkerPool.shared.threadCount)
        files = StaticFiles(
            webRoot: configuration.webRoot, fontDirectory: configuration.fontDirectory,
            schemaDirectory: configuration.schemaDirectory, recordDirectory: configuration.recordDirectory,
            generatedSchemaDirectory: registry.folder?.schemaDirectory, monoFontDirectory: configuration.monoFontDirectory,
            imageDirectory: registry.folder?.directory)
        originPolicy = OriginPolicy(configuration)
        self.wallClock = wallClock
    }

    // MARK: Life cycle (service thread)

    /// Creates the lws context; returns the bound port.
    func open() -> Result<Int, MorphServerError> {
        let owner = Unmanaged.passUnretained(self).toOpaque()
        let chunk = min(configuration.maxMessageBytes, 65_536)
        guard
            let server = morph_lws_server_create(
                configuration.host, Int32(configuration.port), owner, serviceEvent, serviceTick, serviceWake, chunk,
                configuration.permessageDeflate ? 1 : 0, Int32(configuration.idleSeconds))
        else { return .failure(.listenFailed(host: configuration.host, port: configuration.port)) }
        self.server = server
        wake.withLock { $0 = WakeHandle(pointer: server) }
        return .success(Int(morph_lws_server_port(server)))
    }

    /// Services until stopped (every viewer gone, or half a second after `stop`), then
    /// closes the recordings and destroys the context.
    func run() {
        guard let server else { return }
        while true {
            morph_lws_server_service(server)
            if let stopDeadline, connections.isEmpty || morph_lws_now_us() >= stopDeadline { break }
        }
        recordings.stopAll()
        wake.withLock { $0 = nil }
        connections.removeAll()
        byID.removeAll()
        morph_lws_server_destroy(server)
        self.server = nil
    }

    /// Hands a command to the service thread; safe from any thread.
    func post(_ command: Command) {
        mailbox.post(command)
        wake.withLock { handle in
            if let handle { morph_lws_server_wake(handle.pointer) }
        }
    }

    // MARK: Events in (service thread)

    func handle(_ wsi: OpaquePointer, _ reason: Int32, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        switch reason {
        case morph_reason_established:
            guard morph_lws_is_morph_protocol(wsi) != 0 else {
                // Only reachable without a subprotocol: lws drops unknown ones before this.
                morph_lws_set_close(wsi, 1002, "subprotocol morph.v1 required")
                return -1
            }
            morph_lws_limit_send_buffer(wsi, Self.sendBufferBytes)
            let id = nextConnectionID
            nextConnectionID += 1
            let effects = core.handle(
                .opened(
                    id, session: urlSession(wsi), deltas: PeerState.takesDeltas(urlArgument(wsi, "deltas")),
                    acks: urlArgument(wsi, "acks") == "1"))
            // The core knows every opened connection, a refused one too, until it closes.
            guard let peer = core.peers[id] else { return -1 }
            let connection = Connection(id: id, wsi: wsi, peer: peer)
            connections[wsi] = connection
            byID[id] = connection
            perform(effects)
            return 0
        case morph_reason_closed:
            guard let connection = connections.removeValue(forKey: wsi) else { return 0 }
            byID[connection.id] = nil
            perform(core.handle(.closed(connection.id)))
            releaseMemoryAfterCloses()
            return 0
        case morph_reason_receive:
            guard let connection = connections[wsi] else { return 0 }
            let bytes = input.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
            let binary = morph_lws_is_binary(wsi) != 0, final = morph_lws_is_final_fragment(wsi) != 0
            perform(core.handle(.received(connection.id, bytes, binary: binary, final: final)))
            return 0
        case morph_reason_server_writeable:
            guard let connection = connections[wsi] else { return 0 }
            return writeRound(connection)
        case morph_reason_peer_initiated_close:
            // RFC 6455 close codes lws 4.1 lets through get 1002 (see the shim).
            let payload = input.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) }
            return morph_lws_refuse_close_code(wsi, payload, length) != 0 ? -1 : 0
        case morph_reason_ws_server_drop_protocol:
            morph_lws_name_unnamed_failure(wsi)
            return 0
        case morph_reason_http: return serveHTTP(wsi, input)
        case morph_reason_http_confirm_upgrade: return confirmUpgrade(wsi)
        case morph_reason_http_file_completion: return morph_lws_http_completed(wsi) != 0 ? -1 : 0
        case morph_reason_event_wait_cancelled:
            drainMailbox()
            return 0
        default: return morph_lws_default
        }
    }

    /// The kernel send buffer each `morph.v1` connection gets (a few dozen frames, or a tile
    /// set): a viewer that reads slowly then backs up into its latest-wins slot, where skipped
    /// frames count as `dropped`, instead of into megabytes of socket buffer that arrive ever
    /// later. Smaller buffers starve tile sets, which are larger than frames.
    static let sendBufferBytes: Int32 = 128 * 1024

    /// Connections closed since freed heap memory was last handed back.
    private var closesSinceRelease = 0

    /// Ended sessions free their objects, but glibc keeps the pages; hand them back shortly
    /// after the last session is gone, or every 256 closes, so RSS follows the sessions down.
    private func releaseMemoryAfterCloses() {
        closesSinceRelease += 1
        releaseMemoryIfIdle()
    }

    /// Schedules the release when a close since the last one left no session. Also checked
    /// after the mailbox: a close held behind its session's build ends the session there,
    /// when the build comes back, not when the connection closed.
    private func releaseMemoryIfIdle() {
        guard closesSinceRelease > 0, core.sessions.isEmpty || closesSinceRelease >= 256 else { return }
        closesSinceRelease = 0
        if let server { morph_lws_server_release_memory_later(server, 3_000_000) }
    }

    /// Handles what other threads posted, in posting order: the wake's callback, ahead of
    /// every connection in the loop's round (and lws's own wakes, which find it empty).
    func drainMailbox() {
        for command in mailbox.drain() {
            switch command {
            case .stop: beginStopping()
            case .frames(let built): perform(core.handle(.framesBuilt(built)), writeFramesNow: true)
            case .tiles(let result): perform(core.handle(.tilesRendered(result)))
            case .event(let event): perform(core.handle(event))
            }
        }
        releaseMemoryIfIdle()
    }

    /// The timer's callback: the core's tick, unless stopping (then it only wakes `run`).
    func tick() {
        guard stopDeadline == nil else { return }
        perform(core.handle(.tick))
    }

    private func beginStopping() {
        guard stopDeadline == nil, let server else { return }
        perform(core.handle(.stop))
        let deadline = morph_lws_now_us() + 500_000
        stopDeadline = deadline
        morph_lws_server_schedule_tick(server, deadline)
    }

    // MARK: Effects out (service thread)

    /// Carries out effects in order. None closes a connection: its writable round does
    /// (`writeRound`). With `writeFramesNow` (the fan-out of built frames) a connection that
    /// can take a message now gets it at once instead of a writable callback (`writeNow`).
    private func perform(_ effects: [ServerEffect], writeFramesNow: Bool = false) {
        for effect in effects {
            switch effect {
            case .wantWrite(let id):
                guard let connection = byID[id] else { continue }
                // A tile viewer keeps writable callbacks: written at once, its frames held its
                // tile sets back (`make bench-tiles`: input to tile p50 11 -> 104-241 ms).
                if writeFramesNow && writesDirectly && connection.peer.tiles == nil
                    && morph_lws_can_write_now(connection.wsi) != 0
                {
                    writeNow(connection)
                } else {
                    morph_lws_request_writeable(connection.wsi)
                }
            case .scheduleTick(let time):
                guard let server else { continue }
                // The core's clock to lws's: the same delay from now, rounded up to a microsecond.
                let delay = max(0, ((time - clock.now()) * 1_000_000).rounded(.up))
                morph_lws_server_schedule_tick(server, morph_lws_now_us() + Int64(min(delay, 1e12)))
            case .buildFrames(let batch):
                pool.submit { [self] in post(.frames(batch.run())) }
            case .renderTiles(let work):
                pool.submit { [self] in post(.tiles(work.run())) }
            case .startRecording(let request): recordings.start(request)
            case .appendRecording(let session, let event, let ack): recordings.append(event, session: session, ack: ack)
            case .stopRecording(let session): recordings.stop(session)
            case .listRecordings(let id): recordings.list(for: id)
            case .loadRecording(let id, let name): recordings.load(name, for: id)
            case .log(let text):
                FileHandle.standardError.write(Data("morphd: \(text)\n".utf8))
            }
        }
    }

    /// Runs the core's writable round for `connection` and carries it out: its message
    /// written, or its close set, and another writable callback asked for when more waits.
    /// Returns the lws callback's answer: -1 once the connection is closed or a write failed.
    private func writeRound(_ connection: Connection) -> Int32 {
        let round = core.writable(connection.peer)
        switch round.action {
        case .none: break
        case .write(let message):
            if !connection.write(message, frames: frameMessages) { return -1 }
        case .close(let code, let reason):
            morph_lws_set_close(connection.wsi, code, reason)
            return -1
        }
        if round.again { morph_lws_request_writeable(connection.wsi) }
        return 0
    }
}

extension ServiceLoop {
    /// Frames go out without a writable callback, unless lws compresses them: with
    /// permessage-deflate a message may take several writable rounds to leave.
    var writesDirectly: Bool { !configuration.permessageDeflate }

    /// The core's writable round for `connection`, run now, outside a callback of its own:
    /// the fan-out then needs no POLLOUT round (a wait on every connection's socket, then one
    /// callback each), which cut morphd's CPU per delivered frame by 13–21 % at 500–750
    /// viewers (bench/results.md). Order is kept: the core still picks what leaves (answers
    /// before frames), and lws sends the unsent rest of a write the socket could not take
    /// whole before anything else, after which `morph_lws_can_write_now` sends the connection
    /// back to writable callbacks (a slow reader's frames wait in its latest-wins slot, as
    /// before). A failed write or a close closes the connection on the loop's next round, as
    /// -1 from its own callback would.
    fileprivate func writeNow(_ connection: Connection) {
        if writeRound(connection) != 0 {
            morph_lws_close_soon(connection.wsi)
        }
    }
}

/// lws's callback: finds the loop through the context's owner pointer.
private func serviceEvent(
    _ wsi: OpaquePointer?, _ reason: Int32, _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?, _ length: Int
) -> Int32 {
    guard let wsi, let owner = morph_lws_owner(wsi) else { return morph_lws_default }
    return Unmanaged<ServiceLoop>.fromOpaque(owner).takeUnretainedValue().handle(wsi, reason, input, length)
}

/// The tick timer's callback.
private func serviceTick(_ owner: UnsafeMutableRawPointer?) {
    guard let owner else { return }
    Unmanaged<ServiceLoop>.fromOpaque(owner).takeUnretainedValue().tick()
}

/// The wake's callback: other threads posted to the mailbox.
private func serviceWake(_ owner: UnsafeMutableRawPointer?) {
    guard let owner else { return }
    Unmanaged<ServiceLoop>.fromOpaque(owner).takeUnretainedValue().drainMailbox()
}
