/// Horizontal alignment of the lines of a multi-line text, as SwiftUI's `multilineTextAlignment`.
///
/// Lines align inside the text's own width (its widest line), which is what SwiftUI does
/// before any enclosing frame positions the whole text.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
    /// Lines flush with the leading edge, centred, or flush with the trailing edge.
    case leading, center, trailing

    var factor: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }
}
