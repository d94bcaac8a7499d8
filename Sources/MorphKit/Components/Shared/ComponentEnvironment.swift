/// The environment values the seeds read: Reduce Motion, Dynamic Type size and colour scheme.
///
/// Scene builders take it as a plain value so a frame is a pure function of configuration,
/// state, environment, size and time. Reduce Motion changes how state moves (the state
/// machines jump instead of animating), not how a given state looks, so builders only
/// record it.
public struct ComponentEnvironment: Hashable, Sendable, Codable {
    /// Whether Reduce Motion is on: state changes jump instead of animating.
    public var reduceMotion: Bool
    /// The Dynamic Type size text and `@ScaledMetric` values follow.
    public var dynamicTypeSize: DynamicTypeSize
    /// Light or dark: how system colours resolve.
    public var colorScheme: ColorScheme

    /// An environment; the defaults are SwiftUI's (no Reduce Motion, Large, light).
    public init(reduceMotion: Bool = false, dynamicTypeSize: DynamicTypeSize = .large, colorScheme: ColorScheme = .light) {
        self.reduceMotion = reduceMotion
        self.dynamicTypeSize = dynamicTypeSize
        self.colorScheme = colorScheme
    }

    /// Light, default Dynamic Type, animations on.
    public static let standard = ComponentEnvironment()
}

/// Light or dark appearance, SwiftUI's `ColorScheme`.
public enum ColorScheme: String, Hashable, Sendable, Codable, CaseIterable {
    /// Light appearance.
    case light
    /// Dark appearance.
    case dark
}
