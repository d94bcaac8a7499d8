/// One frame of one component as a flat list of drawing operations (`morph.display-list` v1,
/// `schemas/display-list.md`).
///
/// Every layout decision was made before this point, so a renderer only draws; the canonical
/// encoding (`canonicalJSON()`) makes equal lists byte-identical, which is what goldens,
/// replay and the server's "did anything change" check rely on.
public struct DisplayList: Hashable, Sendable {
    /// The `format` value of every display list.
    public static let format = "morph.display-list"
    /// The only version this build reads and writes.
    public static let version = 1

    /// Which component drew the frame.
    public var component: ComponentKind
    /// Viewport size in points.
    public var size: Size
    /// Scene time in seconds.
    public var time: Double
    /// Fills the viewport, and the bleed around it, before the ops.
    public var background: RGBAColor
    /// Points drawn past each edge of the viewport: the viewport is a `.frame` in a larger
    /// canvas, which clips nothing (`ComponentDefinition.bleed`); omitted from JSON when 0.
    public var bleed = 0.0
    /// The largest `bleed` a file may ask for or a list may carry: it sizes every renderer's canvas.
    public static let maxBleed = 256.0
    /// Painter's order; `push` and `pop` are balanced.
    public var ops: [Op]
    /// Visible accessible elements for the page's DOM mirror.
    public var accessibility: [AccessibilityElement]

    /// A display list from its parts.
    public init(
        component: ComponentKind, size: Size, time: Double = 0, background: RGBAColor = .white,
        ops: [Op] = [], accessibility: [AccessibilityElement] = []
    ) {
        self.component = component
        self.size = size
        self.time = time
        self.background = background
        self.ops = ops
        self.accessibility = accessibility
    }

    /// Whether every `push` has a matching `pop` and no `pop` comes without one.
    public var isBalanced: Bool { firstUnbalancedOp == nil }

    /// The index of the first op that breaks the nesting (a stray `pop`), `ops.count` when a
    /// group is left open, or nil when balanced.
    public var firstUnbalancedOp: Int? {
        var depth = 0
        for (index, op) in ops.enumerated() {
            switch op {
            case .push: depth += 1
            case .pop:
                depth -= 1
                if depth < 0 { return index }
            default: break
            }
        }
        return depth == 0 ? nil : ops.count
    }
}
