/// The weight an icon is drawn at, SwiftUI's nine `Font.Weight`s (`.light` for the waveform).
///
/// Icons need weights text does not (the seeds draw `waveform` at `.light`), so this is wider
/// than `FontWeight`. The weight sets the stroke width of line icons.
public enum SymbolWeight: Int, Hashable, Sendable, CaseIterable, Comparable {
    /// Ultralight (100).
    case ultraLight = 100
    /// Thin (200).
    case thin = 200
    /// Light (300).
    case light = 300
    /// Regular (400).
    case regular = 400
    /// Medium (500).
    case medium = 500
    /// Semibold (600).
    case semibold = 600
    /// Bold (700).
    case bold = 700
    /// Heavy (800).
    case heavy = 800
    /// Black (900).
    case black = 900

    /// The icon weight matching a text weight, so `Label`-style icons follow their text.
    public init(_ fontWeight: FontWeight) {
        self = SymbolWeight(rawValue: fontWeight.rawValue) ?? .regular
    }

    /// Stroke width as a fraction of the point size: about Inter's stem at that weight
    /// (regular ≈ 0.085 em, bold ≈ 0.13 em), so icons sit beside text with matching colour.
    public var strokeWidthPerPoint: Double {
        switch self {
        case .ultraLight: 0.035
        case .thin: 0.05
        case .light: 0.067
        case .regular: 0.085
        case .medium: 0.1
        case .semibold: 0.115
        case .bold: 0.13
        case .heavy: 0.15
        case .black: 0.17
        }
    }

    public static func < (lhs: SymbolWeight, rhs: SymbolWeight) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
