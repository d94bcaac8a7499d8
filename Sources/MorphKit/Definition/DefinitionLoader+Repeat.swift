import MorphJSON

/// The copy of a repeat's template being loaded: its entry's number (from 1), the key its
/// nodes' ids are built from, and the ids its template has used (checked on the first copy).
struct RepeatCopy {
    var repeatID: String
    var number: Int
    var key: ExpressionReference
    var localIDs: Set<String>
    /// The list field and its items' names: what `item.<name>` reads.
    var list: String
    var items: [String]
    /// The enclosing repeats' parts of the ids (`NodeTemplate.IDKey.outer`).
    var outerIDKeys: [NodeTemplate.IDKey]
    /// How an event names the repeat: its id, after the enclosing repeat's and `.*.`.
    var pattern: String

    /// The names the template reads for this entry, `index` and `item.<name>`; each is also
    /// bound after the repeat's id (`rows.index`, `rows.item.title`), which a repeat inside
    /// this one's template reads this entry by.
    var names: [String] { Self.names(items: items) }

    static func names(items: [String]) -> [String] { ["index"] + items.map { "item.\($0)" } }
}

/// A repeat as transitions name its template's nodes (`rows.*.row`; inside a repeat's
/// template, after the enclosing one: `rows.*.chips.*.chip`).
struct RepeatTarget {
    var repeatID: String
    var field: Int
    var keyItem: Int
    var localIDs: Set<String>
    /// The enclosing repeat's pattern (`RepeatCopy.pattern`), if any.
    var outer: String?
}

extension DefinitionLoader {
    /// Keys a `repeat` node takes.
    static let repeatKeys: Set<String> = ["type", "id", "when", "accessibility", "list", "key", "node"]

    /// A `repeat` node: `{"type": "repeat", "id", "list", "key", "node"}`. The template is
    /// compiled once per entry the list can hold (`maxItems`), entry n reading
    /// `item.<name>` as `config.<list>.<n>.<name>` and `index` as n; the frame draws the first
    /// `config.<list>.count` copies in a group with the repeat's id, and each copy's node ids
    /// are `<repeat id>.<key>.<template id>`, the key being the entry's `key` item. Inside a
    /// repeat's template the ids follow the enclosing entry's (`rows.<key>.chips.<key>.chip`)
    /// and the enclosing entry is read as `<repeat id>.index` and `<repeat id>.item.<name>`.
    mutating func loadRepeat(_ cursor: JSONCursor) throws(DefinitionError) -> NodeTemplate {
        try countSceneNode(cursor)
        if case .object(let members) = cursor.value, let unknown = members.first(where: { !Self.repeatKeys.contains($0.key) }) {
            throw fail(
                .malformed, cursor,
                "a repeat node has no key '\(unknown.key)' (keys: list, key, node, when, accessibility)"
                    + (unknown.key == "children" ? "; its one template is `node`" : ""))
        }
        let idCursor = try json { () throws(JSONError) in try cursor.required("id") }
        let id = try string(cursor, "id")
        let (outerDependency, outerKeyLeaves) = (nodeDependency, nodeKeyLeaves)
        (nodeDependency, nodeKeyLeaves) = ([], [])
        // Inside a template the repeat is one of its nodes: its id is the template's, after the entry's.
        let idKey = try repeatedNodeID(id, idCursor)
        if idKey == nil, !nodeIDs.insert(id).inserted {
            throw fail(.badReference, idCursor, "node id '\(id)' is used twice")
        }
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
        let enclosing = repeatCopy
        let pattern = enclosing.map { "\($0.pattern).*.\(id)" } ?? id
        let outerIDKeys = enclosing.map { $0.outerIDKeys + [NodeTemplate.IDKey(prefix: "\($0.repeatID).", key: $0.key)] } ?? []
        let itemNames = field.items.map(\.name)
        // Inside a template `index` and `item.…` are the enclosing entry's (until this
        // repeat's copies take them over), so only its own qualified names can be taken.
        let names = RepeatCopy.names(items: itemNames)
        let qualified = names.map { "\(id).\($0)" }
        if let taken = ((enclosing == nil ? names : []) + qualified).first(where: { compiler.scope.binds($0) }) {
            throw fail(.badReference, cursor, "a repeat's template reads '\(taken)', which is already defined in the file")
        }
        let template = try json { () throws(JSONError) in try cursor.required("node") }
        guard case .object = template.value else {
            throw fail(.malformed, template, "a repeat's node is one node (an object), the template of each entry")
        }
        let when = try expression(cursor, "when", .number)
        let accessibility = try loadAccessibility(cursor)
        let count = try compiledName("config.\(list).count", at: listCursor)
        repeatIDs.append(id)
        var copies: [NodeTemplate] = []
        var localIDs: Set<String> = []
        if let enclosing { for name in enclosing.names { compiler.scope.withdraw(name) } }
        for number in 1...maxItems {
            for item in itemNames {
                for alias in ["item.\(item)", "\(id).item.\(item)"] {
                    compiler.scope.declareAlias(alias, of: "config.\(list).\(number).\(item)")
                }
            }
            for name in ["index", "\(id).index"] { _ = compiler.scope.declareConstant(name, .number(Double(number))) }
            let copyKey = try compiledName("config.\(list).\(number).\(key)", at: keyCursor)
            repeatCopies.append(
                RepeatCopy(
                    repeatID: id, number: number, key: copyKey, localIDs: localIDs, list: list, items: itemNames,
                    outerIDKeys: outerIDKeys, pattern: pattern))
            copies.append(try loadNode(template))
            localIDs = repeatCopies.removeLast().localIDs
            for name in names + qualified { compiler.scope.withdraw(name) }
        }
        if let enclosing { bindNames(of: enclosing) }
        for localID in localIDs where repeatedIDs[localID] == nil { repeatedIDs[localID] = id }
        // Built once per configuration when nothing in it moves, as any subtree; the copies
        // are kept on their own otherwise. The group is never kept by its children's keys:
        // how many of them are drawn is the list's count.
        let (stillIndex, keyed) = keptPart()
        nodeDependency.formUnion(outerDependency)
        nodeKeyLeaves = outerKeyLeaves + nodeKeyLeaves.filter { !outerKeyLeaves.contains($0) }
        // Inside a template the repeat is loaded once per enclosing entry, the same each time.
        repeatTargets[pattern] = RepeatTarget(
            repeatID: id, field: fieldIndex, keyItem: field.items.firstIndex { $0.name == key } ?? 0, localIDs: localIDs,
            outer: enclosing?.pattern)
        return NodeTemplate(
            id: id, when: when, content: .repeated(NodeTemplate.RepeatTemplate(list: list, key: key, count: count)),
            accessibility: accessibility, children: copies, stillIndex: stillIndex, keyed: keyed, idKey: idKey)
    }

    /// Binds `index` and `item.<name>` to `copy`'s entry again, once a repeat inside its
    /// template has been loaded.
    mutating func bindNames(of copy: RepeatCopy) {
        for item in copy.items {
            compiler.scope.declareAlias("item.\(item)", of: "config.\(copy.list).\(copy.number).\(item)")
        }
        _ = compiler.scope.declareConstant("index", .number(Double(copy.number)))
    }

    /// Counts one more scene node (a copy of a template's included) against
    /// `ComponentLimits.sceneNodes`.
    mutating func countSceneNode(_ cursor: JSONCursor) throws(DefinitionError) {
        sceneNodeCount += 1
        guard sceneNodeCount > ComponentLimits.sceneNodes else { return }
        let repeats = repeatCopies.reversed().map { "'\($0.repeatID)'" }.joined(separator: " inside ")
        throw fail(
            .limit, cursor,
            "the scene has more than \(ComponentLimits.sceneNodes) nodes with its repeats unrolled"
                + (repeats.isEmpty ? "" : " (each copy counts: here the repeat \(repeats), one copy per entry its list can hold)")
        )
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
            repeatCopies[repeatCopies.count - 1] = copy
        }
        // Its id reads the enclosing entries' keys too (a repeat inside a repeat's template).
        for key in [copy.key] + copy.outerIDKeys.map(\.key) { noteRead(key) }
        return NodeTemplate.IDKey(prefix: "\(copy.repeatID).", key: copy.key, outer: copy.outerIDKeys)
    }
}
