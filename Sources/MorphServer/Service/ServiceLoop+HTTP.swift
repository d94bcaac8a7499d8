import CMorphLWS
import CWebSockets
import Foundation

/// HTTP on the service thread: the page and fonts, and the checks that run before any
/// WebSocket exists (`Host`/`Origin`, the handshake's version and subprotocol). Every
/// refusal carries the security headers (`morph_lws_http_refuse`), unlike lws's own pages.
extension ServiceLoop {
    private static let commonHeaders =
        "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nCache-Control: no-cache\r\n"
    private static let otherHeaders = Array(commonHeaders.utf8)
    /// The page is native modules with no inline script or style; say so to the browser.
    private static let htmlHeaders = Array((commonHeaders + SecurityHeaders.contentSecurityPolicyHeaderLine).utf8)

    /// A request header's value; an overlong one reads as a value no policy allows.
    private func header(_ wsi: OpaquePointer, _ token: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 512)
        let length = morph_lws_header(wsi, token, &buffer, Int32(buffer.count))
        if length == -1 { return nil }
        if length < 0 { return "(overlong header)" }
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The upgrade URL's `?session=` (what a router hashed); nil when absent or overlong.
    func urlSession(_ wsi: OpaquePointer) -> String? { urlArgument(wsi, "session") }

    /// The upgrade URL's argument `name`; nil when absent or overlong.
    func urlArgument(_ wsi: OpaquePointer, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = morph_lws_url_argument(wsi, name, &buffer, Int32(buffer.count))
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Refuses a WebSocket upgrade from a page of another site, or for a `Host` that is not
    /// ours (DNS rebinding), with a 403 before any session exists; a wrong WebSocket version
    /// with 426, an offer of subprotocols without `morph.v1` with 400.
    func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
        if let refusal = originPolicy.check(host: header(wsi, morph_header_host), origin: header(wsi, morph_header_origin)) {
            FileHandle.standardError.write(Data("morphd: refused a WebSocket: \(refusal)\n".utf8))
            return refuse(wsi, RequestPolicy.Refusal(status: 403, header: nil, reason: "forbidden")) ? 1 : -1
        }
        let version = header(wsi, morph_header_websocket_version)
        if let refusal = RequestPolicy.checkUpgrade(version: version, subprotocols: header(wsi, morph_header_websocket_protocol))
        {
            return refuse(wsi, refusal) ? 1 : -1
        }
        return 0
    }

    func serveHTTP(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?) -> Int32 {
        let uri = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/"
        let method: RequestPolicy.Method =
            switch morph_lws_http_method(wsi) {
            case 1: .get
            case 2: .head
            default: .other
            }
        if let refusal = RequestPolicy.check(
            method: method, contentLength: header(wsi, morph_header_content_length),
            contentLengthCount: Int(morph_lws_header_count(wsi, morph_header_content_length)),
            transferEncoding: header(wsi, morph_header_transfer_encoding))
        {
            // A body may follow that is not read: close rather than parse it as a request.
            _ = refuse(wsi, refusal)
            return -1
        }
        let head = method == .head
        if originPolicy.check(host: header(wsi, morph_header_host)) != nil {
            return finish(wsi, refuse(wsi, RequestPolicy.Refusal(status: 403, header: nil, reason: "forbidden"), head: head))
        }
        let refusal: RequestPolicy.Refusal
        switch files.resolve(uri) {
        case .file(let path, let mimeType):
            let headers = mimeType.hasPrefix("text/html") ? Self.htmlHeaders : Self.otherHeaders
            let result = headers.withUnsafeBufferPointer { header in
                header.withMemoryRebound(to: CChar.self) { chars in
                    morph_lws_serve_file(wsi, path, mimeType, chars.baseAddress, Int32(chars.count))
                }
            }
            if result < 0 { return -1 }
            if result > 0, morph_lws_http_completed(wsi) != 0 { return -1 }
            return 0
        case .notFound: refusal = RequestPolicy.Refusal(status: 404, header: nil, reason: "not found")
        case .forbidden: refusal = RequestPolicy.Refusal(status: 403, header: nil, reason: "forbidden")
        case .badRequest: refusal = RequestPolicy.Refusal(status: 400, header: nil, reason: "bad request")
        }
        return finish(wsi, refuse(wsi, refusal, head: head))
    }

    /// Writes a refusal; false when lws could not.
    private func refuse(_ wsi: OpaquePointer, _ refusal: RequestPolicy.Refusal, head: Bool = false) -> Bool {
        let parts = refusal.header?.split(separator: ":", maxSplits: 1).map(String.init) ?? []
        let name = parts.count == 2 ? parts[0].lowercased() + ":" : nil
        let value = parts.count == 2 ? String(parts[1].drop { $0 == " " }) : nil
        return morph_lws_http_refuse(wsi, UInt32(refusal.status), name, value, refusal.reason + "\n", head ? 1 : 0) == 0
    }

    /// Ends a transaction after a refusal (keep-alive or close, as the client asked).
    private func finish(_ wsi: OpaquePointer, _ written: Bool) -> Int32 {
        guard written else { return -1 }
        return morph_lws_http_completed(wsi) != 0 ? -1 : 0
    }
}
