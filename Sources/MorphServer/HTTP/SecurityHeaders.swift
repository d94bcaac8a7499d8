/// The page's Content Security Policy, defined once.
///
/// morphd sends it as a header with every HTML file, and `web-preview/index.html` carries
/// the same policy in a `<meta http-equiv>` tag (a test compares the two), so the page is
/// as strict when opened from any other server. The page is native modules with no inline
/// script or style, so nothing but its own origin is needed. `connect-src 'self'` covers
/// the page's own WebSocket (`ws:` from an `http:` page, `wss:` from either, same host and
/// port), so a page opened with `?ws=` elsewhere cannot send a user's inputs away.
public enum SecurityHeaders {
    /// The policy's directives, in the order they are written.
    public static let contentSecurityPolicyDirectives: [String] = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
        "font-src 'self'", "connect-src 'self'", "worker-src 'self'", "object-src 'none'",
        "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
    ]

    /// The `Content-Security-Policy` header value.
    public static var contentSecurityPolicy: String {
        contentSecurityPolicyDirectives.joined(separator: "; ")
    }

    /// The policy as a `<meta http-equiv>` tag may carry it: browsers ignore `frame-ancestors`
    /// there (and warn), so the tag leaves it to the header.
    public static var metaContentSecurityPolicy: String {
        contentSecurityPolicyDirectives.filter { !$0.hasPrefix("frame-ancestors ") }.joined(separator: "; ")
    }

    /// The header line for HTML responses, ending in CRLF.
    public static var contentSecurityPolicyHeaderLine: String {
        "Content-Security-Policy: \(contentSecurityPolicy)\r\n"
    }
}
