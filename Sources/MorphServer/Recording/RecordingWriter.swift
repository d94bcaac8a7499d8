import Glibc

/// An open recording file: appends one JSON line per event and flushes it at once.
///
/// Flushing per line means a crash loses at most the line being written; `close()` is also
/// what a clean shutdown calls for every session still recording.
final class RecordingWriter {
    /// File name inside the record directory.
    let name: String
    private var file: UnsafeMutablePointer<FILE>?

    /// Creates the file (it must not exist yet) and writes the header line.
    init(directory: String, name: String, header: RecordingHeader) throws(MorphServerError) {
        let path = directory + "/" + name
        guard let file = fopen(path, "wx") else { throw .fileSystem(path: path, errno: errno) }
        self.name = name
        self.file = file
        try writeLine(header.json)
    }

    /// Appends one event line.
    func append(_ event: LiveEvent) throws(MorphServerError) {
        try writeLine(event.json)
    }

    /// Closes the file; later appends are ignored.
    func close() {
        if let file { fclose(file) }
        file = nil
    }

    /// True until `close()`.
    var isOpen: Bool { file != nil }

    deinit { close() }

    private func writeLine(_ json: JSONValue) throws(MorphServerError) {
        guard let file else { return }
        var line = json.encoded
        line.append(0x0A)
        let written = line.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        guard written == line.count, fflush(file) == 0 else {
            throw .fileSystem(path: name, errno: errno)
        }
    }
}
