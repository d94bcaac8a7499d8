extension DisplayList {
    /// One drawing operation; the first key of its JSON object is `op`.
    public enum Op: Hashable, Sendable {
        /// Opens a group closed by the matching `pop`.
        case push(Group)
        /// Closes the innermost open group.
        case pop
        /// Fills a path.
        case fill(Fill)
        /// Strokes a path.
        case stroke(Stroke)
        /// Draws laid-out lines of text.
        case text(Text)
        /// Draws a PNG scaled into a rectangle.
        case image(Image)

        /// The element id, nil for `pop`.
        public var id: String? {
            switch self {
            case .push(let group): group.id
            case .pop: nil
            case .fill(let fill): fill.id
            case .stroke(let stroke): stroke.id
            case .text(let text): text.id
            case .image(let image): image.id
            }
        }
    }

    /// A group's state: everything up to the matching `pop` is drawn through it.
    ///
    /// Defaults (identity, 1, none) are left out of the JSON, so a plain group costs a few
    /// bytes.
    public struct Group: Hashable, Sendable {
        // `opacity` first, so the memberwise initializer (which no call in the public one's
        // order can match) differs from the public one, and that one can go through it (see
        // the extension below).
        /// Multiplies the group's composited content.
        public var opacity: Double
        /// The element id (stable across frames).
        public var id: String
        /// Applied on top of the parent's transform.
        public var transform: AffineTransform
        /// In the group's own coordinates, after its transform.
        public var clip: Path?
        /// A drop shadow under everything in the group.
        public var shadow: Shadow?
        /// The curtain kernel, when the group is its layer.
        public var effect: CurtainEffect? {
            get { effectBox?.effect }
            set { effectBox = newValue.map { EffectBox($0) } }
        }
        /// `effect`, held by reference: inline, its 97 bytes made every op (an enum as large as
        /// its largest case) 234 bytes, which each frame copies, compares and keeps, though one
        /// group a frame at most has an effect. (A shadow stays inline: boxed, the groups that
        /// have one allocated a box a frame, and the curtain's tick cost 9 % more.)
        var effectBox: EffectBox?
    }

    /// A group's curtain effect, immutable and compared by value.
    final class EffectBox: Hashable, Sendable {
        let effect: CurtainEffect

        init(_ effect: CurtainEffect) { self.effect = effect }

        static func == (first: EffectBox, second: EffectBox) -> Bool {
            first === second || first.effect == second.effect
        }

        func hash(into hasher: inout Hasher) { hasher.combine(effect) }
    }

    /// How a fill decides what is inside a self-intersecting path.
    public enum FillRule: String, Hashable, Sendable, CaseIterable {
        /// Inside where the winding number is not zero.
        case nonzero
        /// Inside where a ray crosses the path an odd number of times.
        case evenodd
    }

    /// A filled path.
    public struct Fill: Hashable, Sendable {
        /// The element id (stable across frames).
        public var id: String
        /// The outline, in the current group's coordinates.
        public var path: Path
        /// A colour or a gradient.
        public var paint: Paint
        /// How self-intersections are filled.
        public var rule: FillRule

        /// A fill op.
        public init(id: String, path: Path, paint: Paint, rule: FillRule = .nonzero) {
            self.id = id
            self.path = path
            self.paint = paint
            self.rule = rule
        }
    }

    /// Line end shape (Canvas `lineCap`).
    public enum LineCap: String, Hashable, Sendable, CaseIterable {
        /// Flat at the end point.
        case butt
        /// A half circle past the end point.
        case round
        /// A half square past the end point.
        case square
    }

    /// Line corner shape (Canvas `lineJoin`).
    public enum LineJoin: String, Hashable, Sendable, CaseIterable {
        /// A sharp corner.
        case miter
        /// A rounded corner.
        case round
        /// A cut-off corner.
        case bevel
    }

    /// A stroked path in one colour.
    public struct Stroke: Hashable, Sendable {
        /// The element id (stable across frames).
        public var id: String
        /// The line, in the current group's coordinates.
        public var path: Path
        /// The stroke colour.
        public var color: RGBAColor
        /// Line width in points.
        public var width: Double
        /// How open ends are drawn.
        public var cap: LineCap
        /// How corners are drawn.
        public var join: LineJoin

        /// A stroke op; the defaults are Canvas's.
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

        /// The font family: "Inter", "DejaVu Sans Mono" for the monospaced design, or the
        /// family a component's own font file is named by.
        public var family: String {
            get {
                switch naming {
                case .system(let design): design.systemFamily
                case .named(let named): named.family
                }
            }
            set { naming = Naming(family: newValue, file: file, face: face) }
        }
        /// CSS-style weight, one of `weights`.
        public var weight: Int
        /// Size in points.
        public var size: Double
        /// Points added after every character (SwiftUI's `.tracking`); 0, and then omitted
        /// from JSON, for untracked text.
        public var tracking: Double
        /// For a component's own font: the file's name in the component's folder, which a
        /// renderer that fetches fonts loads `family` from (morphd serves it at
        /// `/userfonts/<file>`); nil, and omitted from JSON, for Inter and DejaVu Sans Mono.
        public var file: String? {
            get { if case .named(let named) = naming { named.file } else { nil } }
            set { naming = Naming(family: family, file: newValue, face: nil) }
        }
        /// The font file read, when the list was built in this process (not read back from
        /// JSON): what cairo draws and MorphKit measured. Not part of equality: the list's
        /// JSON (`file`) is.
        public var face: FontFile? { if case .named(let named) = naming { named.face } else { nil } }
        /// `family`, `file` and `face` in one word: the two system families, which nearly
        /// every op is in, as their design, so those ops copy and compare no string and no
        /// reference.
        private var naming: Naming

        private enum Naming: Hashable, Sendable {
            case system(MorphCore.Font.Design)
            case named(Named)

            init(family: String, file: String?, face: FontFile?) {
                if file == nil, let design = MorphCore.Font.Design.allCases.first(where: { $0.systemFamily == family }) {
                    self = .system(design)
                } else {
                    self = .named(Named(family: family, file: file, face: face))
                }
            }
        }

        /// Any other family, with the file it is drawn from (a component's own font).
        private final class Named: Hashable, Sendable {
            let family: String
            let file: String?
            let face: FontFile?

            init(family: String, file: String?, face: FontFile?) {
                self.family = family
                self.file = file
                self.face = face
            }

            static func == (lhs: Named, rhs: Named) -> Bool {
                lhs === rhs || (lhs.family == rhs.family && lhs.file == rhs.file)
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(family)
                hasher.combine(file)
            }
        }

        /// A font; Inter regular, untracked, unless told otherwise.
        public init(
            family: String = "Inter", weight: Int = 400, size: Double, tracking: Double = 0, file: String? = nil,
            face: FontFile? = nil
        ) {
            naming = Naming(family: family, file: file, face: face)
            self.weight = weight
            self.size = size
            self.tracking = tracking
        }

        /// A font in a system family: what text in the system font's designs builds, with
        /// nothing to look up.
        init(design: MorphCore.Font.Design, weight: Int, size: Double) {
            naming = .system(design)
            self.weight = weight
            self.size = size
            tracking = 0
        }

        /// The system font's design this font is in, nil for another family.
        var systemDesign: MorphCore.Font.Design? { if case .system(let design) = naming { design } else { nil } }
    }

    /// One already-broken line of text with its alphabetic baseline origin.
    public struct TextLine: Hashable, Sendable {
        /// The baseline origin's x, in the current group's coordinates.
        public var x: Double
        /// The alphabetic baseline's y.
        public var y: Double
        /// The characters drawn on this line.
        public var text: String
        /// Stretches of `text` in a font other than the op's (inline code), ascending and
        /// disjoint; the rest is in the op's font. Empty (and then omitted from JSON) for
        /// one-font lines.
        public var runs: [TextRun]

        /// A line drawn from its baseline origin.
        public init(x: Double, y: Double, text: String, runs: [TextRun] = []) {
            self.x = x
            self.y = y
            self.text = text
            self.runs = runs
        }
    }

    /// A stretch of a line in its own font. Renderers draw a line as consecutive pieces, each
    /// starting where the previous one's advance ended, with pair kerning inside a piece only.
    public struct TextRun: Hashable, Sendable {
        /// First Unicode scalar of the line's text in this run (code points, not UTF-16).
        public var start: Int
        /// One past the run's last scalar.
        public var end: Int
        /// The font the stretch is drawn in.
        public var font: Font

        /// A run of scalars `start..<end` in `font`.
        public init(start: Int, end: Int, font: Font) {
            self.start = start
            self.end = end
            self.font = font
        }
    }

    /// Text laid out in MorphKit: each line drawn as one run from its baseline origin, no
    /// further wrapping, so both renderers break lines identically.
    public struct Text: Hashable, Sendable {
        /// The element id (stable across frames).
        public var id: String
        /// The font every line is drawn in.
        public var font: Font
        /// The text colour.
        public var color: RGBAColor
        /// The lines, already broken.
        public var lines: [TextLine]

        /// A text op.
        public init(id: String, font: Font, color: RGBAColor, lines: [TextLine]) {
            self.id = id
            self.font = font
            self.color = color
            self.lines = lines
        }
    }

    /// An element of the page's accessibility mirror; hidden elements are not listed.
    public struct AccessibilityElement: Hashable, Sendable {
        /// The id of the scene node it describes.
        public var id: String
        /// What kind of element it is.
        public var role: AccessibilityRole
        /// What it is called (read first).
        public var label: String
        /// Omitted from JSON when empty.
        public var value: String
        /// Omitted from JSON when empty.
        public var hint: String
        /// Viewport coordinates, points.
        public var frame: Rect

        /// An element; empty value and hint are omitted.
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

extension DisplayList.Group {
    /// A group; the defaults change nothing.
    ///
    /// Through the memberwise initializer: one of the type's own, setting the fields one by
    /// one, built the group in a temporary and copied it out (its strings and arrays retained,
    /// then the temporary's released) on every push a frame makes.
    public init(
        id: String, transform: AffineTransform = .identity, opacity: Double = 1, clip: Path? = nil,
        shadow: Shadow? = nil, effect: CurtainEffect? = nil
    ) {
        self.init(
            opacity: opacity, id: id, transform: transform, clip: clip, shadow: shadow,
            effectBox: effect.map { DisplayList.EffectBox($0) })
    }
}
