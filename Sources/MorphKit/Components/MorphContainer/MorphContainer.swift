/// The container transform of seed `000`: a 340 pt row that expands in place into a panel,
/// every dimension lerped from one `progress`.
///
/// This value is the seed's configuration (its stored properties and defaults); the scene for
/// a progress comes from `scene(progress:environment:size:time:)`, so the row, the open panel
/// and every frame between come out of one pure function — scrubbable and testable, as the
/// seed intends.
public struct MorphContainer: Hashable, Sendable {
    /// The card's surface colour.
    public var surface: ColorValue
    /// The Play button's fill and the Save button's tint.
    public var accent: ColorValue
    /// Artwork gradient start (top-leading).
    public var artA: ColorValue
    /// Artwork gradient end (bottom-trailing).
    public var artB: ColorValue
    /// Corner radius of the open panel; the collapsed row always sits at 16.
    public var cornerRadiusOpen: Double
    /// Spring damping for the expansion; below about 0.75 the panel overshoots.
    public var dampingFraction: Double
    /// How a tap's animation moves the staged fades: SwiftUI's rule (the default) or the
    /// seed's progress-driven ramps.
    public var interpolation: StateInterpolation

    /// A container with the seed's colours, radius and damping unless told otherwise.
    public init(
        surface: ColorValue = .rgba(RGBAColor(white: 1.0)),
        accent: ColorValue = .rgba(RGBAColor(red: 0.184, green: 0.435, blue: 0.929)),
        artA: ColorValue = .rgba(RGBAColor(red: 0.486, green: 0.361, blue: 1.0)),
        artB: ColorValue = .rgba(RGBAColor(red: 0.184, green: 0.435, blue: 0.929)),
        cornerRadiusOpen: Double = 28,
        dampingFraction: Double = 0.82,
        interpolation: StateInterpolation = .swiftUI
    ) {
        self.surface = surface
        self.accent = accent
        self.artA = artA
        self.artB = artB
        self.cornerRadiusOpen = cornerRadiusOpen
        self.dampingFraction = dampingFraction
        self.interpolation = interpolation
    }

    // Fixed dimensions of the seed.
    /// The card's width in points, open or closed.
    public static let cardWidth = 340.0
    /// The collapsed row's height in points.
    public static let closedHeight = 96.0
    /// The open panel's height in points.
    public static let openHeight = 384.0
    /// The seed's `#Preview` frame, the default viewport.
    public static let previewSize = Size(width: 400, height: 440)

    /// The seed's title text.
    public static let title = "Northern Lights"
    /// The seed's subtitle text.
    public static let subtitle = "Ambient mix · 12 tracks"
    /// The body text the open panel reveals.
    public static let bodyText = "Slow synth pads recorded across three winters in Tromsø. Best played quietly, and late."
    /// What the card says to assistive technology.
    public static let accessibilityLabel = "Northern Lights, ambient mix, 12 tracks"

    /// The opening spring (response 0.42, the configured damping).
    public var openSpring: Spring { Spring(response: 0.42, dampingRatio: dampingFraction) }
    /// The closing spring: quicker, and never bouncy (damping + 0.08, at most 1).
    public var closeSpring: Spring { Spring(response: 0.36, dampingRatio: Swift.min(1, dampingFraction + 0.08)) }
}
