/// The user's preferred text size, from extra small to the fifth accessibility size.
///
/// Raw values are the short names of reference §4's table (`xS` … `AX5`) so scene exports
/// and `--dynamic-type` read the way the table does. `.large` is the system default.
public enum DynamicTypeSize: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case xSmall = "xS"
    case small = "S"
    case medium = "M"
    case large = "L"
    case xLarge = "xL"
    case xxLarge = "xxL"
    case xxxLarge = "xxxL"
    case accessibility1 = "AX1"
    case accessibility2 = "AX2"
    case accessibility3 = "AX3"
    case accessibility4 = "AX4"
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
