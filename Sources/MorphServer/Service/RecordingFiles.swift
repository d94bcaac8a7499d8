import Foundation
import MorphKit
import MorphWork

/// The shell's recording files: carries out the core's recording effects against the
/// `RecordingStore` on the worker pool, one lane per session (`SerialLanes`), and reports
/// back with events through `report` (the service loop's mailbox). The copy of a long
/// session at `record start` and the `fsync` after every line never stop the service thread.
///
/// An `ack` is reported only once its line is written and synchronized, so an acknowledged
/// input survives `kill -9`.
final class RecordingFiles: Sendable {
    let store: RecordingStore
    private let wallClock: any TimeSource
    private let lanes: SerialLanes
    private let report: @Sendable (ServerEvent) -> Void
    /// Guards what listings read of each file (one listing at a time, each on whichever
    /// worker runs the listing lane), kept while its size and modification time stay.
    private let listed = Locked<[String: RecordingStore.ListedFile]>([:])
    /// Guards the open files by session (the lanes of several sessions add and remove
    /// theirs); each file is touched only from its session's lane.
    private let writers = Locked<[String: OpenRecording]>([:])

    init(
        store: RecordingStore, wallClock: any TimeSource, pool: WorkerPool,
        report: @escaping @Sendable (ServerEvent) -> Void
    ) {
        self.store = store
        self.wallClock = wallClock
        self.lanes = SerialLanes(pool: pool)
        self.report = report
    }

    /// Names and opens a new file and writes the session so far; reports `recordingStarted`
    /// or `recordingFailed`.
    func start(_ request: RecordingStart) {
        lanes.submit(request.session) { [self] in
            closeWriter(request.session)
            do {
                let name = try store.claimName(
                    component: request.component, token: RecordingStore.newToken(), wallTime: wallClock.now())
                let writer = try store.begin(name: name, header: request.header, events: request.events)
                var recent = EventWindow()
                for event in request.events { _ = recent.admit(event.time) }
                writers.withLock { $0[request.session] = OpenRecording(writer: writer, recent: recent) }
                report(.recordingStarted(session: request.session, name: name))
            } catch MorphServerError.recordingLimit {
                report(
                    .recordingFailed(
                        session: request.session, requester: request.requester, .folderFull(maxFiles: store.maxFiles)))
            } catch MorphServerError.recordingTooLarge(let maxBytes) {
                report(.recordingFailed(session: request.session, requester: request.requester, .fileFull(maxBytes: maxBytes)))
            } catch MorphServerError.recordingTooFast(let perSecond) {
                report(.recordingFailed(session: request.session, requester: request.requester, .tooFast(perSecond: perSecond)))
            } catch {
                report(.recordingFailed(session: request.session, requester: request.requester, .write(detail: "\(error)")))
            }
        }
    }

    /// Appends one line, then reports the `ack` if one is wanted; a failure closes the file
    /// and is reported once. A line that would take the file past its size cap, or past the
    /// inputs a replay reads within one second, is not written: the recording stops there, so
    /// the file always replays. Nothing happens when the session has no open file.
    func append(_ event: InputEvent, session: String, ack: InputAck?) {
        lanes.submit(session) { [self] in
            let admitted = writers.withLock { open -> (RecordingWriter, Bool)? in
                guard let writer = open[session]?.writer else { return nil }
                return (writer, open[session]!.recent.admit(event.time))
            }
            guard let (writer, inRate) = admitted else { return }
            guard inRate else {
                closeWriter(session)
                report(.recordingFailed(session: session, requester: nil, .tooFast(perSecond: Replay.maxEventsPerSecond)))
                return
            }
            do {
                guard try writer.append(event, upTo: store.maxBytes) else {
                    closeWriter(session)
                    report(.recordingFailed(session: session, requester: nil, .fileFull(maxBytes: store.maxBytes)))
                    return
                }
                if let ack { report(.recordingAppended(ack)) }
            } catch {
                closeWriter(session)
                report(.recordingFailed(session: session, requester: nil, .write(detail: "\(writer.url.path): \(error)")))
            }
        }
    }

    func stop(_ session: String) {
        lanes.submit(session) { [self] in closeWriter(session) }
    }

    /// Lists the folder on a worker; reports `recordingsListed`. Listings share one lane, so
    /// however many connections list, one worker at a time does, from one summary cache.
    func list(for connection: Int) {
        lanes.submit("list") { [self] in
            var cache = listed.withLock { $0 }
            let items = store.list(cache: &cache)
            listed.withLock { $0 = cache }
            report(.recordingsListed(connection, items))
        }
    }

    /// Reads and checks a recording on a worker; reports `recordingLoaded`.
    func load(_ name: String, for connection: Int) {
        lanes.submit("load \(connection)") { [self] in
            let result = Result { () throws(MorphServerError) in try store.load(name) }
            report(.recordingLoaded(connection, name: name, result))
        }
    }

    /// Finishes every queued write, then closes every file (at shutdown).
    func stopAll() {
        lanes.waitUntilIdle()
        let open = writers.withLock { writers in
            defer { writers = [:] }
            return writers.values.map(\.writer)
        }
        for writer in open { try? writer.close() }
    }

    private func closeWriter(_ session: String) {
        let open = writers.withLock { $0.removeValue(forKey: session) }
        try? open?.writer.close()
    }
}

/// A session's open file and the times of its last second of lines.
private struct OpenRecording: Sendable {
    let writer: RecordingWriter
    var recent: EventWindow
}

/// The times of the lines within the last second of session time, to keep a recording
/// within `Replay.maxEventsPerSecond` the way `RecordingReader` counts (the closed interval
/// [t - 1, t]).
struct EventWindow: Sendable {
    private var times: [Double] = []
    private var head = 0

    /// Counts an event at `time` (in order) unless it would be one more than a replay reads
    /// within one second; false, uncounted, when it would.
    mutating func admit(_ time: Double, limit: Int = Replay.maxEventsPerSecond) -> Bool {
        while head < times.count, times[head] < time - 1 { head += 1 }
        guard times.count - head < limit else { return false }
        if head >= 4096 {
            times.removeFirst(head)
            head = 0
        }
        times.append(time)
        return true
    }
}
