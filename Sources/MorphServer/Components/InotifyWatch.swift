import Glibc

/// The kernel's word that something in the component folder changed (inotify): the folder
/// itself and the subfolders its files' pictures live in.
///
/// It only says "poll now"; `ComponentFolder.poll()` still finds what changed by its stamps,
/// so a missed or extra wake costs a poll, never a wrong listing. Not thread-safe by itself:
/// `ComponentFolderWatch` uses it on its serial queue only.
final class InotifyWatch {
    /// What the waiting events amount to.
    enum Wake: Equatable {
        /// Nothing the folder's files depend on.
        case none
        /// Poll the folder.
        case changed
        /// The folder itself was deleted or moved: inotify no longer sees it.
        case lost
    }

    /// Readable while events wait (non-blocking).
    let descriptor: Int32
    private let directory: String
    private let rootWatch: Int32
    /// The watched subfolders, relative to `directory`, by watch descriptor.
    private var subfolders: [Int32: String] = [:]

    /// Files saved (closed after writing, or renamed in), gone, touched, and created folders
    /// and symbolic links. A plain file's creation is left to its close: polled at creation,
    /// it would load half written and tell the viewers of a mistake that is not there.
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_ATTRIB | IN_CREATE)
    private static let rootMask = mask | UInt32(IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches `directory`; nil where inotify is unavailable (no such call, no watches left).
    init?(directory: String) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let root = inotify_add_watch(descriptor, directory, Self.rootMask | UInt32(IN_ONLYDIR))
        guard root >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.directory = directory
        rootWatch = root
    }

    deinit { close(descriptor) }

    /// Watches exactly the subfolders (relative paths) pictures are named in, each, while it
    /// is missing, through its nearest existing parent, whose new folder then wakes the
    /// watch. Returns true when a folder is watched that was not before: what changed in it
    /// before it was watched is the caller's to poll for.
    @discardableResult
    func follow(_ folders: Set<String>) -> Bool {
        var watched: [Int32: String] = [:]
        for folder in folders where !folder.isEmpty {
            var path = Substring(folder)
            while !path.isEmpty {
                let watch = inotify_add_watch(descriptor, directory + "/" + path, Self.mask | UInt32(IN_ONLYDIR))
                if watch >= 0 {
                    if watch != rootWatch { watched[watch] = String(path) }
                    break
                }
                path = path[..<(path.lastIndex(of: "/") ?? path.startIndex)]
            }
        }
        for watch in subfolders.keys where watched[watch] == nil { inotify_rm_watch(descriptor, watch) }
        let added = watched.keys.contains { subfolders[$0] == nil }
        subfolders = watched
        return added
    }

    /// Reads every waiting event.
    func drain() -> Wake {
        var wake = Wake.none
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = bytes[nameStart..<min(count, nameStart + Int(event.len))].prefix { $0 != 0 }
                    offset = nameStart + Int(event.len)
                    let seen = classify(event, name: String(decoding: nameBytes, as: UTF8.self))
                    if seen == .lost || (seen == .changed && wake == .none) { wake = seen }
                }
            }
        }
        return wake
    }

    private func classify(_ event: inotify_event, name: String) -> Wake {
        let mask = event.mask
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { return .changed }
        if event.wd == rootWatch {
            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 { return .lost }
        } else if mask & UInt32(IN_IGNORED) != 0 {
            // A subfolder went away (poll: the follow after it watches its parent), or
            // `follow` let go of it.
            return subfolders.removeValue(forKey: event.wd) != nil ? .changed : .none
        }
        guard mask & UInt32(IN_CREATE) != 0, mask & UInt32(IN_ISDIR) == 0 else { return .changed }
        // A new plain file waits for its close; a symbolic link has none.
        let folder = event.wd == rootWatch ? directory : subfolders[event.wd].map { directory + "/" + $0 }
        guard let folder else { return .none }
        var info = stat()
        return lstat(folder + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK ? .changed : .none
    }
}
