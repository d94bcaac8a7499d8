/// The environment values the seeds read: Reduce Motion, Dynamic Type size and colour scheme.
///
/// Scene builders take it as a plain value so a frame is a pure function of configuration,
/// state, environment, size and time. Reduce Motion changes how state moves (the state
/// machines jump instead of animating), not how a given state looks, so builders only
/// record it.
public struct ComponentEnvironment: Hashable, Sendable, Codable {
    public var reduceMotion: Bool
    public var dynamicTypeSize: DynamicTypeSize
    public var colorScheme: ColorScheme

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
    case light
    case dark
}
