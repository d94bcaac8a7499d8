import Foundation
import MorphKit

/// The shell's recording files: carries out the core's recording effects against the
/// `RecordingStore` and answers with events. Service thread only (the writes are
/// synchronous, one `fsync`ed line per input, as before the core existed).
final class RecordingFiles {
    let store: RecordingStore
    private let wallClock: any TimeSource
    private var writers: [String: RecordingWriter] = [:]

    init(store: RecordingStore, wallClock: any TimeSource) {
        self.store = store
        self.wallClock = wallClock
    }

    /// Names and opens a new file and writes the session so far.
    func start(_ request: RecordingStart) -> ServerEvent {
        stop(request.session)
        do {
            let name = try store.claimName(component: request.component, session: request.session, wallTime: wallClock.now())
            writers[request.session] = try store.begin(name: name, header: request.header, events: request.events)
            return .recordingStarted(session: request.session, name: name)
        } catch {
            return .recordingFailed(session: request.session, requester: request.requester, detail: "\(error)")
        }
    }

    /// Appends one line; a failure closes the file and is reported once.
    func append(_ event: InputEvent, session: String) -> ServerEvent? {
        guard let writer = writers[session] else { return nil }
        do {
            try writer.append(event)
            return nil
        } catch {
            stop(session)
            return .recordingFailed(session: session, requester: nil, detail: "\(writer.url.path): \(error)")
        }
    }

    func stop(_ session: String) {
        guard let writer = writers.removeValue(forKey: session) else { return }
        try? writer.close()
    }

    func stopAll() {
        for session in Array(writers.keys) { stop(session) }
    }
}
