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
    package static let headerBytes = 33

    /// Width and height from a PNG's first `headerBytes` (or more), checked as `init` does.
    package static func dimensions(of png: [UInt8], source: String) throws(ImageError) -> (width: Int, height: Int) {
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

    /// A source for messages: a data URI is cut short.
    private static func short(_ source: String) -> String {
        source.count > 40 ? String(source.prefix(32)) + "…" : source
    }
}
