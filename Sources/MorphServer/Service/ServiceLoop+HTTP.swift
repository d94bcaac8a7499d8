import CMorphLWS
import CWebSockets
import Foundation

/// HTTP on the service thread: the page and fonts, and the `Host`/`Origin` checks that run
/// before any WebSocket exists.
extension ServiceLoop {
    private static let commonHeaders = "X-Content-Type-Options: nosniff\r\nCache-Control: no-cache\r\n"
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
    func urlSession(_ wsi: OpaquePointer) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = morph_lws_url_argument(wsi, "session", &buffer, Int32(buffer.count))
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Refuses a WebSocket upgrade from a page of another site, or for a `Host` that is not
    /// ours (DNS rebinding), with a 403 before any session exists.
    func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
        guard let refusal = originPolicy.check(host: header(wsi, morph_header_host), origin: header(wsi, morph_header_origin))
        else { return 0 }
        FileHandle.standardError.write(Data("morphd: refused a WebSocket: \(refusal)\n".utf8))
        return morph_lws_http_status(wsi, 403) != 0 ? -1 : 1
    }

    func serveHTTP(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?) -> Int32 {
        let uri = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/"
        let status: UInt32
        if originPolicy.check(host: header(wsi, morph_header_host)) != nil {
            if morph_lws_http_status(wsi, 403) != 0 { return -1 }
            return morph_lws_http_completed(wsi) != 0 ? -1 : 0
        }
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
        case .notFound: status = 404
        case .forbidden: status = 403
        case .badRequest: status = 400
        }
        if morph_lws_http_status(wsi, status) != 0 { return -1 }
        return morph_lws_http_completed(wsi) != 0 ? -1 : 0
    }
}
