import CCairo
import Foundation
import MorphKit
import MorphRaster
import MorphWork

/// Draws a display list into a premultiplied RGBA bitmap through cairo, with the browser
/// canvas's semantics (`web-preview/js/ops.js`), so the server's pixels and the page's agree.
///
/// The font faces (Inter, DejaVu Sans Mono) are loaded once per process and shared by every renderer. A renderer is
/// not thread-safe; use one per thread.
public final class DisplayListRenderer {
    private let fonts: FontFaces
    /// The font files components bring, loaded as this renderer draws them.
    private let fileFonts = FileFontFaces()
    /// PNG bytes by `image` source (a file component's `imageBytes`); an inline data URI
    /// needs no entry. Changing it forgets the pictures decoded so far.
    public var images: [String: [UInt8]] = [:] {
        didSet { decodedImages = [:] }
    }
    /// Pictures decoded from `images` or data URIs, by source.
    var decodedImages: [String: ImageSurface] = [:]
    /// The pool the curtain kernel spreads its rows over (the caller's; nil: this thread).
    public let pool: WorkerPool?

    /// Takes the four Inter faces and DejaVu Sans Mono's two (loaded by the first renderer);
    /// throws `fontUnavailable` when fonts-inter or fonts-dejavu-core is missing.
    public init(pool: WorkerPool? = nil) throws(MorphCairoError) {
        fonts = try FontFaces.shared()
        self.pool = pool
    }

    /// The frame at `scale` device pixels per point: `(size + 2 · bleed) × scale` pixels,
    /// rounded, the viewport's origin `bleed` points in from the top-left (a list without
    /// bleed: exactly the viewport).
    ///
    /// - Complexity: linear in the ops, plus a blur per shadowed group over the group's inked
    ///   area and one kernel pass per enabled curtain effect.
    public func render(_ list: DisplayList, scale: Int = 2) throws(MorphCairoError) -> Bitmap {
        guard scale >= 1 else { throw .invalidScale(scale) }
        let bleed = list.bleed
        let pointWidth = list.size.width + 2 * bleed, pointHeight = list.size.height + 2 * bleed
        let width = pointWidth * Double(scale), height = pointHeight * Double(scale)
        guard width.isFinite, height.isFinite, width >= 0, height >= 0, width <= 32767, height <= 32767 else {
            throw .invalidSize(width: list.size.width, height: list.size.height)
        }
        let surface = try ImageSurface(width: Int(width.rounded()), height: Int(height.rounded()))
        let root = try makeContext(on: surface)
        cairo_scale(root.pointer, Double(scale), Double(scale))
        // A frame clips nothing: what is drawn past it (a shadow) shows on the same background.
        cairo_translate(root.pointer, bleed, bleed)
        root.setSource(list.background)
        cairo_rectangle(root.pointer, -bleed, -bleed, pointWidth, pointHeight)
        cairo_fill(root.pointer)

        var pass = RenderPass(renderer: self, context: root)
        try pass.draw(list.ops)
        try root.check()
        return try surface.bitmap(scale: scale)
    }

    /// A context with the text options both renderers share: no hinting, so glyphs sit at
    /// the positions MorphKit computed rather than snapped to pixels; greyscale antialiasing.
    func makeContext(on surface: ImageSurface) throws(MorphCairoError) -> DrawingContext {
        let context = try DrawingContext(surface: surface)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_set_font_options(context.pointer, options)
            cairo_font_options_destroy(options)
        }
        return context
    }

    /// Fills, strokes, text and images: the leaf ops, drawn into `context` under its current state.
    func draw(_ op: DisplayList.Op, on context: DrawingContext) {
        let cr = context.pointer
        switch op {
        case .fill(let fill):
            context.trace(fill.path)
            context.setSource(fill.paint)
            cairo_set_fill_rule(cr, fill.rule == .evenodd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        case .stroke(let stroke):
            guard stroke.width > 0, stroke.width.isFinite else { return }
            context.trace(stroke.path)
            context.setSource(stroke.color)
            cairo_set_line_width(cr, stroke.width)
            let cap: cairo_line_cap_t =
                switch stroke.cap {
                case .butt: CAIRO_LINE_CAP_BUTT
                case .round: CAIRO_LINE_CAP_ROUND
                case .square: CAIRO_LINE_CAP_SQUARE
                }
            let join: cairo_line_join_t =
                switch stroke.join {
                case .miter: CAIRO_LINE_JOIN_MITER
                case .round: CAIRO_LINE_JOIN_ROUND
                case .bevel: CAIRO_LINE_JOIN_BEVEL
                }
            cairo_set_line_cap(cr, cap)
            cairo_set_line_join(cr, join)
            cairo_set_miter_limit(cr, 10)  // Canvas's default
            cairo_stroke(cr)
        case .text(let text):
            draw(text, on: context)
        case .image(let image):
            draw(image, on: context)
        case .push, .pop:
            break
        }
    }

    /// Each line as glyph runs from its baseline origin, one per piece in its own face (a line
    /// with code spans is several); x positions come from MorphKit's advances, pair kerning
    /// and the font's tracking (`DisplayList.TextLine.pieces`, `TextMeasure.glyphPositions`),
    /// not from cairo, so the line ends exactly where the layout measured it; in a component's
    /// font file the glyphs too are MorphKit's (`TextMeasure.placedGlyphs`: its ligatures).
    private func draw(_ text: DisplayList.Text, on context: DrawingContext) {
        guard text.font.size > 0, text.font.size.isFinite else { return }
        let cr = context.pointer
        context.setSource(text.color)
        var glyphs: [cairo_glyph_t] = []
        for line in text.lines {
            for piece in line.pieces(in: text.font) {
                guard piece.font.size > 0, piece.font.size.isFinite else { continue }
                // A component's own font in its file (a file that FreeType refuses draws
                // nothing: MorphKit read it, so that is not expected); Inter and DejaVu Sans Mono else.
                let file = piece.file
                guard let face = file.map({ try? fileFonts.cairoFace($0) }) ?? fonts.cairoFace(piece.font) else { continue }
                glyphs.removeAll(keepingCapacity: true)
                if let file {
                    // The font file's glyphs as MorphKit shaped them: its ligatures, not a letter each.
                    for placed in TextMeasure.placedGlyphs(
                        of: piece.text, from: piece.x, font: piece.font, file: file, tracking: piece.tracking)
                    {
                        glyphs.append(cairo_glyph_t(index: UInt(placed.glyph), x: placed.x, y: line.y))
                    }
                } else {
                    for (scalar, x) in TextMeasure.glyphPositions(
                        of: piece.text, from: piece.x, font: piece.font, tracking: piece.tracking)
                    {
                        glyphs.append(cairo_glyph_t(index: fonts.glyphIndex(of: scalar, font: piece.font), x: x, y: line.y))
                    }
                }
                cairo_set_font_face(cr, face)
                cairo_set_font_size(cr, piece.font.size)
                cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
            }
        }
    }
}
