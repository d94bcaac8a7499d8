extension Curtain: JSONTreeConvertible, Codable {
    init(json: JSONCursor) throws(SceneError) {
        try ConfigurationDocument.checkHeader(json, component: .curtain)
        self.init()
        if let cursor = try json.optional("folds") {
            folds = try cursor.integer()
            guard Self.foldRange.contains(folds) else { throw cursor.fail("folds must be in 1...8, found \(folds)") }
        }
    }

    var jsonTree: JSONTree {
        ConfigurationDocument.document(.curtain, [.init("folds", .number(Double(folds)))])
    }

    public init(from decoder: any Decoder) throws { self = try Self.decode(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try encodeJSONTree(to: encoder) }

    /// Reads a configuration document (`morph.config.curtain`); missing keys keep the defaults.
    public init<Bytes: Collection<UInt8>>(json bytes: Bytes) throws(SceneError) {
        try self.init(json: JSONCursor(try JSONTree.parse(bytes)))
    }

    /// Canonical bytes of the configuration, every key written.
    public func canonicalJSON() throws(SceneError) -> [UInt8] { try ConfigurationDocument.canonicalJSON(jsonTree) }

    /// The configuration with `key` set from command-line text.
    public func setting(_ key: String, to text: String) throws(SceneError) -> Curtain {
        try Curtain(json: JSONCursor(try ConfigurationDocument.patch(jsonTree, key: key, text: text)))
    }
}
