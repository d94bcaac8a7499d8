import MorphJSON

extension MorphContainer: ComponentConfiguration {
    /// `.morphContainer`.
    public static var component: ComponentKind { .morphContainer }

    /// Reads the keys; missing keys keep the defaults.
    public init(members json: JSONCursor) throws(JSONError) {
        let defaults = MorphContainer()
        func color(_ key: String, _ fallback: ColorValue) throws(JSONError) -> ColorValue {
            try json.optional(key).map { (cursor) throws(JSONError) in try ColorValue(json: cursor) } ?? fallback
        }
        self.init(
            surface: try color("surface", defaults.surface), accent: try color("accent", defaults.accent),
            artA: try color("artA", defaults.artA), artB: try color("artB", defaults.artB),
            cornerRadiusOpen: try json.optional("cornerRadiusOpen")?.nonNegativeNumber() ?? defaults.cornerRadiusOpen,
            dampingFraction: defaults.dampingFraction)
        if let cursor = try json.optional("interpolation") {
            let name = try cursor.string()
            guard let value = StateInterpolation(rawValue: name) else {
                let names = StateInterpolation.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw cursor.fail("\"\(name)\" is not one of \(names)")
            }
            interpolation = value
        }
        if let damping = try json.optional("dampingFraction") {
            dampingFraction = try damping.number()
            guard dampingFraction > 0 else { throw damping.fail("dampingFraction must be positive") }
        }
    }

    /// Every key, in the schema's order.
    public var members: [JSONValue.Member] {
        [
            .init("surface", surface.jsonValue), .init("accent", accent.jsonValue), .init("artA", artA.jsonValue),
            .init("artB", artB.jsonValue), .init("cornerRadiusOpen", .number(cornerRadiusOpen)),
            .init("dampingFraction", .number(dampingFraction)), .init("interpolation", .string(interpolation.rawValue)),
        ]
    }
}
