import Foundation

/// A PNG a component uses: its source as display lists name it, its bytes and its pixel size
/// (read from the header, so loading never decodes a picture).
public struct ImageAsset: Hashable, Sendable {
    /// What `image` ops carry in `source`.
    public var source: String
    /// The PNG file's bytes.
    public var png: [UInt8]
    /// Width and height in pixels.
    public var pixelWidth: Int
    /// Height in pixels.
    public var pixelHeight: Int

    /// The pixel size as a `Size` (the image's aspect ratio for content modes).
    public var pixelSize: Size { Size(width: Double(pixelWidth), height: Double(pixelHeight)) }

    /// An asset from PNG bytes, checked: the signature, an `IHDR` chunk first, and a size
    /// within `ImageSource.maxDimension`.
    public init(source: String, png: [UInt8]) throws(ImageError) {
        (pixelWidth, pixelHeight) = try Self.dimensions(of: png, source: source)
        self.source = source
        self.png = png
    }

    /// The bytes a PNG's size is read from: the signature, the `IHDR` chunk's length, type,
    /// width and height, its other fields and CRC.
    static let headerBytes = 33

    /// Width and height from a PNG's first `headerBytes` (or more), checked as `init` does.
    static func dimensions(of png: [UInt8], source: String) throws(ImageError) -> (width: Int, height: Int) {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard png.count >= headerBytes, Array(png[0..<8]) == signature else {
            throw .malformed("'\(Self.short(source))' is not a PNG")
        }
        guard Array(png[12..<16]) == Array("IHDR".utf8) else {
            throw .malformed("'\(Self.short(source))' is a damaged PNG (no IHDR chunk first)")
        }
        func bigEndian(_ offset: Int) -> Int { png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = bigEndian(16), height = bigEndian(20)
        guard width > 0, height > 0 else { throw .malformed("'\(Self.short(source))' has no pixels") }
        guard width <= ImageSource.maxDimension, height <= ImageSource.maxDimension else {
            throw .tooLarge(
                "'\(Self.short(source))' is \(width)×\(height) pixels; at most \(ImageSource.maxDimension) on a side")
        }
        return (width, height)
    }

    /// Reads `source`: an inline picture from its URI, a file from `directory`.
    ///
    /// A file must lie inside `directory` once symlinks are resolved (`FolderFile.resolve`,
    /// the rule HTTP's `/images/` serves by), and its size and PNG header are checked before
    /// the rest is read, so a huge or lying file costs a `stat` and 33 bytes.
    ///
    /// - Throws: `ImageError` saying what is wrong (a missing file, no folder to look in, a
    ///   file outside the folder, a file that is not a PNG or is too large).
    public static func load(_ source: String, from directory: URL?) throws(ImageError) -> ImageAsset {
        switch ImageSource.parse(source) {
        case .failure(let error): throw error
        case .success(.inline(let bytes)): return try ImageAsset(source: source, png: bytes)
        case .success(.file(let name)):
            guard let directory else {
                throw .unreadable("'\(name)' is a file, and this component was loaded without its folder")
            }
            let path: String
            switch FolderFile.resolve(name, under: directory.path) {
            case .inside(let real): path = real
            case .missing: throw .unreadable("no image '\(name)' beside the component file")
            case .outside: throw .unreadable("'\(name)' leads outside the component's folder (through a link)")
            }
            func read(_ count: Int?) throws(ImageError) -> [UInt8] {
                do throws(FolderFile.Failure) {
                    return try FolderFile.read(path, maxBytes: ImageSource.maxFileBytes, prefix: count)
                } catch .tooLarge(let bytes, let limit) {
                    throw .tooLarge("'\(name)' is \(bytes) bytes; at most \(limit)")
                } catch {
                    throw .unreadable("no image '\(name)' beside the component file")
                }
            }
            // Size first (`read` checks it before reading), then the header, then the rest.
            _ = try dimensions(of: try read(headerBytes), source: source)
            return try ImageAsset(source: source, png: try read(nil))
        }
    }

    /// A source for messages: a data URI is cut short.
    private static func short(_ source: String) -> String {
        source.count > 40 ? String(source.prefix(32)) + "…" : source
    }
}

extension ComponentDefinition {
    /// The PNG bytes of every picture, by the source `image` ops name it by (what renderers
    /// and exporters look pictures up in).
    public var imageBytes: [String: [UInt8]] {
        Dictionary(images.map { ($0.source, $0.png) }, uniquingKeysWith: { first, _ in first })
    }
}
