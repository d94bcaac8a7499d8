/// The curtain kernel's parameters over a group: the layer's bounds, the drag point already
/// floored to `max(20, x)`, and the number of folds.
///
/// The display list carries parameters, not pixels, so the page can run the kernel itself or
/// ask the server for tiles of the same group.
public struct CurtainEffect: Hashable, Sendable {
    /// Only `curtain` exists; the key keeps room for other kernels.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The seed's fold-and-shade kernel.
        case curtain
    }

    /// Which kernel runs.
    public var kind: Kind
    /// The layer, `[x, y, width, height]`, in the group's coordinates: what is drawn and folded.
    public var bounds: Rect
    /// The drag point in the group's coordinates, x already floored at 20 from `uvFrame`'s left.
    public var drag: Point
    /// How many folds the foreground is creased into.
    public var folds: Int
    /// The view's own frame in the group's coordinates, when it differs from the layer: Metal's
    /// `.boundingRect`, from which the kernel measures `uv` (a layer may reach past it, as a
    /// background drawn into the safe area does). Nil: `bounds`.
    public var frame: Rect?

    /// The kernel's parameters over a layer.
    public init(kind: Kind = .curtain, bounds: Rect, drag: Point, folds: Int, frame: Rect? = nil) {
        self.kind = kind
        self.bounds = bounds
        self.drag = drag
        self.folds = folds
        self.frame = frame
    }

    /// The rect `uv` is measured over: `frame`, else `bounds`.
    public var uvFrame: Rect { frame ?? bounds }

    /// The seed's host-side rule: the kernel receives `max(20, dragX)` (its fold maths breaks
    /// down near the leading edge).
    public static let minimumDragX = 20.0

    /// Builds the effect from a raw drag point, applying the `max(20, x)` floor.
    public init(bounds: Rect, rawDrag: Point, folds: Int) {
        self.init(bounds: bounds, drag: Point(x: Swift.max(Self.minimumDragX, rawDrag.x), y: rawDrag.y), folds: folds)
    }
}
