extension HeroCard: JSONValueConvertible, Codable {
    init(json: JSONCursor) throws(SceneError) {
        try ConfigurationDocument.checkHeader(json, component: .heroCard)
        let defaults = HeroCard()
        func icon(_ cursor: JSONCursor) throws(SceneError) -> Icon {
            let name = try cursor.string()
            guard let icon = Icon(rawValue: name) else {
                throw cursor.fail(
                    "\"\(name)\" is not one of \(Icon.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            return icon
        }
        var colors = defaults.colors
        if let cursor = try json.optional("colors") {
            colors = try cursor.elements().map { (element) throws(SceneError) in try ColorValue(json: element) }
            guard !colors.isEmpty else { throw cursor.fail("at least one colour is needed") }
        }
        var rows = defaults.rows
        if let cursor = try json.optional("rows") {
            rows = try cursor.elements().map { (element) throws(SceneError) in
                Row(title: try element.required("title").string(), systemImage: try icon(try element.required("systemImage")))
            }
        }
        self.init(
            title: try json.optional("title")?.string() ?? defaults.title,
            subtitle: try json.optional("subtitle")?.string() ?? defaults.subtitle,
            systemImage: try json.optional("systemImage").map(icon) ?? defaults.systemImage,
            colors: colors, detail: try json.optional("detail")?.string() ?? defaults.detail, rows: rows)
    }

    var jsonValue: JSONValue {
        ConfigurationDocument.document(
            .heroCard,
            [
                .init("title", .string(title)), .init("subtitle", .string(subtitle)),
                .init("systemImage", .string(systemImage.rawValue)), .init("colors", .array(colors.map(\.jsonValue))),
                .init("detail", .string(detail)),
                .init(
                    "rows",
                    .array(
                        rows.map {
                            .object([.init("title", .string($0.title)), .init("systemImage", .string($0.systemImage.rawValue))])
                        })),
            ])
    }

    public init(from decoder: any Decoder) throws { self = try Self.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeJSONValue(to: encoder) }

    /// Reads a configuration document (`morph.config.hero-card`); missing keys keep the
    /// demo's values.
    public init<Bytes: Collection<UInt8>>(json bytes: Bytes) throws(SceneError) {
        try self.init(json: JSONCursor(try JSONValue.parse(bytes)))
    }

    /// Canonical bytes of the configuration, every key written.
    public func canonicalJSON() throws(SceneError) -> [UInt8] { try ConfigurationDocument.canonicalJSON(jsonValue) }

    /// The configuration with `key` set from command-line text (JSON, or a bare string).
    public func setting(_ key: String, to text: String) throws(SceneError) -> HeroCard {
        try HeroCard(json: JSONCursor(try ConfigurationDocument.patch(jsonValue, key: key, text: text)))
    }
}
