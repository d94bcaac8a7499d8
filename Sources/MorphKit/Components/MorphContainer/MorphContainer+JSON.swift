extension MorphContainer: JSONValueConvertible, Codable {
    init(json: JSONCursor) throws(SceneError) {
        try ConfigurationDocument.checkHeader(json, component: .morphContainer)
        let defaults = MorphContainer()
        func color(_ key: String, _ fallback: ColorValue) throws(SceneError) -> ColorValue {
            try json.optional(key).map { (cursor) throws(SceneError) in try ColorValue(json: cursor) } ?? fallback
        }
        self.init(
            surface: try color("surface", defaults.surface), accent: try color("accent", defaults.accent),
            artA: try color("artA", defaults.artA), artB: try color("artB", defaults.artB),
            cornerRadiusOpen: try json.optional("cornerRadiusOpen")?.nonNegativeNumber() ?? defaults.cornerRadiusOpen,
            dampingFraction: defaults.dampingFraction)
        if let damping = try json.optional("dampingFraction") {
            dampingFraction = try damping.number()
            guard dampingFraction > 0 else { throw damping.fail("dampingFraction must be positive") }
        }
    }

    var jsonValue: JSONValue {
        ConfigurationDocument.document(
            .morphContainer,
            [
                .init("surface", surface.jsonValue), .init("accent", accent.jsonValue), .init("artA", artA.jsonValue),
                .init("artB", artB.jsonValue), .init("cornerRadiusOpen", .number(cornerRadiusOpen)),
                .init("dampingFraction", .number(dampingFraction)),
            ])
    }

    public init(from decoder: any Decoder) throws { self = try Self.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeJSONValue(to: encoder) }

    /// Reads a configuration document (`morph.config.morph-container`); missing keys keep
    /// the seed's defaults.
    public init<Bytes: Collection<UInt8>>(json bytes: Bytes) throws(SceneError) {
        try self.init(json: JSONCursor(try JSONValue.parse(bytes)))
    }

    /// Canonical bytes of the configuration, every key written.
    public func canonicalJSON() throws(SceneError) -> [UInt8] { try ConfigurationDocument.canonicalJSON(jsonValue) }

    /// The configuration with `key` set from command-line text (JSON, or a bare string).
    public func setting(_ key: String, to text: String) throws(SceneError) -> MorphContainer {
        try MorphContainer(json: JSONCursor(try ConfigurationDocument.patch(jsonValue, key: key, text: text)))
    }
}
