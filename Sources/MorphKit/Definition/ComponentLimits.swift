/// The bounds a component file is held to, checked where its input enters, before the work
/// or memory they bound is spent: a file over one is a `DefinitionError` of kind `limit` at
/// the line and column where it went over, so morphd keeps the last good version running.
/// Documented, with these numbers, in `schemas/component.md` ("Limits").
public enum ComponentLimits {
    /// The file's size in bytes.
    public static let fileBytes = 1 << 20
    /// Expression nodes in one file: every node the compiler makes, constants and folded
    /// operations included (the curtain uses 1 421).
    public static let expressionNodes = 100_000
    /// How deep one expression's syntax nests: parentheses, call arguments, `?:` branches and
    /// unary `-` `!` each add a level. Parsing recurses once per level.
    public static let expressionNesting = 64
    /// The depth of one expression's tree (a leaf is 1): `a + b + c` is 3 deep, though
    /// parsed by a loop. Evaluation recurses once per level, so this bounds its stack.
    public static let expressionDepth = 256
    /// UTF-8 bytes of a text value: a quoted text, or a join folded at load time, over it is
    /// a load error; a join at run time keeps this many bytes (at a character boundary).
    public static let textBytes = 1 << 16
    /// Scene nodes once every repeat is unrolled: each copy of a template counts, so a repeat
    /// inside a repeat's template counts its template once per pair of entries. A frame builds
    /// at most this many nodes.
    public static let sceneNodes = 10_000
    /// The largest magnitude of a coordinate, size or radius a shape's path is built from
    /// (larger ones are clamped), so what path building adds up stays finite.
    public static let pathCoordinate = 1e9

    /// Font sizes in points: a constant outside is refused when the file loads, a size
    /// computed by an expression is clamped into it.
    public static let fontSizes: ClosedRange<Double> = 0.01...4096
    /// UTF-8 bytes of one shape's SVG path data (`{"svg": …}`); it also holds to
    /// `Path.maximumSVGSegments` segments.
    public static let svgPathDataBytes = 1 << 16
    /// Font files a component names (`fonts`), each at most `FontFile.maxBytes`: what a
    /// session's definition holds in memory for them stays under 40 MiB.
    public static let fontFiles = 4
}
