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
    /// Points drawn past each edge of the viewport (`ComponentDefinition.bleed`).
    public var bleed = 0.0
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

    /// A scene whose root is a group at the identity with opacity 1 whose first
    /// `keptChildren` children come from `resolvedAtTop`: the caller vouches for them, so
    /// they are taken as they are instead of walked to check it (a component's kept rows).
    /// Any other root is resolved as `init(component:size:time:background:root:)` does.
    init(
        component: ComponentKind, size: Size, time: Double, background: RGBAColor, root: consuming SceneNode,
        keptChildren: Int
    ) {
        self.component = component
        self.size = size
        self.time = time
        self.background = background
        var vouched = 0
        if case .group(let group) = root.content, group.transform == .identity, group.opacity == 1 {
            vouched = min(keptChildren, root.children.count)
        }
        Self.resolve(&root, parentTransform: .identity, parentOpacity: 1, vouched: vouched)
        self.root = root
    }

    /// A scene whose every node is either fresh from a builder (a zero frame) or kept from
    /// `resolvedAtTop`: the caller vouches for that, so a kept node whose parents add no
    /// transform and no opacity is taken as it is, and one under any other parent is
    /// resolved again, neither walked to check it first (a component file's kept parts).
    package init(
        component: ComponentKind, size: Size, time: Double, background: RGBAColor, root: consuming SceneNode,
        keptNodesResolvedAtTop: Void
    ) {
        Self.resolve(&root, parentTransform: .identity, parentOpacity: 1, keptNodesResolvedAtTop: ())
        self.init(component: component, size: size, time: time, background: background, resolvedRoot: root)
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

    /// `node` resolved at the top of a scene (identity transform, opacity 1). Components keep
    /// subtrees that never move resolved this way (`StillPartsCache`), and `resolve` leaves a
    /// subtree that is already right as it is, so none of its arrays is copied.
    package static func resolvedAtTop(_ node: SceneNode) -> SceneNode {
        var node = node
        resolve(&node, parentTransform: .identity, parentOpacity: 1)
        return node
    }

    /// Fills in `frame` (viewport coordinates) and `opacity` (cumulative) for a subtree, in
    /// place: a scene is resolved once per frame, and copying every node of the tree on the
    /// way down and back cost more than the arithmetic. A child whose subtree already holds
    /// what this would write (a kept subtree, `resolvedAtTop`) is not written.
    /// The first `vouched` children are taken as resolved (`init(…keptChildren:)`).
    private static func resolve(
        _ node: inout SceneNode, parentTransform: AffineTransform, parentOpacity: Double, vouched: Int = 0
    ) {
        let (transform, opacity, ownBounds) = context(of: node, parentTransform: parentTransform, parentOpacity: parentOpacity)
        var union = Rect.zero
        for index in node.children.indices {
            // A node fresh from a builder has a zero frame: only a kept one is worth checking.
            let settled =
                index < vouched
                || node.children[index].frame != .zero
                    && node.children.withUnsafeBufferPointer {
                        isResolved($0.baseAddress! + index, parentTransform: transform, parentOpacity: opacity)
                    }
            if !settled { resolve(&node.children[index], parentTransform: transform, parentOpacity: opacity) }
            if ownBounds == nil { union = union.union(node.children[index].frame) }
        }
        node.opacity = opacity
        node.frame = ownBounds.map { $0.applying(transform) } ?? union
    }

    /// `resolve` for a tree whose kept nodes all come from `resolvedAtTop`: a kept child is
    /// right as it is exactly when its parents add no transform and no opacity. (A rule of
    /// its own, so that the plain `resolve` carries no extra test.)
    private static func resolve(
        _ node: inout SceneNode, parentTransform: AffineTransform, parentOpacity: Double, keptNodesResolvedAtTop: Void
    ) {
        let (transform, opacity, ownBounds) = context(of: node, parentTransform: parentTransform, parentOpacity: parentOpacity)
        let atTop = opacity == 1 && transform == .identity
        var union = Rect.zero
        for index in node.children.indices {
            // Read in place: a copy of the child would hold its arrays and make the write below copy them.
            if !atTop || node.children.withUnsafeBufferPointer({ $0[index].frame == .zero }) {
                resolve(&node.children[index], parentTransform: transform, parentOpacity: opacity, keptNodesResolvedAtTop: ())
            }
            if ownBounds == nil { union = union.union(node.children[index].frame) }
        }
        node.opacity = opacity
        node.frame = ownBounds.map { $0.applying(transform) } ?? union
    }

    /// Whether `resolve` would leave the subtree at `pointer` unchanged (a node fresh from a
    /// builder, with its zero frame, is turned down at once).
    private static func isResolved(
        _ pointer: UnsafePointer<SceneNode>, parentTransform: AffineTransform, parentOpacity: Double
    ) -> Bool {
        guard pointer.pointee.frame != .zero else { return false }
        let (transform, opacity, ownBounds) = context(
            of: pointer.pointee, parentTransform: parentTransform, parentOpacity: parentOpacity)
        guard pointer.pointee.opacity == opacity else { return false }
        if let ownBounds, pointer.pointee.frame != ownBounds.applying(transform) { return false }
        var union = Rect.zero
        let childrenResolved = pointer.pointee.children.withUnsafeBufferPointer { children in
            for index in children.indices {
                guard isResolved(children.baseAddress! + index, parentTransform: transform, parentOpacity: opacity)
                else { return false }
                if ownBounds == nil { union = union.union(children[index].frame) }
            }
            return true
        }
        return childrenResolved && (ownBounds != nil || pointer.pointee.frame == union)
    }

    /// The transform and opacity `node`'s children inherit, and its own bounds (nil for a
    /// group without bounds: its frame is its children's union).
    private static func context(
        of node: SceneNode, parentTransform: AffineTransform, parentOpacity: Double
    ) -> (AffineTransform, Double, Rect?) {
        switch node.content {
        case .group(let group):
            (parentTransform.concatenating(after: group.transform), parentOpacity * group.opacity, group.bounds)
        case .shape(let shape): (parentTransform, parentOpacity, shape.path.controlPointBounds)
        case .text(let text): (parentTransform, parentOpacity, text.bounds)
        case .icon(let icon): (parentTransform, parentOpacity, icon.path.controlPointBounds)
        case .effect(let effect): (parentTransform, parentOpacity, effect.bounds)
        case .image(let image): (parentTransform, parentOpacity, image.rect)
        }
    }
}
