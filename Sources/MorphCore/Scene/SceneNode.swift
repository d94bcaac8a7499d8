/// One node of a component's scene: a group, a shape, a text block, an icon, an image or a
/// curtain effect layer, with a stable id and — once its `Scene` resolves it — its frame in the
/// viewport and its cumulative opacity.
///
/// Scenes are what `morph export` writes and what tests inspect: the display list is the
/// same tree flattened (`Scene.displayList()`), so the two never disagree.
public struct SceneNode: Hashable, Sendable {
    /// What the node draws or how it composites its children.
    public enum Content: Hashable, Sendable {
        /// A compositing group over the children.
        case group(Group)
        /// A filled path.
        case shape(Shape)
        /// Laid-out text.
        case text(Text)
        /// A symbol drawn as a path.
        case icon(Icon)
        /// The curtain kernel applied to the children (the effect's layer).
        case effect(CurtainEffect)
        /// A PNG scaled into a rectangle.
        case image(Image)
    }

    /// A picture drawn scaled into `rect` (the content mode already applied).
    public struct Image: Hashable, Sendable {
        /// A file name or a `data:image/png;base64,` URI (`ImageSource`).
        public var source: String
        /// Where the whole picture is drawn, in the parent's coordinates.
        public var rect: Rect
        /// How scaled pixels are sampled.
        public var interpolation: ImageInterpolation

        /// A picture drawn into `rect`.
        public init(source: String, rect: Rect, interpolation: ImageInterpolation = .medium) {
            self.source = source
            self.rect = rect
            self.interpolation = interpolation
        }
    }

    /// A compositing group: transform, opacity, clip and shadow over its children.
    public struct Group: Hashable, Sendable {
        // `opacity` first, so the memberwise initializer (which no call in the public one's
        // order can match) differs from the public one, and that one can go through it, as
        // `SceneNode`'s does (see its extension).
        /// Multiplies the opacity of everything in the group.
        public var opacity: Double
        /// Applied on top of the parent's transform.
        public var transform: AffineTransform
        /// In the group's own coordinates, after its transform.
        public var clip: Path?
        /// A drop shadow under the group's content.
        public var shadow: Shadow?
        /// The layout rectangle in the group's own coordinates, when the group has one (a
        /// card's frame); otherwise its frame is the union of its children.
        public var bounds: Rect?
    }

    /// A filled path.
    public struct Shape: Hashable, Sendable {
        /// The outline, in the parent's coordinates.
        public var path: Path
        /// A colour or a gradient.
        public var paint: Paint
        /// How self-intersections are filled.
        public var rule: DisplayList.FillRule

        /// A shape from its outline and paint.
        public init(path: Path, paint: Paint, rule: DisplayList.FillRule = .nonzero) {
            self.path = path
            self.paint = paint
            self.rule = rule
        }
    }

    /// Text already laid out: font, colour, lines with baseline origins, and the block's
    /// layout rectangle (line boxes) in the parent's coordinates.
    public struct Text: Hashable, Sendable {
        /// The font every line is drawn in.
        public var font: DisplayList.Font
        /// The text colour.
        public var color: RGBAColor
        /// The lines, already broken, in the parent's coordinates.
        public var lines: [DisplayList.TextLine]
        /// The text box (its layout bounds, not the ink).
        public var bounds: Rect

        /// Text from laid-out lines and their box.
        public init(font: DisplayList.Font, color: RGBAColor, lines: [DisplayList.TextLine], bounds: Rect) {
            self.font = font
            self.color = color
            self.lines = lines
            self.bounds = bounds
        }
    }

    /// How an icon's outline is painted.
    public enum IconStyle: Hashable, Sendable {
        /// Filled in one colour.
        case fill(RGBAColor, rule: DisplayList.FillRule = .nonzero)
        /// Stroked in one colour; SF Symbols' round ends and corners by default.
        case stroke(RGBAColor, width: Double, cap: DisplayList.LineCap = .round, join: DisplayList.LineJoin = .round)
    }

    /// A symbol (an SF Symbol stand-in) as a path in the parent's coordinates.
    public struct Icon: Hashable, Sendable {
        /// The SF Symbol name it stands in for, e.g. `chevron.right`.
        public var name: String
        /// The outline, in the parent's coordinates.
        public var path: Path
        /// Fill or stroke.
        public var style: IconStyle

        /// An icon from its name, outline and style.
        public init(name: String, path: Path, style: IconStyle) {
            self.name = name
            self.path = path
            self.style = style
        }
    }

    /// What assistive technology is told about the node; nil means hidden.
    public struct Accessibility: Hashable, Sendable {
        /// What kind of element it is.
        public var role: AccessibilityRole
        /// What it is called (read first).
        public var label: String
        /// Its current value, e.g. the stepper's fold count; empty for none.
        public var value: String
        /// What activating it does; empty for none.
        public var hint: String

        /// Accessibility information; empty value and hint are left out.
        public init(role: AccessibilityRole, label: String, value: String = "", hint: String = "") {
            self.role = role
            self.label = label
            self.value = value
            self.hint = hint
        }
    }

    /// Stable across frames and runs: named after the seed's element, never counted.
    public var id: String
    /// What the node draws, or how it composites its children.
    public var content: Content
    /// Drawn in order after (above) the node's own content; only groups and effects have any.
    public var children: [SceneNode]
    /// What assistive technology is told; nil hides the node.
    public var accessibility: Accessibility?
    /// Resolved by `Scene`: the node's bounds in viewport coordinates, points.
    public internal(set) var frame: Rect
    /// Resolved by `Scene`: the product of this node's and its ancestors' group opacities.
    public internal(set) var opacity: Double
}

extension SceneNode.Group {
    /// A group; the defaults change nothing.
    public init(
        transform: AffineTransform = .identity, opacity: Double = 1, clip: Path? = nil, shadow: Shadow? = nil,
        bounds: Rect? = nil
    ) {
        self.init(opacity: opacity, transform: transform, clip: clip, shadow: shadow, bounds: bounds)
    }
}

extension SceneNode {
    /// A node; its frame and opacity are resolved when a `Scene` holds it.
    ///
    /// In an extension, through the memberwise initializer: an initializer of the type's own
    /// that set the fields one by one built the node in a temporary and copied it out (every
    /// string and array retained, then the temporary's released), about 300 instructions a
    /// node built.
    public init(id: String, content: Content, children: [SceneNode] = [], accessibility: Accessibility? = nil) {
        self.init(id: id, content: content, children: children, accessibility: accessibility, frame: .zero, opacity: 1)
    }
}

// MARK: - Builders

extension SceneNode {
    /// A group node.
    public static func group(
        _ id: String, transform: AffineTransform = .identity, opacity: Double = 1, clip: Path? = nil,
        shadow: Shadow? = nil, bounds: Rect? = nil, accessibility: Accessibility? = nil, children: [SceneNode]
    ) -> SceneNode {
        SceneNode(
            id: id, content: .group(Group(transform: transform, opacity: opacity, clip: clip, shadow: shadow, bounds: bounds)),
            children: children, accessibility: accessibility)
    }

    /// A filled shape node.
    @inlinable public static func shape(
        _ id: String, path: Path, paint: Paint, rule: DisplayList.FillRule = .nonzero, accessibility: Accessibility? = nil
    ) -> SceneNode {
        SceneNode(id: id, content: .shape(Shape(path: path, paint: paint, rule: rule)), accessibility: accessibility)
    }

    /// A text node.
    public static func text(
        _ id: String, font: DisplayList.Font, color: RGBAColor, lines: [DisplayList.TextLine], bounds: Rect,
        accessibility: Accessibility? = nil
    ) -> SceneNode {
        SceneNode(
            id: id, content: .text(Text(font: font, color: color, lines: lines, bounds: bounds)), accessibility: accessibility)
    }

    /// An icon node.
    public static func icon(
        _ id: String, name: String, path: Path, style: IconStyle, accessibility: Accessibility? = nil
    ) -> SceneNode {
        SceneNode(id: id, content: .icon(Icon(name: name, path: path, style: style)), accessibility: accessibility)
    }

    /// An image node: the picture `source` drawn scaled into `rect`.
    public static func image(
        _ id: String, source: String, rect: Rect, interpolation: ImageInterpolation = .medium,
        accessibility: Accessibility? = nil
    ) -> SceneNode {
        SceneNode(
            id: id, content: .image(Image(source: source, rect: rect, interpolation: interpolation)),
            accessibility: accessibility)
    }

    /// A curtain effect layer over `children`.
    public static func effect(_ id: String, _ effect: CurtainEffect, children: [SceneNode]) -> SceneNode {
        SceneNode(id: id, content: .effect(effect), children: children)
    }

    /// The first node with `id` in this subtree, depth first.
    public func node(withID id: String) -> SceneNode? {
        if self.id == id { return self }
        for child in children {
            if let found = child.node(withID: id) { return found }
        }
        return nil
    }

    /// Every node of the subtree, depth first, parents before children.
    public var allNodes: [SceneNode] {
        [self] + children.flatMap(\.allNodes)
    }
}
