/// The environment values components read (`env.*` in a component file): Reduce Motion,
/// Dynamic Type size, colour scheme and the safe-area insets of the view.
///
/// Frames take it as a plain value so a frame is a pure function of configuration, state,
/// environment, size and time.
public struct ComponentEnvironment: Hashable, Sendable {
    /// Whether Reduce Motion is on: state changes jump instead of animating.
    public var reduceMotion: Bool
    /// The Dynamic Type size text and `@ScaledMetric` values follow.
    public var dynamicTypeSize: DynamicTypeSize
    /// Light or dark: how system colours resolve.
    public var colorScheme: ColorScheme
    /// The safe-area insets of the viewport: content is laid out inside them, and only what
    /// a seed marks `ignoresSafeArea` (or a background that ignores it) reaches past them.
    public var safeArea: EdgeInsets

    /// An environment; the defaults are SwiftUI's (no Reduce Motion, Large, light) with no
    /// safe-area insets.
    public init(
        reduceMotion: Bool = false, dynamicTypeSize: DynamicTypeSize = .large, colorScheme: ColorScheme = .light,
        safeArea: EdgeInsets = .zero
    ) {
        self.reduceMotion = reduceMotion
        self.dynamicTypeSize = dynamicTypeSize
        self.colorScheme = colorScheme
        self.safeArea = safeArea
    }

    /// Light, default Dynamic Type, animations on, no safe-area insets.
    public static let standard = ComponentEnvironment()
}

/// Light or dark appearance, SwiftUI's `ColorScheme`.
public enum ColorScheme: String, Hashable, Sendable, CaseIterable {
    /// Light appearance.
    case light
    /// Dark appearance.
    case dark
}
