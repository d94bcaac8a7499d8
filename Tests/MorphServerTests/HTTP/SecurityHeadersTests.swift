import Foundation
import Testing

@testable import MorphServer

/// The page's `<meta>` policy is the server's header policy, so the page is as strict from
/// any server as from morphd, and a change to one that forgets the other fails here.
@Suite struct SecurityHeadersTests {
    static let webPreview = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("web-preview")

    /// Every page of web-preview (the preview and the variants page).
    static func pages() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: webPreview, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "html" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The `content` of every `<meta http-equiv="Content-Security-Policy">` tag in `html`.
    static func metaPolicies(in html: String) -> [String] {
        let pattern = #/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*>/#
        return html.matches(of: pattern).map { String($0.output.1) }
    }

    @Test func everyPageCarriesTheServersPolicy() throws {
        let pages = try Self.pages()
        #expect(pages.map(\.lastPathComponent) == ["index.html", "variants.html"])
        for page in pages {
            let html = try String(contentsOf: page, encoding: .utf8)
            #expect(Self.metaPolicies(in: html) == [SecurityHeaders.metaContentSecurityPolicy], "\(page.lastPathComponent)")
        }
    }

    @Test func theMetaPolicyIsTheHeaderWithoutWhatAMetaTagCannotSay() {
        let header = SecurityHeaders.contentSecurityPolicy.components(separatedBy: "; ")
        let meta = SecurityHeaders.metaContentSecurityPolicy.components(separatedBy: "; ")
        #expect(header.filter { !meta.contains($0) } == ["frame-ancestors 'none'"])
        #expect(meta.allSatisfy(header.contains))
        #expect(meta.contains("script-src 'self'") && meta.contains("object-src 'none'"))
        #expect(
            SecurityHeaders.contentSecurityPolicyHeaderLine
                == "Content-Security-Policy: \(SecurityHeaders.contentSecurityPolicy)\r\n")
    }

    @Test func aPolicyThatDriftsIsCaught() {
        let drifted = #"<meta http-equiv="Content-Security-Policy" content="default-src *">"#
        #expect(Self.metaPolicies(in: drifted) == ["default-src *"])
        #expect(Self.metaPolicies(in: drifted) != [SecurityHeaders.metaContentSecurityPolicy])
    }
}
