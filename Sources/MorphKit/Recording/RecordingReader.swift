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

    /// Reads the recording at `url`. With `maxBytes` a larger file is refused before it is
    /// read; with `maxEventsPerSecond` reading stops at the first event over that rate
    /// (`Replay.maxEventsPerSecond` is what a replay accepts).
    public static func read(
        contentsOf url: URL, maxBytes: Int? = nil, maxEventsPerSecond: Int? = nil
    ) throws(RecordingError) -> Result {
        if let maxBytes, let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber,
            size.intValue > maxBytes
        {
            throw .tooLarge(bytes: size.intValue, limit: maxBytes)
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .io("cannot read \(url.path): \(error.localizedDescription)")
        }
        return try read(data, maxEventsPerSecond: maxEventsPerSecond)
    }

    /// Reads a recording from its bytes, a line at a time (no copy of the whole file's lines).
    public static func read(_ data: Data, maxEventsPerSecond: Int? = nil) throws(RecordingError) -> Result {
        var lines = Lines(data)
        guard let first = lines.next() else { throw .empty }

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
        // The rate window: the index of the oldest event within one second of the newest.
        var windowStart = 0
        while let line = lines.next() {
            let isLast = lines.isAtEnd
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
            if let maxEventsPerSecond {
                while events[windowStart].time < event.time - 1 { windowStart += 1 }
                if events.count - windowStart > maxEventsPerSecond {
                    throw .tooManyEvents(line: line.number, perSecond: maxEventsPerSecond)
                }
            }
        }
        return Result(recording: Recording(header: header, events: events), warnings: warnings)
    }

    /// The non-blank lines of a file with their 1-based numbers, found one at a time.
    private struct Lines {
        private let data: Data
        private var start: Data.Index
        private var number = 0
        /// Where the last non-blank line starts (nil: none), so `isAtEnd` needs no lookahead.
        private let lastStart: Data.Index?
        private var current: Data.Index?

        init(_ data: Data) {
            self.data = data
            start = data.startIndex
            var cursor = data.endIndex
            var found: Data.Index?
            // Backwards to the start of the last line holding anything but blanks.
            var end = cursor
            while cursor > data.startIndex {
                let previous = data.index(before: cursor)
                if data[previous] == UInt8(ascii: "\n") {
                    if !Self.isBlank(data[cursor..<end]) {
                        found = cursor
                        break
                    }
                    end = previous
                }
                cursor = previous
            }
            if found == nil, !Self.isBlank(data[data.startIndex..<end]) { found = data.startIndex }
            lastStart = found
        }

        /// True once the line just returned is the last non-blank one.
        var isAtEnd: Bool { current != nil && current == lastStart }

        mutating func next() -> (number: Int, bytes: Data)? {
            while start <= data.endIndex, lastStart != nil {
                if let current, current == lastStart { return nil }
                let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
                number += 1
                let lineStart = start
                let bytes = data[lineStart..<end]
                start = end == data.endIndex ? data.endIndex + 1 : data.index(after: end)
                if !Self.isBlank(bytes) {
                    current = lineStart
                    return (number, Data(bytes))
                }
                if end == data.endIndex { return nil }
            }
            return nil
        }

        private static func isBlank(_ bytes: Data) -> Bool {
            !bytes.contains { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r") }
        }
    }
}
