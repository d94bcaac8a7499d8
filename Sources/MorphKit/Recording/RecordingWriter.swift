import Foundation
import Synchronization

/// Appends a recording to a file one line at a time, so a crash loses at most the line
/// being written.
///
/// The header is written on creation; each `append` writes one complete line with a single
/// `write` and then (by default) `fsync`s, so the line is on disk before `append` returns.
/// A class because it owns an open file; thread-safe, so a server may record from any thread.
public final class RecordingWriter: Sendable {
    /// Guards the open file (nil once closed), so lines from several threads never interleave.
    private let handle: Mutex<FileHandle?>
    /// Guards the count of bytes written.
    private let written = Mutex(0)
    private let synchronizesEachLine: Bool
    /// The file being written.
    public let url: URL

    /// Creates (or truncates) `url` and writes `header`.
    ///
    /// - Parameters:
    ///   - url: the file to write; an existing file is replaced.
    ///   - header: the first line: component, configuration, environment, viewport.
    ///   - synchronizesEachLine: `fsync` after every line (default). Turn off only
    ///     where power loss does not matter; a process crash loses nothing either way.
    public init(url: URL, header: RecordingHeader, synchronizesEachLine: Bool = true) throws(RecordingError) {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw .io("cannot create \(url.path)")
        }
        let file: FileHandle
        do {
            file = try FileHandle(forWritingTo: url)
        } catch {
            throw .io("cannot open \(url.path): \(error.localizedDescription)")
        }
        self.url = url
        self.synchronizesEachLine = synchronizesEachLine
        self.handle = Mutex(file)
        _ = try writeLine(header.jsonLine)
    }

    /// Bytes written so far, header included.
    public var bytesWritten: Int { written.withLock { $0 } }

    /// Appends `event` as one line.
    public func append(_ event: InputEvent) throws(RecordingError) {
        _ = try writeLine(event.jsonLine)
    }

    /// Appends `event` as one line unless the file would then hold more than `maxBytes`;
    /// false, with nothing written, when it would (a server's size cap is never crossed).
    public func append(_ event: InputEvent, upTo maxBytes: Int) throws(RecordingError) -> Bool {
        try writeLine(event.jsonLine, upTo: maxBytes)
    }

    /// Closes the file; later appends throw.
    public func close() throws(RecordingError) {
        let file = handle.withLock { file in
            defer { file = nil }
            return file
        }
        do {
            try file?.close()
        } catch {
            throw .io("cannot close \(url.path): \(error.localizedDescription)")
        }
    }

    deinit {
        handle.withLock { file in try? file?.close() }
    }

    private func writeLine(_ line: String, upTo maxBytes: Int = .max) throws(RecordingError) -> Bool {
        let data = Data((line + "\n").utf8)
        let synchronize = synchronizesEachLine
        let path = url.path
        let result: Result<Bool, RecordingError> = handle.withLock { file in
            guard let file else { return .failure(.io("\(path) is closed")) }
            guard written.withLock({ $0 }) + data.count <= maxBytes else { return .success(false) }
            do {
                try file.seekToEnd()
                try file.write(contentsOf: data)
                if synchronize { try file.synchronize() }
                written.withLock { $0 += data.count }
                return .success(true)
            } catch {
                return .failure(.io("cannot write \(path): \(error.localizedDescription)"))
            }
        }
        return try result.get()
    }
}
