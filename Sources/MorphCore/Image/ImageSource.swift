import Foundation

/// How an `image` op names its picture (`schemas/display-list.md`, "`image`"): a PNG file by
/// a relative name, resolved against the component file's folder (morphd serves the folder's
/// pictures at `/images/<name>`), or a small PNG inline as a `data:image/png;base64,` URI.
///
/// Names, not bytes, travel in display lists because lists are sent every frame: a name costs
/// a few bytes and the page fetches the file once and caches it. Inline data is for icons
/// small enough that a second request costs more than the bytes (`maxInlineBytes`).
/// PNG only: it is what cairo, the canvas, SVG viewers and Lottie players all decode, and
/// its header gives the pixel size without decoding the picture.
public enum ImageSource: Hashable, Sendable {
    /// A PNG file, by its name relative to the component file's folder.
    case file(String)
    /// A PNG inline: the bytes of the `data:` URI.
    case inline([UInt8])

    /// The prefix of an inline picture.
    public static let dataPrefix = "data:image/png;base64,"
    /// The longest file name, in UTF-8 bytes.
    public static let maxNameLength = 128
    /// The largest inline picture, decoded (the URI is a third longer and rides in every frame).
    public static let maxInlineBytes = 8 * 1024
    /// The largest PNG file a component may use.
    public static let maxFileBytes = 4 * 1024 * 1024
    /// The largest width or height in pixels (a 4096 × 4096 picture decodes to 64 MiB).
    public static let maxDimension = 4096
    /// The most pixels all of one component's pictures may have together (64 MiB decoded),
    /// so a file cannot make every renderer that draws it hold gigabytes.
    public static let maxPixelsPerComponent = 4096 * 4096

    /// Reads a display list's or component file's `source` string.
    ///
    /// - Returns: the source, or the reason the string is not one (for an error message).
    public static func parse(_ string: String) -> Result<ImageSource, ImageError> {
        if string.hasPrefix(dataPrefix) {
            let base64 = string.dropFirst(dataPrefix.count)
            guard base64.utf8.count <= (maxInlineBytes + 2) / 3 * 4 else {
                return .failure(.tooLarge("an inline picture is at most \(maxInlineBytes) bytes; use a file"))
            }
            guard let data = Data(base64Encoded: String(base64)) else {
                return .failure(.malformed("the data: URI is not valid base64"))
            }
            return .success(.inline([UInt8](data)))
        }
        if string.hasPrefix("data:") {
            return .failure(.unsupported("only data:image/png;base64, URIs are read (PNG, base64)"))
        }
        guard isFileName(string) else {
            return .failure(
                .malformed(
                    "'\(string)' is not an image name: a relative path of letters, digits, '-', '_' and '.' "
                        + "(no part starting with '.', at most \(maxNameLength) bytes) ending in .png"))
        }
        return .success(.file(string))
    }

    /// `bytes` as a `data:image/png;base64,` URI (for documents that carry their pictures).
    public static func dataURI(png bytes: [UInt8]) -> String { dataPrefix + Data(bytes).base64EncodedString() }

    /// Whether `name` is a file name `parse` accepts: `/`-separated parts of
    /// `[A-Za-z0-9_-][A-Za-z0-9._-]*`, ending in `.png` (or `suffix`: a font file's `.ttf`),
    /// so it can never leave the folder.
    public static func isFileName(_ name: String, suffix: String = ".png") -> Bool {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= maxNameLength, name.hasSuffix(suffix) else { return false }
        var partStart = true
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "/"):
                if partStart { return false }
                partStart = true
            case UInt8(ascii: "."):
                if partStart { return false }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                partStart = false
            default: return false
            }
        }
        return !partStart
    }
}

/// Why a picture cannot be used.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The source string or the bytes are not what they claim to be.
    case malformed(String)
    /// A kind of picture Morph does not read.
    case unsupported(String)
    /// Over one of `ImageSource`'s bounds.
    case tooLarge(String)
    /// The file does not exist or cannot be read.
    case unreadable(String)

    /// The reason, one sentence.
    public var description: String {
        switch self {
        case .malformed(let reason), .unsupported(let reason), .tooLarge(let reason), .unreadable(let reason): reason
        }
    }
}
