/// A TrueType font a component file brings (`"fonts": { "brand": "fonts/Brand.ttf" }`), read
/// from its bytes: the tables layout measures with, and the bytes renderers draw from.
///
/// Read in pure Swift, as precisely as the generated Inter tables: vertical metrics from
/// `hhea` (the `OS/2` typo values when its USE_TYPO_METRICS bit is set, as Chrome and FreeType
/// read them), advances from `hmtx`, scalars to glyphs through `cmap` (format 12 preferred,
/// else format 4, Unicode subtables only), pair kerning as Chrome's shaper applies it to Latin
/// text (GPOS's `kern` feature, else the `kern` table: `FontFile+PairKerning.swift` says what
/// is read and what is not), ligatures substituted before that kerning as Chrome's shaper does
/// (GSUB's `liga`, `clig` and `rlig`: `FontFile+Ligatures.swift`), and cap and x heights from `OS/2` version 2 or, before it, the
/// `glyf` bounds of "H" and "x".
///
/// Only `glyf` outlines are read: an OpenType file with CFF outlines (`OTTO`) is refused.
/// Immutable once read; a class so a `Font` carries it by reference, compared by contents.
public final class FontFile: Hashable, Sendable, CustomStringConvertible {
    /// The family name the component gives it, which display lists carry.
    public let family: String
    /// The file's name relative to the component's folder, which display lists carry for
    /// renderers that fetch it (the page, at morphd's `/userfonts/<name>`).
    public let source: String
    /// The whole file, for renderers that draw from it (cairo through FreeType).
    public let bytes: [UInt8]
    /// Font units per em (`head`).
    public let unitsPerEm: Int
    /// Baseline to the top of a line box, in font units.
    public let ascender: Int
    /// Baseline to the bottom of a line box, negative as stored.
    public let descender: Int
    /// Extra space between lines, in font units.
    public let lineGap: Int
    /// Height of flat capitals, in font units.
    public let capHeight: Int
    /// Height of lowercase x, in font units.
    public let xHeight: Int
    /// Glyphs in the font (`maxp`).
    public let glyphCount: Int
    /// Where `glyf` and `loca` start, and whether `loca` holds 32-bit offsets (for outlines).
    let glyfOffset: Int
    let locaOffset: Int
    let longLoca: Bool
    private let glyphs: [UInt32: UInt16]
    private let advances: [UInt16]
    /// Pair kerning, from GPOS or `kern` (`FontFile+PairKerning.swift`).
    let pairKerning: PairKerning
    /// Ligatures, from GSUB (`FontFile+Ligatures.swift`), substituted before kerning.
    let ligatures: Ligatures

    /// The most bytes a font file may have (10 MiB): larger than any Latin text face, far
    /// below what a whole CJK font needs (which this reader is not for).
    public static let maxBytes = 10 * 1024 * 1024

    /// The most scalars a cmap may map (a font holds at most 65 535 glyphs; a whole CJK font
    /// maps about 100 000 scalars): what the table built from it holds stays a few MiB.
    public static let maxMappedScalars = 200_000

    /// Why a file could not be read as a font.
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, in a sentence that names no path.
        public let description: String
        /// An error saying `description`.
        public init(_ description: String) { self.description = description }
    }

    /// Reads `bytes` as a TrueType font named `family`, from the file `source`.
    /// - Throws: `ReadError` naming what is missing or malformed.
    public init(family: String, source: String, bytes: [UInt8]) throws(ReadError) {
        guard bytes.count <= Self.maxBytes else {
            throw ReadError("'\(source)' is \(bytes.count) bytes; at most \(Self.maxBytes)")
        }
        let reader = Reader(bytes: bytes)
        guard let version = reader.u32(0) else { throw ReadError("'\(source)' is too short to be a font") }
        switch version {
        case 0x0001_0000, 0x7472_7565: break  // TrueType ('\0\1\0\0', 'true')
        case 0x4F54_544F:
            throw ReadError("'\(source)' has CFF outlines (OpenType 'OTTO'); only TrueType 'glyf' fonts (.ttf) are read")
        case 0x7474_6366: throw ReadError("'\(source)' is a font collection (.ttc); name one .ttf file")
        default: throw ReadError("'\(source)' is not a TrueType font")
        }
        let tables = try Self.tableDirectory(reader, source: source)
        func table(_ tag: String) throws(ReadError) -> Int {
            guard let entry = tables[tag] else { throw ReadError("'\(source)' has no '\(tag)' table") }
            return entry.offset
        }
        func field<T>(_ value: T?, _ what: String) throws(ReadError) -> T {
            guard let value else { throw ReadError("'\(source)': the '\(what)' table is cut short") }
            return value
        }
        let head = try table("head")
        let hhea = try table("hhea")
        let maxp = try table("maxp")
        let hmtx = try table("hmtx")
        let cmap = try table("cmap")
        let glyf = try table("glyf")
        let loca = try table("loca")
        unitsPerEm = Int(try field(reader.u16(head + 18), "head"))
        guard (16...16384).contains(unitsPerEm) else {
            throw ReadError("'\(source)': units per em \(unitsPerEm) is not 16…16384")
        }
        let longLoca = try field(reader.i16(head + 50), "head") == 1
        glyphCount = Int(try field(reader.u16(maxp + 4), "maxp"))
        guard glyphCount > 0 else { throw ReadError("'\(source)' has no glyphs") }
        var ascender = Int(try field(reader.i16(hhea + 4), "hhea"))
        var descender = Int(try field(reader.i16(hhea + 6), "hhea"))
        var lineGap = Int(try field(reader.i16(hhea + 8), "hhea"))
        let metricCount = Int(try field(reader.u16(hhea + 34), "hhea"))
        guard metricCount >= 1, metricCount <= glyphCount else {
            throw ReadError("'\(source)': hhea lists \(metricCount) metrics")
        }
        var advances: [UInt16] = []
        advances.reserveCapacity(glyphCount)
        for glyph in 0..<metricCount { advances.append(try field(reader.u16(hmtx + 4 * glyph), "hmtx")) }
        // Glyphs past the long metrics share the last advance.
        advances += [UInt16](repeating: advances[metricCount - 1], count: glyphCount - metricCount)
        self.advances = advances

        let glyphs = try Self.readCmap(reader, at: cmap, glyphCount: glyphCount, source: source)
        self.glyphs = glyphs
        pairKerning = try PairKerning.read(
            reader, gpos: tables["GPOS"]?.offset, kern: tables["kern"]?.offset, glyphCount: glyphCount, source: source)
        ligatures = try Ligatures.read(reader, gsub: tables["GSUB"]?.offset, glyphCount: glyphCount, source: source)

        // Glyph bounds, for the heights an OS/2 table before version 2 does not state.
        func top(of scalar: Unicode.Scalar) -> Int {
            guard let glyph = glyphs[scalar.value], let glyf = tables["glyf"] else { return 0 }
            let index = Int(glyph)
            let start = longLoca ? reader.u32(loca + 4 * index).map(Int.init) : reader.u16(loca + 2 * index).map { Int($0) * 2 }
            let end =
                longLoca ? reader.u32(loca + 4 * index + 4).map(Int.init) : reader.u16(loca + 2 * index + 2).map { Int($0) * 2 }
            guard let start, let end, end > start else { return 0 }
            return Int(reader.i16(glyf.offset + start + 8) ?? 0)
        }
        var capHeight = top(of: "H")
        var xHeight = top(of: "x")
        if let os2 = tables["OS/2"]?.offset, let os2Version = reader.u16(os2) {
            let selection = reader.u16(os2 + 62) ?? 0
            if selection & (1 << 7) != 0 {  // USE_TYPO_METRICS
                ascender = Int(try field(reader.i16(os2 + 68), "OS/2"))
                descender = Int(try field(reader.i16(os2 + 70), "OS/2"))
                lineGap = Int(try field(reader.i16(os2 + 72), "OS/2"))
            }
            if os2Version >= 2, let x = reader.i16(os2 + 86), let cap = reader.i16(os2 + 88), x > 0, cap > 0 {
                xHeight = Int(x)
                capHeight = Int(cap)
            }
        }
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.capHeight = capHeight
        self.xHeight = xHeight
        self.family = family
        self.source = source
        self.bytes = bytes
        glyfOffset = glyf
        locaOffset = loca
        self.longLoca = longLoca
    }

    /// The glyph `scalar` maps to (0, `.notdef`, when the font lacks it).
    public func glyph(for scalar: Unicode.Scalar) -> Int { Int(glyphs[scalar.value] ?? 0) }

    /// The advance of `glyph`, in font units.
    public func advance(ofGlyph glyph: Int) -> Int { glyph < advances.count ? Int(advances[glyph]) : 0 }

    /// The pair adjustment between two glyphs (GPOS `kern` feature, else `kern`), in font units.
    public func kerning(betweenGlyph left: Int, and right: Int) -> Int { pairKerning.value(left, right) }

    /// The advance of `scalar`, in font units.
    func advance(of scalar: Unicode.Scalar) -> Int { advance(ofGlyph: glyph(for: scalar)) }

    /// The pair adjustment between two scalars, in font units.
    func kerning(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Int {
        pairKerning.isEmpty ? 0 : kerning(betweenGlyph: glyph(for: first), and: glyph(for: second))
    }

    public var description: String { "FontFile(\(family): \(source))" }

    public static func == (lhs: FontFile, rhs: FontFile) -> Bool {
        lhs === rhs || (lhs.family == rhs.family && lhs.source == rhs.source && lhs.bytes == rhs.bytes)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(family)
        hasher.combine(source)
        hasher.combine(bytes.count)
    }

    /// Scalars to glyphs from the best Unicode subtable: format 12 (all planes), else format 4.
    private static func readCmap(_ reader: Reader, at cmap: Int, glyphCount: Int, source: String) throws(ReadError)
        -> [UInt32: UInt16]
    {
        let count = Int(reader.u16(cmap + 2) ?? 0)
        var format4: Int?
        var format12: Int?
        for index in 0..<count {
            let record = cmap + 4 + 8 * index
            guard let platform = reader.u16(record), let encoding = reader.u16(record + 2),
                let offset = reader.u32(record + 4)
            else { break }
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode, let format = reader.u16(cmap + Int(offset)) else { continue }
            if format == 12 { format12 = format12 ?? cmap + Int(offset) }
            if format == 4 { format4 = format4 ?? cmap + Int(offset) }
        }
        var glyphs: [UInt32: UInt16] = [:]
        func map(_ scalar: UInt32, _ glyph: Int) {
            guard glyph > 0, glyph < glyphCount, Unicode.Scalar(scalar) != nil else { return }
            glyphs[scalar] = UInt16(glyph)
        }
        if let table = format12 {
            let groups = Int(reader.u32(table + 12) ?? 0)
            guard groups <= 1 << 20 else { throw ReadError("'\(source)': cmap format 12 lists \(groups) groups") }
            var mapped = 0
            for group in 0..<groups {
                let record = table + 16 + 12 * group
                guard let first = reader.u32(record), let last = reader.u32(record + 4),
                    let startGlyph = reader.u32(record + 8), first <= last, last <= 0x10FFFF
                else { throw ReadError("'\(source)': cmap format 12 is cut short or out of range") }
                mapped += Int(last - first) + 1
                guard mapped <= maxMappedScalars else {
                    throw ReadError("'\(source)': cmap format 12 maps more than \(maxMappedScalars) scalars")
                }
                for scalar in first...last { map(scalar, Int(startGlyph) + Int(scalar - first)) }
            }
        } else if let table = format4 {
            let segments = Int(reader.u16(table + 6) ?? 0) / 2
            let ends = table + 14
            let starts = ends + 2 * segments + 2
            let deltas = starts + 2 * segments
            let rangeOffsets = deltas + 2 * segments
            for segment in 0..<segments {
                guard let end = reader.u16(ends + 2 * segment), let start = reader.u16(starts + 2 * segment),
                    let delta = reader.u16(deltas + 2 * segment), let rangeOffset = reader.u16(rangeOffsets + 2 * segment),
                    start <= end
                else { continue }
                for code in Int(start)...Int(end) where code != 0xFFFF {
                    if rangeOffset == 0 {
                        map(UInt32(code), (code + Int(delta)) & 0xFFFF)
                    } else {
                        let at = rangeOffsets + 2 * segment + Int(rangeOffset) + 2 * (code - Int(start))
                        guard let glyph = reader.u16(at), glyph != 0 else { continue }
                        map(UInt32(code), (Int(glyph) + Int(delta)) & 0xFFFF)
                    }
                }
            }
        } else {
            throw ReadError("'\(source)' has no Unicode cmap of format 4 or 12")
        }
        return glyphs
    }

    /// The table directory: each table's offset and length by tag.
    static func tableDirectory(_ reader: Reader, source: String) throws(ReadError) -> [String: (offset: Int, length: Int)] {
        var tables: [String: (offset: Int, length: Int)] = [:]
        let tableCount = Int(reader.u16(4) ?? 0)
        for index in 0..<tableCount {
            let record = 12 + 16 * index
            guard let tag = reader.tag(record), let offset = reader.u32(record + 8), let length = reader.u32(record + 12),
                Int(offset) + Int(length) <= reader.bytes.count
            else { throw ReadError("'\(source)' has a table directory that runs past its end") }
            tables[tag] = (Int(offset), Int(length))
        }
        return tables
    }

    /// Big-endian reads that answer nil past the end instead of trapping.
    struct Reader {
        let bytes: [UInt8]

        func u16(_ offset: Int) -> UInt16? {
            guard offset >= 0, offset + 2 <= bytes.count else { return nil }
            return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        }

        func i16(_ offset: Int) -> Int16? { u16(offset).map { Int16(bitPattern: $0) } }

        func u32(_ offset: Int) -> UInt32? {
            guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
            return UInt32(high) << 16 | UInt32(low)
        }

        func tag(_ offset: Int) -> String? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            return String(decoding: bytes[offset..<offset + 4], as: Unicode.ASCII.self)
        }
    }
}
