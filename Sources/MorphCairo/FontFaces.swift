import CCairo
import MorphKit
import Synchronization

/// The faces the display list names — Inter's four weights and DejaVu Sans Mono's regular
/// and bold (the monospaced design) — loaded once through FreeType and wrapped as cairo font
/// faces.
///
/// A class because it owns C objects. Each cairo face keeps its `FT_Face` (and a reference to
/// the FreeType library) alive through cairo user data, because cairo's font caches may hold
/// a face after we drop ours; the last release closes the face and then the library.
///
/// Every renderer shares one set (`shared()`): faces loaded per renderer stayed alive in
/// cairo's scaled-font caches long after the renderer, about 1 MB per server tile stream
/// (Sources/morphd/README.md, Memory). Sendable: the faces are fixed after `init`, cairo
/// serializes its own use of each face, and glyph lookups run under `glyphs`' lock.
final class FontFaces: @unchecked Sendable {
    /// Where Debian's fonts-inter puts the static OTF faces.
    static let directory = "/usr/share/fonts/opentype/inter"
    /// Where Debian's fonts-dejavu-core puts DejaVu Sans Mono.
    static let monoDirectory = "/usr/share/fonts/truetype/dejavu"

    /// One loaded face: a design and the weight drawn (the monospaced design has regular and
    /// bold only; `key(for:)` maps the others as `FontFaceMetrics.mono` measures them).
    struct Key: Hashable {
        var design: Font.Design
        var weight: FontWeight
    }

    static let keys: [Key] =
        FontWeight.allCases.map { Key(design: .default, weight: $0) }
        + [FontWeight.regular, .bold].map { Key(design: .monospaced, weight: $0) }

    /// The face `font` is drawn in.
    static func key(for font: Font) -> Key {
        switch font.design {
        case .default: Key(design: .default, weight: font.weight)
        case .monospaced:
            Key(design: .monospaced, weight: font.weight.rawValue >= FontWeight.semibold.rawValue ? .bold : .regular)
        }
    }

    static func path(for key: Key) -> String {
        switch (key.design, key.weight) {
        case (.monospaced, .bold): return "\(monoDirectory)/DejaVuSansMono-Bold.ttf"
        case (.monospaced, _): return "\(monoDirectory)/DejaVuSansMono.ttf"
        case (.default, let weight):
            let name =
                switch weight {
                case .regular: "Regular"
                case .medium: "Medium"
                case .semibold: "SemiBold"
                case .bold: "Bold"
                }
            return "\(directory)/Inter-\(name).otf"
        }
    }

    private struct Face {
        let cairoFace: OpaquePointer
        let freeTypeFace: FT_Face
    }

    /// The process's faces, loaded on first use (the error, when fonts-inter or
    /// fonts-dejavu-core is missing, is kept and thrown to every caller).
    private static let sharedFaces: Result<FontFaces, MorphCairoError> = Result { () throws(MorphCairoError) in
        try FontFaces()
    }

    /// The faces every renderer uses.
    static func shared() throws(MorphCairoError) -> FontFaces { try sharedFaces.get() }

    /// What cairo's user-data destructor releases: the face, the memory it was read from
    /// (a component's font file), then our library reference.
    private struct Ownership {
        let library: FT_Library
        let face: FT_Face
        let bytes: UnsafeMutableRawPointer?
    }

    /// cairo identifies user data by the key's address only; it is never read or written, so
    /// sharing it across threads is safe.
    nonisolated(unsafe) private static var ownershipKey = cairo_user_data_key_t()

    /// `face` as a cairo face that owns it: when cairo drops the face's last reference (its
    /// font caches may hold it after we drop ours), the user data closes `face`, frees `bytes`
    /// and releases a reference to `library`. On failure, `face` and `bytes` are released here.
    static func ownedCairoFace(
        _ face: FT_Face, library: FT_Library, bytes: UnsafeMutableRawPointer? = nil
    ) throws(MorphCairoError) -> OpaquePointer {
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0) else {
            FT_Done_Face(face)
            bytes?.deallocate()
            throw .cairo(status: Int(CAIRO_STATUS_NO_MEMORY.rawValue), message: "out of memory")
        }
        FT_Reference_Library(library)
        let ownership = UnsafeMutablePointer<Ownership>.allocate(capacity: 1)
        ownership.initialize(to: Ownership(library: library, face: face, bytes: bytes))
        let status = withUnsafePointer(to: &ownershipKey) { key in
            cairo_font_face_set_user_data(cairoFace, key, ownership) { raw in
                guard let ownership = raw?.assumingMemoryBound(to: Ownership.self) else { return }
                FT_Done_Face(ownership.pointee.face)
                ownership.pointee.bytes?.deallocate()
                FT_Done_Library(ownership.pointee.library)
                ownership.deinitialize(count: 1)
                ownership.deallocate()
            }
        }
        if status != CAIRO_STATUS_SUCCESS {
            // cairo did not take ownership: release by hand.
            cairo_font_face_destroy(cairoFace)
            FT_Done_Face(face)
            bytes?.deallocate()
            FT_Done_Library(library)
            ownership.deallocate()
            try checkCairo(status)
        }
        return cairoFace
    }

    private let library: FT_Library
    private var faces: [Key: Face] = [:]
    /// Guards the glyph indices already looked up, by face and scalar, so a frame does not ask
    /// FreeType again; every renderer shares them.
    private let glyphs = Mutex<[Key: [UInt32: UInt]]>([:])

    private init() throws(MorphCairoError) {
        var library: FT_Library?
        let status = FT_Init_FreeType(&library)
        guard status == 0, let library else { throw .fontUnavailable(path: "FreeType", code: Int(status)) }
        self.library = library
        for key in Self.keys {
            let path = Self.path(for: key)
            var face: FT_Face?
            let error = FT_New_Face(library, path, 0, &face)
            guard error == 0, let face else { throw .fontUnavailable(path: path, code: Int(error)) }
            let cairoFace = try Self.ownedCairoFace(face, library: library)
            faces[key] = Face(cairoFace: cairoFace, freeTypeFace: face)
        }
    }

    deinit {
        for face in faces.values { cairo_font_face_destroy(face.cairoFace) }
        FT_Done_Library(library)
    }

    /// The cairo face `font` is drawn in.
    func cairoFace(_ font: Font) -> OpaquePointer? { faces[Self.key(for: font)]?.cairoFace }

    /// The glyph index of `scalar` in the face `font` is drawn in (0, `.notdef`, when missing).
    func glyphIndex(of scalar: Unicode.Scalar, font: Font) -> UInt {
        let key = Self.key(for: font)
        guard let face = faces[key] else { return 0 }
        return glyphs.withLock { known in
            if let index = known[key]?[scalar.value] { return index }
            let index = UInt(FT_Get_Char_Index(face.freeTypeFace, FT_ULong(scalar.value)))
            known[key, default: [:]][scalar.value] = index
            return index
        }
    }
}
