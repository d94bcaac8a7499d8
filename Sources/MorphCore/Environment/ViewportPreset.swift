/// The devices the preview page offers, with the safe-area insets each one gives a
/// full-screen view in portrait (status bar or Dynamic Island on top, home indicator below).
///
/// A session whose viewport is one of these sizes lays its components out in that device's
/// safe area unless its environment gives `safeArea` itself; any other size has none.
public struct ViewportPreset: Hashable, Sendable {
    /// The device's name, as the page lists it.
    public var name: String
    /// The screen in points, portrait.
    public var size: Size
    /// The portrait safe-area insets of a full-screen view.
    public var safeArea: EdgeInsets

    /// A device preset.
    public init(name: String, size: Size, safeArea: EdgeInsets) {
        self.name = name
        self.size = size
        self.safeArea = safeArea
    }

    /// iPhone 15: Dynamic Island (59 pt) and home indicator (34 pt).
    public static let iPhone15 = ViewportPreset(
        name: "iPhone 15", size: Size(width: 390, height: 844), safeArea: EdgeInsets(top: 59, bottom: 34))
    /// iPhone 15 Pro Max: the same insets on a larger screen.
    public static let iPhone15ProMax = ViewportPreset(
        name: "iPhone 15 Pro Max", size: Size(width: 430, height: 932), safeArea: EdgeInsets(top: 59, bottom: 34))
    /// iPhone SE: a 20 pt status bar and a Home button, so nothing below.
    public static let iPhoneSE = ViewportPreset(
        name: "iPhone SE", size: Size(width: 375, height: 667), safeArea: EdgeInsets(top: 20))
    /// iPad mini: a 24 pt status bar and a 20 pt home indicator.
    public static let iPadMini = ViewportPreset(
        name: "iPad mini", size: Size(width: 744, height: 1133), safeArea: EdgeInsets(top: 24, bottom: 20))

    /// Every preset, in the page's order.
    public static let all: [ViewportPreset] = [iPhone15, iPhone15ProMax, iPhoneSE, iPadMini]

    /// The preset with exactly this size, if any.
    public static func matching(_ size: Size) -> ViewportPreset? {
        all.first { $0.size == size }
    }

    /// The safe area a viewport of `size` has when the environment does not say: its
    /// preset's, or none.
    public static func safeArea(for size: Size) -> EdgeInsets {
        matching(size)?.safeArea ?? .zero
    }
}
