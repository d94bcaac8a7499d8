/// A component frame as a tree of nodes (`morph.scene` v1, `schemas/scene.md`), with every
/// node's viewport frame and cumulative opacity resolved.
///
/// Components build scenes; `displayList()` flattens one into the list renderers draw. The
/// tree keeps the seed's structure (ids, groups, effects) for export and tests, where the
/// flat list keeps only what drawing needs.
public struct Scene: Hashable, Sendable {
    /// The `format` value of every scene document.
    public static let format = "morph.scene"
    /// The only version this build reads and writes.
    public static let version = 1

    /// Which component the scene shows.
    public var component: ComponentKind
    /// The viewport in points.
    public var size: Size
    /// Session time of the frame, in seconds.
    public var time: Double
    /// What is drawn behind the root node.
    public var background: RGBAColor
    /// Resolved on every assignment through `init`; use `init` again after editing nodes.
    public private(set) var root: SceneNode

    /// Builds a scene and resolves every node's frame and opacity.
    public init(component: ComponentKind, size: Size, time: Double = 0, background: RGBAColor, root: consuming SceneNode) {
        self.component = component
        self.size = size
        self.time = time
        self.background = background
        Self.resolve(&root, parentTransform: .identity, parentOpacity: 1)
        self.root = root
    }

    /// A scene whose root already carries its frames and opacities (as decoded).
    init(component: ComponentKind, size: Size, time: Double, background: RGBAColor, resolvedRoot: SceneNode) {
        self.component = component
        self.size = size
        self.time = time
        self.background = background
        self.root = resolvedRoot
    }

    /// The node with `id`, if any.
    public func node(withID id: String) -> SceneNode? { root.node(withID: id) }

    /// Every node, depth first.
    public var allNodes: [SceneNode] { root.allNodes }

    /// Fills in `frame` (viewport coordinates) and `opacity` (cumulative) for a subtree, in
    /// place: a scene is resolved once per frame, and copying every node of the tree on the
    /// way down and back cost more than the arithmetic.
    private static func resolve(_ node: inout SceneNode, parentTransform: AffineTransform, parentOpacity: Double) {
        var transform = parentTransform
        var opacity = parentOpacity
        var ownBounds: Rect?
        switch node.content {
        case .group(let group):
            transform = parentTransform.concatenating(after: group.transform)
            opacity = parentOpacity * group.opacity
            ownBounds = group.bounds
        case .shape(let shape): ownBounds = shape.path.controlPointBounds
        case .text(let text): ownBounds = text.bounds
        case .icon(let icon): ownBounds = icon.path.controlPointBounds
        case .effect(let effect): ownBounds = effect.bounds
        }
        var union = Rect.zero
        for index in node.children.indices {
            resolve(&node.children[index], parentTransform: transform, parentOpacity: opacity)
            if ownBounds == nil { union = union.union(node.children[index].frame) }
        }
        node.opacity = opacity
        node.frame = ownBounds.map { $0.applying(transform) } ?? union
    }
}
