extension DisplayList {
    /// One drawing operation; the first key of its JSON object is `op`.
    public enum Op: Hashable, Sendable {
        /// Opens a group closed by the matching `pop`.
        case push(Group)
        case pop
        case fill(Fill)
        case stroke(Stroke)
        case text(Text)

        /// The element id, nil for `pop`.
        public var id: String? {
            switch self {
            case .push(let group): group.id
            case .pop: nil
            case .fill(let fill): fill.id
            case .stroke(let stroke): stroke.id
            case .text(let text): text.id
            }
        }
    }

    /// A group's state: everything up to the matching `pop` is drawn through it.
    ///
    /// Defaults (identity, 1, none) are left out of the JSON, so a plain group costs a few
    /// bytes.
    public struct Group: Hashable, Sendable {
        public var id: String
        /// Applied on top of the parent's transform.
        public var transform: AffineTransform
        /// Multiplies the group's composited content.
        public var opacity: Double
        /// In the group's own coordinates, after its transform.
        public var clip: Path?
        public var shadow: Shadow?
        public var effect: CurtainEffect?

        public init(
            id: String, transform: AffineTransform = .identity, opacity: Double = 1, clip: Path? = nil,
            shadow: Shadow? = nil, effect: CurtainEffect? = nil
        ) {
            self.id = id
            self.transform = transform
            self.opacity = opacity
            self.clip = clip
            self.shadow = shadow
            self.effect = effect
        }
    }

    /// How a fill decides what is inside a self-intersecting path.
    public enum FillRule: String, Hashable, Sendable, CaseIterable, Codable {
        case nonzero
        case evenodd
    }

    /// A filled path.
    public struct Fill: Hashable, Sendable {
        public var id: String
        public var path: Path
        public var paint: Paint
        public var rule: FillRule

        public init(id: String, path: Path, paint: Paint, rule: FillRule = .nonzero) {
            self.id = id
            self.path = path
            self.paint = paint
            self.rule = rule
        }
    }

    /// Line end shape (Canvas `lineCap`).
    public enum LineCap: String, Hashable, Sendable, CaseIterable, Codable {
        case butt
        case round
        case square
    }

    /// Line corner shape (Canvas `lineJoin`).
    public enum LineJoin: String, Hashable, Sendable, CaseIterable, Codable {
        case miter
        case round
        case bevel
    }

    /// A stroked path in one colour.
    public struct Stroke: Hashable, Sendable {
        public var id: String
        public var path: Path
        public var color: RGBAColor
        public var width: Double
        public var cap: LineCap
        public var join: LineJoin

        public init(id: String, path: Path, color: RGBAColor, width: Double, cap: LineCap = .butt, join: LineJoin = .miter) {
            self.id = id
            self.path = path
            self.color = color
            self.width = width
            self.cap = cap
            self.join = join
        }
    }

    /// A font as renderers load it: family, CSS-style weight and size in points.
    public struct Font: Hashable, Sendable {
        /// The weights the bundled Inter files provide: regular, medium, semibold, bold.
        public static let weights: Set<Int> = [400, 500, 600, 700]

        public var family: String
        public var weight: Int
        public var size: Double

        public init(family: String = "Inter", weight: Int = 400, size: Double) {
            self.family = family
            self.weight = weight
            self.size = size
        }
    }

    /// One already-broken line of text with its alphabetic baseline origin.
    public struct TextLine: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var text: String

        public init(x: Double, y: Double, text: String) {
            self.x = x
            self.y = y
            self.text = text
        }
    }

    /// Text laid out in MorphKit: each line drawn as one run from its baseline origin, no
    /// further wrapping, so both renderers break lines identically.
    public struct Text: Hashable, Sendable {
        public var id: String
        public var font: Font
        public var color: RGBAColor
        public var lines: [TextLine]

        public init(id: String, font: Font, color: RGBAColor, lines: [TextLine]) {
            self.id = id
            self.font = font
            self.color = color
            self.lines = lines
        }
    }

    /// An element of the page's accessibility mirror; hidden elements are not listed.
    public struct AccessibilityElement: Hashable, Sendable {
        public var id: String
        public var role: AccessibilityRole
        public var label: String
        /// Omitted from JSON when empty.
        public var value: String
        /// Omitted from JSON when empty.
        public var hint: String
        /// Viewport coordinates, points.
        public var frame: Rect

        public init(id: String, role: AccessibilityRole, label: String, value: String = "", hint: String = "", frame: Rect) {
            self.id = id
            self.role = role
            self.label = label
            self.value = value
            self.hint = hint
            self.frame = frame
        }
    }
}
