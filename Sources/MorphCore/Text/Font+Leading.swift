extension Font {
    /// A line spacing adjustment, as SwiftUI's `Font.Leading` (`.body.leading(.loose)`).
    ///
    /// Apple documents `.loose` as "typically increases line spacing by 2 points" and `.tight`
    /// as reducing it by 2 (1 on watchOS); we use ±2 points between baselines, and leave the
    /// first line's height alone, as SwiftUI does for all extra leading.
    public enum Leading: String, Hashable, Sendable, CaseIterable {
        /// The font's own leading, 2 points less, or 2 points more.
        case standard, tight, loose

        /// Points added to every baseline-to-baseline step.
        public var lineSpacingAdjustment: Double {
            switch self {
            case .standard: 0
            case .tight: -2
            case .loose: 2
            }
        }
    }
}
