import MorphJSON

extension Curtain: ComponentConfiguration {
    /// `.curtain`.
    public static var component: ComponentKind { .curtain }

    /// Reads the keys; missing keys keep the defaults.
    public init(members json: JSONCursor) throws(JSONError) {
        self.init()
        if let cursor = try json.optional("folds") {
            folds = try cursor.integer()
            guard Self.foldRange.contains(folds) else { throw cursor.fail("folds must be in 1...8, found \(folds)") }
        }
    }

    /// Every key, in the schema's order.
    public var members: [JSONValue.Member] {
        [.init("folds", .number(Double(folds)))]
    }
}
