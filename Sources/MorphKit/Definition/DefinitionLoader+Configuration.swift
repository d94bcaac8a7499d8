import MorphJSON

/// A configuration field's current value.
enum FieldValue: Hashable, Sendable {
    case number(Double)
    case color(ColorValue)
    case text(String)
    case colors([ColorValue])
    /// A list's entries, each its item values in item order.
    case list([[FieldValue]])
    case spring(SpringFieldValue)

    /// The value as an expression reads it in `scheme` at `level` (a list: its count).
    func expressionValue(in scheme: ColorScheme, level: UserInterfaceLevel = .base) -> ExpressionValue {
        switch self {
        case .number(let number): .number(number)
        case .color(let color): .color(color.resolved(in: scheme, level: level))
        case .text(let text): .text(text)
        case .colors(let colors): .colors(colors.map { $0.resolved(in: scheme, level: level) })
        case .list(let entries): .number(Double(entries.count))
        case .spring(let spring): .animation(spring.animation)
        }
    }
}

extension ComponentDefinition.ConfigurationField {
    /// Reads and checks a value of this field (from a file's default, a configuration
    /// document or `--set`); errors name the path and reason.
    func read(_ json: JSONCursor) throws(JSONError) -> FieldValue {
        switch type {
        case .number, .integer:
            let number = type == .integer ? Double(try json.integer()) : try json.number()
            if let minimum, number < minimum {
                throw json.fail("must be at least \(JSONText.number(minimum)), found \(JSONText.number(number))")
            }
            if let maximum, number > maximum {
                throw json.fail("must be at most \(JSONText.number(maximum)), found \(JSONText.number(number))")
            }
            if let exclusiveMinimum, number <= exclusiveMinimum {
                throw json.fail("must be greater than \(JSONText.number(exclusiveMinimum)), found \(JSONText.number(number))")
            }
            if let exclusiveMaximum, number >= exclusiveMaximum {
                throw json.fail("must be less than \(JSONText.number(exclusiveMaximum)), found \(JSONText.number(number))")
            }
            return .number(number)
        case .boolean: return .number(try json.bool() ? 1 : 0)
        case .color: return .color(try ColorValue(json: json))
        case .text:
            let text = try json.string()
            if let choices, !choices.contains(text) {
                throw json.fail("\"\(text)\" is not one of \(choices.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            return .text(text)
        case .icon:
            let name = try json.string()
            guard Icon(rawValue: name) != nil else {
                throw json.fail("\"\(name)\" is not one of \(Icon.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
            }
            return .text(name)
        case .colors:
            let elements = try json.elements()
            try checkCount(elements.count, json)
            return .colors(try elements.map { (element) throws(JSONError) in try ColorValue(json: element) })
        case .list:
            let elements = try json.elements()
            try checkCount(elements.count, json)
            let entries = try elements.map { (element) throws(JSONError) in
                try items.map { (item) throws(JSONError) in try item.read(try element.required(item.name)) }
            }
            try checkUniqueItems(entries, elements)
            return .list(entries)
        case .spring: return .spring(try SpringFieldValue(json: json))
        }
    }

    /// A repeat keys its copies' ids by an item: two entries with the same value would give
    /// two nodes one id.
    private func checkUniqueItems(_ entries: [[FieldValue]], _ elements: [JSONCursor]) throws(JSONError) {
        for name in uniqueItems {
            guard let index = items.firstIndex(where: { $0.name == name }) else { continue }
            var seen: [FieldValue: Int] = [:]
            for (entry, values) in entries.enumerated() {
                if let first = seen[values[index]] {
                    let value = if case .text(let text) = values[index] { text } else { "\(values[index])" }
                    throw (try elements[entry].required(name)).fail(
                        "'\(value)' is also \(elements[first].path)'s \(name): a repeat keys its nodes by \(name), "
                            + "so each entry's \(name) is different")
                }
                seen[values[index]] = entry
            }
        }
    }

    private func checkCount(_ count: Int, _ json: JSONCursor) throws(JSONError) {
        let least = minItems ?? (type == .colors ? 1 : 0)
        if count < least { throw json.fail("needs at least \(least) entries, found \(count)") }
        if let maxItems, count > maxItems { throw json.fail("takes at most \(maxItems) entries, found \(count)") }
    }

    /// Writes `value` into the field's slots, and each colour's elevated slot (`elevated`, by
    /// slot) the same colour at the elevated level; a list's missing entries read 0, '' or clear.
    func fill(_ slots: inout [ExpressionValue], _ value: FieldValue, in scheme: ColorScheme, elevated: [Int: Int]) {
        func write(_ value: FieldValue, at slot: Int) {
            slots[slot] = value.expressionValue(in: scheme)
            if let twin = elevated[slot] { slots[twin] = value.expressionValue(in: scheme, level: .elevated) }
        }
        write(value, at: slot)
        guard case .list(let entries) = value, let maxItems else { return }
        for entry in 0..<maxItems {
            for (index, item) in items.enumerated() {
                let itemSlot = slot + 1 + entry * items.count + index
                if entry < entries.count {
                    write(entries[entry][index], at: itemSlot)
                } else {
                    slots[itemSlot] = item.expressionType == .text ? .text("") : .number(0)
                }
            }
        }
    }

    /// The JSON form of a value of this field.
    func jsonValue(_ value: FieldValue) -> JSONValue {
        switch (type, value) {
        case (.boolean, .number(let number)): .bool(number != 0)
        case (_, .number(let number)): .number(number)
        case (_, .color(let color)): color.jsonValue
        case (_, .text(let text)): .string(text)
        case (_, .colors(let colors)): .array(colors.map(\.jsonValue))
        case (_, .list(let entries)):
            .array(entries.map { entry in .object(zip(items, entry).map { .init($0.name, $0.jsonValue($1)) }) })
        case (_, .spring(let spring)): spring.jsonValue
        }
    }

    /// The expression type `config.<name>` has.
    var expressionType: ExpressionType {
        switch type {
        case .number, .integer, .boolean: .number
        case .color: .color
        case .text, .icon: .text
        case .colors: .colors
        case .list: .number
        case .spring: .animation
        }
    }
}

extension DefinitionLoader {
    mutating func loadFields(_ root: JSONCursor) throws(DefinitionError) -> [ComponentDefinition.ConfigurationField] {
        guard let configuration = try json({ () throws(JSONError) in try root.optional("configuration") }) else { return [] }
        guard case .object = configuration.value else {
            throw fail(.malformed, configuration, "expected an object of field name: field")
        }
        var fields: [ComponentDefinition.ConfigurationField] = []
        for member in try self.members(configuration) {
            let cursor = member.cursor
            guard member.key != "format", member.key != "version" else {
                throw fail(.badReference, cursor, "'\(member.key)' is reserved for the configuration document's header")
            }
            let type = try json { () throws(JSONError) in
                try cursor.required("type").enumeration(ComponentDefinition.ConfigurationField.FieldType.self)
            }
            func bound(_ key: String) throws(DefinitionError) -> Double? {
                try json { () throws(JSONError) in try cursor.optional(key)?.number() }
            }
            var field = ComponentDefinition.ConfigurationField(
                name: member.key, type: type, defaultValue: .null, minimum: try bound("minimum"), maximum: try bound("maximum"),
                exclusiveMinimum: try bound("exclusiveMinimum"), exclusiveMaximum: try bound("exclusiveMaximum"),
                summary: try json { () throws(JSONError) in try cursor.optional("summary")?.string() ?? "" },
                slot: compiler.scope.slotCount)
            field.minItems = try json { () throws(JSONError) in try cursor.optional("minItems")?.integer() }
            field.maxItems = try json { () throws(JSONError) in try cursor.optional("maxItems")?.integer() }
            if type == .list { field.items = try loadItems(cursor) }
            field.choices = try loadChoices(cursor, type: type)
            let defaultCursor = try json { () throws(JSONError) in try cursor.required("default") }
            _ = try json { () throws(JSONError) in try field.read(defaultCursor) }
            field.defaultValue = defaultCursor.value
            defaultCursors[member.key] = defaultCursor
            guard compiler.scope.declare("config.\(member.key)", field.expressionType, dependency: .configuration) != nil else {
                throw fail(.badReference, cursor, "field '\(member.key)' is defined twice")
            }
            if type == .list {
                // `count` reads the list's own slot; the entries' items take the slots after it.
                compiler.scope.declareAlias("config.\(member.key).count", of: "config.\(member.key)")
            }
            for entry in 1...max(1, field.maxItems ?? 1) where type == .list {
                for item in field.items {
                    compiler.scope.declare(
                        "config.\(member.key).\(entry).\(item.name)", item.expressionType, dependency: .configuration)
                }
            }
            declareElevatedSlots(of: field)
            fields.append(field)
        }
        return fields
    }

    /// An elevated slot for each colour the field holds (its own, or each entry's colour
    /// items), after the slots the field's layout fixes: a group with `level: "elevated"`
    /// reads a configuration colour there, resolved at that level, as a sheet resolves a
    /// system colour passed into it.
    mutating func declareElevatedSlots(of field: ComponentDefinition.ConfigurationField) {
        if field.expressionType == .color || field.expressionType == .colors {
            _ = compiler.scope.declareElevated(of: field.slot)
        }
        guard field.type == .list, let maxItems = field.maxItems else { return }
        for entry in 0..<maxItems {
            for (index, item) in field.items.enumerated() where item.expressionType == .color {
                _ = compiler.scope.declareElevated(of: field.slot + 1 + entry * field.items.count + index)
            }
        }
    }

    /// A text field's `enum`: one or more different strings, the only values it takes.
    mutating func loadChoices(
        _ cursor: JSONCursor, type: ComponentDefinition.ConfigurationField.FieldType
    ) throws(DefinitionError) -> [String]? {
        guard let list = try json({ () throws(JSONError) in try cursor.optional("enum") }) else { return nil }
        guard type == .text else { throw fail(.malformed, list, "enum applies to text fields (a menu of strings)") }
        let choices = try json { () throws(JSONError) in
            try list.elements().map { (element) throws(JSONError) in try element.string() }
        }
        guard !choices.isEmpty, Set(choices).count == choices.count else {
            throw fail(.malformed, list, "enum lists one or more different strings")
        }
        return choices
    }

    /// A list field's `items` (name → `{ "type" }`, scalar types only) and its required
    /// `maxItems`; the list's count is `config.<name>.count`.
    mutating func loadItems(_ cursor: JSONCursor) throws(DefinitionError) -> [ComponentDefinition.ConfigurationField] {
        guard let maxItems = try json({ () throws(JSONError) in try cursor.optional("maxItems")?.integer() }),
            (1...64).contains(maxItems)
        else {
            throw fail(.malformed, cursor, "a list states maxItems, 1 to 64 (each entry has its own slots)")
        }
        let list = try json { () throws(JSONError) in try cursor.required("items") }
        guard case .object(let members) = list.value, !members.isEmpty else {
            throw fail(.malformed, list, "items is an object of item name: { \"type\" }")
        }
        var items: [ComponentDefinition.ConfigurationField] = []
        for member in try self.members(list) {
            let item = member.cursor
            let type = try json { () throws(JSONError) in
                try item.required("type").enumeration(ComponentDefinition.ConfigurationField.FieldType.self)
            }
            guard type != .list, type != .colors, type != .spring else {
                throw fail(.malformed, item, "a list's items are scalar fields")
            }
            items.append(
                ComponentDefinition.ConfigurationField(
                    name: member.key, type: type, defaultValue: .null, minimum: nil, maximum: nil, exclusiveMinimum: nil,
                    exclusiveMaximum: nil,
                    summary: try json { () throws(JSONError) in try item.optional("summary")?.string() ?? "" },
                    slot: 0))
        }
        return items
    }

    mutating func loadVariables(_ root: JSONCursor) throws(DefinitionError) {
        let continuous = Self.continuousVariables(root.value)
        let cursor = try json { () throws(JSONError) in try root.required("variables") }
        guard case .object = cursor.value else {
            throw fail(.malformed, cursor, "expected an object of name: variable")
        }
        for member in try self.members(cursor) {
            let variable = member.cursor
            let typeName = try json { () throws(JSONError) in try variable.optional("type")?.string() ?? "number" }
            guard let type = [ExpressionType.number, .point].first(where: { $0.rawValue == typeName }) else {
                throw fail(.malformed, variable, "a variable's type is number or point, found '\(typeName)'")
            }
            var initial = 0.0
            var initialPoint = Point.zero
            if type == .point {
                let xy = try json { () throws(JSONError) in try variable.optional("initial")?.numbers(count: 2) } ?? [0, 0]
                initialPoint = Point(x: xy[0], y: xy[1])
            } else {
                initial = try json { () throws(JSONError) in try variable.optional("initial")?.number() ?? 0 }
            }
            let unitScale = try json { () throws(JSONError) in try variable.optional("unitScale")?.number() ?? 1 }
            guard unitScale > 0 else { throw fail(.malformed, variable, "unitScale must be positive") }
            let slot = compiler.scope.slotCount
            // A variable only ever jumped or set changes at events, like the machine state;
            // one a spring moves, or a scrub drives, changes every frame meanwhile. Its target
            // moves only at events either way.
            let moving: ExpressionDependency = continuous.contains(member.key) ? [.motion, .continuous] : .motion
            guard compiler.scope.declare(member.key, type, dependency: moving) != nil,
                compiler.scope.declare("\(member.key).target", type, dependency: .motion) != nil,
                compiler.scope.declare("\(member.key).velocity", type, dependency: moving) != nil
            else { throw fail(.badReference, variable, "'\(member.key)' is already defined") }
            variables.append(
                ComponentDefinition.Variable(
                    name: member.key, type: type, initial: initial, initialPoint: initialPoint, unitScale: unitScale, slot: slot))
        }
    }

    /// The variables a frame may find mid-flight: every one an `animate` effect names, and
    /// the scrub variable. Read from the raw file before the machine is compiled (its
    /// mistakes are reported when it is).
    static func continuousVariables(_ root: JSONValue) -> Set<String> {
        var names: Set<String> = []
        if case .string(let scrub)? = root["scrub"] { names.insert(scrub) }
        guard case .array(let transitions)? = root["machine"]?["transitions"] else { return names }
        for transition in transitions {
            guard case .array(let effects)? = transition["effects"] else { continue }
            for effect in effects { if case .string(let name)? = effect["animate"] { names.insert(name) } }
        }
        return names
    }
}
