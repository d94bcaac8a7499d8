/// One drawable piece of an icon: a path that is either filled or stroked.
///
/// Icons resolve to these in MorphKit so the canvas and cairo draw identical outlines; they map
/// one-to-one onto the display list's `fill` and `stroke` ops.
public struct IconShape: Hashable, Sendable {
    /// How to fill a closed path (the display list's `rule`).
    public enum FillRule: String, Hashable, Sendable {
        /// Non-zero winding, or even-odd.
        case nonzero, evenodd
    }

    /// Line end style (the display list's `cap`).
    public enum LineCap: String, Hashable, Sendable {
        /// Flat at the end point, round, or square past it.
        case butt, round, square
    }

    /// Corner style between segments (the display list's `join`).
    public enum LineJoin: String, Hashable, Sendable {
        /// Sharp, round or cut-off corners.
        case miter, round, bevel
    }

    /// Whether the path is filled or stroked, and how.
    public enum Paint: Hashable, Sendable {
        /// Filled with the given rule.
        case fill(FillRule)
        /// Stroked with the given line width (points), ends and corners.
        case stroke(width: Double, cap: LineCap, join: LineJoin)
    }

    /// The outline, in points.
    public var path: Path
    /// Fill or stroke.
    public var paint: Paint

    /// A shape from its outline and how it is painted.
    public init(path: Path, paint: Paint) {
        self.path = path
        self.paint = paint
    }

    /// The painted area's bounds: control-point bounds grown by half the stroke width.
    public var paintedBounds: Rect {
        let bounds = path.controlPointBounds
        guard case .stroke(let width, _, _) = paint else { return bounds }
        return bounds.insetBy(dx: -width / 2, dy: -width / 2)
    }
}
