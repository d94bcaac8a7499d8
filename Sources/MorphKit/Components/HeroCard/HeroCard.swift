/// The matched hero card of seed `001` inside its demo: the "Today" title, three rows, and
/// the Lisbon card that grows in place to fill its parent.
///
/// The configuration holds what the demo passes (title, subtitle, symbol, gradient colours,
/// detail text, rows); `layout(environment:size:)` gives both layouts and
/// `scene(progress:environment:size:time:)` the frame at an expansion progress, with icon,
/// title and subtitle travelling between their two frames (matched geometry).
public struct HeroCard: Hashable, Sendable {
    /// One row of the demo list under the card.
    public struct Row: Hashable, Sendable {
        /// The row's label text.
        public var title: String
        /// The row's label icon.
        public var systemImage: Icon

        /// A row with a title and an icon, as the seed's `Label(title, systemImage:)`.
        public init(title: String, systemImage: Icon) {
            self.title = title
            self.systemImage = systemImage
        }
    }

    /// The card's title (`.title2`, semibold), shared by both layouts.
    public var title: String
    /// The card's subtitle, shared by both layouts.
    public var subtitle: String
    /// The card's icon, shared by both layouts (matched geometry).
    public var systemImage: Icon
    /// Gradient colours, top-leading to bottom-trailing, evenly spaced.
    public var colors: [ColorValue]
    /// The detail view's text (`.font(.body)`).
    public var detail: String
    /// The demo rows under the card.
    public var rows: [Row]

    /// A card with the seed's demo content unless told otherwise.
    public init(
        title: String = "Lisbon", subtitle: String = "Three days by the river", systemImage: Icon = .tramFill,
        colors: [ColorValue] = [.system(.orange), .system(.pink), .system(.purple)],
        detail: String =
            "Tiled streets, yellow trams and the best custard tarts you will ever taste. The card grew from where it was and goes back there when you close it.",
        rows: [Row] = [
            Row(title: "Harbor walk", systemImage: .sailboatFill),
            Row(title: "Lunch at the market", systemImage: .forkKnife),
            Row(title: "Sunset viewpoint", systemImage: .sunHorizonFill),
        ]
    ) {
        self.title = title
        self.subtitle = subtitle
        self.systemImage = systemImage
        self.colors = colors
        self.detail = detail
        self.rows = rows
    }

    /// `@ScaledMetric(relativeTo: .largeTitle) rowsOffset = 240`.
    public static let rowsOffset = ScaledMetric(240, relativeTo: .largeTitle)
    /// `@ScaledMetric(relativeTo: .largeTitle) collapsedHeight = 220`.
    public static let collapsedHeight = ScaledMetric(220, relativeTo: .largeTitle)
    /// `@ScaledMetric(relativeTo: .largeTitle) iconSize = 52`.
    public static let iconSize = ScaledMetric(52, relativeTo: .largeTitle)
    /// A pressed `.buttonStyle(.plain)` button's label opacity (`PlainButtonStyle` draws
    /// `opacity(isPressed ? 0.75 : 1)` while enabled), applied at once: a press is not
    /// animated.
    public static let pressedOpacity = 0.75
    /// The card's continuous corner radius.
    public static let cornerRadius = 28.0
    /// An iPhone-sized default viewport.
    public static let defaultSize = Size(width: 390, height: 844)
    /// Label icon-to-title spacing in a row (SwiftUI's `Label` default, approximated).
    public static let labelSpacing = 8.0
    /// `.smooth(duration: 0.5, extraBounce: 0.08)`, nil under Reduce Motion (the card jumps).
    public static func animation(reduceMotion: Bool) -> Spring? {
        reduceMotion ? nil : Spring(duration: 0.5, bounce: 0.08)
    }
}
