import Foundation

// Reading a picture from a component's folder is the runtime's I/O; the core only checks bytes.
extension ImageAsset {
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
}

extension ComponentDefinition {
    /// The PNG bytes of every picture, by the source `image` ops name it by (what renderers
    /// and exporters look pictures up in).
    public var imageBytes: [String: [UInt8]] {
        Dictionary(images.map { ($0.source, $0.png) }, uniquingKeysWith: { first, _ in first })
    }
}
