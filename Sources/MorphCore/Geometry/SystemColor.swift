/// The iOS system colours the seeds name, as sRGB values for light and dark appearance
/// (UIKit's documented values for iOS 13+).
///
/// Named rather than inlined, so a reader can match `Color(.systemGroupedBackground)` in a
/// seed to the number drawn.
public enum SystemColor: String, Hashable, Sendable, CaseIterable, Codable {
    /// The primary background (white in light, black in dark).
    case systemBackground
    /// The background of a grouped list.
    case systemGroupedBackground
    /// The background of a cell in a grouped list.
    case secondarySystemGroupedBackground
    /// Primary text.
    case label
    /// Secondary text.
    case secondaryLabel
    /// Tertiary text; also the colour the bottom sheet's `grabber` matches UIKit's sheet
    /// grabber with (Flutter's iOS sheet drag handle is drawn in it too). Values as Flutter's
    /// `CupertinoColors.tertiaryLabel`, which mirrors `UIColor.tertiaryLabel`: (60, 60, 67) and
    /// (235, 235, 245) at 30 %.
    case tertiaryLabel
    /// A faint fill for small shapes on a background.
    case tertiarySystemFill
    /// Hairline separators.
    case separator
    /// System orange.
    case orange
    /// System pink.
    case pink
    /// System purple.
    case purple
    /// System indigo.
    case indigo
    /// System blue.
    case blue

    /// The colour in `scheme`.
    public func color(in scheme: ColorScheme) -> RGBAColor {
        let dark = scheme == .dark
        switch self {
        case .systemBackground: return dark ? .black : .white
        case .systemGroupedBackground:
            return dark ? .black : RGBAColor(red: 0.949, green: 0.949, blue: 0.969)
        case .secondarySystemGroupedBackground:
            return dark ? RGBAColor(red: 0.110, green: 0.110, blue: 0.118) : .white
        case .label: return dark ? .white : .black
        case .secondaryLabel:
            return dark
                ? RGBAColor(red: 0.922, green: 0.922, blue: 0.961, alpha: 0.6)
                : RGBAColor(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.6)
        case .tertiaryLabel:
            return dark
                ? RGBAColor(red: 0.922, green: 0.922, blue: 0.961, alpha: 0.3)
                : RGBAColor(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.3)
        case .tertiarySystemFill:
            return dark
                ? RGBAColor(red: 0.463, green: 0.463, blue: 0.502, alpha: 0.24)
                : RGBAColor(red: 0.463, green: 0.463, blue: 0.502, alpha: 0.12)
        case .separator:
            return dark
                ? RGBAColor(red: 0.329, green: 0.329, blue: 0.345, alpha: 0.6)
                : RGBAColor(red: 0.235, green: 0.235, blue: 0.263, alpha: 0.29)
        case .orange: return dark ? RGBAColor(red: 1, green: 0.624, blue: 0.039) : RGBAColor(red: 1, green: 0.584, blue: 0)
        case .pink: return dark ? RGBAColor(red: 1, green: 0.216, blue: 0.373) : RGBAColor(red: 1, green: 0.176, blue: 0.333)
        case .purple:
            return dark ? RGBAColor(red: 0.749, green: 0.353, blue: 0.949) : RGBAColor(red: 0.686, green: 0.322, blue: 0.871)
        case .indigo:
            return dark ? RGBAColor(red: 0.369, green: 0.361, blue: 0.902) : RGBAColor(red: 0.345, green: 0.337, blue: 0.839)
        case .blue: return dark ? RGBAColor(red: 0.039, green: 0.518, blue: 1) : RGBAColor(red: 0, green: 0.478, blue: 1)
        }
    }
}
