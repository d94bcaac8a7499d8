import MorphJSON

/// The copy of a repeat's template being loaded: its entry's number (from 1), the key its
/// nodes' ids are built from, and the ids its template has used (checked on the first copy).
struct RepeatCopy {
    var repeatID: String
    var number: Int
    var key: ExpressionReference
    var localIDs: Set<String>
}

extension DefinitionLoader {
    /// Keys a `repeat` node takes.
    static let repeatKeys: Set<String> = ["type", "id", "when", "accessibility", "list", "key", "node"]

    /// A `repeat` node: `{"type": "repeat", "id", "list", "key", "node"}`. The template is
    /// compiled once per entry the list can hold (`maxItems`), entry n reading
    /// `item.<name>` as `config.<list>.<n>.<name>` and `index` as n; the frame draws the first
    /// `config.<list>.count` copies in a group with the repeat's id, and each copy's node ids
    /// are `<repeat id>.<key>.<template id>`, the key being the entry's `key` item.
    mutating func loadRepeat(_ cursor: JSONCursor) throws(DefinitionError) -> NodeTemplate {
        if let outer = repeatCopy {
            throw fail(
                .malformed, cursor,
                "a repeat inside the repeat '\(outer.repeatID)' is not supported: one level of repeat (its template has no repeat)"
            )
        }
        if case .object(let members) = cursor.value, let unknown = members.first(where: { !Self.repeatKeys.contains($0.key) }) {
            throw fail(
                .malformed, cursor,
                "a repeat node has no key '\(unknown.key)' (keys: list, key, node, when, accessibility)"
                    + (unknown.key == "children" ? "; its one template is `node`" : ""))
        }
        let idCursor = try json { () throws(JSONError) in try cursor.required("id") }
        let id = try string(cursor, "id")
        guard nodeIDs.insert(id).inserted else { throw fail(.badReference, idCursor, "node id '\(id)' is used twice") }
        let listCursor = try json { () throws(JSONError) in try cursor.required("list") }
        let list = try string(cursor, "list")
        guard let fieldIndex = fields.firstIndex(where: { $0.name == list }) else {
            let lists = fields.filter { $0.type == .list }.map(\.name)
            throw fail(
                .badReference, listCursor,
                "no configuration field '\(list)'"
                    + (lists.isEmpty ? " (the file has no list field)" : " (list fields: \(lists.joined(separator: ", ")))"))
        }
        let field = fields[fieldIndex]
        guard field.type == .list, let maxItems = field.maxItems else {
            throw fail(
                .typeMismatch, listCursor,
                "'\(list)' is a \(field.type.rawValue) field: a repeat goes over a list field (\"type\": \"list\")")
        }
        let keyCursor = try json { () throws(JSONError) in try cursor.required("key") }
        let key = try string(cursor, "key")
        guard let keyItem = field.items.first(where: { $0.name == key }) else {
            throw fail(
                .badReference, keyCursor,
                "the list '\(list)' has no item '\(key)' (items: \(field.items.map(\.name).joined(separator: ", ")))")
        }
        guard keyItem.type == .text else {
            throw fail(
                .typeMismatch, keyCursor,
                "a repeat's key is a text item (each entry's ids are built from it); '\(key)' is \(keyItem.type.rawValue)")
        }
        // Two entries with one key would give two nodes one id: the field refuses them, its
        // default (checked again now) as any configuration.
        if !fields[fieldIndex].uniqueItems.contains(key) {
            fields[fieldIndex].uniqueItems.append(key)
            if let defaultCursor = defaultCursors[list] {
                _ = try json { () throws(JSONError) in try fields[fieldIndex].read(defaultCursor) }
            }
        }
        let names = ["index"] + field.items.map { "item.\($0.name)" }
        if let taken = names.first(where: { compiler.scope.binds($0) }) {
            throw fail(.badReference, cursor, "a repeat's template reads '\(taken)', which is already defined in the file")
        }
        let template = try json { () throws(JSONError) in try cursor.required("node") }
        guard case .object = template.value else {
            throw fail(.malformed, template, "a repeat's node is one node (an object), the template of each entry")
        }
        let (outerDependency, outerKeyLeaves) = (nodeDependency, nodeKeyLeaves)
        (nodeDependency, nodeKeyLeaves) = ([], [])
        let when = try expression(cursor, "when", .number)
        let accessibility = try loadAccessibility(cursor)
        let count = try compiledName("config.\(list).count", at: listCursor)
        repeatIDs.append(id)
        var copies: [NodeTemplate] = []
        var localIDs: Set<String> = []
        for number in 1...maxItems {
            for item in field.items {
                compiler.scope.declareAlias("item.\(item.name)", of: "config.\(list).\(number).\(item.name)")
            }
            _ = compiler.scope.declareConstant("index", .number(Double(number)))
            let copyKey = try compiledName("config.\(list).\(number).\(key)", at: keyCursor)
            repeatCopy = RepeatCopy(repeatID: id, number: number, key: copyKey, localIDs: localIDs)
            copies.append(try loadNode(template))
            localIDs = repeatCopy?.localIDs ?? localIDs
            repeatCopy = nil
            for name in names { compiler.scope.withdraw(name) }
        }
        for localID in localIDs where repeatedIDs[localID] == nil { repeatedIDs[localID] = id }
        // Built once per configuration when nothing in it moves, as any subtree; the copies
        // are kept on their own otherwise. The group is never kept by its children's keys:
        // how many of them are drawn is the list's count.
        let (stillIndex, keyed) = keptPart()
        nodeDependency.formUnion(outerDependency)
        nodeKeyLeaves = outerKeyLeaves + nodeKeyLeaves.filter { !outerKeyLeaves.contains($0) }
        return NodeTemplate(
            id: id, when: when, content: .repeated(NodeTemplate.RepeatTemplate(list: list, key: key, count: count)),
            accessibility: accessibility, children: copies, stillIndex: stillIndex, keyed: keyed)
    }

    /// A name the loader reads on the file's behalf (a list's count, an entry's key), noted
    /// as read by the node being loaded.
    mutating func compiledName(_ name: String, at cursor: JSONCursor) throws(DefinitionError) -> ExpressionReference {
        do {
            let reference = try compiler.compile(name)
            noteRead(reference)
            return reference
        } catch {
            throw fail(error.kind, cursor, error.message)
        }
    }

    /// A node of a repeat's template: its id is its template's, unique within the template
    /// (entries tell the copies apart), and it reads its entry's key.
    mutating func repeatedNodeID(_ id: String, _ idCursor: JSONCursor) throws(DefinitionError) -> NodeTemplate.IDKey? {
        guard var copy = repeatCopy else { return nil }
        if copy.number == 1 {
            guard copy.localIDs.insert(id).inserted else {
                throw fail(
                    .badReference, idCursor, "node id '\(id)' is used twice in the template of the repeat '\(copy.repeatID)'")
            }
            repeatCopy = copy
        }
        noteRead(copy.key)
        return NodeTemplate.IDKey(prefix: "\(copy.repeatID).", key: copy.key)
    }
}
