import CCairo
import MorphKit

/// An owned cairo context drawing into one `ImageSurface`, with the few calls the renderer
/// needs spelled in display-list terms (paths, paints, colours).
final class DrawingContext {
    let pointer: OpaquePointer
    /// The surface this context draws into; kept alive as long as the context.
    let surface: ImageSurface

    init(surface: ImageSurface) throws(MorphCairoError) {
        guard let context = cairo_create(surface.pointer) else {
            throw .cairo(status: Int(CAIRO_STATUS_NO_MEMORY.rawValue), message: "out of memory")
        }
        pointer = context
        self.surface = surface
        try checkCairo(cairo_status(context))
    }

    deinit { cairo_destroy(pointer) }

    /// The first error cairo latched on this context, if any.
    func check() throws(MorphCairoError) { try checkCairo(cairo_status(pointer)) }

    func save() { cairo_save(pointer) }
    func restore() { cairo_restore(pointer) }

    /// Applies `transform` on top of the current one (display-list `[a,b,c,d,tx,ty]` is
    /// cairo's `xx, yx, xy, yy, x0, y0`).
    func concatenate(_ transform: AffineTransform) {
        guard !transform.isIdentity else { return }
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
        cairo_transform(pointer, &matrix)
    }

    /// User space to device pixels.
    var matrix: AffineTransform {
        get {
            var matrix = cairo_matrix_t()
            cairo_get_matrix(pointer, &matrix)
            return AffineTransform(a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0, ty: matrix.y0)
        }
        set {
            var matrix = cairo_matrix_t()
            cairo_matrix_init(&matrix, newValue.a, newValue.b, newValue.c, newValue.d, newValue.tx, newValue.ty)
            cairo_set_matrix(pointer, &matrix)
        }
    }

    /// Replaces the current path with `path`; a quadratic becomes the equivalent cubic.
    func trace(_ path: Path) {
        cairo_new_path(pointer)
        for element in path.elements {
            switch element {
            case .move(let point):
                cairo_move_to(pointer, point.x, point.y)
            case .line(let point):
                cairo_line_to(pointer, point.x, point.y)
            case .quadCurve(let point, let control):
                var x0 = control.x, y0 = control.y
                if cairo_has_current_point(pointer) != 0 {
                    cairo_get_current_point(pointer, &x0, &y0)
                } else {
                    cairo_move_to(pointer, x0, y0)
                }
                cairo_curve_to(
                    pointer,
                    x0 + 2 / 3 * (control.x - x0), y0 + 2 / 3 * (control.y - y0),
                    point.x + 2 / 3 * (control.x - point.x), point.y + 2 / 3 * (control.y - point.y),
                    point.x, point.y)
            case .curve(let point, let control1, let control2):
                cairo_curve_to(pointer, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
            case .closeSubpath:
                cairo_close_path(pointer)
            }
        }
    }

    /// Intersects the clip with `path` (nonzero, like Canvas `clip()`).
    func clip(_ path: Path) {
        trace(path)
        cairo_set_fill_rule(pointer, CAIRO_FILL_RULE_WINDING)
        cairo_clip(pointer)
    }

    func setSource(_ color: RGBAColor) {
        cairo_set_source_rgba(pointer, unit(color.red), unit(color.green), unit(color.blue), unit(color.alpha))
    }

    /// Sets a display-list paint as the source. Linear gradients pad beyond their ends, as
    /// Canvas gradients do.
    func setSource(_ paint: Paint) {
        switch paint {
        case .solid(let color):
            setSource(color)
        case .linear(let from, let to, let stops):
            guard let gradient = cairo_pattern_create_linear(from.x, from.y, to.x, to.y) else { return }
            for stop in stops {
                let color = stop.color
                cairo_pattern_add_color_stop_rgba(
                    gradient, unit(stop.offset), unit(color.red), unit(color.green), unit(color.blue), unit(color.alpha))
            }
            cairo_pattern_set_extend(gradient, CAIRO_EXTEND_PAD)
            cairo_set_source(pointer, gradient)
            cairo_pattern_destroy(gradient)
        }
    }

    /// Paints `source` with its top-left at `(x, y)` in user space, times `alpha`.
    func paint(_ source: ImageSurface, x: Double, y: Double, alpha: Double = 1) {
        cairo_set_source_surface(pointer, source.pointer, x, y)
        if alpha >= 1 { cairo_paint(pointer) } else { cairo_paint_with_alpha(pointer, unit(alpha)) }
    }

    private func unit(_ value: Double) -> Double { value.isNaN ? 0 : Swift.min(1, Swift.max(0, value)) }
}
