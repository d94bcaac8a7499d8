import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Files named relative to a folder a component or a client names (pictures): one containment
/// rule for every reader, and sizes checked before anything is read. (A component file is read
/// by `ComponentDefinition.bytes(of:)`, at most its size limit and a byte.)
public enum FolderFile {
    /// Where a name below a folder leads once symlinks are resolved.
    public enum Containment: Hashable, Sendable {
        /// Inside the folder (or the folder itself): its real path.
        case inside(String)
        /// Out of the folder, through `..` or a link.
        case outside
        /// Nothing there (or the folder itself is missing).
        case missing
    }

    /// Why a file was not read.
    public enum Failure: Error, Hashable, Sendable {
        /// Missing, not a regular file, or unreadable.
        case unreadable
        /// Larger than the limit it was read with.
        case tooLarge(bytes: Int, limit: Int)
    }

    /// `relative` below `root`: the real path (symlinks resolved) must stay inside the real
    /// `root`, so a link planted in the folder cannot reach the rest of the disk. HTTP's
    /// static files (`/images/` among them) and picture loading share this rule.
    public static func resolve(_ relative: String, under root: String) -> Containment {
        guard let realRoot = realPath(root) else { return .missing }
        let candidate = relative.isEmpty ? realRoot : realRoot + "/" + relative
        guard let real = realPath(candidate) else { return .missing }
        let prefix = realRoot.hasSuffix("/") ? realRoot : realRoot + "/"
        return real == realRoot || real.hasPrefix(prefix) ? .inside(real) : .outside
    }

    /// The regular file at `path`, refused unread when `fstat` says it is over `maxBytes`
    /// (and refused if it grew past `maxBytes` while read); with `prefix`, only its first
    /// `prefix` bytes (all of it when shorter), the size checked all the same.
    public static func read(_ path: String, maxBytes: Int, prefix: Int? = nil) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable }
        let size = Int(info.st_size)
        guard size <= maxBytes else { throw .tooLarge(bytes: size, limit: maxBytes) }
        // One byte past the size tells a file that grew since `fstat`.
        let wanted = prefix.map { Swift.min($0, size) } ?? size + 1
        var bytes = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, wanted - filled) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw .unreadable }
            if got == 0 { break }
            filled += got
        }
        if prefix == nil, filled > maxBytes { throw .tooLarge(bytes: filled, limit: maxBytes) }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// `path` with every symlink, `.` and `..` resolved (`realpath(3)`), or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
