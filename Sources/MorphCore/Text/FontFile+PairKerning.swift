/// A font file's pair kerning as Chrome's shaper (HarfBuzz) applies it to Latin text, read once
/// into compact tables so layout's question for one pair costs a few array reads.
///
/// From GPOS when its `kern` feature exists for Latin text, else from the `kern` table (HarfBuzz
/// applies `kern` only when GPOS has no `kern` feature). The GPOS reading, as HarfBuzz picks
/// it for Latin text in a page with no language of its own:
/// - the script `latn`, else `DFLT`, else `dflt` (HarfBuzz's order for Latin script); in it a
///   language system tagged `dflt`, else the default one (no `ENG ` or other language);
/// - that language system's first `kern` feature, its lookups in lookup-list order, each once
///   (HarfBuzz sorts and merges a feature's lookups);
/// - pair adjustment lookups (type 2), directly or wrapped in extension lookups (type 9), in
///   format 1 (pair sets) and format 2 (class pairs), with Coverage and ClassDef formats 1 and 2;
/// - in a lookup the first subtable that applies to a pair wins (a format 2 subtable applies to
///   every pair whose first glyph it covers, class 0 included); the lookups' values add;
/// - the first glyph's XAdvance only (the other ValueRecord fields are skipped by their size).
///
/// Not read: lookup flags (a mark between two letters does not pass kerning on here; HarfBuzz
/// skips it when the lookup ignores marks), a second glyph's ValueRecord (HarfBuzz then skips
/// that glyph as the next pair's first; fonts' `kern` features rarely adjust it), contextual
/// kerning (lookup types 7 and 8), other default features that position (`dist`, `mark`,
/// `curs`), feature variations and device tables.
struct PairKerning: Sendable {
    /// The lookups in the order applied, each its subtables in order.
    let lookups: [[Subtable]]
    /// Entries charged while reading (records read and entries stored): what `maxEntries`
    /// bounds. `byteCount` is what the tables keep.
    let entryCount: Int
    /// Where the pairs come from.
    let source: Source

    /// The table a font's pairs are read from.
    enum Source: Sendable, Equatable {
        case none, kernTable, gpos
    }

    /// The most entries the tables of one file may hold (8 MiB), counting every record read as
    /// one too: DejaVu Sans's GPOS kerning charges 19 658, Inter's 74 481; a hostile
    /// file whose offsets all point at one large subtable is refused instead of multiplied.
    static let maxEntries = 4 * 1024 * 1024

    static let empty = PairKerning(lookups: [], entryCount: 0, source: .none)

    var isEmpty: Bool { lookups.isEmpty }

    /// The bytes the tables' arrays hold: 28 066 for DejaVu Sans (6 253 glyphs, 2 727 pairs),
    /// 99 830 for Inter Regular's GPOS (2 548 glyphs, 239 586 nonzero pairs).
    var byteCount: Int {
        lookups.joined().reduce(0) { total, subtable in
            switch subtable {
            case .glyphPairs(let pairs): total + 4 * pairs.starts.count + 2 * (pairs.seconds.count + pairs.values.count)
            case .classPairs(let classes):
                total + 2 * (classes.firstClasses.count + classes.secondClasses.count + classes.values.count)
            }
        }
    }

    /// The horizontal adjustment between two glyphs, in font units.
    func value(_ left: Int, _ right: Int) -> Int {
        var total = 0
        for subtables in lookups {
            for subtable in subtables {
                if let value = subtable.value(left, right) {
                    total += value
                    break
                }
            }
        }
        return total
    }

    /// One pair subtable, in the form its format reads into.
    enum Subtable: Sendable {
        case glyphPairs(GlyphPairs)
        case classPairs(ClassPairs)

        /// The first glyph's advance adjustment when this subtable applies to the pair, else nil.
        func value(_ left: Int, _ right: Int) -> Int? {
            switch self {
            case .glyphPairs(let pairs): pairs.value(left, right)
            case .classPairs(let classes): classes.value(left, right)
            }
        }
    }

    /// Listed pairs (GPOS format 1, `kern` format 0): each first glyph's second glyphs, ascending.
    struct GlyphPairs: Sendable {
        /// The first glyph `starts[0]` belongs to.
        let firstLow: Int
        /// `starts[g - firstLow]..<starts[g - firstLow + 1]` are glyph g's records.
        let starts: [UInt32]
        let seconds: [UInt16]
        let values: [Int16]

        func value(_ left: Int, _ right: Int) -> Int? {
            let index = left - firstLow
            guard index >= 0, index + 1 < starts.count else { return nil }
            var low = Int(starts[index])
            var high = Int(starts[index + 1])
            while low < high {
                let mid = (low + high) / 2
                if Int(seconds[mid]) < right { low = mid + 1 } else { high = mid }
            }
            return low < Int(starts[index + 1]) && Int(seconds[low]) == right ? Int(values[low]) : nil
        }
    }

    /// Class pairs (GPOS format 2): a class per glyph on each side, a value per class pair.
    struct ClassPairs: Sendable {
        let firstLow: Int
        /// Per glyph from `firstLow`: its first class + 1 when the subtable covers it, else 0.
        let firstClasses: [UInt16]
        let secondLow: Int
        /// Per glyph from `secondLow`: its second class (glyphs outside are class 0).
        let secondClasses: [UInt16]
        let class2Count: Int
        /// XAdvance per class pair, row by first class; empty when the subtable adjusts no advance.
        let values: [Int16]

        func value(_ left: Int, _ right: Int) -> Int? {
            let first = left - firstLow
            guard first >= 0, first < firstClasses.count, firstClasses[first] > 0 else { return nil }
            let second = right - secondLow
            let class2 = second >= 0 && second < secondClasses.count ? Int(secondClasses[second]) : 0
            // A class past the matrix makes HarfBuzz pass the pair to the next subtable.
            guard class2 < class2Count else { return nil }
            return values.isEmpty ? 0 : Int(values[(Int(firstClasses[first]) - 1) * class2Count + class2])
        }
    }
}

extension PairKerning {
    /// The pairs of the file's tables: GPOS when it has a `kern` feature for Latin text, else `kern`.
    static func read(
        _ reader: FontFile.Reader, gpos: Int?, kern: Int?, glyphCount: Int, source: String
    ) throws(FontFile.ReadError) -> PairKerning {
        var builder = Builder(reader: reader, glyphCount: glyphCount, source: source)
        if let gpos, let lookups = try builder.featureLookups(in: gpos, tags: ["kern"]) {
            var read: [[Subtable]] = []
            for lookup in lookups {
                let subtables = try builder.lookup(at: lookup)
                if !subtables.isEmpty { read.append(subtables) }
            }
            return PairKerning(lookups: read, entryCount: builder.entries, source: .gpos)
        }
        guard let kern, let pairs = try builder.kernTable(at: kern) else { return .empty }
        return PairKerning(lookups: [[.glyphPairs(pairs)]], entryCount: builder.entries, source: .kernTable)
    }

    /// Reads GPOS or GSUB tables, charging every record read and entry stored to one budget
    /// (`maxEntries`); `subject` names what is read in its refusals.
    struct Builder {
        let reader: FontFile.Reader
        let glyphCount: Int
        let source: String
        var subject = "kerning"
        var entries = 0

        func u16(_ offset: Int) throws(FontFile.ReadError) -> Int {
            guard let value = reader.u16(offset) else { throw cutShort() }
            return Int(value)
        }

        func cutShort() -> FontFile.ReadError {
            FontFile.ReadError("'\(source)': the \(subject) tables run past the file's end")
        }

        mutating func charge(_ count: Int) throws(FontFile.ReadError) {
            entries += count
            guard entries <= PairKerning.maxEntries else {
                throw FontFile.ReadError("'\(source)': its \(subject) needs more than \(PairKerning.maxEntries) table entries")
            }
        }

        /// The lookup offsets of the features tagged `tags` that HarfBuzz applies to Latin text
        /// in the GPOS or GSUB table at `table` (each tag's first feature in the language
        /// system, their lookups merged in lookup-list order), nil when it has none of them.
        func featureLookups(in table: Int, tags: Set<String>) throws(FontFile.ReadError) -> [Int]? {
            guard try u16(table) == 1 else { return nil }  // HarfBuzz reads major version 1 only
            let scriptList = table + (try u16(table + 4))
            let featureList = table + (try u16(table + 6))
            let lookupList = table + (try u16(table + 8))
            var scripts: [String: Int] = [:]
            for index in 0..<(try u16(scriptList)) {
                let record = scriptList + 2 + 6 * index
                guard let tag = reader.tag(record) else { throw cutShort() }
                if scripts[tag] == nil { scripts[tag] = scriptList + (try u16(record + 4)) }
            }
            guard let script = scripts["latn"] ?? scripts["DFLT"] ?? scripts["dflt"] else { return nil }
            var languageSystem: Int?
            for index in 0..<(try u16(script + 2)) {
                let record = script + 4 + 6 * index
                if reader.tag(record) == "dflt" {
                    languageSystem = script + (try u16(record + 4))
                    break
                }
            }
            let defaultLanguageSystem = try u16(script)
            if languageSystem == nil, defaultLanguageSystem != 0 { languageSystem = script + defaultLanguageSystem }
            guard let languageSystem else { return nil }
            let featureCount = try u16(featureList)
            let lookupCount = try u16(lookupList)
            var found = Set<String>()
            var indices = Set<Int>()
            for index in 0..<(try u16(languageSystem + 4)) {
                let feature = try u16(languageSystem + 6 + 2 * index)
                guard feature < featureCount, let tag = reader.tag(featureList + 2 + 6 * feature), tags.contains(tag),
                    found.insert(tag).inserted
                else { continue }
                let table = featureList + (try u16(featureList + 2 + 6 * feature + 4))
                for lookup in 0..<(try u16(table + 2)) {
                    let index = try u16(table + 4 + 2 * lookup)
                    if index < lookupCount { indices.insert(index) }
                }
            }
            guard !found.isEmpty else { return nil }
            var offsets: [Int] = []
            for index in indices.sorted() { offsets.append(lookupList + (try u16(lookupList + 2 + 2 * index))) }
            return offsets
        }

        /// Where a lookup of `type` keeps its subtables, in order, those wrapped in an
        /// extension lookup (`extensionType`) unwrapped; none for a lookup of another type.
        mutating func subtableOffsets(at lookup: Int, type: Int, extensionType: Int) throws(FontFile.ReadError) -> [Int] {
            let lookupType = try u16(lookup)
            guard lookupType == type || lookupType == extensionType else { return [] }
            var offsets: [Int] = []
            for index in 0..<(try u16(lookup + 4)) {
                try charge(16)  // each subtable costs its header, however small it is
                var subtable = lookup + (try u16(lookup + 6 + 2 * index))
                if lookupType == extensionType {
                    guard try u16(subtable) == 1, try u16(subtable + 2) == type else { continue }
                    guard let offset = reader.u32(subtable + 4) else { throw cutShort() }
                    subtable += Int(offset)
                }
                offsets.append(subtable)
            }
            return offsets
        }

        /// A lookup's pair subtables in order (other lookup types hold none).
        mutating func lookup(at lookup: Int) throws(FontFile.ReadError) -> [Subtable] {
            var subtables: [Subtable] = []
            for subtable in try subtableOffsets(at: lookup, type: 2, extensionType: 9) {
                switch try u16(subtable) {
                case 1: subtables.append(.glyphPairs(try pairSets(at: subtable)))
                case 2: subtables.append(.classPairs(try classPairs(at: subtable)))
                default: continue
                }
            }
            return subtables
        }

        /// The size of a ValueRecord of `format`, in 16-bit fields (every set bit is one, as HarfBuzz counts).
        static func fields(_ format: Int) -> Int { format.nonzeroBitCount }

        /// Where XAdvance sits in a ValueRecord of `format` (after XPlacement and YPlacement), nil when absent.
        static func xAdvanceField(_ format: Int) -> Int? { format & 0x4 == 0 ? nil : (format & 0x3).nonzeroBitCount }

        /// Format 1: a pair set per covered first glyph.
        mutating func pairSets(at subtable: Int) throws(FontFile.ReadError) -> GlyphPairs {
            let coverage = try self.coverage(at: subtable + (try u16(subtable + 2)))
            let format1 = try u16(subtable + 4)
            let recordSize = 2 + 2 * (Self.fields(format1) + Self.fields(try u16(subtable + 6)))
            let xAdvance = Self.xAdvanceField(format1)
            let setCount = try u16(subtable + 8)
            var records: [(first: Int, second: Int, value: Int16)] = []
            for (glyph, index) in coverage where index < setCount {
                let set = subtable + (try u16(subtable + 10 + 2 * index))
                let count = try u16(set)
                try charge(3 * count)
                for record in 0..<count {
                    let at = set + 2 + recordSize * record
                    let second = try u16(at)
                    var value: Int16 = 0
                    if let xAdvance { value = Int16(truncatingIfNeeded: try u16(at + 2 + 2 * xAdvance)) }
                    records.append((glyph, second, value))
                }
            }
            return try glyphPairs(records)
        }

        /// Records sorted by first then second glyph, a repeated pair keeping its first value.
        mutating func glyphPairs(_ records: [(first: Int, second: Int, value: Int16)]) throws(FontFile.ReadError) -> GlyphPairs {
            let ordered = records.enumerated().sorted {
                ($0.element.first, $0.element.second, $0.offset) < ($1.element.first, $1.element.second, $1.offset)
            }
            let inRange = ordered.map(\.element).filter { $0.first < glyphCount }
            guard let firstLow = inRange.first?.first, let firstHigh = inRange.last?.first else {
                return GlyphPairs(firstLow: 0, starts: [], seconds: [], values: [])
            }
            try charge(2 * (firstHigh - firstLow + 2))
            var starts = [UInt32](repeating: 0, count: firstHigh - firstLow + 2)
            var seconds: [UInt16] = []
            var values: [Int16] = []
            seconds.reserveCapacity(inRange.count)
            values.reserveCapacity(inRange.count)
            var previous: (Int, Int)?
            for record in inRange where previous.map({ $0 != (record.first, record.second) }) ?? true {
                previous = (record.first, record.second)
                seconds.append(UInt16(record.second))
                values.append(record.value)
                starts[record.first - firstLow + 1] = UInt32(seconds.count)
            }
            // First glyphs with no records start where the one before them ends.
            for index in 1..<starts.count { starts[index] = max(starts[index], starts[index - 1]) }
            return GlyphPairs(firstLow: firstLow, starts: starts, seconds: seconds, values: values)
        }

        /// Format 2: classes on each side and a matrix of values.
        mutating func classPairs(at subtable: Int) throws(FontFile.ReadError) -> ClassPairs {
            let coverage = try self.coverage(at: subtable + (try u16(subtable + 2)))
            let format1 = try u16(subtable + 4)
            let recordSize = 2 * (Self.fields(format1) + Self.fields(try u16(subtable + 6)))
            let firstClassOf = try classes(at: subtable + (try u16(subtable + 8)))
            let second = try classes(at: subtable + (try u16(subtable + 10)))
            let class1Count = try u16(subtable + 12)
            let class2Count = try u16(subtable + 14)
            let matrix = subtable + 16
            // The matrix must lie inside the file before anything the size of it is made.
            guard matrix + class1Count * class2Count * recordSize <= reader.bytes.count else {
                throw FontFile.ReadError(
                    "'\(source)': a kerning class matrix of \(class1Count) × \(class2Count) runs past the file's end")
            }
            var values: [Int16] = []
            if let xAdvance = Self.xAdvanceField(format1) {
                try charge(class1Count * class2Count)
                values.reserveCapacity(class1Count * class2Count)
                for cell in 0..<(class1Count * class2Count) {
                    values.append(Int16(truncatingIfNeeded: try u16(matrix + recordSize * cell + 2 * xAdvance)))
                }
            }
            let covered = coverage.map(\.glyph).filter { $0 < glyphCount }
            var firstClasses: [UInt16] = []
            let firstLow = covered.min() ?? 0
            if let firstHigh = covered.max() {
                try charge(firstHigh - firstLow + 1)
                firstClasses = [UInt16](repeating: 0, count: firstHigh - firstLow + 1)
                for glyph in covered {
                    let index = glyph - firstClassOf.low
                    let class1 = index >= 0 && index < firstClassOf.classes.count ? Int(firstClassOf.classes[index]) : 0
                    // A class past the matrix: HarfBuzz passes the pair on, as if not covered.
                    if class1 < class1Count { firstClasses[glyph - firstLow] = UInt16(class1 + 1) }
                }
            }
            return ClassPairs(
                firstLow: firstLow, firstClasses: firstClasses, secondLow: second.low, secondClasses: second.classes,
                class2Count: class2Count, values: values)
        }

        /// A Coverage table's glyphs with their coverage indices.
        mutating func coverage(at table: Int) throws(FontFile.ReadError) -> [(glyph: Int, index: Int)] {
            var covered: [(glyph: Int, index: Int)] = []
            switch try u16(table) {
            case 1:
                let count = try u16(table + 2)
                try charge(count)
                for index in 0..<count { covered.append((try u16(table + 4 + 2 * index), index)) }
            case 2:
                let count = try u16(table + 2)
                try charge(count)
                for range in 0..<count {
                    let record = table + 4 + 6 * range
                    let start = try u16(record)
                    let end = try u16(record + 2)
                    let startIndex = try u16(record + 4)
                    guard start <= end else { continue }
                    try charge(end - start + 1)
                    for glyph in start...end { covered.append((glyph, startIndex + glyph - start)) }
                }
            default: break
            }
            return covered
        }

        /// A ClassDef table as a class per glyph from its lowest (below the file's glyph count).
        mutating func classes(at table: Int) throws(FontFile.ReadError) -> (low: Int, classes: [UInt16]) {
            var ranges: [(start: Int, end: Int, class: Int)] = []
            switch try u16(table) {
            case 1:
                let start = try u16(table + 2)
                let count = try u16(table + 4)
                try charge(count)
                for index in 0..<count { ranges.append((start + index, start + index, try u16(table + 6 + 2 * index))) }
            case 2:
                let count = try u16(table + 2)
                try charge(count)
                for index in 0..<count {
                    let record = table + 4 + 6 * index
                    ranges.append((try u16(record), min(try u16(record + 2), glyphCount - 1), try u16(record + 4)))
                }
            default: break
            }
            ranges.removeAll { $0.start > $0.end || $0.start >= glyphCount || $0.class == 0 }
            guard let low = ranges.map(\.start).min(), let high = ranges.map(\.end).max() else { return (0, []) }
            try charge(high - low + 1)
            var classes = [UInt16](repeating: 0, count: high - low + 1)
            // Ranges in file order; one that overlaps an earlier one does not overwrite it.
            for range in ranges {
                try charge(range.end - range.start + 1)
                for glyph in range.start...range.end where classes[glyph - low] == 0 {
                    classes[glyph - low] = UInt16(range.class)
                }
            }
            return (low, classes)
        }

        /// Horizontal pairs of every `kern` format 0 subtable (the Windows version-0 layout),
        /// the first value of a pair winning; nil when there are none.
        mutating func kernTable(at kern: Int) throws(FontFile.ReadError) -> GlyphPairs? {
            guard reader.u16(kern) == 0, let count = reader.u16(kern + 2) else { return nil }
            var records: [(first: Int, second: Int, value: Int16)] = []
            var subtable = kern + 4
            for _ in 0..<count {
                guard let length = reader.u16(subtable + 2), let coverage = reader.u16(subtable + 4), length >= 6 else { break }
                // Format 0, horizontal, not minimum values, not cross-stream.
                if coverage >> 8 == 0, coverage & 0x7 == 0x1, let pairCount = reader.u16(subtable + 6) {
                    try charge(3 * Int(pairCount))
                    for index in 0..<Int(pairCount) {
                        let record = subtable + 14 + 6 * index
                        guard let left = reader.u16(record), let right = reader.u16(record + 2),
                            let value = reader.i16(record + 4)
                        else { break }
                        records.append((Int(left), Int(right), value))
                    }
                }
                subtable += Int(length)
            }
            return records.isEmpty ? nil : try glyphPairs(records)
        }
    }
}
