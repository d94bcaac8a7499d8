import Foundation

/// The `--record-dir` folder: names new recordings, lists them, reads them back for replay.
///
/// Names are plain file names (`curtain-20250101-120000-ab12cd34.jsonl`); anything with a
/// slash or a leading dot is refused, so `replay` cannot read outside the folder.
public struct RecordingStore: Sendable, Hashable {
    /// The folder.
    public var directory: String

    /// A recording read back: its header and its events in file order.
    public struct Loaded: Sendable, Hashable {
        /// The header line.
        public var header: RecordingHeader
        /// Every event; each has a `time`.
        public var events: [LiveEvent]
    }

    /// Makes a store over a folder (created on first write).
    public init(directory: String) {
        self.directory = directory
    }

    /// True for names this store could have written.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 255 && !name.hasPrefix(".") && !name.contains("/")
            && !name.contains("\0") && name.hasSuffix(".jsonl")
    }

    /// Every `.jsonl` file with the component its header names, sorted by name.
    public func list() -> [RecordingSummary] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter(Self.isValidName).sorted().compactMap { name in
            let path = directory + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                (attributes[.type] as? FileAttributeType) == .typeRegular
            else { return nil }
            let bytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
            return RecordingSummary(name: name, component: Self.headerComponent(path) ?? "", bytes: bytes)
        }
    }

    /// A fresh name for a recording of `component` in `session`.
    func newName(component: String, session: String, wallTime: Double) -> String {
        var seconds = time_t(wallTime)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let stamp = String(
            format: "%04d%02d%02d-%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec)
        let safe = component.filter { $0.isLetter || $0.isNumber || $0 == "-" }
        var name = "\(safe)-\(stamp)-\(session).jsonl"
        var counter = 2
        while FileManager.default.fileExists(atPath: directory + "/" + name) {
            name = "\(safe)-\(stamp)-\(session)-\(counter).jsonl"
            counter += 1
        }
        return name
    }

    /// Creates the folder if needed and opens a new recording, writing `header` and `events`.
    func begin(name: String, header: RecordingHeader, events: [LiveEvent]) throws(MorphServerError) -> RecordingWriter {
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw .fileSystem(path: directory, errno: errno)
        }
        let writer = try RecordingWriter(directory: directory, name: name, header: header)
        for event in events { try writer.append(event) }
        return writer
    }

    /// Reads a recording. A malformed last line (a crash mid-write) is skipped; any earlier
    /// bad line is an error naming its line number.
    public func load(_ name: String) throws(MorphServerError) -> Loaded {
        let path = directory + "/" + name
        guard Self.isValidName(name), let data = FileManager.default.contents(atPath: path) else {
            throw .fileSystem(path: path, errno: ENOENT)
        }
        var lines = [UInt8](data).split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first else { throw .malformedRecording(name: name, line: 1, reason: "empty file") }
        guard let headerJSON = try? JSONValue.parse(first) else {
            throw .malformedRecording(name: name, line: 1, reason: "header is not JSON")
        }
        let header: RecordingHeader
        switch RecordingHeader.decode(headerJSON) {
        case .success(let value): header = value
        case .failure(let problem): throw .malformedRecording(name: name, line: 1, reason: problem.reason)
        }
        var events: [LiveEvent] = []
        for (offset, line) in lines.enumerated().dropFirst() {
            let isLast = offset == lines.count - 1
            let parsed = try? JSONValue.parse(line)
            guard let parsed, case .success(let event) = LiveEvent.decode(parsed), let time = event.time,
                time >= events.last?.time ?? 0
            else {
                if isLast { continue }
                throw .malformedRecording(name: name, line: offset + 1, reason: "not an event with a time in order")
            }
            events.append(event)
        }
        return Loaded(header: header, events: events)
    }

    private static func headerComponent(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let chunk = (try? handle.read(upToCount: 65_536)) ?? Data()
        guard let line = [UInt8](chunk).split(separator: 0x0A).first,
            let json = try? JSONValue.parse(Array(line))
        else { return nil }
        return json["component"]?.stringValue
    }
}
