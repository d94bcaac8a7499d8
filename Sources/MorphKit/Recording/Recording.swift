import Foundation

/// A recorded session: a header and the events in time order (JSONL on disk).
///
/// Replaying `events` through the same machines on a virtual clock reproduces the session
/// frame for frame (`schemas/recording.md`).
public struct Recording: Sendable, Hashable {
    /// What was recorded and under which conditions.
    public var header: RecordingHeader
    /// The inputs, non-decreasing in time.
    public var events: [InputEvent]

    /// A recording from its parts.
    public init(header: RecordingHeader, events: [InputEvent] = []) {
        self.header = header
        self.events = events
    }

    /// The JSONL text: header line, then one event per line, each ending in a newline.
    public var jsonl: String {
        var text = header.jsonLine + "\n"
        for event in events { text += event.jsonLine + "\n" }
        return text
    }
}

/// A problem the reader tolerated: the file is usable without the named line.
public struct RecordingWarning: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line number that was skipped.
    public var line: Int
    /// Why it was skipped.
    public var reason: String

    /// "line N: reason (skipped)".
    public var description: String { "line \(line): \(reason) (truncated or malformed last line skipped)" }
}
