/// A text weight Inter ships and both renderers can draw: regular, medium, semibold, bold.
///
/// The raw value is the CSS/OpenType weight the display list carries (`"weight":600`), so a
/// renderer picks the face without a lookup table of its own.
public enum FontWeight: Int, Hashable, Sendable, Codable, CaseIterable {
    case regular = 400
    case medium = 500
    case semibold = 600
    case bold = 700
}
