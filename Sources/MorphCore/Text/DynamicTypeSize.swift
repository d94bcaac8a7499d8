/// The user's preferred text size, from extra small to the fifth accessibility size.
///
/// Raw values are the short names of the HIG's Dynamic Type table (`xS` … `AX5`) so scene exports
/// and `--dynamic-type` read the way the table does. `.large` is the system default.
public enum DynamicTypeSize: String, Hashable, Sendable, CaseIterable, Comparable {
    /// Extra small.
    case xSmall = "xS"
    /// Small.
    case small = "S"
    /// Medium.
    case medium = "M"
    /// Large, the default.
    case large = "L"
    /// Extra large.
    case xLarge = "xL"
    /// Extra extra large.
    case xxLarge = "xxL"
    /// Extra extra extra large, the largest non-accessibility size.
    case xxxLarge = "xxxL"
    /// Accessibility size 1.
    case accessibility1 = "AX1"
    /// Accessibility size 2.
    case accessibility2 = "AX2"
    /// Accessibility size 3.
    case accessibility3 = "AX3"
    /// Accessibility size 4.
    case accessibility4 = "AX4"
    /// Accessibility size 5, the largest.
    case accessibility5 = "AX5"

    /// Position in the table's column order, xS = 0 … AX5 = 11.
    public var index: Int {
        switch self {
        case .xSmall: 0
        case .small: 1
        case .medium: 2
        case .large: 3
        case .xLarge: 4
        case .xxLarge: 5
        case .xxxLarge: 6
        case .accessibility1: 7
        case .accessibility2: 8
        case .accessibility3: 9
        case .accessibility4: 10
        case .accessibility5: 11
        }
    }

    /// True for AX1 … AX5, where layouts commonly switch to stacked arrangements.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    public static func < (lhs: DynamicTypeSize, rhs: DynamicTypeSize) -> Bool {
        lhs.index < rhs.index
    }
}
