/// Greedy line breaking in integer font units; the engine behind `TextLayout`.
///
/// Works on `Character`s so a line never splits a grapheme cluster, and keeps prefix widths
/// so any run's width (kerning inside it, not across its ends) is one subtraction.
///
/// Mixed faces (inline code in the monospaced face): characters belong to runs, each run in
/// one face; pair kerning applies only inside a run, as renderers draw each run on its own.
/// Widths are summed in a common unit, the least common multiple of the faces' units per em
/// (Inter 2816 and DejaVu Sans Mono 2048 give 22528), so sums stay exact integers; with one
/// face the common unit is that face's and nothing changes.
struct LineBreaker {
    struct BrokenLine: Hashable {
        var text: String
        /// Width in `unitsPerEm`ths of an em.
        var units: Int
        var range: Range<Int>
        /// `text` ends in an ellipsis that stands for the characters dropped after it.
        var isTruncated = false
    }

    /// A stretch of characters in a face other than the paragraph's, with that face's own
    /// tracking after each of its characters, in common units.
    struct FaceRun {
        var range: Range<Int>
        var face: FontFaceMetrics
        var trackingUnits: Double
    }

    private let characters: [Character]
    /// The paragraph's face and the code runs, kept for the ellipsis a truncated line ends in.
    private let face: FontFaceMetrics
    private let runs: [FaceRun]
    private let maxUnits: Double?
    /// Tracking added after every character in the paragraph's face, in common units
    /// (fractional); a run's characters take the run's own.
    private let trackingUnits: Double
    /// `runCharacters[i]`: how many of characters `0..<i` are in runs; `runTracking[i]`: the
    /// tracking they add, in common units. Both stay empty without runs.
    private var runCharacters: [Int] = []
    private var runTracking: [Double] = []
    /// The common unit every width here is in: units per em shared by all faces.
    let unitsPerEm: Int
    /// `prefix[i]`: width of characters `0..<i` including the kerning between them.
    private var prefix: [Int] = [0]
    /// `joinKerning[i]`: kerning between character `i - 1` and `i` (0 for `i == 0` and at a
    /// run boundary).
    private var joinKerning: [Int] = []
    /// Which run each character is in (0: the paragraph's face, n: `runs[n - 1]`).
    private var runOf: [Int] = []
    /// `ligatureTails[i]`: character `i` is drawn by a ligature that starts before it; empty
    /// when no ligature formed.
    private var ligatureTails: [Bool] = []

    /// Breaks `text` in `face`, with `runs` (ascending, disjoint `Character` ranges) in
    /// their own faces; `maxUnits` and `trackingUnits` are in `face`'s units scaled to the
    /// common unit by the caller through `unitsPerEm(face:runFaces:)`.
    init(text: String, face: FontFaceMetrics, runs: [FaceRun] = [], maxUnits: Double?, trackingUnits: Double = 0) {
        characters = Array(text)
        self.face = face
        self.runs = runs
        self.maxUnits = maxUnits
        self.trackingUnits = trackingUnits
        let common = Self.unitsPerEm(face: face, runFaces: runs.map(\.face))
        unitsPerEm = common
        // Which run each character is in (0: the paragraph's face, n: runs[n - 1]).
        var runOf = [Int](repeating: 0, count: characters.count)
        for (index, run) in runs.enumerated() {
            for position in run.range.clamped(to: 0..<characters.count) { runOf[position] = index + 1 }
        }
        if !runs.isEmpty {
            runCharacters = [0]
            runTracking = [0]
            for position in characters.indices {
                let run = runOf[position]
                runCharacters.append(runCharacters[position] + (run == 0 ? 0 : 1))
                runTracking.append(runTracking[position] + (run == 0 ? 0 : runs[run - 1].trackingUnits))
            }
        }
        self.runOf = runOf
        var total = 0
        for measured in Self.measure(
            0..<characters.count, characters, runOf: runOf, face: face, runs: runs, trackingUnits: trackingUnits, common: common)
        {
            joinKerning.append(measured.join)
            total += measured.join + measured.units
            prefix.append(total)
            ligatureTails.append(measured.isLigatureTail)
        }
        if !ligatureTails.contains(true) { ligatureTails = [] }
    }

    /// Each character of `range` measured in its run's face, in common units: its width (its
    /// glyphs' advances and the kerning between them), the kerning joining it to the character
    /// before (0 at the range's start and at a run boundary), and whether it is a ligature's
    /// tail (drawn by a glyph of a character before it, so 0 wide). The paragraph's face, when
    /// it is a font file with ligatures and untracked, is shaped (`FontFile.shapedGlyphs`) a
    /// stretch at a time, so no ligature crosses the range's ends.
    private static func measure(
        _ range: Range<Int>, _ characters: [Character], runOf: [Int], face: FontFaceMetrics, runs: [FaceRun],
        trackingUnits: Double, common: Int
    ) -> [(units: Int, join: Int, isLigatureTail: Bool)] {
        var result: [(units: Int, join: Int, isLigatureTail: Bool)] = []
        result.reserveCapacity(range.count)
        let ligatureFile = face.file.flatMap {
            !$0.ligatures.isEmpty && FontFile.substitutesLigatures(tracking: trackingUnits) ? $0 : nil
        }
        var previous: Unicode.Scalar?
        var position = range.lowerBound
        while position < range.upperBound {
            let run = runOf[position]
            if run == 0, let file = ligatureFile {
                // The paragraph's stretch up to the next run or the range's end, shaped as one.
                var end = position
                while end < range.upperBound, runOf[end] == 0 { end += 1 }
                let scale = common / face.unitsPerEm
                let first = result.count
                result += Array(repeating: (units: 0, join: 0, isLigatureTail: true), count: end - position)
                var previousGlyph: Int?
                for shaped in file.shapedGlyphs(characters[position..<end], ligatures: true) {
                    let kerning = previousGlyph.map { file.kerning(betweenGlyph: $0, and: shaped.glyph) * scale } ?? 0
                    let width = file.advance(ofGlyph: shaped.glyph) * scale
                    let at = first + shaped.character
                    if result[at].isLigatureTail {
                        result[at] = (width, kerning, false)
                    } else {
                        result[at].units += kerning + width
                    }
                    previousGlyph = shaped.glyph
                }
                previous = nil
                position = end
                continue
            }
            let runFace = run == 0 ? face : runs[run - 1].face
            let scale = common / runFace.unitsPerEm
            let scalars = Array(characters[position].unicodeScalars)
            let sameRun = position > range.lowerBound && runOf[position - 1] == run
            let join = sameRun ? previous.map { runFace.kerning($0, scalars[0]) * scale } ?? 0 : 0
            result.append((TextMeasure.units(of: scalars, face: runFace) * scale, join, false))
            previous = scalars.last
            position += 1
        }
        return result
    }

    /// The least common multiple of the faces' units per em.
    static func unitsPerEm(face: FontFaceMetrics, runFaces: [FontFaceMetrics]) -> Int {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        return runFaces.reduce(face.unitsPerEm) { common, runFace in
            common / gcd(common, runFace.unitsPerEm) * runFace.unitsPerEm
        }
    }

    /// Width of characters `start..<end`, in font units.
    private func units(_ start: Int, _ end: Int) -> Int {
        guard end > start else { return 0 }
        // A range that cuts a ligature is drawn without it: shape the range on its own.
        if !ligatureTails.isEmpty, ligatureTails[start] || (end < characters.count && ligatureTails[end]) {
            let measured = Self.measure(
                start..<end, characters, runOf: runOf, face: face, runs: runs, trackingUnits: trackingUnits,
                common: unitsPerEm)
            return measured.reduce(0) { $0 + $1.units + $1.join } - measured[0].join
        }
        return prefix[end] - prefix[start] - joinKerning[start]
    }

    /// The tracking characters `start..<end` add, each in its own face's, plus that of
    /// `extra` characters in the paragraph's face (an ellipsis). Without runs it is the
    /// paragraph's tracking times the count, the one product it always was.
    private func tracking(_ start: Int, _ end: Int, extra: Int = 0) -> Double {
        guard !runs.isEmpty, end > start else { return trackingUnits * Double(end - start + extra) }
        let inRuns = runCharacters[end] - runCharacters[start]
        return trackingUnits * Double(end - start - inRuns + extra) + (runTracking[end] - runTracking[start])
    }

    private func fits(_ start: Int, _ end: Int) -> Bool {
        guard let maxUnits else { return true }
        // A hair of tolerance so a line exactly as wide as the box is not pushed over by rounding.
        return Double(units(start, end)) + tracking(start, end) <= maxUnits + 1e-6
    }

    private static func isBreakingSpace(_ character: Character) -> Bool {
        guard character.isWhitespace, !character.isNewline else { return false }
        // No-break, narrow no-break and figure spaces glue their neighbours.
        return !["\u{00A0}", "\u{202F}", "\u{2007}"].contains(character)
    }

    static func isHyphen(_ character: Character) -> Bool {
        ["-", "\u{2010}", "\u{2013}", "\u{2014}"].contains(character)
    }

    /// A run between break opportunities: `start..<visibleEnd` is drawn, `visibleEnd..<end`
    /// is hanging space.
    private struct Segment {
        var start: Int
        var visibleEnd: Int
        var end: Int
    }

    /// Segments of the paragraph `start..<end` (which excludes its newline).
    private func segments(_ start: Int, _ end: Int) -> [Segment] {
        var result: [Segment] = []
        var segmentStart = start
        var index = start
        while index < end {
            let character = characters[index]
            let next = index + 1 < end ? characters[index + 1] : nil
            var breakAfter = false
            if Self.isBreakingSpace(character) {
                breakAfter = next.map { !Self.isBreakingSpace($0) } ?? false
            } else if Self.isHyphen(character), index > segmentStart, let next {
                breakAfter =
                    !Self.isBreakingSpace(characters[index - 1]) && !Self.isBreakingSpace(next)
                    && !Self.isHyphen(next)
            }
            index += 1
            if breakAfter {
                result.append(segment(segmentStart, index))
                segmentStart = index
            }
        }
        result.append(segment(segmentStart, end))
        return result
    }

    private func segment(_ start: Int, _ end: Int) -> Segment {
        var visibleEnd = end
        while visibleEnd > start, Self.isBreakingSpace(characters[visibleEnd - 1]) { visibleEnd -= 1 }
        return Segment(start: start, visibleEnd: visibleEnd, end: end)
    }

    func lines() -> [BrokenLine] {
        var result: [BrokenLine] = []
        var paragraphStart = 0
        var index = 0
        while index <= characters.count {
            if index == characters.count || characters[index].isNewline {
                let hasNewline = index < characters.count
                // Every paragraph gets a line, even an empty one after a newline; only a wholly
                // empty string has no lines.
                if index > paragraphStart || hasNewline || !result.isEmpty {
                    breakParagraph(paragraphStart, index, into: &result)
                    if hasNewline, let last = result.indices.last {
                        result[last].range = result[last].range.lowerBound..<(index + 1)
                    }
                }
                paragraphStart = index + 1
            }
            index += 1
        }
        return result
    }

    private func emit(_ start: Int, _ visibleEnd: Int, _ end: Int, into result: inout [BrokenLine]) {
        result.append(
            BrokenLine(
                text: String(characters[start..<visibleEnd]), units: units(start, visibleEnd),
                range: start..<end))
    }

    private func breakParagraph(_ start: Int, _ end: Int, into result: inout [BrokenLine]) {
        var lineStart: Int?
        var lineVisibleEnd = start
        var lineEnd = start
        for segment in segments(start, end) {
            if let open = lineStart, fits(open, segment.visibleEnd) {
                lineVisibleEnd = segment.visibleEnd
                lineEnd = segment.end
                continue
            }
            if let open = lineStart {
                emit(open, lineVisibleEnd, lineEnd, into: &result)
            }
            // The segment starts a line; a word wider than the line breaks between characters.
            var pieceStart = segment.start
            while !fits(pieceStart, segment.visibleEnd) {
                var pieceEnd = pieceStart + 1
                while pieceEnd < segment.visibleEnd, fits(pieceStart, pieceEnd + 1) { pieceEnd += 1 }
                // The last piece stays open, so it keeps the segment's hanging spaces.
                if pieceEnd >= segment.visibleEnd { break }
                emit(pieceStart, pieceEnd, pieceEnd, into: &result)
                pieceStart = pieceEnd
            }
            lineStart = pieceStart
            lineVisibleEnd = segment.visibleEnd
            lineEnd = segment.end
        }
        emit(lineStart ?? start, lineVisibleEnd, lineEnd, into: &result)
    }

    /// `lines` cut to their first `count` (at least 1), the last ending in "…" when any were
    /// dropped: SwiftUI's tail truncation (`.lineLimit`, or a height that holds `count`
    /// lines). As Core Text's truncation does, the last line takes the rest of its paragraph
    /// on one line and keeps the longest prefix (whole characters, trailing spaces dropped)
    /// that fits the width together with the ellipsis, measured in the paragraph's face with
    /// its kerning and tracking (a code run's characters with the run's); with no width the
    /// whole paragraph stays.
    func truncated(_ lines: [BrokenLine], toLines count: Int) -> [BrokenLine] {
        let count = Swift.max(1, count)
        guard count < lines.count else { return lines }
        var kept = Array(lines.prefix(count))
        let start = kept[count - 1].range.lowerBound
        var end = start
        while end < characters.count, !characters[end].isNewline { end += 1 }
        let ellipsis: Unicode.Scalar = "\u{2026}"
        let scale = unitsPerEm / face.unitsPerEm
        func units(ending visibleEnd: Int) -> Int {
            var total = self.units(start, visibleEnd) + face.advance(of: ellipsis) * scale
            // Kerning joins the ellipsis only to text in the paragraph's face: a code run is drawn on its own.
            if visibleEnd > start, !runs.contains(where: { $0.range.contains(visibleEnd - 1) }),
                let last = characters[visibleEnd - 1].unicodeScalars.last
            {
                total += face.kerning(last, ellipsis) * scale
            }
            return total
        }
        func fits(_ visibleEnd: Int) -> Bool {
            guard let maxUnits else { return true }
            return Double(units(ending: visibleEnd)) + tracking(start, visibleEnd, extra: 1) <= maxUnits + 1e-6
        }
        var visibleEnd = end
        while visibleEnd > start, Self.isBreakingSpace(characters[visibleEnd - 1]) || !fits(visibleEnd) {
            visibleEnd -= 1
        }
        kept[count - 1] = BrokenLine(
            text: String(characters[start..<visibleEnd]) + "\u{2026}", units: units(ending: visibleEnd),
            range: start..<characters.count, isTruncated: true)
        return kept
    }
}
