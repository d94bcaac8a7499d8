import MorphJSON

extension ComponentDefinition {
    /// The machine that runs, as `morph export --machine` prints it (`schemas/machine.schema.json`):
    /// every transition per source state in the order they are tried, guards and effects as
    /// the file wrote them.
    public var machineDefinition: MachineDefinition {
        typealias Item = MachineDefinition.Item
        var events: [Item] = []
        var guards: [Item] = []
        var effects: [Item] = []
        var transitions: [MachineDefinition.Transition] = []
        func add(_ items: inout [Item], _ name: String, _ summary: String) {
            if !items.contains(where: { $0.name == name }) { items.append(Item(name, summary)) }
        }
        for state in machine.states.indices {
            for transition in machine.transitions where transition.from.contains(state) {
                add(&events, transition.eventName, Self.summary(of: transition.trigger))
                if let guardSource = transition.guardSource {
                    add(&guards, guardSource, "An expression; the transition is taken when it is non-zero.")
                }
                for effect in transition.effectSources { add(&effects, effect, "Run in order when the transition is taken.") }
                transitions.append(
                    MachineDefinition.Transition(
                        from: machine.states[state], event: transition.eventName, guard: transition.guardSource,
                        to: machine.states[transition.to ?? state], effects: transition.effectSources))
            }
        }
        if let scrubVariable {
            events.append(
                Item("scrub", "A value overrides \(variables[scrubVariable].name) (scrubbing is 1) until a scrub of null."))
        }
        return MachineDefinition(
            machine: name, component: kind.rawValue, states: machine.states, initialState: machine.states[0],
            events: events, guards: guards, effects: effects, transitions: transitions)
    }

    /// A field's type and bounds as JSON Schema keywords.
    private static func schema(of field: ConfigurationField) -> [JSONValue.Member] {
        var members: [JSONValue.Member]
        switch field.type {
        case .number, .integer:
            members = [.init("type", .string(field.type.rawValue))]
            for (key, bound) in [
                ("minimum", field.minimum), ("maximum", field.maximum), ("exclusiveMinimum", field.exclusiveMinimum),
                ("exclusiveMaximum", field.exclusiveMaximum),
            ] {
                if let bound { members.append(.init(key, .number(bound))) }
            }
        case .boolean: members = [.init("type", .string("boolean"))]
        case .text:
            members = [.init("type", .string("string"))]
            if let choices = field.choices { members.append(.init("enum", .array(choices.map { .string($0) }))) }
        case .color: members = [.init("$ref", .string("#/$defs/color"))]
        case .spring: members = [.init("oneOf", springForms)]
        case .icon: members = [.init("enum", .array(Icon.allCases.map { .string($0.rawValue) }))]
        case .colors, .list:
            members = [
                .init("type", .string("array")),
                .init("minItems", .number(Double(field.minItems ?? (field.type == .colors ? 1 : 0)))),
            ]
            if let maxItems = field.maxItems { members.append(.init("maxItems", .number(Double(maxItems)))) }
            let items: JSONValue =
                field.type == .colors
                ? .object([.init("$ref", .string("#/$defs/color"))])
                : .object([
                    .init("type", .string("object")), .init("required", .array(field.items.map { .string($0.name) })),
                    .init("properties", .object(field.items.map { .init($0.name, .object(schema(of: $0))) })),
                ])
            members.append(.init("items", items))
            if !field.uniqueItems.isEmpty {
                // JSON Schema has no "unique by property": `uniqueItems` refuses only entries
                // repeated whole; `x-uniqueKeys` names the items for the page and other tools.
                let names = field.uniqueItems.joined(separator: ", ")
                members += [
                    .init("uniqueItems", .bool(true)),
                    .init("x-uniqueKeys", .array(field.uniqueItems.map { .string($0) })),
                    .init(
                        "$comment",
                        .string(
                            "Entries differ in \(names) (a repeat keys its nodes by it). JSON Schema cannot say so: "
                                + "uniqueItems refuses only entries repeated whole, and x-uniqueKeys names the items "
                                + "that morph and the preview page check")),
                ]
            }
        }
        return members
    }

    /// A spring field's two forms, each an object of exactly its two numbers, with the bounds
    /// `SpringFieldValue` reads them within.
    private static var springForms: JSONValue {
        func number(minimum: Double, maximum: Double? = nil) -> JSONValue {
            .object(
                [.init("type", .string("number")), .init("minimum", .number(minimum))]
                    + (maximum.map { [.init("maximum", .number($0))] } ?? []))
        }
        func form(_ title: String, _ keys: (String, String), _ first: JSONValue, _ second: JSONValue) -> JSONValue {
            .object([
                .init("title", .string(title)), .init("type", .string("object")),
                .init("properties", .object([.init(keys.0, first), .init(keys.1, second)])),
                .init("required", .array([.string(keys.0), .string(keys.1)])),
                .init("additionalProperties", .bool(false)),
            ])
        }
        return .array([
            form(
                "response and damping fraction", SpringFieldValue.responseKeys, number(minimum: 0),
                number(minimum: 0, maximum: SpringFieldValue.maximumDampingFraction)),
            form(
                "duration and bounce", SpringFieldValue.durationKeys, number(minimum: 0),
                number(minimum: SpringFieldValue.minimumBounce, maximum: 1)),
        ])
    }

    private static func summary(of trigger: MachineTemplate.Trigger) -> String {
        switch trigger {
        case .tap: "A tap (10 pt slop, 0.5 s) on the node, hit tested where the variables are heading."
        case .press: "A button press released inside the node."
        case .dragStart:
            "A drag (10 pt minimum distance unless the event gives minimumDistance) began on the node, hit tested where the variables are heading."
        case .dragChange: "The drag moved; drag.translation, drag.velocity and drag.predictedEnd… are its value."
        case .dragEnd: "The drag ended; drag.predictedEndTranslation is SwiftUI's projection (0.25 s of velocity)."
        case .settled: "The variable's spring came to rest."
        case .environment: "An environment change (Reduce Motion, Dynamic Type, colour scheme, viewport)."
        case .set: "A configuration field was set."
        }
    }

    /// The configuration's JSON Schema (2020-12), generated from the fields: what
    /// `morph export --component FILE --config-schema` prints and `--set` values must satisfy.
    public var configurationSchema: JSONValue {
        let colorNames = SystemColor.allCases.map { JSONValue.string($0.rawValue) }
        let unit = JSONValue.object([
            .init("type", .string("number")), .init("minimum", .number(0)), .init("maximum", .number(1)),
        ])
        let color = JSONValue.object([
            .init(
                "oneOf",
                .array([
                    .object([
                        .init("type", .string("array")), .init("items", unit), .init("minItems", .number(4)),
                        .init("maxItems", .number(4)),
                    ]),
                    .object([.init("enum", .array(colorNames))]),
                ]))
        ])
        var properties: [JSONValue.Member] = [
            .init("format", .object([.init("const", .string("morph.config.\(name)"))])),
            .init("version", .object([.init("const", .number(1))])),
        ]
        for field in fields {
            var members = Self.schema(of: field)
            members.append(.init("default", field.defaultValue))
            if !field.summary.isEmpty { members.append(.init("description", .string(field.summary))) }
            properties.append(.init(field.name, .object(members)))
        }
        return .object([
            .init("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            .init("title", .string("\(name) configuration (morph.config.\(name), version 1)")),
            .init(
                "description",
                .string("Generated from the component file's fields. Every key is optional; a missing key keeps its default.")),
            .init("type", .string("object")),
            .init("properties", .object(properties)),
            .init("$defs", .object([.init("color", color)])),
        ])
    }
}
