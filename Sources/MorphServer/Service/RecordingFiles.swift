import Foundation
import MorphKit

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
    /// Open files by session; each is touched only from its session's lane.
    private let writers = Locked<[String: RecordingWriter]>([:])

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
                    component: request.component, session: request.session, wallTime: wallClock.now())
                let writer = try store.begin(name: name, header: request.header, events: request.events)
                writers.withLock { $0[request.session] = writer }
                report(.recordingStarted(session: request.session, name: name))
            } catch MorphServerError.recordingLimit {
                report(
                    .recordingFailed(
                        session: request.session, requester: request.requester, .folderFull(maxFiles: store.maxFiles)))
            } catch {
                report(.recordingFailed(session: request.session, requester: request.requester, .write(detail: "\(error)")))
            }
        }
    }

    /// Appends one line, then reports the `ack` if one is wanted; a failure closes the file
    /// and is reported once. Nothing happens when the session has no open file.
    func append(_ event: InputEvent, session: String, ack: InputAck?) {
        lanes.submit(session) { [self] in
            guard let writer = writers.withLock({ $0[session] }) else { return }
            guard writer.bytesWritten < store.maxBytes else {
                closeWriter(session)
                report(.recordingFailed(session: session, requester: nil, .fileFull(maxBytes: store.maxBytes)))
                return
            }
            do {
                try writer.append(event)
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

    /// Lists the folder on a worker; reports `recordingsListed`.
    func list(for connection: Int) {
        lanes.submit("list \(connection)") { [self] in report(.recordingsListed(connection, store.list())) }
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
            return Array(writers.values)
        }
        for writer in open { try? writer.close() }
    }

    private func closeWriter(_ session: String) {
        let writer = writers.withLock { $0.removeValue(forKey: session) }
        try? writer?.close()
    }
}
