/// Who may talk to morphd: which `Host` names it answers and which pages may open a
/// WebSocket to it.
///
/// A browser lets any web page open a WebSocket to `ws://127.0.0.1:8080/` and sends the
/// page's `Origin` with it; without a check, any site a developer visits could drive their
/// local morphd. Checking `Origin` alone is not enough: with DNS rebinding an attacker's
/// name resolves to 127.0.0.1, and the browser then sends that name as both `Host` and
/// `Origin`. So the `Host` is checked first (for HTTP and WebSocket alike), then `Origin`.
///
/// - `Host`: loopback names and literals (`localhost`, `127.0.0.1`, `[::1]`), the `--host`
///   the server listens on, any IP literal when it listens on a wildcard address, and every
///   `--allow-host`. A request without `Host` (HTTP/1.0 tools) is allowed.
/// - `Origin`: absent (not a browser) is allowed; otherwise it must be the same origin as
///   the `Host` (scheme ignored, so a TLS proxy in front still matches), or be listed with
///   `--allow-origin`. `*` in either list allows everything.
public struct OriginPolicy: Sendable, Hashable {
    /// Extra `Host` names (without port) the operator serves under, lowercased.
    public var allowedHosts: Set<String>
    /// Extra page origins (`scheme://host[:port]`) allowed to open WebSockets, lowercased.
    public var allowedOrigins: Set<String>
    /// The interface the server listens on (`--host`).
    public var listenHost: String

    /// A policy for a server listening on `listenHost`.
    public init(listenHost: String, allowedHosts: [String] = [], allowedOrigins: [String] = []) {
        self.listenHost = listenHost.lowercased()
        self.allowedHosts = Set(allowedHosts.map { Self.hostName(of: $0.lowercased()) })
        self.allowedOrigins = Set(allowedOrigins.map { Self.trimmingSlash($0.lowercased()) })
    }

    /// The policy a configuration describes.
    public init(_ configuration: ServerConfiguration) {
        self.init(
            listenHost: configuration.host, allowedHosts: configuration.allowedHosts,
            allowedOrigins: configuration.allowedOrigins)
    }

    /// Why a request is refused, or nil when it may proceed.
    public enum Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The `Host` header names a server this is not (DNS rebinding, a misrouted proxy).
        case host(String)
        /// The page's `Origin` is another site.
        case origin(String)

        public var description: String {
            switch self {
            case .host(let host): "host \(host) is not served here (see --allow-host)"
            case .origin(let origin): "origin \(origin) may not open a session here (see --allow-origin)"
            }
        }
    }

    /// Checks a plain HTTP request by its `Host` header (nil when absent).
    public func check(host: String?) -> Refusal? {
        guard let host else { return nil }
        return allowsHost(host.lowercased()) ? nil : .host(host)
    }

    /// Checks a WebSocket upgrade by its `Host` and `Origin` headers (nil when absent).
    public func check(host: String?, origin: String?) -> Refusal? {
        if let refusal = check(host: host) { return refusal }
        guard let origin else { return nil }
        let lowered = Self.trimmingSlash(origin.lowercased())
        if allowedOrigins.contains("*") || allowedOrigins.contains(lowered) { return nil }
        // Same origin: the page was served by this server under the name it used.
        guard let host, let schemeEnd = lowered.range(of: "://") else { return .origin(origin) }
        let authority = String(lowered[schemeEnd.upperBound...])
        return authority == host.lowercased() ? nil : .origin(origin)
    }

    private func allowsHost(_ host: String) -> Bool {
        if allowedHosts.contains("*") { return true }
        let name = Self.hostName(of: host)
        if ["localhost", "127.0.0.1", "::1"].contains(name) || name.hasSuffix(".localhost") { return true }
        if name == Self.hostName(of: listenHost) || allowedHosts.contains(name) { return true }
        // Listening everywhere: any address literal reaches us on purpose; names must be listed.
        let wildcard = ["0.0.0.0", "::", "[::]"].contains(listenHost)
        return wildcard && Self.isAddressLiteral(name)
    }

    /// `name` of `name:port`, `::1` of `[::1]:port`.
    static func hostName(of host: String) -> String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            return String(host[host.index(after: host.startIndex)..<close])
        }
        if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            return String(host[..<colon])
        }
        return host
    }

    private static func isAddressLiteral(_ name: String) -> Bool {
        let ipv4 = name.split(separator: ".", omittingEmptySubsequences: false)
        if ipv4.count == 4, ipv4.allSatisfy({ UInt8($0) != nil }) { return true }
        return name.contains(":") && name.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    private static func trimmingSlash(_ text: String) -> String {
        text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
