/// A semantic text style (`.body`, `.largeTitle`, …) with iOS defaults from Apple's HIG (Typography).
///
/// Styles carry their size for every Dynamic Type size, so `@ScaledMetric` and style fonts
/// scale from one table instead of a per-component guess.
public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    /// SwiftUI's text styles, largest to smallest.
    case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption,
        caption2

    /// Point sizes at xS S M L xL xxL xxxL AX1 AX2 AX3 AX4 AX5 (the HIG's Typography tables;
    /// Caption 2 at AX5 is the HIG's 40, not the 41 one device table measured).
    private var sizes: [Double] {
        switch self {
        case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
        case .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
        case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
        case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
        case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
        case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
        case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
        case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
        case .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
        case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]
        }
    }

    /// The point size at `dynamicTypeSize`.
    public func size(at dynamicTypeSize: DynamicTypeSize) -> Double {
        sizes[dynamicTypeSize.index]
    }

    /// The point size at the default Dynamic Type size (`.large`).
    public var defaultSize: Double { size(at: .large) }

    /// Baseline-to-baseline distance at `.large` (the HIG's "leading" column).
    public var defaultLeading: Double {
        switch self {
        case .largeTitle: 41
        case .title: 34
        case .title2: 28
        case .title3: 25
        case .headline, .body: 22
        case .callout: 21
        case .subheadline: 20
        case .footnote: 18
        case .caption: 16
        case .caption2: 13
        }
    }

    /// The style's weight: semibold for `.headline`, regular otherwise.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// Baseline-to-baseline distance at `dynamicTypeSize`.
    ///
    /// Reference §4 lists leading only at `.large`; other sizes keep the same leading-to-size
    /// ratio, rounded to `pixelLength` like every scaled metric. This is an approximation of the
    /// HIG's per-size leading table, which we do not have.
    public func leading(at dynamicTypeSize: DynamicTypeSize, pixelLength: Double = 1.0 / 3.0)
        -> Double
    {
        let scaled = defaultLeading * size(at: dynamicTypeSize) / defaultSize
        return ScaledMetric.round(scaled, toMultipleOf: pixelLength)
    }
}
