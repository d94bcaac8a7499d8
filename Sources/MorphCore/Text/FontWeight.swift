/// A text weight Inter ships and both renderers can draw: regular, medium, semibold, bold.
///
/// The raw value is the CSS/OpenType weight the display list carries (`"weight":600`), so a
/// renderer picks the face without a lookup table of its own.
public enum FontWeight: Int, Hashable, Sendable, CaseIterable {
    /// Regular (400).
    case regular = 400
    /// Medium (500).
    case medium = 500
    /// Semibold (600).
    case semibold = 600
    /// Bold (700).
    case bold = 700
}
