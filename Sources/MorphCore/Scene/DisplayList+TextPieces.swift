extension DisplayList.TextLine {
    /// A stretch of a line drawn in one font: its text, the pen x it starts at and the font.
    public struct Piece: Hashable, Sendable {
        /// The characters of the stretch.
        public var text: String
        /// Where the stretch's first glyph starts (the previous stretches' advances added).
        public var x: Double
        /// The font measured and drawn, from the op's or the run's display-list font.
        public var font: MorphCore.Font
        /// The component's own font file the stretch is in (the display-list font's `face`,
        /// for the default design), nil for the system fonts or a list read back from JSON.
        public var file: FontFile?
        /// Points after every character (`.tracking`).
        public var tracking: Double
    }

    /// The line cut at its runs: the stretches in the op's `font` between runs, and each run in
    /// its own font, in order, each starting where the previous one's advance (kerning inside
    /// it, tracking after each character) ends. What renderers draw, so a mixed line ends
    /// where `TextLayout` measured it; a line without runs is one piece at `x`.
    public func pieces(in font: DisplayList.Font) -> [Piece] {
        // The common case, every frame: one piece, nothing to measure.
        guard !runs.isEmpty else {
            return [Piece(text: text, x: x, font: MorphCore.Font(font), file: font.face, tracking: font.tracking)]
        }
        let scalars = Array(text.unicodeScalars)
        var result: [Piece] = []
        var pen = x
        func add(_ range: Range<Int>, _ displayFont: DisplayList.Font) {
            let clamped = range.clamped(to: 0..<scalars.count)
            guard !clamped.isEmpty else { return }
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[clamped])
            let measured = MorphCore.Font(displayFont)
            let file = displayFont.face
            let string = String(piece)
            result.append(Piece(text: string, x: pen, font: measured, file: file, tracking: displayFont.tracking))
            let ligatures = FontFile.substitutesLigatures(tracking: displayFont.tracking)
            pen +=
                TextMeasure.width(of: string, font: measured, file: file, ligatures: ligatures)
                + displayFont.tracking * Double(string.count)
        }
        var next = 0
        for run in runs {
            if run.start > next { add(next..<run.start, font) }
            add(run.start..<run.end, run.font)
            next = Swift.max(next, run.end)
        }
        if next < scalars.count { add(next..<scalars.count, font) }
        return result
    }
}

extension Font {
    /// The font a display-list font names: the monospaced design for "DejaVu Sans Mono", the
    /// default one otherwise (drawn in the list's font file, its `face`, when it carries one
    /// read in this process, else in Inter); a CSS weight other than 400/500/600/700 takes the
    /// nearest.
    public init(_ font: DisplayList.Font) {
        let weight =
            FontWeight(rawValue: font.weight)
            ?? FontWeight.allCases.min { abs($0.rawValue - font.weight) < abs($1.rawValue - font.weight) } ?? .regular
        self.init(size: font.size, weight: weight, design: font.systemDesign ?? .default)
    }
}
