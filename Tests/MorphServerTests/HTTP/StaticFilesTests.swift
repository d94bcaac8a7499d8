import Foundation
import Testing

@testable import MorphServer

@Suite struct StaticFilesTests {
    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("app.js", "text/javascript; charset=utf-8"),
        ("x.mjs", "text/javascript; charset=utf-8"), ("a.CSS", "text/css; charset=utf-8"),
        ("d.json", "application/json"), ("i.svg", "image/svg+xml"), ("p.png", "image/png"),
        ("Inter-Regular.otf", "font/otf"), ("f.woff2", "font/woff2"), ("README", "application/octet-stream"),
        ("dir.d/file", "application/octet-stream"), (".bashrc", "application/octet-stream"),
    ])
    func mimeTypes(_ name: String, _ expected: String) {
        #expect(MIMEType.forPath(name) == expected)
    }

    @Test func pathComponentsAreDecodedAndChecked() {
        #expect(StaticPath.components(of: "/") == .success([]))
        #expect(StaticPath.components(of: "/a//b/c.js?x=1#y") == .success(["a", "b", "c.js"]))
        #expect(StaticPath.components(of: "/my%20file.js") == .success(["my file.js"]))
        #expect(StaticPath.components(of: "/../etc/passwd") == .failure(.forbidden))
        #expect(StaticPath.components(of: "/%2e%2e/etc") == .failure(.forbidden))
        #expect(StaticPath.components(of: "/a/..%2f..%2fetc") == .failure(.forbidden))
        #expect(StaticPath.components(of: "/.git/config") == .failure(.forbidden))
        #expect(StaticPath.components(of: "/a%5c..%5cb") == .failure(.forbidden))
        #expect(StaticPath.components(of: "/a%00b") == .failure(.forbidden))
        #expect(StaticPath.components(of: "/bad%zz") == .failure(.malformed))
        #expect(StaticPath.components(of: "/bad%ff") == .failure(.malformed))
        #expect(StaticPath.components(of: "relative") == .failure(.malformed))
    }

    @Test func resolvesInsideRootsOnly() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        let web = base + "/web"
        let fonts = base + "/fonts"
        try FileManager.default.createDirectory(atPath: web + "/sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: web + "/index.html"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: web + "/sub/index.html"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: fonts + "/Inter.otf"))
        try Data("secret".utf8).write(to: URL(fileURLWithPath: base + "/secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: web + "/escape.txt", withDestinationPath: base + "/secret.txt")

        let files = StaticFiles(webRoot: web, fontDirectory: fonts)
        let realWeb = try #require(StaticFiles.realPath(web))
        let realFonts = try #require(StaticFiles.realPath(fonts))
        #expect(files.resolve("/") == .file(path: realWeb + "/index.html", mimeType: "text/html; charset=utf-8"))
        #expect(files.resolve("/sub") == .file(path: realWeb + "/sub/index.html", mimeType: "text/html; charset=utf-8"))
        #expect(files.resolve("/fonts/Inter.otf") == .file(path: realFonts + "/Inter.otf", mimeType: "font/otf"))
        #expect(files.resolve("/missing.js") == .notFound)
        #expect(files.resolve("/escape.txt") == .forbidden)
        #expect(files.resolve("/../secret.txt") == .forbidden)
        #expect(files.resolve("/fonts/%2e%2e/secret.txt") == .forbidden)
        #expect(files.resolve("/%zz") == .badRequest)
    }

    /// DejaVu Sans Mono lives apart from Inter in Debian: `/fonts/` serves the Inter folder
    /// first, then the mono folder for names the first lacks, each confined to its own root.
    @Test func fontsComeFromTheInterFolderThenTheMonoFolder() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        for folder in ["/web", "/inter", "/dejavu"] {
            try FileManager.default.createDirectory(atPath: base + folder, withIntermediateDirectories: true)
        }
        for file in ["/inter/Inter-Regular.otf", "/inter/Same.ttf", "/dejavu/DejaVuSansMono.ttf", "/dejavu/Same.ttf"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: base + file))
        }
        let inter = try #require(StaticFiles.realPath(base + "/inter"))
        let dejaVu = try #require(StaticFiles.realPath(base + "/dejavu"))
        let files = StaticFiles(webRoot: base + "/web", fontDirectory: inter, monoFontDirectory: dejaVu)
        #expect(files.resolve("/fonts/Inter-Regular.otf") == .file(path: inter + "/Inter-Regular.otf", mimeType: "font/otf"))
        #expect(files.resolve("/fonts/DejaVuSansMono.ttf") == .file(path: dejaVu + "/DejaVuSansMono.ttf", mimeType: "font/ttf"))
        #expect(files.resolve("/fonts/Same.ttf") == .file(path: inter + "/Same.ttf", mimeType: "font/ttf"))
        #expect(files.resolve("/fonts/Missing.ttf") == .notFound)
        #expect(files.resolve("/fonts/%2e%2e/inter/Same.ttf") == .forbidden)
        #expect(StaticFiles(webRoot: base + "/web", fontDirectory: inter).resolve("/fonts/DejaVuSansMono.ttf") == .notFound)
        #expect(ServerConfiguration().monoFontDirectory == "/usr/share/fonts/truetype/dejavu")
    }

    @Test func schemasAndRecordingsServeOnlyTheirOwnFiles() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        for folder in ["web", "fonts", "schemas", "recordings"] {
            try FileManager.default.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["schemas/curtain.schema.json", "schemas/curtain.md", "recordings/a.jsonl", "recordings/a.tmp"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/" + file))
        }
        let files = StaticFiles(
            webRoot: base + "/web", fontDirectory: base + "/fonts", schemaDirectory: base + "/schemas",
            recordDirectory: base + "/recordings")
        let schemas = try #require(StaticFiles.realPath(base + "/schemas"))
        let recordings = try #require(StaticFiles.realPath(base + "/recordings"))
        #expect(
            files.resolve("/schemas/curtain.schema.json")
                == .file(path: schemas + "/curtain.schema.json", mimeType: "application/json"))
        #expect(files.resolve("/recordings/a.jsonl") == .file(path: recordings + "/a.jsonl", mimeType: "application/jsonl"))
        #expect(files.resolve("/schemas/curtain.md") == .notFound)
        #expect(files.resolve("/recordings/a.tmp") == .notFound)
        #expect(files.resolve("/recordings/sub/a.jsonl") == .notFound)
        #expect(files.resolve("/schemas/%2e%2e/recordings/a.jsonl") == .forbidden)
        let without = StaticFiles(webRoot: base + "/web", fontDirectory: base + "/fonts")
        #expect(without.resolve("/recordings/a.jsonl") == .notFound)
    }

    /// `/images/` serves the components folder's PNGs by the names image ops carry, and
    /// nothing else of it: not the component files, not other mounts' names, not a symlink
    /// out of the folder.
    @Test func imagesServeOnlyPicturesOfTheComponentsFolder() throws {
        let base = try Self.componentsTree(
            files: ["components/sheet.json", "components/images/map.png", "components/fonts/f.png", "outside/secret.png"],
            link: ("components/leak.png", "outside/secret.png"))
        defer { try? FileManager.default.removeItem(atPath: base) }
        let files = StaticFiles(webRoot: base + "/web", fontDirectory: base + "/fonts", imageDirectory: base + "/components")
        let components = try #require(StaticFiles.realPath(base + "/components"))
        #expect(files.resolve("/images/images/map.png") == .file(path: components + "/images/map.png", mimeType: "image/png"))
        // A first part named like another mount stays in the components folder.
        #expect(files.resolve("/images/fonts/f.png") == .file(path: components + "/fonts/f.png", mimeType: "image/png"))
        #expect(files.resolve("/images/sheet.json") == .notFound)
        #expect(files.resolve("/images/images") == .notFound)
        #expect(files.resolve("/images/leak.png") == .forbidden)
        #expect(files.resolve("/images/%2e%2e/outside/secret.png") == .forbidden)
        #expect(
            StaticFiles(webRoot: base + "/web", fontDirectory: base + "/fonts").resolve("/images/images/map.png") == .notFound)
    }

    /// A temporary tree with `web`, `fonts`, a components folder and a folder outside it, the
    /// `files` (each one byte, their folders made), and a symbolic link `link.at` → `link.to`.
    static func componentsTree(files: [String], link: (at: String, to: String)) throws -> String {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("static-\(UUID().uuidString)").path
        for folder in ["web", "fonts", "components", "outside"] + files.map({ ($0 as NSString).deletingLastPathComponent }) {
            try FileManager.default.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true)
        }
        for file in files { try Data("x".utf8).write(to: URL(fileURLWithPath: base + "/" + file)) }
        try FileManager.default.createSymbolicLink(atPath: base + "/" + link.at, withDestinationPath: base + "/" + link.to)
        return base
    }

    /// `/userfonts/` serves the components folder's `.ttf` files by the names a display-list
    /// font's `file` carries, under the pictures' rule: nothing else, no link out.
    @Test func userFontsServeOnlyTrueTypeFilesOfTheComponentsFolder() throws {
        let base = try Self.componentsTree(
            files: ["components/card.json", "components/fonts/Brand.ttf", "components/fonts/map.png", "outside/secret.ttf"],
            link: ("components/fonts/Leak.ttf", "outside/secret.ttf"))
        defer { try? FileManager.default.removeItem(atPath: base) }
        let files = StaticFiles(webRoot: base + "/web", fontDirectory: base + "/fonts", imageDirectory: base + "/components")
        let components = try #require(StaticFiles.realPath(base + "/components"))
        #expect(
            files.resolve("/userfonts/fonts/Brand.ttf") == .file(path: components + "/fonts/Brand.ttf", mimeType: "font/ttf"))
        #expect(files.resolve("/userfonts/fonts/map.png") == .notFound)
        #expect(files.resolve("/userfonts/card.json") == .notFound)
        #expect(files.resolve("/userfonts/fonts/Leak.ttf") == .forbidden)
        #expect(files.resolve("/userfonts/%2e%2e/outside/secret.ttf") == .forbidden)
        #expect(
            StaticFiles(webRoot: base + "/web", fontDirectory: base + "/fonts").resolve("/userfonts/fonts/Brand.ttf")
                == .notFound)
    }
}
