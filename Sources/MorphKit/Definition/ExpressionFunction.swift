/// The functions of the expression language, with their overloads.
///
/// One case per overload, so the evaluator never inspects types: the compiler picks the
/// overload from the argument types once, when the file loads.
enum ExpressionFunction: Hashable, Sendable {
    case min, max, clamp, mod, floor, round, sign
    case lerpNumber, lerpPoint, lerpColor, lerpRect
    case mixNumber, mixPoint, mixColor
    case ramp, easeIn, easeOut, easeInOut
    case pow, abs, sqrt, exp, sin, cos
    case rubberClamp, rubberClampCoefficient
    case point, rect, rectFromPointSize, rgba, rgb, white, whiteAlpha, opacity
    /// A system colour, resolved for the frame's colour scheme at the interface level of the
    /// node it was written in (a group's `level`).
    case system(SystemColor, UserInterfaceLevel)
    case translate, translatePoint, scale, scaleAnchor, scaleXY, rotate, matrix, concat
    /// `measure(text, size, weight[, maxWidth, lineSpacing][, 'family'])`: in Inter, or in the
    /// file's font of that family.
    case measure(FontFile?)
    /// `scaled(value, 'style')`: `@ScaledMetric(relativeTo:)` at the frame's Dynamic Type size.
    case scaled(TextStyle)
    /// `fontSize('style')`: the text style's point size at the frame's Dynamic Type size.
    case fontSize(TextStyle)
    /// `measure(text, 'style', 'weight'[, maxWidth[, 'leading'[, tracking[, maxHeight]]]])`,
    /// `measureMarkdown(…)`, `firstBaseline(…)` and `markdownLines(…)`: a block in a Dynamic Type
    /// text style, each with an optional last `'family'` of the file's fonts.
    case measureStyle(StyledTextQuery)
    /// `symbolSize(name, pointSize)`: an icon's layout box.
    case symbolSize
    /// `symbolBaseline(name, pointSize)`: the baseline below the top of an icon's layout box.
    case symbolBaseline
    /// `text(n)`: a number as JSON writes it (`4`, `0.5`).
    case numberText
    /// `timerText(seconds)`: `Text(date, style: .timer)`, `m:ss` or `h:mm:ss`.
    case timerText
    /// `markdownText(text)`: the text with its Markdown code spans' backticks removed.
    case markdownText
    case spring, springBlend, springDuration, smooth, snappy, bouncy, interactiveSpring, interactiveSpringResponse

    /// One overload: a name, its parameter types and its result type.
    struct Overload {
        var name: String
        var parameters: [ExpressionType]
        var result: ExpressionType
        var function: ExpressionFunction
    }

    /// Every overload by name. `system`, `if`, `scaled`, `fontSize`, `measure` with a text
    /// style (their style and weight are constants, resolved once) and the optional trailing arguments of the
    /// animation presets are handled by the compiler.
    static let overloads: [String: [Overload]] = {
        let n = ExpressionType.number
        let p = ExpressionType.point
        let c = ExpressionType.color
        let r = ExpressionType.rect
        let t = ExpressionType.transform
        let a = ExpressionType.animation
        let text = ExpressionType.text
        let table: [(String, [ExpressionType], ExpressionType, ExpressionFunction)] = [
            ("min", [n, n], n, .min), ("max", [n, n], n, .max), ("clamp", [n, n, n], n, .clamp),
            ("mod", [n, n], n, .mod), ("floor", [n], n, .floor), ("round", [n], n, .round), ("sign", [n], n, .sign),
            ("lerp", [n, n, n], n, .lerpNumber), ("lerp", [p, p, n], p, .lerpPoint),
            ("lerp", [c, c, n], c, .lerpColor), ("lerp", [r, r, n], r, .lerpRect),
            ("mix", [n, n, n], n, .mixNumber), ("mix", [p, p, n], p, .mixPoint), ("mix", [c, c, n], c, .mixColor),
            ("ramp", [n, n, n], n, .ramp), ("easeIn", [n], n, .easeIn), ("easeOut", [n], n, .easeOut),
            ("easeInOut", [n], n, .easeInOut),
            ("pow", [n, n], n, .pow), ("abs", [n], n, .abs), ("sqrt", [n], n, .sqrt), ("exp", [n], n, .exp),
            ("sin", [n], n, .sin), ("cos", [n], n, .cos),
            ("rubberClamp", [n, n, n], n, .rubberClamp), ("rubberClamp", [n, n, n, n], n, .rubberClampCoefficient),
            ("point", [n, n], p, .point), ("size", [n, n], p, .point),
            ("rect", [n, n, n, n], r, .rect), ("rect", [p, p], r, .rectFromPointSize),
            ("rgba", [n, n, n, n], c, .rgba), ("rgb", [n, n, n], c, .rgb),
            ("white", [n], c, .white), ("white", [n, n], c, .whiteAlpha), ("opacity", [c, n], c, .opacity),
            ("translate", [n, n], t, .translate), ("translate", [p], t, .translatePoint),
            ("scale", [n], t, .scale), ("scale", [n, p], t, .scaleAnchor), ("scale", [n, n], t, .scaleXY),
            ("rotate", [n], t, .rotate), ("matrix", [n, n, n, n, n, n], t, .matrix), ("concat", [t, t], t, .concat),
            ("measure", [text, n, text], p, .measure(nil)), ("measure", [text, n, text, n, n], p, .measure(nil)),
            ("symbolSize", [text, n], p, .symbolSize), ("symbolBaseline", [text, n], n, .symbolBaseline),
            ("text", [n], text, .numberText), ("timerText", [n], text, .timerText),
            ("markdownText", [text], text, .markdownText),
            ("spring", [n, n], a, .spring), ("spring", [n, n, n], a, .springBlend),
            ("springDuration", [n, n], a, .springDuration),
            ("smooth", [], a, .smooth), ("smooth", [n], a, .smooth), ("smooth", [n, n], a, .smooth),
            ("snappy", [], a, .snappy), ("snappy", [n], a, .snappy), ("snappy", [n, n], a, .snappy),
            ("bouncy", [], a, .bouncy), ("bouncy", [n], a, .bouncy), ("bouncy", [n, n], a, .bouncy),
            ("interactiveSpring", [], a, .interactiveSpring),
            ("interactiveSpring", [n, n, n], a, .interactiveSpringResponse),
        ]
        var byName: [String: [Overload]] = [:]
        for (name, parameters, result, function) in table {
            byName[name, default: []].append(Overload(name: name, parameters: parameters, result: result, function: function))
        }
        return byName
    }()

    /// Whether the result depends only on the arguments (so constant arguments fold): not
    /// for the colour scheme's and the Dynamic Type size's readers.
    var isPure: Bool {
        switch self {
        case .system, .scaled, .fontSize, .measureStyle: false
        default: true
        }
    }
}

/// What a styled text call lays out and reads: its Dynamic Type style, weight (nil: the
/// style's), leading, tracking, whether the text is Markdown (code spans monospaced), and
/// whether it answers the first baseline instead of the size, and the file's font it is set
/// in (nil: Inter). All constants of the call.
struct StyledTextQuery: Hashable, Sendable {
    var style: TextStyle
    var weight: FontWeight?
    var file: FontFile?
    var leading: Font.Leading = .standard
    var tracking: Double = 0
    var markdown = false
    /// What the call answers.
    var result = Result.size

    enum Result: Hashable, Sendable {
        /// The block's size (`measure`, `measureMarkdown`).
        case size
        /// The first line's baseline below the top (`firstBaseline`).
        case firstBaseline
        /// The laid-out lines' text joined by spaces (`markdownLines`: what a wrapped
        /// label reads line by line, a word broken across lines included).
        case lines
    }

    /// The layout of `text` at `size`, `maxWidth` wide (nil: one line per paragraph), cut to
    /// the lines that fit `maxHeight` (nil: every line).
    func layout(_ text: String, at size: DynamicTypeSize, maxWidth: Double?, maxHeight: Double? = nil) -> TextLayout {
        if markdown {
            return TextLayout(
                markdown: text, style: style, at: size, weight: weight, maxWidth: maxWidth, leading: leading, tracking: tracking,
                maxHeight: maxHeight, file: file, cache: FrameCaches.current.textLayouts)
        }
        return TextLayout(
            text, style: style, at: size, weight: weight, maxWidth: maxWidth, leading: leading, tracking: tracking,
            maxHeight: maxHeight, file: file, cache: FrameCaches.current.textLayouts)
    }
}

/// Member reads on a value: `rect.midX`, `point.x`, `color.alpha`.
enum ExpressionMember: Hashable, Sendable {
    case x, y, minX, minY, maxX, maxY, midX, midY, width, height, origin, size, center
    case red, green, blue, alpha

    /// The member `name` of a value of `type` and the member's type, or nil.
    static func resolve(_ name: String, on type: ExpressionType) -> (ExpressionMember, ExpressionType)? {
        switch (type, name) {
        case (.point, "x"), (.point, "width"): (.x, .number)
        case (.point, "y"), (.point, "height"): (.y, .number)
        case (.rect, "x"), (.rect, "minX"): (.minX, .number)
        case (.rect, "y"), (.rect, "minY"): (.minY, .number)
        case (.rect, "maxX"): (.maxX, .number)
        case (.rect, "maxY"): (.maxY, .number)
        case (.rect, "midX"): (.midX, .number)
        case (.rect, "midY"): (.midY, .number)
        case (.rect, "width"): (.width, .number)
        case (.rect, "height"): (.height, .number)
        case (.rect, "origin"): (.origin, .point)
        case (.rect, "size"): (.size, .point)
        case (.rect, "center"): (.center, .point)
        case (.color, "red"): (.red, .number)
        case (.color, "green"): (.green, .number)
        case (.color, "blue"): (.blue, .number)
        case (.color, "alpha"): (.alpha, .number)
        default: nil
        }
    }

    /// The members a value of `type` has, for error messages.
    static func names(on type: ExpressionType) -> [String] {
        switch type {
        case .point: ["x", "y", "width", "height"]
        case .rect: ["x", "y", "minX", "minY", "maxX", "maxY", "midX", "midY", "width", "height", "origin", "size", "center"]
        case .color: ["red", "green", "blue", "alpha"]
        default: []
        }
    }

    func read(_ value: ExpressionValue) -> ExpressionValue {
        switch self {
        case .x: .number(value.point.x)
        case .y: .number(value.point.y)
        case .minX: .number(value.rect.minX)
        case .minY: .number(value.rect.minY)
        case .maxX: .number(finite(value.rect.maxX))
        case .maxY: .number(finite(value.rect.maxY))
        case .midX: .number(finite(value.rect.midX))
        case .midY: .number(finite(value.rect.midY))
        case .width: .number(value.rect.width)
        case .height: .number(value.rect.height)
        case .origin: .point(value.rect.origin)
        case .size: .point(Point(x: value.rect.width, y: value.rect.height))
        case .center: .point(Point(x: finite(value.rect.midX), y: finite(value.rect.midY)))
        case .red: .number(value.color.red)
        case .green: .number(value.color.green)
        case .blue: .number(value.color.blue)
        case .alpha: .number(value.color.alpha)
        }
    }
}
