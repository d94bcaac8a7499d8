extension NodeTemplate {
    /// A picture in a frame. The node is a group (its id, its frame as bounds, its opacity,
    /// and a clip when it has a corner radius or overflows with `fill`) around the picture's
    /// own op, `<id>.image`: the group machinery does opacity and clipping for every renderer.
    struct ImageTemplate: Sendable {
        var source: String
        var pixelSize: Size
        var frame: ExpressionReference
        var contentMode: ImageContentMode
        var interpolation: ImageInterpolation
        var opacity: ExpressionReference?
        var cornerRadius: ExpressionReference?

        /// The id of the picture inside image node `id`.
        static func pictureID(of id: String) -> String { id + ".image" }
    }
}

extension DataComponent {
    /// The group and picture of an image node (`NodeTemplate.ImageTemplate`).
    func imageNode(
        _ id: String, _ image: NodeTemplate.ImageTemplate, _ inputs: ExpressionInputs, accessibility: SceneNode.Accessibility?
    ) -> SceneNode {
        let code = definition.code
        let frame = code.rect(image.frame, inputs)
        let clip: Path? =
            if let radius = image.cornerRadius {
                Path(roundedRect: frame, cornerRadius: max(0, code.number(radius, inputs)), style: .continuous)
            } else if image.contentMode == .fill {
                Path(rect: frame)
            } else {
                nil
            }
        return .group(
            id, opacity: image.opacity.map { code.number($0, inputs) } ?? 1, clip: clip, bounds: frame,
            accessibility: accessibility,
            children: [
                .image(
                    NodeTemplate.ImageTemplate.pictureID(of: id), source: image.source,
                    rect: image.contentMode.drawRect(imageSize: image.pixelSize, in: frame),
                    interpolation: image.interpolation)
            ])
    }
}
