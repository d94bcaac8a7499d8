import Foundation
import MorphKit

/// The `--record-dir` folder: names new recordings, lists them, reads them back for replay.
///
/// The files are MorphKit recordings (`schemas/recording.md`), written with `RecordingWriter`
/// (one `fsync`ed line per event) and read with `RecordingReader`.
///
/// Names are plain file names (`curtain-20250101-120000-k3v9q2xa.jsonl`: a random token of
/// the recording's own, never the session id, since any client may list the names); anything
/// with a slash or a leading dot is refused, so `replay` cannot read outside the folder.
///
/// Every file written here replays from here: a recording never grows past `maxBytes`, the
/// largest file `load` reads, nor past `Replay.maxEventsPerSecond`.
public struct RecordingStore: Sendable, Hashable {
    /// The folder.
    public var directory: String
    /// Largest file `load` reads.
    public var maxBytes: Int
    /// Files `begin` may make the folder hold.
    public var maxFiles: Int

    /// Makes a store over a folder (created on first write).
    public init(directory: String, maxBytes: Int = 64 << 20, maxFiles: Int = 1000) {
        self.directory = directory
        self.maxBytes = maxBytes
        self.maxFiles = maxFiles
    }

    /// True for names this store could have written.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 255 && !name.hasPrefix(".") && !name.contains("/")
            && !name.contains("\0") && name.hasSuffix(".jsonl")
    }

    /// What a listing remembers of one file: its component, valid while the file's size and
    /// modification time are the ones it was read at.
    public struct ListedFile: Sendable, Hashable {
        var bytes: Int
        /// Modification time, seconds and nanoseconds.
        var modified: [Int]
        var component: String
    }

    /// Bytes of a file's head read for its component: a header's `component` is its third key.
    static let headBytes = 4096

    /// Every `.jsonl` file with the component its header names, sorted by name.
    public func list() -> [RecordingSummary] {
        var cache: [String: ListedFile] = [:]
        return list(cache: &cache)
    }

    /// `list()`, reading a file's head only when `cache` has no entry for its name, size and
    /// modification time (1000 files with 60 KB headers took ~0.45 s a listing when every
    /// header was read and parsed whole); `cache` is left holding the files listed.
    public func list(cache: inout [String: ListedFile]) -> [RecordingSummary] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var seen: [String: ListedFile] = [:]
        let summaries = names.filter(Self.isValidName).sorted().compactMap { name -> RecordingSummary? in
            let path = directory + "/" + name
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            let bytes = Int(status.st_size)
            let modified = [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
            let entry =
                if let cached = cache[name], cached.bytes == bytes, cached.modified == modified {
                    cached
                } else {
                    ListedFile(bytes: bytes, modified: modified, component: Self.headerComponent(path) ?? "")
                }
            seen[name] = entry
            return RecordingSummary(name: name, component: entry.component, bytes: bytes)
        }
        cache = seen
        return summaries
    }

    /// Characters in a recording name's token.
    static let tokenLength = 8

    /// A fresh random token for a recording's name (lowercase letters and digits).
    static func newToken() -> String { String(SessionID.random().prefix(tokenLength)) }

    /// Claims a fresh name for a recording of `component` by creating the empty file with
    /// `O_EXCL`: morphd instances sharing one folder never write the same file. `token` is
    /// the name's own random part (`newToken()`).
    func claimName(component: String, token: String, wallTime: Double) throws(MorphServerError) -> String {
        try makeDirectory()
        let count = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(Self.isValidName).count
        if count >= maxFiles { throw .recordingLimit("\(directory) already holds \(count) recordings") }
        var seconds = time_t(wallTime)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let stamp = String(
            format: "%04d%02d%02d-%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
        let safe = component.filter { $0.isLetter || $0.isNumber || $0 == "-" }
        var counter = 1
        while true {
            let name = "\(safe)-\(stamp)-\(token)" + (counter == 1 ? "" : "-\(counter)") + ".jsonl"
            let descriptor = open(directory + "/" + name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                close(descriptor)
                return name
            }
            guard errno == EEXIST else { throw .fileSystem(path: directory + "/" + name, errno: errno) }
            counter += 1
        }
    }

    /// Opens a recording under a claimed name (creating the folder if needed), writing
    /// `header` and `events`, all within `maxBytes` and the replay rate. On any failure the
    /// file is removed, so a recording that never started takes no place in the folder.
    func begin(name: String, header: RecordingHeader, events: [InputEvent]) throws(MorphServerError) -> RecordingWriter {
        var writer: RecordingWriter?
        do throws(MorphServerError) {
            try makeDirectory()
            if Replay.eventRateViolation(events) != nil { throw .recordingTooFast(perSecond: Replay.maxEventsPerSecond) }
            let opened: RecordingWriter
            do {
                opened = try RecordingWriter(url: url(of: name), header: header)
                writer = opened
                guard opened.bytesWritten <= maxBytes else { throw MorphServerError.recordingTooLarge(maxBytes: maxBytes) }
                for event in events {
                    guard try opened.append(event, upTo: maxBytes) else {
                        throw MorphServerError.recordingTooLarge(maxBytes: maxBytes)
                    }
                }
            } catch let error as MorphServerError {
                throw error
            } catch let error as RecordingError {
                throw .recording(name: name, error)
            } catch {
                throw .recording(name: name, .io("\(error)"))
            }
            return opened
        } catch {
            try? writer?.close()
            unlink(directory + "/" + name)
            throw error
        }
    }

    private func makeDirectory() throws(MorphServerError) {
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw .fileSystem(path: directory, errno: errno)
        }
    }

    /// Reads a recording (at most `maxBytes`, at most `Replay.maxEventsPerSecond`). A malformed
    /// last line (a crash mid-write) is skipped and reported
    /// in the result's warnings; any earlier bad line is an error naming its line number.
    public func load(_ name: String) throws(MorphServerError) -> RecordingReader.Result {
        guard Self.isValidName(name) else { throw .fileSystem(path: directory + "/" + name, errno: ENOENT) }
        let url = url(of: name)
        guard FileManager.default.isReadableFile(atPath: url.path) else { throw .fileSystem(path: url.path, errno: ENOENT) }
        do {
            // The rate cap stops reading at the first excess line, so a million-event file
            // costs what a thousand events cost.
            return try RecordingReader.read(contentsOf: url, maxBytes: maxBytes, maxEventsPerSecond: Replay.maxEventsPerSecond)
        } catch {
            throw .recording(name: name, error)
        }
    }

    private func url(of name: String) -> URL {
        URL(fileURLWithPath: directory).appendingPathComponent(name)
    }

    /// The header's `component`, from the file's first `headBytes` only: the whole header
    /// line when it ends there, else the first `"component":"…"` in the head (writers put it
    /// third, before the configuration).
    static func headerComponent(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: headBytes)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, headBytes) }
        guard count > 0 else { return nil }
        head.removeSubrange(count...)
        let newline = head.withUnsafeBytes { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            return memchr(base, 0x0A, bytes.count).map { UnsafeRawPointer($0) - base }
        }
        if let end = newline {
            return (try? JSONValue.parse(Array(head[..<end])))?["component"]?.stringValue
        }
        let marker = Array(#""component":""#.utf8)
        let found = head.withUnsafeBufferPointer { bytes in
            marker.withUnsafeBufferPointer { needle in
                bytes.indices.dropLast(needle.count - 1).first { at in
                    bytes[at] == needle[0] && (1..<needle.count).allSatisfy { bytes[at + $0] == needle[$0] }
                }
            }
        }
        guard let start = found else { return nil }
        // The JSON string from its opening quote to the first quote no backslash escapes.
        var index = start + marker.count
        while index < head.count, head[index] != 0x22 { index += head[index] == 0x5C ? 2 : 1 }
        guard index < head.count else { return nil }
        return (try? JSONValue.parse(Array(head[(start + marker.count - 1)...index])))?.stringValue
    }
}
