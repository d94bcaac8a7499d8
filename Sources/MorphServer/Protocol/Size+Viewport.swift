import MorphKit

/// The viewport, the area a component draws into, is MorphKit's `Size` in points: the page
/// sends it as `[w, h]`, components lay out for it and a recording's header keeps it.
extension Size {
    /// An iPhone-sized portrait viewport, for an `open` without a viewport of a component
    /// that has no preview size of its own (the diagnostics probe).
    public static let standardViewport = Size(width: 390, height: 844)

    /// Reads `[w, h]`, accepting only positive, finite sizes of at most
    /// `InputLimits.maxViewportSide` points a side (bigger ones cost memory, not detail).
    init?(viewport json: JSONValue) {
        guard case .array(let pair) = json, pair.count == 2,
            let width = pair[0].numberValue, let height = pair[1].numberValue,
            InputLimits.viewportViolation(Size(width: width, height: height)) == nil
        else { return nil }
        self.init(width: width, height: height)
    }

    /// `[w, h]`, the wire form.
    var viewportJSON: JSONValue { .array([.number(width), .number(height)]) }
}
