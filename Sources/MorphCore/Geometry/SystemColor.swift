/// The iOS system colours the seeds name, as sRGB values for light and dark appearance and
/// for the base and elevated interface levels (UIKit's values for iOS 13+).
///
/// Only the six background colours differ by level, and only in dark appearance: a sheet,
/// alert or popover is lighter than the black window under it, the elevated values
/// (`UserInterfaceLevel`). Apple names the colours and the levels but publishes no numbers
/// for them; the values are those of Flutter's `CupertinoColors` (`colors.dart`, each
/// documented as "equivalent to UIColor.<name>", with a `darkElevatedColor` per colour),
/// where every label, fill, separator and tint colour has the same elevated value as base.
///
/// Named rather than inlined, so a reader can match `Color(.systemGroupedBackground)` in a
/// seed to the number drawn.
public enum SystemColor: String, Hashable, Sendable, CaseIterable {
    /// The primary background: white in light; black in dark, #1C1C1E elevated.
    case systemBackground
    /// Content on the primary background: #F2F2F7 in light; #1C1C1E in dark, #2C2C2E elevated.
    case secondarySystemBackground
    /// Content on the secondary background: white in light; #2C2C2E in dark, #3A3A3C elevated.
    case tertiarySystemBackground
    /// The background of a grouped list: #F2F2F7 in light; black in dark, #1C1C1E elevated.
    case systemGroupedBackground
    /// The background of a cell in a grouped list: white in light; #1C1C1E in dark, #2C2C2E
    /// elevated.
    case secondarySystemGroupedBackground
    /// Content on a grouped cell: #F2F2F7 in light; #2C2C2E in dark, #3A3A3C elevated.
    case tertiarySystemGroupedBackground
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

    /// The colour in `scheme` at `level`.
    public func color(in scheme: ColorScheme, level: UserInterfaceLevel = .base) -> RGBAColor {
        let dark = scheme == .dark
        // Dark backgrounds step up one grey at the elevated level: black, #1C1C1E, #2C2C2E, #3A3A3C.
        let step = level == .elevated ? 1 : 0
        switch self {
        case .systemBackground: return dark ? Self.darkBackgrounds[step] : .white
        case .secondarySystemBackground: return dark ? Self.darkBackgrounds[1 + step] : Self.lightGroupedGrey
        case .tertiarySystemBackground: return dark ? Self.darkBackgrounds[2 + step] : .white
        case .systemGroupedBackground: return dark ? Self.darkBackgrounds[step] : Self.lightGroupedGrey
        case .secondarySystemGroupedBackground: return dark ? Self.darkBackgrounds[1 + step] : .white
        case .tertiarySystemGroupedBackground: return dark ? Self.darkBackgrounds[2 + step] : Self.lightGroupedGrey
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

    /// #F2F2F7, the light grouped background (and secondary background).
    private static let lightGroupedGrey = RGBAColor(red: 0.949, green: 0.949, blue: 0.969)
    /// Black, #1C1C1E, #2C2C2E and #3A3A3C: the dark backgrounds from the window up.
    private static let darkBackgrounds: [RGBAColor] = [
        .black, RGBAColor(red: 0.110, green: 0.110, blue: 0.118), RGBAColor(red: 0.173, green: 0.173, blue: 0.180),
        RGBAColor(red: 0.227, green: 0.227, blue: 0.235),
    ]
}
