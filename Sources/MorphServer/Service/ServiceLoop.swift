import CMorphLWS
import CWebSockets
import Dispatch
import Foundation
import MorphKit
import Synchronization

/// The state behind the service thread: connections, sessions, the tick, and every lws call.
///
/// Confined to the service thread except for `post`, which only touches the mailbox and the
/// wake handle (both locked); that is why the `@unchecked Sendable` is sound.
final class ServiceLoop: @unchecked Sendable {
    enum Command: Sendable {
        case stop
        /// A tile worker finished a job.
        case tiles(TileResult)
    }

    /// The lws handle, readable from other threads only to wake the loop.
    private struct WakeHandle: @unchecked Sendable { let pointer: OpaquePointer }

    let configuration: ServerConfiguration
    let registry: ComponentRegistry
    let files: StaticFiles
    let store: RecordingStore
    let clock: any TimeSource
    let wallClock: any TimeSource
    let originPolicy: OriginPolicy
    private let mailbox = Mailbox<Command>()
    private let wake = Mutex<WakeHandle?>(nil)

    private var server: OpaquePointer?
    private var connections: [OpaquePointer: Connection] = [:]
    private var nextConnectionID = 1
    private var countedConnections = 0
    private var sessions: [String: LiveSession] = [:]
    /// Tile streams by session id, then scale; present while a viewer of that scale wants tiles.
    private var tileStreams: [String: [Int: TileStream]] = [:]
    private var nextTileStreamID = 1
    private var tickDeadline: Int64?
    private var stopping = false
    private var stopDeadline: Int64 = 0
    private let tickPeriod: Int64
    private var randomGenerator = SystemRandomNumberGenerator()
    private let htmlHeaders: [UInt8]
    private let otherHeaders: [UInt8]

    init(configuration: ServerConfiguration, registry: ComponentRegistry, clock: any TimeSource, wallClock: any TimeSource) {
        self.configuration = configuration
        self.registry = registry
        self.clock = clock
        self.wallClock = wallClock
        files = StaticFiles(webRoot: configuration.webRoot, fontDirectory: configuration.fontDirectory)
        store = RecordingStore(directory: configuration.recordDirectory)
        originPolicy = OriginPolicy(configuration)
        tickPeriod = max(1, Int64((1_000_000 / configuration.fps).rounded()))
        let common = "X-Content-Type-Options: nosniff\r\nCache-Control: no-cache\r\n"
        // The page is native modules with no inline script or style; say so to the browser.
        let policy = SecurityHeaders.contentSecurityPolicyHeaderLine
        otherHeaders = Array(common.utf8)
        htmlHeaders = Array((common + policy).utf8)
    }

    // MARK: Life cycle (service thread)

    /// Creates the lws context; returns the bound port.
    func open() -> Result<Int, MorphServerError> {
        let owner = Unmanaged.passUnretained(self).toOpaque()
        let chunk = min(configuration.maxMessageBytes, 65_536)
        guard
            let server = morph_lws_server_create(
                configuration.host, Int32(configuration.port), owner,
                serviceEvent, serviceTick, chunk)
        else { return .failure(.listenFailed(host: configuration.host, port: configuration.port)) }
        self.server = server
        wake.withLock { $0 = WakeHandle(pointer: server) }
        return .success(Int(morph_lws_server_port(server)))
    }

    /// Services until stopped, then shuts down cleanly and destroys the context.
    func run() {
        guard let server else { return }
        while true {
            if morph_lws_server_service(server) < 0 { break }
            if stopping, connections.isEmpty || morph_lws_now_us() >= stopDeadline { break }
        }
        for session in sessions.values { session.stopRecording() }
        sessions.removeAll()
        wake.withLock { $0 = nil }
        connections.removeAll()
        morph_lws_server_destroy(server)
        self.server = nil
    }

    /// Hands a command to the service thread; safe from any thread.
    func post(_ command: Command) {
        mailbox.post(command)
        wake.withLock { handle in
            if let handle { morph_lws_server_cancel(handle.pointer) }
        }
    }

    private func drainMailbox() {
        for command in mailbox.drain() {
            switch command {
            case .stop: beginStopping()
            case .tiles(let result): tilesFinished(result)
            }
        }
    }

    /// Closes recordings now; tells every viewer "going away" and gives them a moment.
    private func beginStopping() {
        guard !stopping, let server else { return }
        stopping = true
        for session in sessions.values { session.stopRecording() }
        for connection in connections.values where connection.closing == nil {
            connection.closing = (1001, "server shutting down")
            morph_lws_request_writeable(connection.wsi)
        }
        stopDeadline = morph_lws_now_us() + 500_000
        tickDeadline = stopDeadline
        morph_lws_server_schedule_tick(server, stopDeadline)
    }

    // MARK: lws events (service thread)

    func handle(_ wsi: OpaquePointer, _ reason: Int32, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        switch reason {
        case morph_reason_established: return established(wsi)
        case morph_reason_closed: return closed(wsi)
        case morph_reason_receive: return received(wsi, input, length)
        case morph_reason_server_writeable: return writeable(wsi)
        case morph_reason_http: return serveHTTP(wsi, input)
        case morph_reason_http_confirm_upgrade: return confirmUpgrade(wsi)
        case morph_reason_http_file_completion: return morph_lws_http_completed(wsi) != 0 ? -1 : 0
        case morph_reason_event_wait_cancelled:
            drainMailbox()
            return 0
        default: return morph_lws_default
        }
    }

    private func established(_ wsi: OpaquePointer) -> Int32 {
        guard morph_lws_is_morph_protocol(wsi) != 0 else {
            // Only reachable without a subprotocol: lws drops unknown ones before this.
            morph_lws_set_close(wsi, 1002, "subprotocol morph.v1 required")
            return -1
        }
        let accepted = !stopping && countedConnections < configuration.maxClients
        let connection = Connection(id: nextConnectionID, wsi: wsi, counted: accepted)
        nextConnectionID += 1
        connections[wsi] = connection
        if accepted {
            countedConnections += 1
        } else {
            let busy = ProtocolError(.busy, "the server already has \(configuration.maxClients) viewers")
            reply(connection, .error(busy))
            connection.closing = (1013, "busy")
        }
        return 0
    }

    private func closed(_ wsi: OpaquePointer) -> Int32 {
        guard let connection = connections.removeValue(forKey: wsi) else { return 0 }
        if connection.counted { countedConnections -= 1 }
        leaveSession(connection)
        return 0
    }

    private func received(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        guard let connection = connections[wsi], connection.closing == nil else { return 0 }
        if connection.incoming.isEmpty { connection.incomingIsBinary = morph_lws_is_binary(wsi) != 0 }
        if connection.incoming.count + length > configuration.maxMessageBytes {
            connection.incoming = []
            let error = ProtocolError(.tooLarge, "messages are limited to \(configuration.maxMessageBytes) bytes")
            reply(connection, .error(error))
            connection.closing = (1009, "message too large")
            return 0
        }
        if let input, length > 0 {
            connection.incoming.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        guard morph_lws_is_final_fragment(wsi) != 0 else { return 0 }
        let message = connection.incoming
        connection.incoming = []
        if connection.incomingIsBinary {
            reply(connection, .error(ProtocolError(.badMessage, "binary messages are not accepted")))
            return 0
        }
        process(message, from: connection)
        return 0
    }

    private func writeable(_ wsi: OpaquePointer) -> Int32 {
        guard let connection = connections[wsi] else { return 0 }
        if connection.closeNow, let closing = connection.closing {
            morph_lws_set_close(wsi, closing.code, closing.reason)
            return -1
        }
        if let message = connection.replies.pop() {
            guard write(message, to: connection) else { return -1 }
        } else if connection.closing == nil, let frame = connection.frames.take() {
            guard write(frame, to: connection) else { return -1 }
        } else if connection.closing == nil, let message = connection.tiles?.nextMessage() {
            guard write(message.bytes, to: connection, binary: message.binary) else { return -1 }
        }
        let moreFrames = connection.frames.pending != nil || connection.tiles?.hasWork == true
        if !connection.replies.isEmpty || (connection.closing == nil && moreFrames) {
            morph_lws_request_writeable(wsi)
        } else if connection.closing != nil {
            // One more round so the last answer leaves before the close frame.
            connection.closeNow = true
            morph_lws_request_writeable(wsi)
        }
        return 0
    }

    private func write(_ bytes: [UInt8], to connection: Connection, binary: Bool = false) -> Bool {
        let buffer = connection.sendBuffer(payload: bytes.count)
        bytes.withUnsafeBytes { source in
            (buffer + lwsPreBytes).copyMemory(from: source.baseAddress!, byteCount: source.count)
        }
        let start = buffer.assumingMemoryBound(to: UInt8.self)
        let written =
            binary
            ? lws_write(connection.wsi, start + lwsPreBytes, bytes.count, LWS_WRITE_BINARY)
            : morph_lws_write_text(connection.wsi, start, bytes.count)
        return Int(written) >= bytes.count
    }

    private func write(_ frame: FrameEncoding, to connection: Connection) -> Bool {
        let digits = Array(String(connection.frames.dropped).utf8)
        let count = frame.head.count + digits.count + frame.tail.count
        let buffer = connection.sendBuffer(payload: count)
        var cursor = buffer + lwsPreBytes
        for part in [frame.head, digits, frame.tail] {
            part.withUnsafeBytes { source in
                if source.count > 0 { cursor.copyMemory(from: source.baseAddress!, byteCount: source.count) }
            }
            cursor += part.count
        }
        let written = morph_lws_write_text(connection.wsi, buffer.assumingMemoryBound(to: UInt8.self), count)
        return Int(written) >= count
    }

    // MARK: HTTP

    /// A request header's value; an overlong one reads as a value no policy allows.
    private func header(_ wsi: OpaquePointer, _ token: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        let length = morph_lws_header(wsi, token, &buffer, Int32(buffer.count))
        if length == -1 { return nil }
        if length < 0 { return "(overlong header)" }
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Refuses a WebSocket upgrade from a page of another site, or for a `Host` that is not
    /// ours (DNS rebinding), with a 403 before any session exists.
    private func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
        guard let refusal = originPolicy.check(host: header(wsi, morph_header_host), origin: header(wsi, morph_header_origin))
        else { return 0 }
        log("refused a WebSocket: \(refusal)")
        return morph_lws_http_status(wsi, 403) != 0 ? -1 : 1
    }

    private func serveHTTP(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?) -> Int32 {
        let uri = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/"
        let status: UInt32
        if originPolicy.check(host: header(wsi, morph_header_host)) != nil {
            if morph_lws_http_status(wsi, 403) != 0 { return -1 }
            return morph_lws_http_completed(wsi) != 0 ? -1 : 0
        }
        switch files.resolve(uri) {
        case .file(let path, let mimeType):
            let headers = mimeType.hasPrefix("text/html") ? htmlHeaders : otherHeaders
            let result = headers.withUnsafeBufferPointer { header in
                header.withMemoryRebound(to: CChar.self) { chars in
                    morph_lws_serve_file(wsi, path, mimeType, chars.baseAddress, Int32(chars.count))
                }
            }
            if result < 0 { return -1 }
            if result > 0, morph_lws_http_completed(wsi) != 0 { return -1 }
            return 0
        case .notFound: status = 404
        case .forbidden: status = 403
        case .badRequest: status = 400
        }
        if morph_lws_http_status(wsi, status) != 0 { return -1 }
        return morph_lws_http_completed(wsi) != 0 ? -1 : 0
    }

    // MARK: Protocol

    private func reply(_ connection: Connection, _ message: ServerMessage) {
        guard connection.replies.push(message.encoded) else {
            connection.closing = (1008, "too many unread answers")
            morph_lws_request_writeable(connection.wsi)
            return
        }
        morph_lws_request_writeable(connection.wsi)
    }

    private func process(_ bytes: [UInt8], from connection: Connection) {
        let message: ClientMessage
        switch ClientMessage.decode(bytes) {
        case .success(let decoded): message = decoded
        case .failure(let error):
            reply(connection, .error(error))
            return
        }
        switch message {
        case .hello:
            reply(connection, .welcome(server: configuration.serverName, components: registry.names, fps: configuration.fps))
        case .open(let request):
            let componentRequest = ComponentRegistry.Request(
                configuration: request.configuration,
                environment: request.environment, viewport: request.viewport)
            switch registry.make(request.component, componentRequest, for: "open") {
            case .success(let component):
                let session = LiveSession(
                    id: newSessionID(), componentName: request.component, request: componentRequest,
                    component: component, origin: clock.now())
                sessions[session.id] = session
                attach(connection, to: session)
            case .failure(let error):
                reply(connection, .error(error))
            }
        case .join(let id):
            guard let session = sessions[id] else {
                reply(connection, .error(ProtocolError(.unknownSession, "no session \(id)", request: "join")))
                return
            }
            attach(connection, to: session)
        case .input(var event):
            guard let session = currentSession(of: connection, for: "input") else { return }
            // Session time is the server's: a client's clock may disagree or run backwards.
            event.time = sessionTime(session)
            do {
                try session.apply(event)
            } catch {
                reply(connection, .error(ProtocolError(.badEvent, "\(error)", request: "input")))
                return
            }
            ensureTicking()
        case .record(let action):
            guard let session = currentSession(of: connection, for: "record") else { return }
            record(action, session: session, connection: connection)
        case .recordings:
            reply(connection, .recordings(store.list()))
        case .replay(let name):
            startReplay(name, for: connection)
        case .ping(let id, let clientTime):
            reply(connection, .pong(id: id, clientTime: clientTime, serverTime: wallClock.now()))
        case .tiles(let enabled, let scale):
            setTiles(enabled ? scale : nil, for: connection)
        }
    }

    private func currentSession(of connection: Connection, for type: String) -> LiveSession? {
        if let id = connection.sessionID, let session = sessions[id] { return session }
        reply(connection, .error(ProtocolError(.noSession, "open or join a session first", request: type)))
        return nil
    }

    private func record(_ action: ClientMessage.RecordAction, session: LiveSession, connection: Connection) {
        switch action {
        case .start:
            if let recording = session.recording {
                reply(connection, .recording(started: true, name: recording.url.lastPathComponent))
                return
            }
            guard !session.logOverflowed else {
                reply(
                    connection, .error(ProtocolError(.badMessage, "session too long to record from its start", request: "record"))
                )
                return
            }
            let name = store.newName(component: session.componentName, session: session.id, wallTime: wallClock.now())
            do {
                session.recording = try store.begin(
                    name: name, header: session.recordingHeader(frameRate: configuration.fps), events: session.log)
                broadcast(.recording(started: true, name: name), to: session)
            } catch {
                reply(connection, .error(ProtocolError(.notFound, "cannot write recording: \(error)", request: "record")))
            }
        case .stop:
            guard let name = session.stopRecording() else {
                reply(connection, .error(ProtocolError(.notFound, "this session is not recording", request: "record")))
                return
            }
            broadcast(.recording(started: false, name: name), to: session)
        }
    }

    private func startReplay(_ name: String, for connection: Connection) {
        let loaded: RecordingReader.Result
        do {
            loaded = try store.load(name)
        } catch .recording(_, let error) {
            if case .io = error {
                reply(connection, .error(ProtocolError(.notFound, "cannot read recording \(name)", request: "replay")))
            } else {
                reply(connection, .error(ProtocolError(.badEvent, "\(name): \(error)", request: "replay")))
            }
            return
        } catch {
            reply(connection, .error(ProtocolError(.notFound, "no recording \(name)", request: "replay")))
            return
        }
        // A cut last line is what a crash leaves: replay the rest and tell the operator.
        for warning in loaded.warnings { log("replay \(name): \(warning)") }
        let header = loaded.recording.header
        var environment = InputEvent.Environment.protocolDefaults.merging(header.environment)
        environment.size = nil
        let request = ComponentRegistry.Request(
            configuration: header.configuration, environment: environment,
            viewport: header.viewport)
        switch registry.make(header.component, request, for: "replay") {
        case .success(let component):
            let session = LiveSession(
                id: newSessionID(), componentName: header.component, request: request,
                component: component, origin: clock.now(), replay: loaded.recording.events)
            sessions[session.id] = session
            attach(connection, to: session)
        case .failure(let error):
            reply(connection, .error(error))
        }
    }

    /// One line on stderr for the operator; nothing a viewer needs to see.
    private func log(_ text: String) {
        FileHandle.standardError.write(Data("morphd: \(text)\n".utf8))
    }

    // MARK: Sessions and frames

    private func newSessionID() -> String {
        while true {
            let value = UInt32.random(in: 0...UInt32.max, using: &randomGenerator)
            let text = String(value, radix: 16)
            let id = String(repeating: "0", count: 8 - text.count) + text
            if sessions[id] == nil { return id }
        }
    }

    /// Seconds since the session started, to the microsecond so recordings stay readable.
    private func sessionTime(_ session: LiveSession) -> Double {
        (max(0, clock.now() - session.origin) * 1_000_000).rounded() / 1_000_000
    }

    private func attach(_ connection: Connection, to session: LiveSession) {
        if connection.sessionID != session.id { leaveSession(connection) }
        connection.sessionID = session.id
        session.addViewer(connection.id)
        reply(connection, .session(session.description))
        if let scale = connection.tiles?.scale { setTiles(scale, for: connection) }
        if let frame = session.latestFrame {
            connection.frames.offer(frame)
            morph_lws_request_writeable(connection.wsi)
        } else {
            session.needsFrame = true
        }
        ensureTicking()
    }

    /// Detaches a viewer; a session nobody watches ends (its recording closes).
    private func leaveSession(_ connection: Connection) {
        guard let id = connection.sessionID, let session = sessions[id] else { return }
        connection.sessionID = nil
        _ = connection.frames.take()
        session.removeViewer(connection.id)
        if let scale = connection.tiles?.scale { connection.tiles = TileSubscription(scale: scale) }
        pruneTileStreams(of: id)
        if session.viewers.isEmpty {
            session.stopRecording()
            sessions[id] = nil
        }
    }

    private func viewers(of session: LiveSession) -> [Connection] {
        // Connection ids are per server; a linear scan is fine for --max-clients sized sets.
        let ids = Set(session.viewers)
        return connections.values.filter { ids.contains($0.id) }
    }

    private func broadcast(_ message: ServerMessage, to session: LiveSession) {
        for connection in viewers(of: session) { reply(connection, message) }
    }

    /// Makes sure a tick comes now, unless one is already due by now (a still session may
    /// have the loop asleep until its next scheduled change, seconds away).
    private func ensureTicking() {
        guard let server, !stopping else { return }
        let now = morph_lws_now_us()
        if let tickDeadline, tickDeadline <= now { return }
        tickDeadline = now
        morph_lws_server_schedule_tick(server, now)
    }

    /// One tick: replays feed, due sessions build one frame each and fan it out, then the
    /// next tick is set: at `--fps` while anything moves, else at the earliest scheduled
    /// change (a timer's text), else never.
    func tick() {
        guard let server else { return }
        let now = morph_lws_now_us()
        if stopping {
            // Only here to wake the loop at the stop deadline.
            tickDeadline = nil
            return
        }
        let serverTime = wallClock.now()
        let clockNow = clock.now()
        var anyWantsTick = false
        var earliestChange: Double?
        for session in sessions.values {
            let time = sessionTime(session)
            session.feedReplay(upTo: time)
            if session.frameDue(at: time), let frame = session.buildFrame(at: time, serverTime: serverTime) {
                for connection in viewers(of: session) where connection.closing == nil {
                    connection.frames.offer(frame)
                    morph_lws_request_writeable(connection.wsi)
                }
                if let job = session.latestTileJob, let streams = tileStreams[session.id] {
                    for stream in streams.values { submit(job, to: stream) }
                }
            }
            anyWantsTick = anyWantsTick || session.wantsTick
            if let change = session.scheduledChange {
                // On the server's clock, so sessions started at different moments compare.
                let due = session.origin + change
                earliestChange = min(earliestChange ?? due, due)
            }
        }
        let next: Int64
        if anyWantsTick {
            // Absolute deadlines: a relative delay drifts below the target rate.
            let candidate = (tickDeadline ?? now) + tickPeriod
            next = candidate <= now ? now + tickPeriod : candidate
        } else if let earliestChange {
            // Sleep until the change, rounded up so the frame is built at or after it.
            let delay = max(0, earliestChange - clockNow)
            next = now + max(1, Int64((delay * 1_000_000).rounded(.up)))
        } else {
            tickDeadline = nil
            return
        }
        tickDeadline = next
        morph_lws_server_schedule_tick(server, next)
    }
}

// MARK: Tiles (service thread; rendering runs on workers)

extension ServiceLoop {
    /// Turns tiles on at `scale` (nil: off) for a connection, starting (or reusing) the
    /// stream of its session at that scale; a new subscriber gets the newest set whole.
    fileprivate func setTiles(_ scale: Int?, for connection: Connection) {
        guard let scale else {
            connection.tiles = nil
            if let id = connection.sessionID { pruneTileStreams(of: id) }
            return
        }
        if let id = connection.sessionID, let session = sessions[id],
            let reason = TileBudget.violation(viewport: session.viewport, scale: scale)
        {
            connection.tiles = nil
            reply(connection, .error(ProtocolError(.tooLarge, reason, request: "tiles")))
            return
        }
        connection.tiles = TileSubscription(scale: scale)
        guard let id = connection.sessionID, let session = sessions[id] else { return }
        pruneTileStreams(of: id)
        let stream: TileStream
        if let existing = tileStreams[id]?[scale] {
            stream = existing
        } else {
            let streamCount = tileStreams.values.reduce(0) { $0 + $1.count }
            guard streamCount < configuration.maxTileStreams else {
                connection.tiles = nil
                let busy = "the server already renders \(configuration.maxTileStreams) tile streams; the page folds locally"
                reply(connection, .error(ProtocolError(.busy, busy, request: "tiles")))
                return
            }
            do {
                stream = TileStream(id: nextTileStreamID, renderer: try TileRenderer(scale: scale))
            } catch {
                connection.tiles = nil
                reply(connection, .error(ProtocolError(.notFound, "server tiles unavailable: \(error)", request: "tiles")))
                return
            }
            nextTileStreamID += 1
            tileStreams[id, default: [:]][scale] = stream
        }
        if let latest = stream.latest {
            connection.tiles?.pending.offer(latest)
            morph_lws_request_writeable(connection.wsi)
        } else if let job = session.latestTileJob, !stream.scheduler.isRunning {
            submit(job, to: stream)
        }
    }

    /// Drops the streams of a session (or of scales) no viewer wants any more.
    fileprivate func pruneTileStreams(of id: String) {
        guard let streams = tileStreams[id] else { return }
        let wanted = Set(
            connections.values.filter { $0.sessionID == id && sessions[id] != nil }.compactMap { $0.tiles?.scale })
        let kept = streams.filter { wanted.contains($0.key) }
        tileStreams[id] = kept.isEmpty ? nil : kept
    }

    /// Latest wins: starts the job now if the stream is idle, else keeps it as the next one.
    fileprivate func submit(_ job: TileJob, to stream: TileStream) {
        guard let job = stream.scheduler.submit(job) else { return }
        start(job, on: stream)
    }

    private func start(_ job: TileJob, on stream: TileStream) {
        let renderer = stream.renderer, streamID = stream.id, skipped = stream.scheduler.skipped
        DispatchQueue.global(qos: .userInitiated).async {
            let result: TileResult
            do {
                let snapshot = try renderer.render(job, skipped: skipped)
                result = TileResult(session: job.session, stream: streamID, snapshot: snapshot, failure: nil)
            } catch {
                result = TileResult(session: job.session, stream: streamID, snapshot: nil, failure: "\(error)")
            }
            self.post(.tiles(result))
        }
    }

    /// A worker is done: the next waiting job starts, and the new set goes to the viewers.
    fileprivate func tilesFinished(_ result: TileResult) {
        guard let stream = tileStreams[result.session]?.values.first(where: { $0.id == result.stream }) else { return }
        if let failure = result.failure {
            // A stream that failed once would fail on every frame: stop it and say so once.
            log("tiles for \(result.session) stopped: \(failure)")
            tileStreams[result.session]?[stream.scale] = nil
            if tileStreams[result.session]?.isEmpty == true { tileStreams[result.session] = nil }
            for connection in connections.values
            where connection.sessionID == result.session && connection.tiles?.scale == stream.scale {
                connection.tiles = nil
                reply(connection, .error(ProtocolError(.tooLarge, "server tiles stopped: \(failure)", request: "tiles")))
            }
            return
        }
        if let next = stream.scheduler.finish() { start(next, on: stream) }
        guard let snapshot = result.snapshot else { return }
        stream.latest = snapshot
        for connection in connections.values
        where connection.sessionID == result.session && connection.closing == nil
            && connection.tiles?.scale == stream.scale
        {
            connection.tiles?.pending.offer(snapshot)
            morph_lws_request_writeable(connection.wsi)
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
