import MorphJSON

extension DefinitionLoader {
    /// An `image` node: `source` (a constant, read and checked now), `frame` (a rect
    /// expression), `contentMode` (default `stretch`, SwiftUI's `.resizable()` alone),
    /// `interpolation` (default `medium`), and the optional `opacity` and `cornerRadius` its
    /// group applies.
    mutating func loadImage(_ cursor: JSONCursor, id: String) throws(DefinitionError) -> NodeTemplate.ImageTemplate {
        let pictureID = NodeTemplate.ImageTemplate.pictureID(of: id)
        guard nodeIDs.insert(pictureID).inserted else {
            throw fail(
                .badReference, cursor, "node id '\(pictureID)' is used twice (the image '\(id)' draws its picture under it)")
        }
        let sourceCursor = try json { () throws(JSONError) in try cursor.required("source") }
        guard case .string(let source) = sourceCursor.value else {
            throw fail(
                .typeMismatch, sourceCursor,
                "an image source is a file name or a data:image/png;base64, URI (a constant string), found \(sourceCursor.value.typeName)"
            )
        }
        let asset: ImageAsset
        if let known = images.first(where: { $0.source == source }) {
            asset = known
        } else {
            do {
                asset = try ImageAsset.load(source, from: directory)
            } catch {
                throw fail(.badReference, sourceCursor, error.description)
            }
            let pixels = images.reduce(asset.pixelWidth * asset.pixelHeight) { $0 + $1.pixelWidth * $1.pixelHeight }
            guard pixels <= ImageSource.maxPixelsPerComponent else {
                throw fail(
                    .badReference, sourceCursor,
                    "the component's pictures have \(pixels) pixels together; at most \(ImageSource.maxPixelsPerComponent)")
            }
            images.append(asset)
        }
        return NodeTemplate.ImageTemplate(
            source: source, pixelSize: asset.pixelSize, frame: try requiredExpression(cursor, "frame", .rect),
            contentMode: try json { () throws(JSONError) in
                try cursor.optional("contentMode")?.enumeration(ImageContentMode.self)
            } ?? .stretch,
            interpolation: try json { () throws(JSONError) in
                try cursor.optional("interpolation")?.enumeration(ImageInterpolation.self)
            } ?? .medium,
            opacity: try expression(cursor, "opacity", .number), cornerRadius: try expression(cursor, "cornerRadius", .number))
    }
}

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
        let program = definition.program
        let frame = program.evaluate(image.frame, inputs).rect
        let clip: Path? =
            if let radius = image.cornerRadius {
                Path(roundedRect: frame, cornerRadius: max(0, program.evaluate(radius, inputs).number), style: .continuous)
            } else if image.contentMode == .fill {
                Path(rect: frame)
            } else {
                nil
            }
        return .group(
            id, opacity: image.opacity.map { program.evaluate($0, inputs).number } ?? 1, clip: clip, bounds: frame,
            accessibility: accessibility,
            children: [
                .image(
                    NodeTemplate.ImageTemplate.pictureID(of: id), source: image.source,
                    rect: image.contentMode.drawRect(imageSize: image.pixelSize, in: frame),
                    interpolation: image.interpolation)
            ])
    }
}
