/// Content types for the files the preview page is made of.
///
/// Browsers refuse ES modules served with a non-JavaScript type under a strict CSP, and fonts
/// need their own types, so the table is explicit rather than left to lws's guesses.
public enum MIMEType {
    /// Type for a file name, by its (case-insensitive) extension.
    public static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        let ext = name[name.index(after: dot)...].lowercased()
        return table[ext] ?? fallback
    }

    /// Served for anything unknown: the browser downloads it rather than guessing.
    public static let fallback = "application/octet-stream"

    private static let table: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "json": "application/json",
        "jsonl": "application/jsonl",
        "map": "application/json",
        "svg": "image/svg+xml",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "webp": "image/webp",
        "ico": "image/x-icon",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "otf": "font/otf",
        "ttf": "font/ttf",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "wasm": "application/wasm",
    ]
}
