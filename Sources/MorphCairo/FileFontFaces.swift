import CCairo
import MorphKit

/// Cairo faces for the font files components bring (`Font.file`), loaded through FreeType
/// from the file's bytes the first time a renderer draws them.
///
/// Owned by one `DisplayListRenderer` (no process-wide state) and bounded: past
/// `maxFaces` it forgets them all and loads again what it draws next. Each cairo face owns a
/// copy of the bytes and its `FT_Face` (`FontFaces.ownedCairoFace`), because cairo's font
/// caches may keep a face after this object drops it; the last release frees both.
final class FileFontFaces {
    /// Most faces kept: a component names at most `ComponentLimits.fontFiles`.
    static let maxFaces = 8

    private var library: FT_Library?
    private var faces: [FontFile: OpaquePointer] = [:]

    deinit {
        for face in faces.values { cairo_font_face_destroy(face) }
        if let library { FT_Done_Library(library) }
    }

    /// The cairo face for `file`, loading it on first use.
    func cairoFace(_ file: FontFile) throws(MorphCairoError) -> OpaquePointer {
        if let face = faces[file] { return face }
        if faces.count >= Self.maxFaces {
            for face in faces.values { cairo_font_face_destroy(face) }
            faces = [:]
        }
        if library == nil {
            var created: FT_Library?
            let status = FT_Init_FreeType(&created)
            guard status == 0, let created else { throw .fontUnavailable(path: "FreeType", code: Int(status)) }
            library = created
        }
        guard let library else { throw .fontUnavailable(path: "FreeType", code: -1) }
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: max(1, file.bytes.count), alignment: 8)
        file.bytes.withUnsafeBytes { bytes.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        var face: FT_Face?
        let error = FT_New_Memory_Face(
            library, bytes.assumingMemoryBound(to: FT_Byte.self), FT_Long(file.bytes.count), 0, &face)
        guard error == 0, let face else {
            bytes.deallocate()
            throw .fontUnavailable(path: file.source, code: Int(error))
        }
        let cairoFace = try FontFaces.ownedCairoFace(face, library: library, bytes: bytes)
        faces[file] = cairoFace
        return cairoFace
    }
}
