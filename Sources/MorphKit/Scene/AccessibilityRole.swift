/// What an accessible element is, for the page's DOM mirror (`role` in the display list).
public enum AccessibilityRole: String, Hashable, Sendable, CaseIterable, Codable {
    case button
    case text
    case image
    case group
    case adjustable
}
