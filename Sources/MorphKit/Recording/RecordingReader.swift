import Foundation
import MorphJSON

/// Reads JSONL recordings, tolerating the one failure a crash can cause.
///
/// The writer appends a line at a time, so a crash can leave at most a partial last line:
/// that line is skipped with a warning. A bad line anywhere earlier means the file was
/// damaged some other way and is an error naming its line. Blank lines are ignored; unknown
/// keys are ignored (newer writers may add fields).
public enum RecordingReader {
    /// The parsed recording and the warnings it produced.
    public struct Result: Sendable, Hashable {
        /// The recording without any skipped line.
        public var recording: Recording
        /// Tolerated problems (at most one: the last line).
        public var warnings: [RecordingWarning]
    }

    /// Reads the recording at `url`.
    public static func read(contentsOf url: URL) throws(RecordingError) -> Result {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .io("cannot read \(url.path): \(error.localizedDescription)")
        }
        return try read(data)
    }

    /// Reads a recording from its bytes.
    public static func read(_ data: Data) throws(RecordingError) -> Result {
        // Split on newlines, keeping 1-based line numbers of the non-blank lines.
        var lines: [(number: Int, bytes: Data)] = []
        var number = 0
        var start = data.startIndex
        while start <= data.endIndex {
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            number += 1
            let bytes = data[start..<end]
            if bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }) {
                lines.append((number, Data(bytes)))
            }
            if end == data.endIndex { break }
            start = data.index(after: end)
        }
        guard let first = lines.first else { throw .empty }

        let header: RecordingHeader
        do {
            header = try RecordingHeader(json: try JSONCursor(parsing: first.bytes), line: first.number)
        } catch let error as RecordingError {
            throw error
        } catch {
            // Unparseable JSON cannot be checked for a format; call it malformed.
            throw .malformedLine(line: first.number, reason: "\(error)")
        }

        var events: [InputEvent] = []
        var warnings: [RecordingWarning] = []
        for (index, line) in lines.enumerated().dropFirst() {
            let isLast = index == lines.count - 1
            let event: InputEvent
            do throws(JSONError) {
                event = try InputEvent(json: try JSONCursor(parsing: line.bytes))
            } catch {
                // Byte offsets in the reason count from the start of the line.
                if isLast {
                    warnings.append(RecordingWarning(line: line.number, reason: error.description))
                    continue
                }
                throw .malformedLine(line: line.number, reason: error.description)
            }
            if let previous = events.last, event.time < previous.time {
                if isLast {
                    warnings.append(RecordingWarning(line: line.number, reason: "event time is earlier than the previous event"))
                    continue
                }
                throw RecordingError.timeRunsBackwards(line: line.number)
            }
            events.append(event)
        }
        return Result(recording: Recording(header: header, events: events), warnings: warnings)
    }
}
