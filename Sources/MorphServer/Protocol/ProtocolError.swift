/// An `error` message: what a client did wrong, as a stable code plus a human sentence.
///
/// Codes are protocol (the page switches on them); messages are for people and may change.
public struct ProtocolError: Error, Sendable, Hashable {
    /// The stable codes of `schemas/protocol.md`.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        case badJSON = "bad-json"
        case badMessage = "bad-message"
        case unknownType = "unknown-type"
        case unsupportedVersion = "unsupported-version"
        case unknownComponent = "unknown-component"
        case unknownSession = "unknown-session"
        case noSession = "no-session"
        case badEvent = "bad-event"
        case notFound = "not-found"
        case tooLarge = "too-large"
        case busy = "busy"
        /// A per-connection rate (`RateLimits`) was exceeded: the message was dropped; the
        /// connection stays usable.
        case rateLimited = "rate-limited"
        /// The server failed at something that was not the client's fault (a recording it
        /// could not write or read); the message never carries paths or system details.
        case serverError = "server-error"
        /// Only the connection that opened the session may do this (or the opener did not let
        /// joiners drive); the connection stays usable.
        case notAllowed = "not-allowed"
    }

    /// Which rule was broken.
    public var code: Code
    /// One sentence for the person reading the page's console.
    public var message: String
    /// The `type` of the offending message, when it had one.
    public var request: String?

    /// Makes an error answer.
    public init(_ code: Code, _ message: String, request: String? = nil) {
        self.code = code
        self.message = message
        self.request = request
    }
}
