import Foundation

// Reading a font from a component's folder is the runtime's I/O; the core only reads bytes.
extension FontFile {
    /// Reads the TrueType file `source` (a `.ttf` name below `directory`) as the family `family`.
    ///
    /// The same containment rule as pictures (`FolderFile.resolve`, which morphd's
    /// `/userfonts/` serves by) and a size checked before the file is read.
    /// - Throws: `ReadError` saying what is wrong, naming the file but no path.
    public static func load(family: String, source: String, from directory: URL?) throws(ReadError) -> FontFile {
        guard ImageSource.isFileName(source, suffix: ".ttf") else {
            throw ReadError(
                "'\(source)' is not a font file name: a relative path of letters, digits, '-', '_' and '.' "
                    + "(no part starting with '.', at most \(ImageSource.maxNameLength) bytes) ending in .ttf")
        }
        guard let directory else {
            throw ReadError("'\(source)' is a file, and this component was loaded without its folder")
        }
        let path: String
        switch FolderFile.resolve(source, under: directory.path) {
        case .inside(let real): path = real
        case .missing: throw ReadError("no font file '\(source)' beside the component file")
        case .outside: throw ReadError("'\(source)' leads outside the component's folder (through a link)")
        }
        let bytes: [UInt8]
        do throws(FolderFile.Failure) {
            bytes = try FolderFile.read(path, maxBytes: maxBytes)
        } catch .tooLarge(let size, let limit) {
            throw ReadError("'\(source)' is \(size) bytes; at most \(limit)")
        } catch {
            throw ReadError("no font file '\(source)' beside the component file")
        }
        return try FontFile(family: family, source: source, bytes: bytes)
    }
}
