import MorphJSON

/// A configuration field's current value.
enum FieldValue: Hashable, Sendable {
    case number(Double)
    case color(ColorValue)
    case text(String)

    /// The value as an expression reads it in `scheme`.
    func expressionValue(in scheme: ColorScheme) -> ExpressionValue {
        switch self {
        case .number(let number): .number(number)
        case .color(let color): .color(color.resolved(in: scheme))
        case .text(let text): .text(text)
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
        case .text: return .text(try json.string())
        }
    }

    /// The JSON form of a value of this field.
    func jsonValue(_ value: FieldValue) -> JSONValue {
        switch (type, value) {
        case (.boolean, .number(let number)): .bool(number != 0)
        case (_, .number(let number)): .number(number)
        case (_, .color(let color)): color.jsonValue
        case (_, .text(let text)): .string(text)
        }
    }

    /// The expression type `config.<name>` has.
    var expressionType: ExpressionType {
        switch type {
        case .number, .integer, .boolean: .number
        case .color: .color
        case .text: .text
        }
    }
}

extension DefinitionLoader {
    mutating func loadFields(_ root: JSONCursor) throws(DefinitionError) -> [ComponentDefinition.ConfigurationField] {
        guard let configuration = try json({ () throws(JSONError) in try root.optional("configuration") }) else { return [] }
        guard case .object(let members) = configuration.value else {
            throw fail(.malformed, configuration, "expected an object of field name: field")
        }
        var fields: [ComponentDefinition.ConfigurationField] = []
        for member in members {
            let cursor = try json { () throws(JSONError) in try configuration.required(member.key) }
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
            let defaultCursor = try json { () throws(JSONError) in try cursor.required("default") }
            _ = try json { () throws(JSONError) in try field.read(defaultCursor) }
            field.defaultValue = defaultCursor.value
            guard compiler.scope.declare("config.\(member.key)", field.expressionType) != nil else {
                throw fail(.badReference, cursor, "field '\(member.key)' is defined twice")
            }
            fields.append(field)
        }
        return fields
    }

    mutating func loadVariables(_ root: JSONCursor) throws(DefinitionError) {
        let cursor = try json { () throws(JSONError) in try root.required("variables") }
        guard case .object(let members) = cursor.value else {
            throw fail(.malformed, cursor, "expected an object of name: variable")
        }
        for member in members {
            let variable = try json { () throws(JSONError) in try cursor.required(member.key) }
            let initial = try json { () throws(JSONError) in try variable.optional("initial")?.number() ?? 0 }
            let unitScale = try json { () throws(JSONError) in try variable.optional("unitScale")?.number() ?? 1 }
            guard unitScale > 0 else { throw fail(.malformed, variable, "unitScale must be positive") }
            let slot = compiler.scope.slotCount
            guard compiler.scope.declare(member.key, .number) != nil,
                compiler.scope.declare("\(member.key).target", .number) != nil,
                compiler.scope.declare("\(member.key).velocity", .number) != nil
            else { throw fail(.badReference, variable, "'\(member.key)' is already defined") }
            variables.append(ComponentDefinition.Variable(name: member.key, initial: initial, unitScale: unitScale, slot: slot))
        }
    }
}
