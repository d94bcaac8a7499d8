import Glibc
import MorphKit

/// Everything that can go wrong in MorphServer outside a single client's messages.
///
/// Client mistakes are answered on the wire as `ProtocolError`s and never thrown this far;
/// these are the failures an operator sees (bad flags, a port in use, an unwritable folder).
public enum MorphServerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// lws could not create its context (usually: the port is taken or the host is not local).
    case listenFailed(host: String, port: Int)
    /// `start()` was called on a server that is already running or has stopped.
    case alreadyStarted
    /// A configuration value is out of range.
    case invalidConfiguration(String)
    /// A file or folder the server needs could not be opened or written.
    case fileSystem(path: String, errno: Int32)
    /// A recording in the record directory could not be written or read (`name` is its file).
    case recording(name: String, RecordingError)
    /// The record folder holds `maxFiles` recordings already (`--max-recordings`).
    case recordingLimit(String)
    /// A recording would exceed `--max-recording-mb` (`maxBytes`); nothing past it is written.
    case recordingTooLarge(maxBytes: Int)
    /// A recording would hold more inputs within one second than a replay reads.
    case recordingTooFast(perSecond: Int)

    /// One line for logs and the command line.
    public var description: String {
        switch self {
        case .listenFailed(let host, let port): "cannot listen on \(host):\(port) (port in use or bad host?)"
        case .alreadyStarted: "the server was already started"
        case .invalidConfiguration(let reason): "invalid configuration: \(reason)"
        case .fileSystem(let path, let code): "\(path): \(String(cString: strerror(code)))"
        case .recording(let name, let error): "\(name): \(error)"
        case .recordingLimit(let reason): "recording limit: \(reason)"
        case .recordingTooLarge(let maxBytes): "recording would exceed its \(maxBytes)-byte cap"
        case .recordingTooFast(let perSecond): "recording would hold more than \(perSecond) inputs within one second"
        }
    }
}
