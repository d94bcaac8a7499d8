/// A font file's ligatures as Chrome's shaper (HarfBuzz) substitutes them in Latin text before
/// it kerns, so a brand font's "fi" measures as the one glyph the page draws.
///
/// Read from GSUB, chosen as the GPOS kerning is (`FontFile+PairKerning.swift`): the script
/// `latn`, else `DFLT`, else `dflt`; its `dflt` language system, else the default one; in it the
/// first `liga`, `clig` and `rlig` feature (all on by default in HarfBuzz), their lookups merged
/// and applied in lookup-list order, each once over the whole run, left to right.
/// - ligature substitution lookups (type 4), directly or wrapped in extension lookups (type 7),
///   with Coverage formats 1 and 2;
/// - in a lookup, the first subtable that covers a glyph and has a ligature matching the glyphs
///   after it wins, and in a subtable the first matching ligature of the glyph's set (fonts list
///   the longest first); the ligature glyph is not matched again by the same lookup.
///
/// Not read: the other lookup types (single, multiple, alternate, contextual and chaining
/// substitution, so `calt`, `ccmp` and `locl` change nothing), lookup flags (a mark between two
/// letters stops a ligature here; HarfBuzz skips it when the lookup ignores marks), a language
/// system's required feature, and feature variations.
struct Ligatures: Sendable {
    /// The lookups in the order applied, each its subtables in order.
    let lookups: [[Subtable]]
    /// Entries charged while reading, against `PairKerning.maxEntries`.
    let entryCount: Int
    /// Per glyph: whether some ligature starts with it, so a stretch with none skips the lookups.
    let startsLigature: [Bool]

    init(lookups: [[Subtable]], entryCount: Int) {
        self.lookups = lookups
        self.entryCount = entryCount
        var starts: [Bool] = []
        for glyph in lookups.joined().flatMap(\.ligatures.keys) {
            if Int(glyph) >= starts.count { starts += [Bool](repeating: false, count: Int(glyph) + 1 - starts.count) }
            starts[Int(glyph)] = true
        }
        startsLigature = starts
    }

    static let empty = Ligatures(lookups: [], entryCount: 0)

    var isEmpty: Bool { lookups.isEmpty }

    /// One ligature substitution subtable: each covered first glyph's ligatures, in file order.
    struct Subtable: Sendable {
        let ligatures: [UInt16: [Ligature]]
    }

    /// A ligature: the glyphs that follow the first one, and the glyph that replaces them all.
    struct Ligature: Sendable, Equatable {
        let components: [UInt16]
        let glyph: UInt16
    }

    /// `glyphs` with every lookup applied in turn; a ligature stands where its first component
    /// was, for the scalars of all of them.
    func substitute(_ glyphs: [FontFile.ShapedGlyph]) -> [FontFile.ShapedGlyph] {
        guard glyphs.contains(where: { $0.glyph < startsLigature.count && startsLigature[$0.glyph] })
        else { return glyphs }
        var current = glyphs
        for subtables in lookups {
            var next: [FontFile.ShapedGlyph] = []
            next.reserveCapacity(current.count)
            var index = 0
            while index < current.count {
                guard let ligature = match(subtables, in: current, at: index) else {
                    next.append(current[index])
                    index += 1
                    continue
                }
                let consumed = current[index...(index + ligature.components.count)]
                next.append(
                    FontFile.ShapedGlyph(
                        glyph: Int(ligature.glyph), character: current[index].character,
                        scalarCount: consumed.reduce(0) { $0 + $1.scalarCount }))
                index += consumed.count
            }
            current = next
        }
        return current
    }

    private func match(_ subtables: [Subtable], in glyphs: [FontFile.ShapedGlyph], at index: Int) -> Ligature? {
        guard glyphs[index].glyph <= Int(UInt16.max) else { return nil }
        for subtable in subtables {
            guard let candidates = subtable.ligatures[UInt16(glyphs[index].glyph)] else { continue }
            for ligature in candidates where index + ligature.components.count < glyphs.count {
                let matches = ligature.components.indices.allSatisfy {
                    Int(ligature.components[$0]) == glyphs[index + 1 + $0].glyph
                }
                if matches { return ligature }
            }
        }
        return nil
    }
}

extension Ligatures {
    /// The ligatures of the GSUB table at `gsub`, empty when there is none or it has no
    /// `liga`, `clig` or `rlig` feature for Latin text.
    static func read(_ reader: FontFile.Reader, gsub: Int?, glyphCount: Int, source: String) throws(FontFile.ReadError)
        -> Ligatures
    {
        guard let gsub else { return .empty }
        var builder = PairKerning.Builder(
            reader: reader, glyphCount: glyphCount, source: source, subject: "ligature substitution")
        guard let lookups = try builder.featureLookups(in: gsub, tags: ["liga", "clig", "rlig"]) else { return .empty }
        var read: [[Subtable]] = []
        for lookup in lookups {
            let subtables = try builder.ligatureSubtables(at: lookup)
            if !subtables.isEmpty { read.append(subtables) }
        }
        return Ligatures(lookups: read, entryCount: builder.entries)
    }
}

extension PairKerning.Builder {
    /// A lookup's ligature subtables in order (other lookup types hold none).
    mutating func ligatureSubtables(at lookup: Int) throws(FontFile.ReadError) -> [Ligatures.Subtable] {
        var subtables: [Ligatures.Subtable] = []
        for subtable in try subtableOffsets(at: lookup, type: 4, extensionType: 7) {
            guard try u16(subtable) == 1 else { continue }
            let coverage = try self.coverage(at: subtable + (try u16(subtable + 2)))
            let setCount = try u16(subtable + 4)
            var ligatures: [UInt16: [Ligatures.Ligature]] = [:]
            for (glyph, index) in coverage where index < setCount && glyph < glyphCount {
                // A glyph the coverage lists twice keeps its first set, as a binary search finds one.
                guard ligatures[UInt16(glyph)] == nil else { continue }
                let set = subtable + (try u16(subtable + 6 + 2 * index))
                let count = try u16(set)
                try charge(count)
                var listed: [Ligatures.Ligature] = []
                for entry in 0..<count {
                    let ligature = set + (try u16(set + 2 + 2 * entry))
                    let output = try u16(ligature)
                    let componentCount = try u16(ligature + 2)
                    guard componentCount >= 1 else { continue }  // HarfBuzz matches no empty ligature
                    try charge(componentCount)
                    var components: [UInt16] = []
                    for component in 0..<(componentCount - 1) {
                        components.append(UInt16(try u16(ligature + 4 + 2 * component)))
                    }
                    listed.append(Ligatures.Ligature(components: components, glyph: UInt16(output)))
                }
                ligatures[UInt16(glyph)] = listed
            }
            subtables.append(Ligatures.Subtable(ligatures: ligatures))
        }
        return subtables
    }
}

extension FontFile {
    /// A glyph of text shaped in a font file: the glyph, the character its first scalar is in
    /// (counted from the text's start), and how many scalars it draws (more than one for a ligature).
    public struct ShapedGlyph: Hashable, Sendable {
        /// The glyph id in the font (a ligature's own glyph for a ligature).
        public var glyph: Int
        /// The index, from the text's start, of the character its first scalar is in.
        public var character: Int
        /// How many scalars it draws: 1, or a ligature's components.
        public var scalarCount: Int
    }

    /// Whether text with `tracking` points after each character takes ligatures: Chrome turns
    /// the optional ones off under letter spacing (CSS Text 3), so only untracked text does.
    public static func substitutesLigatures(tracking: Double) -> Bool { tracking == 0 }

    /// The glyphs `characters` draw as: each scalar's through `cmap`, then, when `ligatures`,
    /// the font's ligatures within each stretch between two break opportunities (a space or
    /// newline, or after a hyphen), so no ligature joins what a line may break apart.
    public func shapedGlyphs(_ characters: some Sequence<Character>, ligatures: Bool) -> [ShapedGlyph] {
        let substitutes = ligatures && !self.ligatures.isEmpty
        var result: [ShapedGlyph] = []
        var stretch: [ShapedGlyph] = []
        func endStretch() {
            result += substitutes ? self.ligatures.substitute(stretch) : stretch
            stretch.removeAll(keepingCapacity: true)
        }
        var previous: Character?
        for (index, character) in characters.enumerated() {
            if substitutes, let previous,
                previous.isWhitespace || character.isWhitespace || LineBreaker.isHyphen(previous)
            {
                endStretch()
            }
            for scalar in character.unicodeScalars {
                stretch.append(ShapedGlyph(glyph: glyph(for: scalar), character: index, scalarCount: 1))
            }
            previous = character
        }
        endStretch()
        return result
    }

    /// The advance of `glyphs` in font units: each glyph's plus the pair kerning between neighbours.
    public func units(of glyphs: [ShapedGlyph]) -> Int {
        var total = 0
        for (index, shaped) in glyphs.enumerated() {
            total += advance(ofGlyph: shaped.glyph)
            if index > 0 { total += kerning(betweenGlyph: glyphs[index - 1].glyph, and: shaped.glyph) }
        }
        return total
    }
}
