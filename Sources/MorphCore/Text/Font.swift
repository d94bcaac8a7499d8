/// A concrete font: Inter at a weight and point size, standing in for SF Pro (or DejaVu Sans
/// Mono for SF Mono, the monospaced design).
///
/// Text styles and Dynamic Type resolve to a `Font` before layout, so everything downstream
/// (measurement, the display list's `font` object) sees one plain size and weight.
public struct Font: Hashable, Sendable {
    /// The point size (the em square), as in SwiftUI's `.system(size:)`.
    public var size: Double
    /// The face; Inter's regular, medium, semibold or bold.
    public var weight: FontWeight
    /// The system font's design: `.default` (Inter) or `.monospaced` (DejaVu Sans Mono).
    public var design: Design
    /// A font file the component brought, drawn instead of Inter in the default design (its
    /// one face whatever the weight); nil for the system font's stand-ins.
    public var file: FontFile?

    /// SwiftUI's `Font.Design`, as far as Morph draws it.
    public enum Design: String, Hashable, Sendable, CaseIterable {
        /// The proportional system font (SF Pro; Inter here).
        case `default`
        /// The monospaced system font (SF Mono; DejaVu Sans Mono here), which Markdown code
        /// in a `Text` uses.
        case monospaced
    }

    /// A font at `size` points and `weight`, like `.font(.system(size:weight:design:))`.
    public init(size: Double, weight: FontWeight = .regular, design: Design = .default, file: FontFile? = nil) {
        self.size = size
        self.weight = weight
        self.design = design
        self.file = file
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

    /// The family name renderers load: "Inter" (Debian `fonts-inter`), "DejaVu Sans Mono"
    /// (Debian `fonts-dejavu-core`) for the monospaced design, or a component's font file's.
    public var family: String {
        switch design {
        case .default: file?.family ?? "Inter"
        case .monospaced: "DejaVu Sans Mono"
        }
    }

    var face: FontFaceMetrics {
        switch design {
        case .default: file.map(FontFaceMetrics.init(file:)) ?? .inter(weight)
        case .monospaced: .mono(weight)
        }
    }

    private var pointsPerUnit: Double { size / Double(face.unitsPerEm) }

    /// Distance from the top of a line box to the baseline, in points (hhea ascender).
    public var ascender: Double { Double(face.ascender) * pointsPerUnit }

    /// Distance from the baseline down to the bottom of a line box, in points (positive).
    public var descender: Double { Double(-face.descender) * pointsPerUnit }

    /// Extra space the font asks for between lines, in points (zero for Inter).
    public var lineGap: Double { Double(face.lineGap) * pointsPerUnit }

    /// The natural baseline-to-baseline distance: ascender + descender + line gap.
    public var lineHeight: Double {
        Double(face.ascender - face.descender + face.lineGap) * pointsPerUnit
    }

    /// Height of flat capitals above the baseline; icons sit on the baseline at about this height.
    public var capHeight: Double { Double(face.capHeight) * pointsPerUnit }

    /// Height of lowercase x above the baseline.
    public var xHeight: Double { Double(face.xHeight) * pointsPerUnit }
}
