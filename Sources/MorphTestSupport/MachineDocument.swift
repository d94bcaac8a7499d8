import MorphKit

extension MachineDefinition {
    /// Reads a `morph.machine` document (what `morph export --machine` writes) through the
    /// library's JSON cursor, so a test can compare an export with the value it came from. The
    /// library only writes these documents, so their reader lives with the tests.
    public init(exported bytes: some Collection<UInt8>) throws(JSONError) {
        let json = try JSONCursor(parsing: bytes)
        func strings(_ cursor: JSONCursor) throws(JSONError) -> [String] {
            try cursor.elements().map { (element) throws(JSONError) in try element.string() }
        }
        func items(_ key: String) throws(JSONError) -> [Item] {
            try json.required(key).elements().map { (item) throws(JSONError) in
                Item(try item.required("name").string(), try item.required("summary").string())
            }
        }
        self.init(
            machine: try json.required("machine").string(), component: try json.required("component").string(),
            states: try strings(try json.required("states")), initialState: try json.required("initialState").string(),
            events: try items("events"), guards: try items("guards"), effects: try items("effects"),
            transitions: try json.required("transitions").elements().map { (edge) throws(JSONError) in
                Transition(
                    from: try edge.required("from").string(), event: try edge.required("event").string(),
                    guard: try edge.optional("guard")?.string(), to: try edge.required("to").string(),
                    effects: try strings(try edge.required("effects")))
            })
        format = try json.required("format").string()
        version = try json.required("version").integer()
    }
}
