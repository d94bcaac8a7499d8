import Dispatch

/// Keeps a `ComponentFolder` current while morphd runs: polls it when inotify says something
/// in it changed, or every `fallbackInterval` where inotify is unavailable or loses the
/// folder (deleted or moved), and hands each poll's changes on.
///
/// Polls run on a serial queue of their own, so reading and compiling a file runs neither on
/// the service thread nor on the main queue, which takes the signals (SIGTERM is answered
/// while a large file compiles).
public final class ComponentFolderWatch: @unchecked Sendable {
    /// How often the folder is polled where inotify cannot say when it changed.
    public static let fallbackInterval = DispatchTimeInterval.milliseconds(250)

    private let folder: ComponentFolder
    private let changed: @Sendable ([ComponentFolder.Change]) -> Void
    private let queue = DispatchQueue(label: "morphd.components")
    // Used on `queue` only (hence unchecked Sendable): the inotify watch, while it works, and
    // the source that reads it or the fallback timer.
    private var inotify: InotifyWatch?
    private var source: (any DispatchSourceProtocol)?

    /// Starts watching `folder` (already polled once); `changed` gets each poll's changes,
    /// when there are any, on the watch's queue.
    public init(folder: ComponentFolder, changed: @escaping @Sendable ([ComponentFolder.Change]) -> Void) {
        self.folder = folder
        self.changed = changed
        queue.async { self.begin() }
    }

    deinit { source?.cancel() }

    private func begin() {
        if let watch = InotifyWatch(directory: folder.directory) {
            let reader = DispatchSource.makeReadSource(fileDescriptor: watch.descriptor, queue: queue)
            reader.setEventHandler { [weak self] in self?.read() }
            // The descriptor stays open until the source lets go of its handlers, after it is cancelled.
            reader.setCancelHandler { withExtendedLifetime(watch) {} }
            inotify = watch
            source = reader
            reader.resume()
        } else {
            startFallbackTimer()
        }
        // Whatever changed between the first poll and the watch.
        poll()
    }

    private func read() {
        guard let inotify else { return }
        switch inotify.drain() {
        case .none: return
        case .changed: poll()
        case .lost:
            source?.cancel()
            self.inotify = nil
            startFallbackTimer()
            poll()
        }
    }

    private func startFallbackTimer() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + Self.fallbackInterval, repeating: Self.fallbackInterval)
        timer.setEventHandler { [weak self] in self?.poll() }
        source = timer
        timer.resume()
    }

    /// Polls, then watches the picture folders the files now name; a folder watched anew may
    /// have changed before its watch began, so the poll runs again until none is new.
    private func poll() {
        var changes: [ComponentFolder.Change] = []
        repeat {
            changes += folder.poll()
        } while inotify?.follow(folder.pictureFolders) == true
        if !changes.isEmpty { changed(changes) }
    }
}
