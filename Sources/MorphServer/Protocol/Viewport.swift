/// The size of the area a component draws into, in points.
///
/// The page sends it as `[w, h]`; components lay out for it and a recording's header keeps it.
public struct Viewport: Sendable, Hashable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// An iPhone-sized portrait viewport, used when `open` names none.
    public static let standard = Viewport(width: 390, height: 844)

    /// Makes a viewport; callers validate that both sides are positive and finite.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Reads `[w, h]`, accepting only positive, finite sizes up to 100 000 points.
    init?(json: JSONValue) {
        guard let pair = json.arrayValue, pair.count == 2,
            let width = pair[0].numberValue, let height = pair[1].numberValue,
            width > 0, height > 0, width <= 100_000, height <= 100_000
        else { return nil }
        self.init(width: width, height: height)
    }

    /// `[w, h]`, the wire form.
    public var json: JSONValue { .array([.number(width), .number(height)]) }
}
