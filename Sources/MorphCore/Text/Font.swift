/// A concrete font: Inter at a weight and point size, standing in for SF Pro (or DejaVu Sans
/// Mono for SF Mono, the monospaced design).
///
/// Text styles and Dynamic Type resolve to a `Font` before layout, so everything downstream
/// (measurement, the display list's `font` object) sees one plain size and weight.
///
/// A component's own font file is not part of a `Font`: layout and measurement take it beside
/// the font (`TextLayout`'s `file`, the `in:` forms below), so a `Font` stays a trivial value
/// that every text template, scene node and layout copies without reference counting.
public struct Font: Hashable, Sendable {
    /// The point size (the em square), as in SwiftUI's `.system(size:)`.
    public var size: Double
    /// The face; Inter's regular, medium, semibold or bold.
    public var weight: FontWeight
    /// The system font's design: `.default` (Inter) or `.monospaced` (DejaVu Sans Mono).
    public var design: Design
    /// SwiftUI's `Font.Design`, as far as Morph draws it.
    public enum Design: String, Hashable, Sendable, CaseIterable {
        /// The proportional system font (SF Pro; Inter here).
        case `default`
        /// The monospaced system font (SF Mono; DejaVu Sans Mono here), which Markdown code
        /// in a `Text` uses.
        case monospaced

        /// The family renderers load for the design: "Inter" (Debian `fonts-inter`), or
        /// "DejaVu Sans Mono" (Debian `fonts-dejavu-core`).
        public var systemFamily: String {
            switch self {
            case .default: "Inter"
            case .monospaced: "DejaVu Sans Mono"
            }
        }
    }

    /// A font at `size` points and `weight`, like `.font(.system(size:weight:design:))`.
    public init(size: Double, weight: FontWeight = .regular, design: Design = .default) {
        self.size = size
        self.weight = weight
        self.design = design
    }

    /// Like SwiftUI's `.system(size:weight:design:)`, so component code reads like the seeds.
    public static func system(size: Double, weight: FontWeight = .regular, design: Design = .default) -> Font {
        Font(size: size, weight: weight, design: design)
    }

    /// The font a text style resolves to at a Dynamic Type size, optionally re-weighted
    /// (`.largeTitle.bold()` is `.style(.largeTitle, weight: .bold)`).
    public static func style(
        _ style: TextStyle, at dynamicTypeSize: DynamicTypeSize = .large, weight: FontWeight? = nil
    ) -> Font {
        Font(size: style.size(at: dynamicTypeSize), weight: weight ?? style.weight)
    }

    /// The family name renderers load: the design's `systemFamily`.
    public var family: String { design.systemFamily }

    /// The family drawn when the text is in `file` (a component's own font, which replaces
    /// Inter in the default design, its one face whatever the weight).
    public func family(in file: FontFile?) -> String {
        design == .default ? file?.family ?? design.systemFamily : design.systemFamily
    }

    /// The face measured: `file`'s in the default design when there is one, else the system
    /// font's stand-in.
    func face(in file: FontFile?) -> FontFaceMetrics {
        switch design {
        case .default: file.map(FontFaceMetrics.init(file:)) ?? .inter(weight)
        case .monospaced: .mono(weight)
        }
    }

    var face: FontFaceMetrics { face(in: nil) }

    /// Font units to points, as one product with the points per unit (the order every
    /// metric was always computed in, so baselines keep their bits).
    private func points(_ units: Int, in face: FontFaceMetrics) -> Double {
        Double(units) * (size / Double(face.unitsPerEm))
    }

    /// Distance from the top of a line box to the baseline, in points (hhea ascender).
    public var ascender: Double { ascender(in: nil) }

    /// The ascender when the text is in `file`.
    public func ascender(in file: FontFile?) -> Double {
        let face = face(in: file)
        return points(face.ascender, in: face)
    }

    /// Distance from the baseline down to the bottom of a line box, in points (positive).
    public var descender: Double { descender(in: nil) }

    /// The descender when the text is in `file`.
    public func descender(in file: FontFile?) -> Double {
        let face = face(in: file)
        return points(-face.descender, in: face)
    }

    /// Extra space the font asks for between lines, in points (zero for Inter).
    public var lineGap: Double {
        let face = face
        return points(face.lineGap, in: face)
    }

    /// The natural baseline-to-baseline distance: ascender + descender + line gap.
    public var lineHeight: Double { lineHeight(in: nil) }

    /// The natural line height when the text is in `file`.
    public func lineHeight(in file: FontFile?) -> Double {
        let face = face(in: file)
        return points(face.ascender - face.descender + face.lineGap, in: face)
    }

    /// Height of flat capitals above the baseline; icons sit on the baseline at about this height.
    public var capHeight: Double {
        let face = face
        return points(face.capHeight, in: face)
    }

    /// Height of lowercase x above the baseline.
    public var xHeight: Double {
        let face = face
        return points(face.xHeight, in: face)
    }
}
