/// Greedy line breaking in integer font units; the engine behind `TextLayout`.
///
/// Works on `Character`s so a line never splits a grapheme cluster, and keeps prefix widths
/// so any run's width (kerning inside it, not across its ends) is one subtraction.
struct LineBreaker {
    struct BrokenLine: Hashable {
        var text: String
        var units: Int
        var range: Range<Int>
    }

    private let characters: [Character]
    private let face: FontFaceMetrics
    private let maxUnits: Double?
    /// Tracking added after every character, in font units (fractional).
    private let trackingUnits: Double
    /// `prefix[i]`: width of characters `0..<i` including the kerning between them.
    private var prefix: [Int] = [0]
    /// `joinKerning[i]`: kerning between character `i - 1` and `i` (0 for `i == 0`).
    private var joinKerning: [Int] = []

    init(text: String, face: FontFaceMetrics, maxUnits: Double?, trackingUnits: Double = 0) {
        characters = Array(text)
        self.face = face
        self.maxUnits = maxUnits
        self.trackingUnits = trackingUnits
        var previous: Unicode.Scalar?
        var total = 0
        for character in characters {
            let scalars = Array(character.unicodeScalars)
            let join = previous.map { face.kerning($0, scalars[0]) } ?? 0
            joinKerning.append(join)
            total += join + TextMeasure.units(of: scalars, face: face)
            prefix.append(total)
            previous = scalars.last
        }
    }

    /// Width of characters `start..<end`, in font units.
    private func units(_ start: Int, _ end: Int) -> Int {
        guard end > start else { return 0 }
        return prefix[end] - prefix[start] - joinKerning[start]
    }

    private func fits(_ start: Int, _ end: Int) -> Bool {
        guard let maxUnits else { return true }
        // A hair of tolerance so a line exactly as wide as the box is not pushed over by rounding.
        return Double(units(start, end)) + trackingUnits * Double(end - start) <= maxUnits + 1e-6
    }

    private static func isBreakingSpace(_ character: Character) -> Bool {
        guard character.isWhitespace, !character.isNewline else { return false }
        // No-break, narrow no-break and figure spaces glue their neighbours.
        return !["\u{00A0}", "\u{202F}", "\u{2007}"].contains(character)
    }

    private static func isHyphen(_ character: Character) -> Bool {
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
}
