import MorphJSON

extension DefinitionLoader {
    /// An `image` node: `source` (a constant, read and checked now), `frame` (a rect
    /// expression), `contentMode` (default `stretch`, SwiftUI's `.resizable()` alone),
    /// `interpolation` (default `medium`), and the optional `opacity` and `cornerRadius` its
    /// group applies.
    mutating func loadImage(_ cursor: JSONCursor, id: String) throws(DefinitionError) -> NodeTemplate.ImageTemplate {
        let pictureID = NodeTemplate.ImageTemplate.pictureID(of: id)
        // In a repeat's template the picture's id is the copy's (`<repeat>.<key>.<id>.image`).
        guard repeatCopy != nil || nodeIDs.insert(pictureID).inserted else {
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
