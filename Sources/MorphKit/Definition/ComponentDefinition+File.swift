import MorphJSON

/// The definition written back as a `morph.component` file: what `morph export --component
/// FILE --component-file` prints. It is built from the compiled parts (fields, variables,
/// the node templates, the machine's transitions), with each expression as the file wrote it,
/// and keys the loader defaulted written out (`anchor`, `lineSpacing`, `alignment`, a corner
/// style, a shadow's offset). Loading it gives a definition that behaves identically: the
/// round trip tests replay every recording through both.
extension ComponentDefinition {
    /// This definition as a component file.
    public var componentFile: JSONValue {
        var members: [JSONValue.Member] = [
            .init("format", .string(Self.format)), .init("version", .number(Double(Self.version))),
            .init("name", .string(name)),
        ]
        if !summary.isEmpty { members.append(.init("summary", .string(summary))) }
        if let hint { members.append(.init("hint", .string(hint))) }
        members.append(.init("viewport", .array([.number(defaultViewport.width), .number(defaultViewport.height)])))
        if bleed > 0 { members.append(.init("bleed", .number(bleed))) }
        if !fields.isEmpty { members.append(.init("configuration", .object(fields.map { .init($0.name, Self.file(of: $0)) }))) }
        members.append(
            .init(
                "variables",
                .object(
                    variables.map { variable in
                        let initial: [JSONValue.Member] =
                            variable.type == .point
                            ? [
                                .init("type", .string("point")),
                                .init("initial", .array([.number(variable.initialPoint.x), .number(variable.initialPoint.y)])),
                            ]
                            : [.init("initial", .number(variable.initial))]
                        return .init(variable.name, .object(initial + [.init("unitScale", .number(variable.unitScale))]))
                    })))
        if let scrubVariable { members.append(.init("scrub", .string(variables[scrubVariable].name))) }
        if let ticksPerSecond { members.append(.init("ticksPerSecond", .number(ticksPerSecond))) }
        if !letSources.isEmpty { members.append(.init("let", .object(letSources.map { .init($0.name, $0.source) }))) }
        if !fonts.isEmpty {
            members.append(
                .init("fonts", .object(fonts.keys.sorted().map { .init($0, .string(fonts[$0]!.source)) })))
        }
        members.append(.init("background", source(background)))
        members.append(.init("scene", file(of: root)))
        members.append(.init("machine", machineFile))
        if !invariants.isEmpty {
            members.append(
                .init(
                    "invariants",
                    .object(
                        invariants.map { invariant in
                            let summary: [JSONValue.Member] =
                                invariant.summary.isEmpty ? [] : [.init("summary", .string(invariant.summary))]
                            return .init(
                                invariant.name, .object([.init("expression", source(invariant.expression))] + summary))
                        })))
        }
        return .object(members)
    }

    private static func file(of field: ConfigurationField) -> JSONValue {
        var members: [JSONValue.Member] = [.init("type", .string(field.type.rawValue))]
        if field.defaultValue != .null { members.append(.init("default", field.defaultValue)) }
        if let choices = field.choices { members.append(.init("enum", .array(choices.map { .string($0) }))) }
        for (key, bound) in [
            ("minimum", field.minimum), ("maximum", field.maximum), ("exclusiveMinimum", field.exclusiveMinimum),
            ("exclusiveMaximum", field.exclusiveMaximum),
        ] {
            if let bound { members.append(.init(key, .number(bound))) }
        }
        if let minItems = field.minItems { members.append(.init("minItems", .number(Double(minItems)))) }
        if let maxItems = field.maxItems { members.append(.init("maxItems", .number(Double(maxItems)))) }
        if !field.items.isEmpty { members.append(.init("items", .object(field.items.map { .init($0.name, file(of: $0)) }))) }
        if !field.summary.isEmpty { members.append(.init("summary", .string(field.summary))) }
        return .object(members)
    }

    /// What the file wrote for `reference`; an expression the loader made itself (a default)
    /// is written as the constant it is.
    private func source(_ reference: ExpressionReference) -> JSONValue {
        if let written = expressionSources[reference.node] { return written }
        guard let value = program.constant(at: reference.node) else { return .string("0") }
        switch value {
        case .number(let number): return .number(number)
        case .point(let point): return .string("point(\(JSONText.number(point.x)), \(JSONText.number(point.y)))")
        case .text(let text): return .string("'\(text)'")
        default: return .string("0")
        }
    }

    private func file(of node: NodeTemplate) -> JSONValue {
        var members: [JSONValue.Member] = []
        func add(_ key: String, _ reference: ExpressionReference?) {
            if let reference { members.append(.init(key, source(reference))) }
        }
        func placement(_ placement: NodeTemplate.Placement) {
            add("position", placement.position)
            members.append(.init("anchor", .array([.number(placement.anchor.x), .number(placement.anchor.y)])))
            add("color", placement.color)
        }
        switch node.content {
        case .group(let group):
            members = [.init("type", .string("group")), .init("id", .string(node.id))]
            add("transform", group.transform)
            add("opacity", group.opacity)
            if let clip = group.clip { members.append(.init("clip", file(of: clip))) }
            if let shadow = group.shadow {
                members.append(
                    .init(
                        "shadow",
                        .object(
                            [
                                .init("color", source(shadow.color)), .init("radius", source(shadow.radius)),
                                .init("offset", source(shadow.offset)),
                            ] + (group.shadowWhen.map { [.init("when", source($0))] } ?? []))))
            }
            add("bounds", group.bounds)
            if let level = group.level { members.append(.init("level", .string(level.rawValue))) }
        case .shape(let path, let paint):
            members = [.init("type", .string("shape")), .init("id", .string(node.id)), .init("path", file(of: path))]
            switch paint {
            case .solid(let color): members.append(.init("fill", source(color)))
            case .linear(let from, let to, let colors):
                members.append(.init("fill", linear(from, to, .array(colors.map(source)))))
            case .linearList(let from, let to, let colors): members.append(.init("fill", linear(from, to, source(colors))))
            }
        case .text(let text):
            members = [.init("type", .string("text")), .init("id", .string(node.id))]
            add("text", text.text)
            var font: [JSONValue.Member] = text.file.map { [.init("family", .string($0.family))] } ?? []
            if let style = text.style {
                font.append(.init("style", .string(style.caseName)))
            } else {
                font.append(.init("size", text.sizeCode.map(source) ?? .number(text.font.size)))
            }
            if let weightCode = text.weightCode {
                font.append(.init("weight", source(weightCode)))
            } else if let weight = text.style == nil ? text.font.weight : text.styleWeight {
                font.append(.init("weight", .string(weight.caseName)))
            }
            members.append(.init("font", .object(font)))
            add("maxWidth", text.maxWidth)
            add("lineLimit", text.lineLimit)
            add("maxHeight", text.maxHeight)
            members.append(.init("lineSpacing", .number(text.lineSpacing)))
            members.append(.init("alignment", .string(text.alignment.caseName)))
            members.append(.init("leading", .string(text.leading.rawValue)))
            members.append(.init("tracking", .number(text.tracking)))
            members.append(.init("markdown", .bool(text.markdown)))
            placement(text.placement)
        case .icon(let icon):
            members = [
                .init("type", .string("icon")), .init("id", .string(node.id)),
                .init("icon", icon.icon.map { .string($0.rawValue) } ?? source(icon.name)),
                .init("pointSize", source(icon.pointSize)), .init("weight", .string(icon.weight.caseName)),
            ]
            placement(icon.placement)
        case .stroke(let stroke):
            members = [
                .init("type", .string("stroke")), .init("id", .string(node.id)), .init("name", .string(stroke.name)),
                .init("path", file(of: stroke.path)), .init("color", source(stroke.color)), .init("width", source(stroke.width)),
                .init("cap", .string(stroke.cap.rawValue)), .init("join", .string(stroke.join.rawValue)),
            ]
        case .image(let image):
            members = [
                .init("type", .string("image")), .init("id", .string(node.id)), .init("source", .string(image.source)),
            ]
            add("frame", image.frame)
            members.append(.init("contentMode", .string(image.contentMode.rawValue)))
            members.append(.init("interpolation", .string(image.interpolation.rawValue)))
            add("opacity", image.opacity)
            add("cornerRadius", image.cornerRadius)
        case .repeated(let repeated):
            // The template is the first copy, whose expressions are written as the file wrote them.
            members = [
                .init("type", .string("repeat")), .init("id", .string(node.id)), .init("list", .string(repeated.list)),
                .init("key", .string(repeated.key)),
            ]
            if let template = node.children.first { members.append(.init("node", file(of: template))) }
        case .effect(let effect):
            members = [
                .init("type", .string("effect")), .init("id", .string(node.id)), .init("kernel", .string(effect.kernel.rawValue)),
            ]
            add("enabled", effect.enabled)
            add("bounds", effect.bounds)
            add("drag", effect.drag)
            add("folds", effect.folds)
            add("frame", effect.frame)
        }
        members.insert(contentsOf: node.when.map { [.init("when", source($0))] } ?? [], at: 2)
        if let info = node.accessibility {
            var accessibility: [JSONValue.Member] = []
            if let when = info.when { accessibility.append(.init("when", source(when))) }
            accessibility.append(.init("role", .string(info.role.rawValue)))
            accessibility.append(.init("label", source(info.label)))
            if let value = info.value { accessibility.append(.init("value", source(value))) }
            if let hint = info.hint { accessibility.append(.init("hint", source(hint))) }
            members.append(.init("accessibility", .object(accessibility)))
        }
        // A repeat's children are its copies: its `node` is written above.
        let repeats = if case .repeated = node.content { true } else { false }
        if !repeats, !node.children.isEmpty { members.append(.init("children", .array(node.children.map(file(of:))))) }
        return .object(members)
    }

    private func linear(_ from: ExpressionReference, _ to: ExpressionReference, _ colors: JSONValue) -> JSONValue {
        .object([.init("linear", .object([.init("from", source(from)), .init("to", source(to)), .init("colors", colors)]))])
    }

    private func file(of path: NodeTemplate.PathTemplate) -> JSONValue {
        switch path {
        case .rect(let rect): .object([.init("rect", source(rect))])
        case .ellipse(let rect): .object([.init("ellipse", source(rect))])
        case .roundedRect(let rect, let radius, let style):
            .object([
                .init("roundedRect", source(rect)), .init("cornerRadius", source(radius)),
                .init("style", .string(style.caseName)),
            ])
        case .roundedRectCorners(let rect, let radii, let style):
            .object([
                .init("roundedRect", source(rect)), .init("cornerRadii", .array(radii.map(source))),
                .init("style", .string(style.caseName)),
            ])
        case .polyline(let points): .object([.init("polyline", .array(points.map(source)))])
        case .subpaths(let parts): .object([.init("subpaths", .array(parts.map(file(of:))))])
        case .svg(let data, _, nil): .object([.init("svg", .string(data))])
        case .svg(let data, _, let fit?):
            .object([
                .init("svg", .string(data)),
                .init(
                    "viewBox",
                    .array([fit.viewBox.minX, fit.viewBox.minY, fit.viewBox.width, fit.viewBox.height].map(JSONValue.number))),
                .init("in", source(fit.into)),
            ])
        }
    }

    private var machineFile: JSONValue {
        let transitions = machine.transitions.map { transition -> JSONValue in
            let from = machine.states.indices.filter { transition.from.contains($0) }
            var members: [JSONValue.Member] = [
                .init(
                    "from",
                    from.count == machine.states.count
                        ? .string("*") : .array(from.map { .string(machine.states[$0]) })),
                .init(
                    "on",
                    trigger(
                        transition.trigger, minimumDistance: transition.minimumDistance, region: transition.region,
                        autorepeat: transition.autorepeat)),
            ]
            if let guardExpression = transition.guardExpression { members.append(.init("guard", source(guardExpression))) }
            if let to = transition.to { members.append(.init("to", .string(machine.states[to]))) }
            if !transition.effects.isEmpty {
                members.append(
                    .init(
                        "effects",
                        .array(
                            transition.effects.map { effect in
                                switch effect {
                                case .animate(let variable, let to, let animation):
                                    .object([
                                        .init("animate", .string(variables[variable].name)), .init("to", source(to)),
                                        .init("with", source(animation)),
                                    ])
                                case .jump(let variable, let to, let verb):
                                    .object([.init(verb, .string(variables[variable].name)), .init("to", source(to))])
                                case .configure(let field, let to):
                                    .object([.init("configure", .string(fields[field].name)), .init("to", source(to))])
                                }
                            })))
            }
            return .object(members)
        }
        return .object([
            .init("states", .array(machine.states.map { .string($0) })), .init("transitions", .array(transitions)),
        ])
    }

    private func trigger(
        _ trigger: MachineTemplate.Trigger, minimumDistance: Double?, region: ExpressionReference?, autorepeat: Bool
    ) -> JSONValue {
        if case .press(let id) = trigger, region != nil || autorepeat {
            var members: [JSONValue.Member] = [.init("press", .string(id))]
            if let region { members.append(.init("region", source(region))) }
            if autorepeat { members.append(.init("autorepeat", .bool(true))) }
            return .object(members)
        }
        if case .dragStart(let id) = trigger, let minimumDistance {
            return .object([.init("dragStart", .string(id)), .init("minimumDistance", .number(minimumDistance))])
        }
        return switch trigger {
        case .tap(let id): .object([.init("tap", .string(id))])
        case .press(let id): .object([.init("press", .string(id))])
        case .dragStart(let id): .object([.init("dragStart", .string(id))])
        case .dragChange(let id): .object([.init("dragChange", .string(id))])
        case .dragEnd(let id): .object([.init("dragEnd", .string(id))])
        case .settled(let index): .object([.init("settled", .string(variables[index].name))])
        case .environment: .string("environment")
        case .set: .string("set")
        }
    }
}
