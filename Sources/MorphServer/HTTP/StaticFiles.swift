import Glibc
import MorphKit

/// Maps request paths to files: the web root for the page, `/fonts/` for the Inter files (and
/// DejaVu Sans Mono's, from a second folder),
/// `/schemas/` for the configuration schemas the page builds its options panel from (only
/// `*.schema.json`), `/recordings/` for downloading recordings (only `*.jsonl`) and
/// `/images/` for the PNGs component files' `image` nodes name (only names
/// `ImageSource.isFileName` accepts, from the components folder and below), and `/userfonts/`
/// for the `.ttf` files their `fonts` name (the same rule, ending in `.ttf`).
///
/// After the path check, the real path (symlinks resolved) must still lie inside its root, so
/// a symlink planted in the web root cannot expose the rest of the disk either.
public struct StaticFiles: Sendable, Hashable {
    /// What a request path resolves to.
    public enum Resolution: Sendable, Hashable {
        /// Serve this file with this content type.
        case file(path: String, mimeType: String)
        /// 404.
        case notFound
        /// 403: the path tried to leave its root.
        case forbidden
        /// 400: the path could not be decoded.
        case badRequest
    }

    /// Folder served at `/`.
    public var webRoot: String
    /// Folder served at `/fonts/`.
    public var fontDirectory: String
    /// Second folder served at `/fonts/`, for names the first does not have (DejaVu Sans
    /// Mono, the monospaced design, lives apart from Inter in Debian).
    public var monoFontDirectory: String?
    /// Folder whose `*.schema.json` files are served at `/schemas/`, if any.
    public var schemaDirectory: String?
    /// Folder whose `*.jsonl` recordings are served at `/recordings/`, if any.
    public var recordDirectory: String?
    /// Folder of configuration schemas generated from component files, served at
    /// `/schemas/` ahead of `schemaDirectory` (a file standing in for a built-in component
    /// brings its own schema).
    public var generatedSchemaDirectory: String?
    /// The components folder, whose pictures are served at `/images/<name>` (the `source` an
    /// `image` op carries) and font files at `/userfonts/<name>` (a text font's `file`), if any.
    public var imageDirectory: String?

    /// Makes a resolver over the page's folders.
    public init(
        webRoot: String, fontDirectory: String, schemaDirectory: String? = nil, recordDirectory: String? = nil,
        generatedSchemaDirectory: String? = nil, monoFontDirectory: String? = nil, imageDirectory: String? = nil
    ) {
        self.imageDirectory = imageDirectory
        self.webRoot = webRoot
        self.fontDirectory = fontDirectory
        self.monoFontDirectory = monoFontDirectory
        self.schemaDirectory = schemaDirectory
        self.recordDirectory = recordDirectory
        self.generatedSchemaDirectory = generatedSchemaDirectory
    }

    /// The folder and the file-name suffix a prefixed path is served from, if it has one.
    private func mount(_ prefix: String) -> (root: String, suffix: String)? {
        switch prefix {
        case "fonts": (fontDirectory, "")
        case "schemas": schemaDirectory.map { ($0, ".schema.json") }
        case "recordings": recordDirectory.map { ($0, ".jsonl") }
        default: nil
        }
    }

    /// Resolves a request path; directories serve their `index.html`.
    public func resolve(_ uri: String) -> Resolution {
        let components: [String]
        switch StaticPath.components(of: uri) {
        case .success(let value): components = value
        case .failure(.malformed): return .badRequest
        case .failure(.forbidden): return .forbidden
        }
        if components.first == "images" {
            // A picture by the name a display list gives it: PNG only, and nothing else of
            // the components folder (its JSON files are not served).
            let name = components.dropFirst().joined(separator: "/")
            guard let imageDirectory, ImageSource.isFileName(name) else { return .notFound }
            return Self.resolve(Array(components.dropFirst()), under: imageDirectory)
        }
        if components.first == "userfonts" {
            // A component's font file by the name its display lists give it (`font.file`):
            // TrueType only, from the same folder as the pictures.
            let name = components.dropFirst().joined(separator: "/")
            guard let imageDirectory, ImageSource.isFileName(name, suffix: ".ttf") else { return .notFound }
            return Self.resolve(Array(components.dropFirst()), under: imageDirectory)
        }
        if components.first == "schemas", let generatedSchemaDirectory {
            var generated = self
            generated.schemaDirectory = generatedSchemaDirectory
            generated.generatedSchemaDirectory = nil
            let resolution = generated.resolve(components)
            if case .file = resolution { return resolution }
        }
        if components.first == "fonts", let monoFontDirectory {
            let resolution = resolve(components)
            guard resolution == .notFound else { return resolution }
            var mono = self
            mono.fontDirectory = monoFontDirectory
            return mono.resolve(components)
        }
        return resolve(components)
    }

    private func resolve(_ components: [String]) -> Resolution {
        var root = webRoot
        var relative = components
        if components.count > 1, let first = components.first, let (folder, suffix) = mount(first) {
            // Only flat names with the folder's suffix: no listing, no other files.
            guard components.count == 2, components[1].hasSuffix(suffix) else { return .notFound }
            root = folder
            relative = Array(components.dropFirst())
        }
        return Self.resolve(relative, under: root)
    }

    /// `relative` below `root`, which it must not leave once symlinks are resolved (the rule
    /// pictures are loaded by too, `FolderFile.resolve`).
    private static func resolve(_ relative: [String], under root: String) -> Resolution {
        var name = relative.joined(separator: "/")
        if Self.isDirectory(([root] + relative).joined(separator: "/")) { name += name.isEmpty ? "index.html" : "/index.html" }
        switch FolderFile.resolve(name, under: root) {
        case .missing: return .notFound
        case .outside: return .forbidden
        case .inside(let real):
            guard Self.isRegularFile(real) else { return .notFound }
            return .file(path: real, mimeType: MIMEType.forPath(real))
        }
    }

    static func realPath(_ path: String) -> String? { FolderFile.realPath(path) }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
