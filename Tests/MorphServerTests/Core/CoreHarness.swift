import Foundation
import MorphKit
import MorphTestSupport

@testable import MorphServer

/// A `ServerCore` with manual clocks and a fake shell: it carries out recording and listing
/// effects in memory, keeps tile jobs for the test to run, and remembers the tick schedule,
/// so tests drive the server event by event and see exactly what leaves when.
final class CoreHarness {
    let clock = ManualTimeSource(start: 1000)
    let wallClock = ManualTimeSource(start: 1_700_000_000)
    let core: ServerCore

    /// The newest `scheduleTick` not yet run.
    private(set) var scheduledTick: Double?
    /// Every effect, in order.
    private(set) var effects: [ServerEffect] = []
    private(set) var logs: [String] = []
    /// Connections that asked for a writable callback and did not get it yet.
    private(set) var wantsWrite: Set<Int> = []
    /// Closes the core asked for, by connection.
    private(set) var closes: [Int: (code: Int32, reason: String)] = [:]
    /// Tile jobs not yet run.
    var tileWork: [TileWork] = []
    /// When set, frame batches stay with their workers (`buildsInFlight`) until
    /// `finishBuilds()`, so a test can send events while a build is in flight.
    var holdsBuilds = false
    private(set) var buildsInFlight: [FrameBatch] = []

    /// Recording files in memory: by session, the header request and the lines appended.
    private(set) var recordings: [String: (start: RecordingStart, lines: [InputEvent])] = [:]
    private(set) var recordingNames: [String: String] = [:]
    /// When set, the next `startRecording` fails so.
    var failNextStart: RecordingFailure?
    /// When set, appends to the recording fail so.
    var failAppends: RecordingFailure?
    /// What `loadRecording` answers, by name (absent names: not found).
    var stored: [String: Result<RecordingReader.Result, MorphServerError>] = [:]
    var listing: [RecordingSummary] = []

    private var nextConnection = 1

    init(
        _ configure: (inout ServerConfiguration) -> Void = { _ in },
        tileRenderer: ServerCore.TileRendererFactory? = nil,
        tickPhases: Int = 1, register: (inout ComponentRegistry) -> Void = { _ in }
    ) {
        var configuration = ServerConfiguration()
        configure(&configuration)
        var registry = ComponentRegistry()
        registry.registerMorphComponents()
        registry.register(ProbeComponent.name, panel: ProbeComponent.panel) { try ProbeComponent($0) }
        registry.register("timer") { _ in TimerComponent() }
        register(&registry)
        var ids = 0
        core = ServerCore(
            configuration: configuration, registry: registry, clock: clock, wallClock: wallClock,
            makeTileRenderer: tileRenderer ?? { [clock] in try TileRenderer(scale: $0, tileSize: 64, clock: clock) },
            sessionIDs: {
                ids += 1
                return "a" + String(repeating: "0", count: SessionID.length - 2) + String(ids, radix: 36)
            }, tickPhases: tickPhases)
    }

    // MARK: Events

    /// Applies an event and carries out its effects as the shell would.
    func run(_ event: ServerEvent) {
        var pending = core.handle(event)[...]
        while let effect = pending.popFirst() {
            effects.append(effect)
            switch effect {
            case .wantWrite(let id): wantsWrite.insert(id)
            case .scheduleTick(let time): scheduledTick = time
            case .buildFrames(let batch):
                // Built here and now, as a worker would, so ticks read as before.
                if holdsBuilds {
                    buildsInFlight.append(batch)
                } else {
                    pending += core.handle(.framesBuilt(batch.run()))
                }
            case .renderTiles(let work): tileWork.append(work)
            case .startRecording(let request):
                if let failure = failNextStart {
                    failNextStart = nil
                    pending += core.handle(.recordingFailed(session: request.session, requester: request.requester, failure))
                } else {
                    let name = "\(request.component)-\(request.session).jsonl"
                    recordings[request.session] = (request, request.events)
                    recordingNames[request.session] = name
                    pending += core.handle(.recordingStarted(session: request.session, name: name))
                }
            case .appendRecording(let session, let event, let ack):
                guard recordingNames[session] != nil else { continue }
                if let failure = failAppends {
                    recordingNames[session] = nil
                    pending += core.handle(.recordingFailed(session: session, requester: nil, failure))
                } else {
                    recordings[session]?.lines.append(event)
                    if let ack { pending += core.handle(.recordingAppended(ack)) }
                }
            case .stopRecording(let session): recordingNames[session] = nil
            case .listRecordings(let id): pending += core.handle(.recordingsListed(id, listing))
            case .loadRecording(let id, let name):
                let result = stored[name] ?? .failure(.fileSystem(path: "/srv/recordings/\(name)", errno: ENOENT))
                pending += core.handle(.recordingLoaded(id, name: name, result))
            case .log(let text): logs.append(text)
            }
        }
    }

    /// Stores a recording file's lines under `name`, as the shell would read them.
    func store(_ name: String, lines: [String]) throws {
        stored[name] = .success(try RecordingReader.read(Data(lines.joined(separator: "\n").utf8)))
    }

    /// A new accepted-or-refused connection's id; `deltas` is its URL's `?deltas=1`, `acks`
    /// its `?acks=1`.
    func connect(session: String? = nil, deltas: Bool = false, acks: Bool = false) -> Int {
        let id = nextConnection
        nextConnection += 1
        run(.opened(id, session: session, deltas: deltas, acks: acks))
        return id
    }

    func send(_ id: Int, _ json: String) {
        run(.received(id, Array(json.utf8), binary: false, final: true))
    }

    /// Writes everything the connection has waiting, as lws would on writable callbacks.
    func drain(_ id: Int) -> [Outgoing] {
        var written: [Outgoing] = []
        while wantsWrite.remove(id) != nil {
            if let message = writable(id) { written.append(message) }
        }
        return written
    }

    /// One writable round of connection `id`, carried out as the shell would: its message is
    /// returned, its close kept in `closes`, and another round wanted when more waits.
    /// Nothing for a connection the core does not know.
    @discardableResult
    func writable(_ id: Int) -> Outgoing? {
        guard let peer = core.peers[id] else { return nil }
        let round = core.writable(peer)
        if round.again { wantsWrite.insert(id) }
        switch round.action {
        case .none: return nil
        case .write(let message): return message
        case .close(let code, let reason):
            closes[id] = (code, reason)
            return nil
        }
    }

    /// The text messages a drain writes, parsed.
    func messages(_ id: Int) -> [JSONValue] {
        drain(id).compactMap { message in
            if case .binary = message { return nil }
            return try? JSONValue.parse(message.bytes)
        }
    }

    /// Runs scheduled ticks, moving the clock to each, until `seconds` have passed.
    /// Returns the clock readings at which ticks ran.
    @discardableResult
    func advance(by seconds: Double) -> [Double] {
        let end = clock.now() + seconds
        var ticks: [Double] = []
        while let due = scheduledTick, due <= end + 1e-9 {
            clock.advance(by: max(0, due - clock.now()))
            scheduledTick = nil
            ticks.append(clock.now())
            run(.tick)
        }
        clock.advance(by: max(0, end - clock.now()))
        return ticks
    }

    /// Runs the tick that is due now (after input or a join).
    func tickNow() { advance(by: 0) }

    /// Builds the batches in flight, as workers would, and hands each back, oldest first.
    func finishBuilds() {
        while !buildsInFlight.isEmpty {
            let batch = buildsInFlight.removeFirst()
            run(.framesBuilt(batch.run()))
        }
    }

    /// Runs every waiting tile job synchronously and hands the results back.
    func runTileWork() {
        while !tileWork.isEmpty {
            let work = tileWork.removeFirst()
            run(.tilesRendered(work.run()))
        }
    }

    /// Opens a session of `component` on a new connection; returns the connection and session id.
    func openSession(_ component: String = "probe", _ extra: String = "") -> (connection: Int, session: String) {
        let id = connect()
        send(id, #"{"type":"open","component":"\#(component)"\#(extra)}"#)
        let session = messages(id).first { $0["type"]?.stringValue == "session" }?["session"]?.stringValue ?? ""
        return (id, session)
    }
}

extension JSONValue {
    var type: String? { self["type"]?.stringValue }
    var code: String? { self["code"]?.stringValue }
}
