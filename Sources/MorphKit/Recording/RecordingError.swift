/// Why a recording could not be read or written.
///
/// Malformed content, a file that is not a recording and a version this build does not
/// know are different cases, so tools can say "upgrade Morph" instead of "corrupt file".
public enum RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file has no header line.
    case empty
    /// The first line is not JSON with `"format":"morph.recording"` (the format found, if any).
    case notARecording(format: String?)
    /// The header's `version` is not one this build reads.
    case unsupportedVersion(Int)
    /// Line `line` (1-based) is not valid JSON or not a valid header/event.
    case malformedLine(line: Int, reason: String)
    /// Events must not go back in time; line `line` does.
    case timeRunsBackwards(line: Int)
    /// More events than `perSecond` within one second of session time, the first excess on
    /// line `line` (reading stops there, so a million-event file costs a thousand events).
    case tooManyEvents(line: Int, perSecond: Int)
    /// The file is larger than `limit` bytes (refused before it is read).
    case tooLarge(bytes: Int, limit: Int)
    /// Opening, writing or closing the file failed.
    case io(String)

    /// One readable sentence.
    public var description: String {
        switch self {
        case .empty: "empty recording: no header line"
        case .notARecording(let format): "not a morph recording (format \(format.map { "'\($0)'" } ?? "missing"))"
        case .unsupportedVersion(let version):
            "unsupported recording version \(version) (this build reads version \(RecordingHeader.currentVersion))"
        case .malformedLine(let line, let reason): "line \(line): \(reason)"
        case .timeRunsBackwards(let line): "line \(line): event time is earlier than the previous event"
        case .tooManyEvents(let line, let perSecond): "line \(line): more than \(perSecond) events within one second"
        case .tooLarge(let bytes, let limit): "recording of \(bytes) bytes is larger than the \(limit)-byte limit"
        case .io(let message): "I/O error: \(message)"
        }
    }
}
