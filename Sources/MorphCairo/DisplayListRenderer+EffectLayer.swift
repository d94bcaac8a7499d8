import CCairo
import MorphKit
import MorphRaster

extension DisplayListRenderer {
    /// The folded raster of a display list's curtain effect group, in the effect's own pixels.
    ///
    /// What `morphd` streams as tiles: the group's content drawn into the effect layer and run
    /// through the kernel, exactly as `render(_:scale:)` does before compositing it. The group's
    /// transform, clip and opacity are not applied: the page applies them when it draws the
    /// raster at `bounds`.
    public struct EffectLayer: Hashable, Sendable {
        /// The effect group's id (the curtain's `foreground`).
        public let groupID: String
        /// The effect's bounds in the group's points: where the raster is drawn.
        public let bounds: Rect
        /// The folded layer, premultiplied, `ceil(bounds.size × scale)` pixels.
        public let bitmap: Bitmap

        /// A layer folded elsewhere (a tile renderer that caches the unfolded content).
        public init(groupID: String, bounds: Rect, bitmap: Bitmap) {
            self.groupID = groupID
            self.bounds = bounds
            self.bitmap = bitmap
        }
    }

    /// The first enabled curtain effect group of `list` rendered and folded at `scale`, or nil
    /// when the list has none (no effect, or the effect is off because nothing is dragged).
    public func renderEffectLayer(of list: DisplayList, scale: Int = 2) throws(MorphCairoError) -> EffectLayer? {
        guard scale >= 1 else { throw .invalidScale(scale) }
        guard let content = effectContent(of: list) else { return nil }
        let folded = CurtainKernel(effect: content.effect).apply(to: try renderUnfolded(content, scale: scale), pool: pool)
        return EffectLayer(groupID: content.groupID, bounds: content.effect.bounds, bitmap: folded)
    }

    /// A list's first enabled curtain effect group, found without drawing: what the effect
    /// layer shows before folding depends only on `ops`, `effect.bounds` and the scale, so a
    /// caller can keep the unfolded layer while only the drag moves.
    public struct EffectContent: Hashable, Sendable {
        /// The effect group's id (the curtain's `foreground`).
        public let groupID: String
        /// The effect node: bounds, drag and folds.
        public let effect: CurtainEffect
        /// The group's content, drawn into the layer.
        public let ops: ArraySlice<DisplayList.Op>
    }

    /// The first enabled curtain effect group of `list` (see `renderEffectLayer`), or nil.
    public func effectContent(of list: DisplayList) -> EffectContent? {
        let ends = DisplayList.matchingPops(list.ops)
        for (index, op) in list.ops.enumerated() {
            guard case .push(let group) = op, let effect = group.effect, group.opacity > 0 else { continue }
            guard CurtainKernel(effect: effect).isEnabled else { continue }
            return EffectContent(
                groupID: group.id, effect: effect, ops: list.ops[(index + 1)..<(ends[index] ?? list.ops.count)])
        }
        return nil
    }

    /// The effect group's content drawn into its layer at `scale`, not yet folded.
    public func renderUnfolded(_ content: EffectContent, scale: Int) throws(MorphCairoError) -> Bitmap {
        guard scale >= 1 else { throw .invalidScale(scale) }
        let layer = try makeEffectLayer(bounds: content.effect.bounds, scale: scale)
        var pass = RenderPass(renderer: self, context: layer)
        try pass.draw(Array(content.ops))
        try layer.check()
        return try layer.surface.bitmap(scale: scale)
    }

    /// A transparent layer for an effect's content: `bounds × scale` pixels (rounded up), with
    /// the effect's top-left at the origin; shared by full renders and `renderEffectLayer`.
    func makeEffectLayer(bounds: Rect, scale: Int) throws(MorphCairoError) -> DrawingContext {
        let surface = try ImageSurface(
            width: Int((bounds.width * Double(scale)).rounded(.up)),
            height: Int((bounds.height * Double(scale)).rounded(.up)))
        let layer = try makeContext(on: surface)
        cairo_scale(layer.pointer, Double(scale), Double(scale))
        cairo_translate(layer.pointer, -bounds.minX, -bounds.minY)
        return layer
    }
}
