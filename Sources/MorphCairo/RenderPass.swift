import CCairo
import MorphKit
import MorphRaster

/// One walk over a display list: the group stack and the context currently drawn into
/// (it changes inside shadow and effect layers).
struct RenderPass {
    let renderer: DisplayListRenderer
    var context: DrawingContext
    private var stack: [Frame] = []

    init(renderer: DisplayListRenderer, context: DrawingContext) {
        self.renderer = renderer
        self.context = context
    }

    /// What a `push` set up and its `pop` must undo.
    private struct Frame {
        let group: DisplayList.Group
        /// The context current at the push; `save`d there, with the group's transform applied.
        let parent: DrawingContext
        /// A shadowed group draws into its own full-size layer, so its silhouette can be blurred.
        var shadowLayer: DrawingContext?
        /// An opacity group without a shadow uses cairo's own group (sized to the clip).
        var usesCairoGroup = false
        /// An enabled curtain effect: the layer its content goes to, in the layer's pixels.
        var effect: Effect?
    }

    private struct Effect {
        let kernel: CurtainKernel
        let bounds: Rect
        let scale: Int
        let layer: DrawingContext
        /// Where the folded result is drawn: the shadow layer or the parent.
        let target: DrawingContext
    }

    mutating func draw(_ ops: [DisplayList.Op]) throws(MorphCairoError) {
        let ends = DisplayList.matchingPops(ops)
        var index = 0
        while index < ops.count {
            switch ops[index] {
            case .push(let group):
                // Opacity multiplies everything in the group, shadow included: nothing to draw.
                if group.opacity <= 0 || group.opacity.isNaN {
                    index = (ends[index] ?? ops.count) + 1
                    continue
                }
                try push(group)
            case .pop:
                if let frame = stack.popLast() { try pop(frame) }
            case let leaf:
                renderer.draw(leaf, on: context)
            }
            index += 1
        }
        // A malformed list that leaves groups open still composites them.
        while let frame = stack.popLast() { try pop(frame) }
    }

    private mutating func push(_ group: DisplayList.Group) throws(MorphCairoError) {
        let parent = context
        parent.save()
        parent.concatenate(group.transform)
        var frame = Frame(group: group, parent: parent)
        var content = parent
        if group.shadow != nil {
            let surface = try ImageSurface(width: parent.surface.width, height: parent.surface.height)
            let layer = try renderer.makeContext(on: surface)
            layer.matrix = parent.matrix
            frame.shadowLayer = layer
            content = layer
        } else if group.opacity < 1 {
            cairo_push_group(parent.pointer)
            frame.usesCairoGroup = true
        }
        // The clip is in the group's coordinates and bounds its content, so a shadow is cast by
        // the clipped silhouette. For an effect group it clips the folded result.
        if let clip = group.clip { content.clip(clip) }
        if let effect = group.effect {
            let kernel = CurtainKernel(effect: effect)
            if kernel.isEnabled {
                let matrix = content.matrix
                let deviceScale = (abs(matrix.a * matrix.d - matrix.b * matrix.c)).squareRoot()
                let scale = Swift.max(1, Int(deviceScale.rounded()))
                let layer = try renderer.makeEffectLayer(bounds: effect.bounds, scale: scale)
                frame.effect = Effect(kernel: kernel, bounds: effect.bounds, scale: scale, layer: layer, target: content)
                content = layer
            }
        }
        stack.append(frame)
        context = content
    }

    private mutating func pop(_ frame: Frame) throws(MorphCairoError) {
        let group = frame.group
        let parent = frame.parent
        if let effect = frame.effect {
            try effect.layer.check()
            let folded = effect.kernel.apply(to: try effect.layer.surface.bitmap(scale: effect.scale), pool: renderer.pool)
            let result = try ImageSurface(bitmap: folded)
            let target = effect.target
            target.save()
            cairo_translate(target.pointer, effect.bounds.minX, effect.bounds.minY)
            cairo_scale(target.pointer, 1 / Double(effect.scale), 1 / Double(effect.scale))
            target.paint(result, x: 0, y: 0)
            target.restore()
        }
        if let layer = frame.shadowLayer, let shadow = group.shadow {
            try layer.check()
            // In device pixels: the offset goes through the group's linear part, the standard
            // deviation (`Shadow.gaussianStandardDeviation`, in points) through its area scale,
            // as the canvas does.
            let matrix = parent.matrix
            let areaScale = abs(matrix.a * matrix.d - matrix.b * matrix.c).squareRoot()
            let blur = GaussianBlur(sigma: shadow.gaussianStandardDeviation * areaScale)
            let dx = matrix.a * shadow.offset.x + matrix.c * shadow.offset.y
            let dy = matrix.b * shadow.offset.x + matrix.d * shadow.offset.y
            parent.save()
            cairo_identity_matrix(parent.pointer)
            if let silhouette = try layer.surface.shadow(color: shadow.color, blur: blur) {
                parent.paint(silhouette, x: dx, y: dy, alpha: group.opacity)
            }
            parent.paint(layer.surface, x: 0, y: 0, alpha: group.opacity)
            parent.restore()
        } else if frame.usesCairoGroup {
            cairo_pop_group_to_source(parent.pointer)
            cairo_paint_with_alpha(parent.pointer, clampUnit(group.opacity))
        }
        parent.restore()
        try parent.check()
        context = parent
    }
}
