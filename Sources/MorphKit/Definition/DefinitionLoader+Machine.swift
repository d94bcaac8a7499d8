import MorphJSON

extension DefinitionLoader {
    mutating func loadMachine(_ cursor: JSONCursor) throws(DefinitionError) -> MachineTemplate {
        let statesCursor = try json { () throws(JSONError) in try cursor.required("states") }
        var states: [String] = []
        for state in try json({ () throws(JSONError) in try statesCursor.elements() }) {
            let name = try json { () throws(JSONError) in try state.string() }
            guard !states.contains(name) else { throw fail(.badReference, state, "state '\(name)' is listed twice") }
            states.append(name)
        }
        guard !states.isEmpty else {
            throw fail(.malformed, statesCursor, "a machine has at least one state (the first is initial)")
        }
        func state(_ cursor: JSONCursor) throws(DefinitionError) -> Int {
            let name = try json { () throws(JSONError) in try cursor.string() }
            guard let index = states.firstIndex(of: name) else {
                throw fail(.badReference, cursor, "unknown state '\(name)' (states: \(states.joined(separator: ", ")))")
            }
            return index
        }
        var transitions: [MachineTemplate.Transition] = []
        for item in try json({ () throws(JSONError) in try cursor.required("transitions").elements() }) {
            let fromCursor = try json { () throws(JSONError) in try item.required("from") }
            var from: Set<Int> = []
            switch fromCursor.value {
            case .string("*"): from = Set(states.indices)
            case .string: from = [try state(fromCursor)]
            default:
                for element in try json({ () throws(JSONError) in try fromCursor.elements() }) { from.insert(try state(element)) }
            }
            let on = try json { () throws(JSONError) in try item.required("on") }
            let (trigger, minimumDistance) = try loadTrigger(on)
            let region = try pressRegion(on)
            let autorepeat = try pressAutorepeat(on)
            let entry = try entryTarget(trigger, on, region: region)
            let guardExpression = try expression(item, "guard", .number)
            var to: Int?
            if let target = try json({ () throws(JSONError) in try item.optional("to") }) { to = try state(target) }
            var effects: [MachineTemplate.Effect] = []
            var effectSources: [String] = []
            if let list = try json({ () throws(JSONError) in try item.optional("effects") }) {
                for effect in try json({ () throws(JSONError) in try list.elements() }) {
                    effects.append(try loadEffect(effect))
                    effectSources.append(Self.describe(effect.value))
                }
            }
            for name in entry?.names ?? [] { compiler.scope.withdraw(name) }
            let guardSource = try json { () throws(JSONError) in try item.optional("guard") }.map { Self.describe($0.value) }
            transitions.append(
                MachineTemplate.Transition(
                    from: from, trigger: trigger, guardExpression: guardExpression, to: to, effects: effects,
                    eventName: region == nil && !autorepeat
                        ? Self.eventName(trigger, variables: variables, minimumDistance: minimumDistance)
                        : Self.describe(on.value),
                    guardSource: guardSource, effectSources: effectSources, minimumDistance: minimumDistance, region: region,
                    autorepeat: autorepeat, entry: entry?.target))
        }
        return MachineTemplate(states: states, transitions: transitions, variableCount: variables.count)
    }

    /// `tap(card)`, `press(close)`, `settled(progress)`, `environment`, `set`.
    static func eventName(
        _ trigger: MachineTemplate.Trigger, variables: [ComponentDefinition.Variable], minimumDistance: Double? = nil
    ) -> String {
        if case .dragStart(let id) = trigger, let minimumDistance {
            return "dragStart(\(id), minimumDistance: \(JSONText.number(minimumDistance)))"
        }
        return switch trigger {
        case .tap(let id): "tap(\(id))"
        case .press(let id): "press(\(id))"
        case .dragStart(let id): "dragStart(\(id))"
        case .dragChange(let id): "dragChange(\(id))"
        case .dragEnd(let id): "dragEnd(\(id))"
        case .settled(let index): "settled(\(variables[index].name))"
        case .environment: "environment"
        case .set: "set"
        }
    }

    /// An expression or effect as the file wrote it: `animate(progress, to: 1, with: spring(…))`.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return JSONText.number(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .object(let members):
            guard let verb = members.first else { return "" }
            let rest = members.dropFirst().map { "\($0.key): \(describe($0.value))" }
            return "\(verb.key)(\(([describe(verb.value)] + rest).joined(separator: ", ")))"
        default: return value.canonicalText
        }
    }

    /// The keys a `press` event may carry besides `press`.
    static let pressOptions: Set<String> = ["region", "autorepeat"]

    /// Whether `cursor` is a `press` event with options (`region`, `autorepeat`).
    static func isPressWithOptions(_ cursor: JSONCursor) -> Bool {
        guard case .object(let members) = cursor.value, members.count >= 2, members[0].key == "press" else { return false }
        let options = members.dropFirst().map(\.key)
        return Set(options).count == options.count && options.allSatisfy(pressOptions.contains)
    }

    /// A `press` event's `region` (a rect expression), when it names one.
    mutating func pressRegion(_ cursor: JSONCursor) throws(DefinitionError) -> ExpressionReference? {
        guard Self.isPressWithOptions(cursor), case .object(let members) = cursor.value,
            members.contains(where: { $0.key == "region" })
        else { return nil }
        return try requiredExpression(cursor, "region", .rect)
    }

    /// A `press` event's `autorepeat` (false when absent).
    func pressAutorepeat(_ cursor: JSONCursor) throws(DefinitionError) -> Bool {
        guard Self.isPressWithOptions(cursor) else { return false }
        return try json { () throws(JSONError) in try cursor.optional("autorepeat")?.bool() } ?? false
    }

    /// An event, and a `dragStart`'s `minimumDistance` (SwiftUI's `DragGesture(minimumDistance:)`).
    func loadTrigger(_ cursor: JSONCursor) throws(DefinitionError) -> (MachineTemplate.Trigger, Double?) {
        if Self.isPressWithOptions(cursor), case .object(let members) = cursor.value {
            let idCursor = try json { () throws(JSONError) in try cursor.required("press") }
            let id = try json { () throws(JSONError) in try idCursor.string() }
            // With a region, a control that is not a node: its id is what `pressed` reads.
            guard members.contains(where: { $0.key == "region" }) || isTarget(id) else {
                throw fail(.badReference, idCursor, unknownNode(id))
            }
            return (.press(id), nil)
        }
        if case .object(let members) = cursor.value, members.count == 2, members[0].key == "dragStart",
            members[1].key == "minimumDistance"
        {
            let distanceCursor = try json { () throws(JSONError) in try cursor.required("minimumDistance") }
            let distance = try json { () throws(JSONError) in try distanceCursor.number() }
            guard distance >= 0 else { throw fail(.malformed, distanceCursor, "minimumDistance must be at least 0") }
            let id = try json { () throws(JSONError) in try cursor.required("dragStart").string() }
            guard isTarget(id) else { throw fail(.badReference, cursor, unknownNode(id)) }
            return (.dragStart(id), distance)
        }
        return (try loadPlainTrigger(cursor), nil)
    }

    private func loadPlainTrigger(_ cursor: JSONCursor) throws(DefinitionError) -> MachineTemplate.Trigger {
        switch cursor.value {
        case .string("environment"): return .environment
        case .string("set"): return .set
        case .object(let members) where members.count == 1:
            let member = try json { () throws(JSONError) in try cursor.required(members[0].key) }
            switch members[0].key {
            case "tap", "press", "dragStart", "dragChange", "dragEnd":
                let id = try json { () throws(JSONError) in try member.string() }
                guard isTarget(id) else { throw fail(.badReference, member, unknownNode(id)) }
                switch members[0].key {
                case "tap": return .tap(id)
                case "press": return .press(id)
                case "dragStart": return .dragStart(id)
                case "dragChange": return .dragChange(id)
                default: return .dragEnd(id)
                }
            case "settled": return .settled(try variable(member))
            default: break
            }
        default: break
        }
        throw fail(
            .malformed, cursor,
            "an event is {\"tap\": node id}, {\"press\": node id}, {\"dragStart\"|\"dragChange\"|\"dragEnd\": node id}, {\"settled\": variable}, \"environment\" or \"set\""
        )
    }

    mutating func loadEffect(_ cursor: JSONCursor) throws(DefinitionError) -> MachineTemplate.Effect {
        if let name = try json({ () throws(JSONError) in try cursor.optional("animate") }) {
            let index = try variable(name)
            return .animate(
                variable: index, to: try requiredExpression(cursor, "to", variables[index].type),
                with: try requiredExpression(cursor, "with", .animation))
        }
        if let name = try json({ () throws(JSONError) in try cursor.optional("configure") }) {
            let key = try json { () throws(JSONError) in try name.string() }
            guard let index = fields.firstIndex(where: { $0.name == key }),
                [.number, .integer, .boolean].contains(fields[index].type)
            else {
                throw fail(
                    .badReference, name,
                    "no number, integer or boolean field '\(key)' (fields: \(fields.map(\.name).joined(separator: ", ")))")
            }
            return .configure(field: index, to: try requiredExpression(cursor, "to", .number))
        }
        for key in ["jump", "set"] {
            if let name = try json({ () throws(JSONError) in try cursor.optional(key) }) {
                let index = try variable(name)
                return .jump(variable: index, to: try requiredExpression(cursor, "to", variables[index].type), verb: key)
            }
        }
        throw fail(
            .malformed, cursor,
            "an effect is {\"animate\": variable, \"to\": …, \"with\": …}, {\"jump\": variable, \"to\": …} or {\"set\": variable, \"to\": …}"
        )
    }

    /// Whether a pointer event may name `id`: a fixed node, or every copy of a node of a
    /// repeat's template (`dots.*.dot`, `rows.*.chips.*.chip`).
    func isTarget(_ id: String) -> Bool { nodeIDs.contains(id) || entryPattern(id) != nil }

    /// `<repeat pattern>.*.<template id>` split into the repeat (`rows`, or `rows.*.chips` for
    /// one inside the rows' template) and the node of its template; nil for any other id.
    func entryPattern(_ id: String) -> (target: RepeatTarget, templateID: String)? {
        guard let star = id.range(of: ".*.", options: .backwards),
            let target = repeatTargets[String(id[..<star.lowerBound])]
        else { return nil }
        let templateID = String(id[star.upperBound...])
        return target.localIDs.contains(templateID) ? (target, templateID) : nil
    }

    /// For an event on a repeated node (`{"tap": "dots.*.dot"}`): the copies it takes, with
    /// `index` and `item.<name>` (and `<repeat id>.index` and `<repeat id>.item.<name>` for it
    /// and each enclosing repeat) bound for its guard and effects to slots written with the
    /// entries hit. The caller withdraws `names` once they are compiled.
    mutating func entryTarget(
        _ trigger: MachineTemplate.Trigger, _ on: JSONCursor, region: ExpressionReference?
    ) throws(DefinitionError) -> (target: MachineTemplate.EntryTarget, names: [String])? {
        guard region == nil, let id = trigger.node, let (innermost, templateID) = entryPattern(id) else { return nil }
        var chain = [innermost]
        while let outer = chain[0].outer, let target = repeatTargets[outer] { chain.insert(target, at: 0) }
        // Written when the event fires, like the drag: they change with input.
        let dependency: ExpressionDependency = [.motion, .continuous]
        var names: [String] = []
        var levels: [MachineTemplate.EntryTarget.Level] = []
        for (depth, target) in chain.enumerated() {
            let items = fields[target.field].items
            var prefixes = ["\(target.repeatID)."]
            if depth == chain.count - 1 { prefixes.append("") }
            var slots: [(index: Int, items: [Int])] = []
            for prefix in prefixes {
                let levelNames = ["\(prefix)index"] + items.map { "\(prefix)item.\($0.name)" }
                if let taken = levelNames.first(where: { compiler.scope.binds($0) }) {
                    throw fail(
                        .badReference, on, "an event on a repeated node reads '\(taken)', which is already defined in the file")
                }
                names += levelNames
                let index = compiler.scope.declare(levelNames[0], .number, dependency: dependency) ?? 0
                slots.append(
                    (
                        index,
                        zip(levelNames.dropFirst(), items).map { name, item in
                            compiler.scope.declare(name, item.expressionType, dependency: dependency) ?? 0
                        }
                    ))
            }
            levels.append(
                MachineTemplate.EntryTarget.Level(
                    prefix: depth == 0 ? "\(target.repeatID)." : ".\(target.repeatID).", field: target.field,
                    keyItem: target.keyItem, slots: slots))
        }
        return (MachineTemplate.EntryTarget(levels: levels, suffix: ".\(templateID)"), names)
    }

    /// Why `id` is no target: no node has it, or it is a repeated node's, whose id follows its
    /// entry's key (an event names every copy of it with `*` for the key).
    func unknownNode(_ id: String) -> String {
        if let star = id.range(of: ".*.", options: .backwards), let target = repeatTargets[String(id[..<star.lowerBound])] {
            return "the template of the repeat '\(id[..<star.lowerBound])' has no node '\(id[star.upperBound...])' "
                + "(its nodes: \(target.localIDs.sorted().joined(separator: ", ")))"
        }
        if let repeatID = repeatedIDs[id] ?? repeatIDs.first(where: { id.hasPrefix("\($0).") }) {
            // The repeat as events name it (after the repeats it is inside).
            let repeatPattern = repeatTargets.keys.sorted().first { repeatTargets[$0]?.repeatID == repeatID } ?? repeatID
            let templateID =
                repeatedIDs[id] != nil
                ? id : repeatTargets[repeatPattern]?.localIDs.sorted().first { id.hasSuffix(".\($0)") }
            let pattern = "'\(repeatPattern).*.\(templateID ?? "<node>")'"
            return "'\(id)' is a node of the repeat '\(repeatID)': its id follows its entry's key, so an event names "
                + "every entry's copy as \(pattern) (the guard and effects read the entry hit as index and item.<name>)"
        }
        return "no node has id '\(id)'"
    }
}
