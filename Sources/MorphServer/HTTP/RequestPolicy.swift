/// What morphd refuses about an HTTP request before looking at its path: methods other than
/// GET and HEAD, requests that carry a body (a static file server reads none, and a second
/// `Content-Length` or one beside `Transfer-Encoding` is how requests are smuggled past a
/// proxy), and WebSocket upgrades it cannot honour (RFC 6455 §4.2.1–4.2.2).
public enum RequestPolicy {
    /// The request method, as far as the server cares.
    public enum Method: Sendable, Hashable {
        case get, head
        /// Anything else (POST, PUT, OPTIONS, …).
        case other
    }

    /// An HTTP refusal: status, the header the status requires (`Allow` with 405,
    /// `Sec-WebSocket-Version` with 426) as a `name: value` line without CRLF, and a short
    /// text body for people.
    public struct Refusal: Sendable, Hashable {
        /// The status code.
        public var status: Int
        /// `Name: value`, or nil.
        public var header: String?
        /// One line of plain text.
        public var reason: String
    }

    /// The one WebSocket version there is (RFC 6455).
    public static let webSocketVersion = "13"
    /// The subprotocol every morphd WebSocket speaks.
    public static let subprotocol = "morph.v1"

    /// Checks a request for a static file. `contentLengthCount` is how many `Content-Length`
    /// headers were sent, `contentLength` the first one's value; nil values are absent.
    public static func check(
        method: Method, contentLength: String?, contentLengthCount: Int, transferEncoding: String?
    ) -> Refusal? {
        if method == .other {
            return Refusal(status: 405, header: "Allow: GET, HEAD", reason: "only GET and HEAD are served")
        }
        if transferEncoding != nil || contentLengthCount > 1 {
            return Refusal(status: 400, header: nil, reason: "a request for a file carries no body")
        }
        if let contentLength, contentLength.trimmingSpaces != "0" {
            return Refusal(status: 400, header: nil, reason: "a request for a file carries no body")
        }
        return nil
    }

    /// Checks a WebSocket upgrade's `Sec-WebSocket-Version` and `Sec-WebSocket-Protocol`
    /// (nil when absent). A wrong or missing version gets 426 naming the one spoken; an
    /// offer of subprotocols without `morph.v1` gets 400. No offer at all is let through and
    /// closed with 1002 once open, so a plain WebSocket tool sees why.
    public static func checkUpgrade(version: String?, subprotocols: String?) -> Refusal? {
        guard version?.trimmingSpaces == webSocketVersion else {
            return Refusal(
                status: 426, header: "Sec-WebSocket-Version: \(webSocketVersion)",
                reason: "WebSocket version \(webSocketVersion) required")
        }
        if let subprotocols {
            let offered = subprotocols.split(separator: ",").map { String($0).trimmingSpaces }
            if !offered.contains(subprotocol) {
                return Refusal(status: 400, header: nil, reason: "subprotocol \(subprotocol) required")
            }
        }
        return nil
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
