import MorphJSON

extension DisplayList {
    /// A PNG drawn scaled into a rectangle (`schemas/display-list.md`, "`image`").
    ///
    /// Only the scaling is the renderer's: the content mode was resolved into `rect` by
    /// MorphKit, and opacity, corner clip and a `fill` overflow's clip come from the
    /// enclosing group, so the op is the same for every renderer.
    public struct Image: Hashable, Sendable {
        /// The element id (stable across frames).
        public var id: String
        /// A file name or a `data:image/png;base64,` URI (`ImageSource`).
        public var source: String
        /// Where the whole picture is drawn, in the current group's coordinates.
        public var rect: Rect
        /// How scaled pixels are sampled; `medium` (omitted from JSON) unless told otherwise.
        public var interpolation: ImageInterpolation

        /// An image op.
        public init(id: String, source: String, rect: Rect, interpolation: ImageInterpolation = .medium) {
            self.id = id
            self.source = source
            self.rect = rect
            self.interpolation = interpolation
        }
    }
}

extension DisplayList.Image: JSONValueDecodable {
    package init(json: JSONCursor) throws(JSONError) {
        id = try json.required("id").string()
        let sourceCursor = try json.required("source")
        source = try sourceCursor.string()
        if case .failure(let error) = ImageSource.parse(source) { throw sourceCursor.fail(error.description) }
        rect = try json.required("rect").rect()
        interpolation = try json.optional("interpolation")?.enumeration(ImageInterpolation.self) ?? .medium
    }

    func write(to writer: inout CanonicalJSONWriter) {
        writer.writeRaw("{\"op\":\"image\",\"id\":")
        writer.writeString(id)
        writer.writeKey("source")
        writer.writeString(source)
        writer.writeKey("rect")
        writer.writeRect(rect)
        if interpolation != .medium {
            writer.writeKey("interpolation")
            writer.writeString(interpolation.rawValue)
        }
        writer.writeByte(UInt8(ascii: "}"))
    }
}
