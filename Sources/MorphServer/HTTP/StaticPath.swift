/// Turns a request path into safe path components below a root, or refuses it.
///
/// Decoding happens once, before checking, so `%2e%2e` cannot sneak past; anything that could
/// climb out (`..`), hide (dot files), or confuse the file system (NUL, backslash) is refused.
public enum StaticPath {
    /// Why a request path was refused.
    public enum Rejection: Error, Sendable, Hashable {
        /// Malformed percent-encoding or a byte that cannot be in a path.
        case malformed
        /// `..`, a dot file, or another attempt to leave the root.
        case forbidden
    }

    /// The safe components of `uri` (query and fragment ignored); `[]` is the root itself.
    public static func components(of uri: String) -> Result<[String], Rejection> {
        var path = Substring(uri)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        guard path.hasPrefix("/") else { return .failure(.malformed) }
        guard let decoded = percentDecoded(path) else { return .failure(.malformed) }
        var components: [String] = []
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if part.hasPrefix(".") { return .failure(.forbidden) }
            if part.contains("\\") || part.contains("\0") { return .failure(.forbidden) }
            components.append(String(part))
        }
        return .success(components)
    }

    /// Percent-decodes to UTF-8; `nil` for a broken escape or invalid UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
