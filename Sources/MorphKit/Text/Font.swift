/// A concrete font: Inter at a weight and point size, standing in for SF Pro.
///
/// Text styles and Dynamic Type resolve to a `Font` before layout, so everything downstream
/// (measurement, the display list's `font` object) sees one plain size and weight.
public struct Font: Hashable, Sendable {
    /// The point size (the em square), as in SwiftUI's `.system(size:)`.
    public var size: Double
    /// The face; Inter's regular, medium, semibold or bold.
    public var weight: FontWeight

    /// A font at `size` points and `weight`, like `.font(.system(size:weight:))`.
    public init(size: Double, weight: FontWeight = .regular) {
        self.size = size
        self.weight = weight
    }

    /// Like SwiftUI's `.system(size:weight:)`, so component code reads like the seeds.
    public static func system(size: Double, weight: FontWeight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// The font a text style resolves to at a Dynamic Type size, optionally re-weighted
    /// (`.largeTitle.bold()` is `.style(.largeTitle, weight: .bold)`).
    public static func style(
        _ style: TextStyle, at dynamicTypeSize: DynamicTypeSize = .large, weight: FontWeight? = nil
    ) -> Font {
        Font(size: style.size(at: dynamicTypeSize), weight: weight ?? style.weight)
    }

    /// The family name renderers load; always "Inter" (Debian `fonts-inter`).
    public var family: String { "Inter" }

    var face: FontFaceMetrics { .inter(weight) }

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
