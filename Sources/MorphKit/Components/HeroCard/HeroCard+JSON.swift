import MorphJSON

extension HeroCard: ComponentConfiguration {
    /// `.heroCard`.
    public static var component: ComponentKind { .heroCard }

    /// Reads the keys; missing keys keep the defaults.
    public init(members json: JSONCursor) throws(JSONError) {
        let defaults = HeroCard()
        func icon(_ cursor: JSONCursor) throws(JSONError) -> Icon {
            let name = try cursor.string()
            guard let icon = Icon(rawValue: name) else {
                throw cursor.fail(
                    "\"\(name)\" is not one of \(Icon.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            return icon
        }
        var colors = defaults.colors
        if let cursor = try json.optional("colors") {
            colors = try cursor.elements().map { (element) throws(JSONError) in try ColorValue(json: element) }
            guard !colors.isEmpty else { throw cursor.fail("at least one colour is needed") }
        }
        var rows = defaults.rows
        if let cursor = try json.optional("rows") {
            rows = try cursor.elements().map { (element) throws(JSONError) in
                Row(title: try element.required("title").string(), systemImage: try icon(try element.required("systemImage")))
            }
        }
        self.init(
            title: try json.optional("title")?.string() ?? defaults.title,
            subtitle: try json.optional("subtitle")?.string() ?? defaults.subtitle,
            systemImage: try json.optional("systemImage").map(icon) ?? defaults.systemImage,
            colors: colors, detail: try json.optional("detail")?.string() ?? defaults.detail, rows: rows)
    }

    /// Every key, in the schema's order.
    public var members: [JSONValue.Member] {
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
        ]
    }
}
