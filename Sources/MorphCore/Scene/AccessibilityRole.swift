/// What an accessible element is, for the page's DOM mirror (`role` in the display list).
public enum AccessibilityRole: String, Hashable, Sendable, CaseIterable {
    /// Something to activate.
    case button
    /// Static text.
    case text
    /// A heading that divides content into sections (SwiftUI's `.isHeader` trait, which a
    /// `List` section's header gets without asking).
    case header
    /// A picture.
    case image
    /// A container read as one element.
    case group
    /// A value that can be stepped up and down (the curtain's fold stepper).
    case adjustable
}
