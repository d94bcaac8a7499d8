import MorphJSON

/// A running file component: its configuration values, animated variables and machine
/// state. The definition is shared; this is the part each session owns.
struct DataComponent: Sendable, Hashable {
    let definition: ComponentDefinition
    /// Interned (`ComponentDefinition.interned`) whenever it changes.
    private(set) var values: [FieldValue] { didSet { values = definition.interned(values) } }
    private(set) var animators: [VariableAnimator]
    /// A scrub's override of the scrub variable (the seeds' `progress` parameter).
    private(set) var override: Double?
    private(set) var state = 0
    /// The latest value of the drag in progress (or of the last one, once it ended).
    private(set) var drag: DragRecognizer.Value?
    /// Whether a drag is in progress (`dragging`).
    private(set) var isDragging = false
    /// How many effects set a value at once (`jump`, `set`, `configure`): a frame after one
    /// may differ from the one before by any amount (`morph explore`'s `jump` rule).
    private(set) var jumps = 0

    /// What a frame's inputs are built from besides the component itself.
    struct Context {
        var environment: ComponentEnvironment
        var viewport: Size
        var time: Double
        /// Hit testing reads every variable at its target (SwiftUI hit tests model geometry).
        var atTargets = false
        /// The button a pointer holds down (`pressed`; `ComponentSession.pressedControl`).
        var pressed: String? = nil
    }

    /// A component at rest in its initial state, configured by `configuration` (missing
    /// keys take the file's defaults; unknown keys are ignored, as the built-in components
    /// ignore them).
    init(definition: ComponentDefinition, configuration: JSONValue) throws(JSONError) {
        self.definition = definition
        let json = JSONCursor(configuration)
        if let format = try json.optional("format")?.string(), format != "morph.config.\(definition.name)" {
            throw .unsupportedFormat(format)
        }
        if let version = try json.optional("version")?.integer(), version != 1 { throw .unsupportedVersion(version) }
        var values: [FieldValue] = []
        for field in definition.fields {
            values.append(try field.read(try json.optional(field.name) ?? JSONCursor(field.defaultValue, path: field.name)))
        }
        self.values = definition.interned(values)
        animators = definition.variables.map(VariableAnimator.init)
    }

    @inline(__always)
    var stateName: String { definition.machine.states[state] }

    /// `old` carried over to a new load of its file: configuration values, variables (their
    /// springs mid-flight included) and the machine state keep their values wherever the new
    /// file still has a field, variable or state of that name (a value the field now refuses
    /// takes the new default); everything else starts as the new file says.
    init(reloading old: DataComponent, with definition: ComponentDefinition) {
        self.definition = definition
        let oldFields = Dictionary(
            zip(old.definition.fields.map(\.name), zip(old.definition.fields, old.values)), uniquingKeysWith: { a, _ in a })
        values = definition.interned(
            definition.fields.map { field in
                if let (oldField, value) = oldFields[field.name],
                    let kept = try? field.read(JSONCursor(oldField.jsonValue(value), path: field.name))
                {
                    return kept
                }
                // The file's default was checked when it loaded.
                return (try? field.read(JSONCursor(field.defaultValue, path: field.name))) ?? .number(0)
            })
        animators = definition.variables.map { variable in
            guard let index = old.definition.variables.firstIndex(where: { $0.name == variable.name && $0.type == variable.type })
            else { return VariableAnimator(variable) }
            return old.animators[index]
        }
        override = definition.scrubVariable == nil ? nil : old.override
        state = definition.machine.states.firstIndex(of: old.stateName) ?? 0
        drag = old.drag
        isDragging = old.isDragging
    }

    @inline(__always)
    var isAnimating: Bool { animators.contains { $0.isAnimating } }

    /// The configuration document, every field written.
    var configuration: JSONValue {
        .object(
            [.init("format", .string("morph.config.\(definition.name)")), .init("version", .number(1))]
                + zip(definition.fields, values).map { .init($0.name, $0.jsonValue($1)) })
    }

    /// Each spring field's value in both forms, by name.
    var springs: JSONValue {
        .object(
            zip(definition.fields, values).compactMap { field, value in
                guard case .spring(let spring) = value else { return nil }
                return .init(field.name, spring.bothForms)
            })
    }

    /// The component with `key` set from command-line text, read as a file's value is.
    func setting(_ key: String, to text: String) throws(JSONError) -> DataComponent {
        let patched = try ConfigurationDocument.patch(configuration, key: key, text: text)
        var updated = self
        let json = JSONCursor(patched)
        for (index, field) in definition.fields.enumerated() where field.name == key {
            updated.values[index] = try field.read(try json.required(key))
        }
        return updated
    }

    mutating func setOverride(_ value: Double?) { override = value }

    /// Records a drag's value (`drag.…`) and whether it goes on (`dragging`).
    mutating func setDrag(_ value: DragRecognizer.Value, active: Bool) {
        drag = value
        isDragging = active
    }

    /// Every variable at rest at its target: the springs of a pose have caught up.
    mutating func finishAnimations() {
        for index in animators.indices { animators[index].finish() }
    }

    /// Every running animation shown `fraction` of the way from the value its variable had in
    /// `before` (the animators just before the animation started) to its target.
    mutating func showAnimations(fraction: Double, from before: [VariableAnimator]) {
        for index in animators.indices where animators[index].isAnimating {
            animators[index].show(fraction: fraction, from: before[index])
        }
    }

    /// Variable `index` held at `value`, of its type.
    mutating func hold(variable index: Int, at value: ExpressionValue) {
        animators[index].hold(value)
    }

    /// Steps every variable to `time`, then takes one `settled` transition for a variable
    /// that has come to rest.
    mutating func advance(to time: Double, _ context: Context) {
        for index in animators.indices { animators[index].advance(to: time) }
        let awaited = definition.machine.awaitsSettling
        for index in animators.indices where index < awaited.count && awaited[index] && !animators[index].isAnimating {
            if fire(.settled(index), context) { return }
        }
    }

    /// Takes the first transition for `trigger` from the current state whose guard holds,
    /// running its effects in order. Returns whether one was taken.
    @discardableResult
    mutating func fire(_ trigger: MachineTemplate.Trigger, _ context: Context) -> Bool {
        let code = definition.code
        let transitions = definition.machine.transitions
        let candidates = state < definition.machine.transitionsFrom.count ? definition.machine.transitionsFrom[state] : []
        // Matched and read in place: binding each transition copied (retained) its names and effects.
        for index in candidates {
            guard let entry = transitions.withUnsafeBufferPointer({ self.entry($0[index], trigger) }) else { continue }
            // Only the bindings this transition reads: a drag fires one per pointer move.
            let still = stillParts(context)
            var inputs = self.inputs(context, still: still, reading: definition.transitionInputs[index])
            defer { still.giveBack(inputs.slots) }
            if let target = transitions[index].entry { write(entry, of: target, into: &inputs) }
            if let condition = transitions[index].guardExpression, code.number(condition, inputs) == 0 { continue }
            for effect in transitions[index].effects {
                switch effect {
                case .animate(let variable, let to, let animation):
                    animators[variable].animate(
                        to: code.evaluate(to, inputs), with: code.evaluate(animation, inputs).animation,
                        at: context.time)
                case .jump(let variable, let to, _):
                    animators[variable].animate(to: code.evaluate(to, inputs), with: nil, at: context.time)
                    jumps += 1
                case .configure(let index, let to):
                    jumps += 1
                    let field = definition.fields[index]
                    let number = code.number(to, inputs)
                    let json: JSONValue = field.type == .boolean ? .bool(number != 0) : .number(number)
                    if let value = try? field.read(JSONCursor(json, path: field.name)) { values[index] = value }
                }
            }
            if let to = transitions[index].to { state = to }
            return true
        }
        return false
    }

    /// Whether `transition` takes `trigger` (its state aside): no numbers for an event on a
    /// fixed node or none; for one on a repeated node's copy, the number (from 1) of the entry
    /// it belongs to in each repeat, outermost first; nil when it does not take it.
    func entry(_ transition: MachineTemplate.Transition, _ trigger: MachineTemplate.Trigger) -> [Int]? {
        guard let target = transition.entry else { return transition.trigger == trigger ? [] : nil }
        guard let id = trigger.node, transition.trigger == trigger.on(transition.trigger.node ?? "") else { return nil }
        return numbers(in: id[...], target, level: 0)
    }

    /// The entries whose keys spell `id` from `level` on (keys are unique, but one may begin
    /// another, so each is tried).
    private func numbers(in id: Substring, _ target: MachineTemplate.EntryTarget, level: Int) -> [Int]? {
        let step = target.levels[level]
        guard id.hasPrefix(step.prefix), case .list(let entries) = values[step.field] else { return nil }
        let rest = id.dropFirst(step.prefix.count)
        for (number, entry) in zip(1..., entries) {
            guard case .text(let key) = entry[step.keyItem], rest.hasPrefix(key) else { continue }
            let after = rest.dropFirst(key.count)
            if level == target.levels.count - 1 {
                if after == target.suffix { return [number] }
            } else if let inner = numbers(in: after, target, level: level + 1) {
                return [number] + inner
            }
        }
        return nil
    }

    /// Writes the entries' `index` and items where a transition on a repeated node reads
    /// them (`numbers` from `entry`; nothing for none).
    private func write(_ numbers: [Int], of target: MachineTemplate.EntryTarget, into inputs: inout ExpressionInputs) {
        for (level, number) in zip(target.levels, numbers) {
            let field = definition.fields[level.field]
            for slots in level.slots {
                inputs.slots[slots.index] = .number(Double(number))
                for (item, slot) in slots.items.enumerated() {
                    inputs.slots[slot] = inputs.slots[field.slot + 1 + (number - 1) * field.items.count + item]
                }
            }
        }
    }

    /// Every copy's id an event on a repeated node names: one per entry, in the list's order
    /// (per pair of entries for a repeat inside a repeat's template, and so on).
    private func copyIDs(_ target: MachineTemplate.EntryTarget) -> [String] {
        var ids = [""]
        for level in target.levels {
            guard case .list(let entries) = values[level.field] else { return [] }
            let keys = entries.compactMap { entry -> String? in
                if case .text(let key) = entry[level.keyItem] { return key }
                return nil
            }
            ids = ids.flatMap { id in keys.map { id + level.prefix + $0 } }
        }
        return ids.map { $0 + target.suffix }
    }

    /// Which gesture a pointer going down may start.
    enum Gesture { case tap, press, drag }

    /// The ids of nodes a `gesture` may start on in the current state, in file order: an
    /// event on a repeated node names the copy of each entry drawn, in the list's order.
    func targets(_ gesture: Gesture) -> [String] {
        var ids: [String] = []
        // A repeated node names a copy per entry (per pair of entries, one repeat in another).
        var seen: Set<String> = []
        for transition in definition.machine.transitions where transition.from.contains(state) {
            let id: String? =
                switch (gesture, transition.trigger) {
                case (.tap, .tap(let id)), (.press, .press(let id)), (.drag, .dragStart(let id)): id
                default: nil
                }
            guard let id else { continue }
            for copy in transition.entry.map(copyIDs) ?? [id] where seen.insert(copy).inserted { ids.append(copy) }
        }
        return ids
    }

    /// The touch target of the `press` of control `id` in the current state when the file
    /// gives it as a `region` (read in `context`, where the variables are heading); nil when
    /// the control is a node (its frame is the target).
    func pressRegion(_ id: String, _ context: Context) -> Rect? {
        for transition in definition.machine.transitions
        where transition.from.contains(state) && transition.trigger == .press(id) {
            guard let region = transition.region else { return nil }
            return definition.code.evaluate(region, inputs(context)).rect
        }
        return nil
    }

    /// Whether a press of control `id` in the current state acts on touch-down and repeats
    /// while held (`"autorepeat": true`, UIStepper's `autorepeat`).
    func autorepeats(_ id: String) -> Bool {
        definition.machine.transitions.contains { $0.from.contains(state) && entry($0, .press(id)) != nil && $0.autorepeat }
    }

    /// The minimum distance of the drag a pointer going down on node `id` starts in the
    /// current state (the first `dragStart` of it; SwiftUI's default 10 when none is given).
    func dragMinimumDistance(_ id: String) -> Double {
        for transition in definition.machine.transitions
        where transition.from.contains(state) && entry(transition, .dragStart(id)) != nil {
            return transition.minimumDistance ?? 10
        }
        return 10
    }

    /// Each of the file's invariants in `context`, in file order (0 is broken).
    func invariantValues(_ context: Context) -> [Double] {
        guard !definition.invariants.isEmpty else { return [] }
        let still = stillParts(context)
        let inputs = self.inputs(context, still: still)
        defer { still.giveBack(inputs.slots) }
        return definition.invariants.map { definition.code.number($0.expression, inputs) }
    }

    /// Every input slot for a frame (or a guard) in `context`.
    func inputs(_ context: Context) -> ExpressionInputs { inputs(context, still: stillParts(context)) }

    /// Every input slot in `context`, from `still`'s slots: what changes with motion is
    /// written over them (time, scrubbing, the machine state, the pressed control, drags,
    /// variables), then the `let` bindings that read it: those that move only now and then
    /// looked up by what they read (evaluated on a miss), then the rest, in file order.
    func inputs(_ context: Context, still: StillParts) -> ExpressionInputs {
        inputs(context, still: still, reading: nil)
    }

    /// `inputs(_:still:)` with only the bindings `reading` lists evaluated (all with nil); the
    /// other binding slots hold whatever the buffer held, which nothing reading them reads.
    /// Unless a kept binding is read (its key may read any motion slot), so are the motion
    /// slots `reading` does not read.
    func inputs(
        _ context: Context, still: StillParts, reading: ComponentDefinition.TransitionInputs?
    ) -> ExpressionInputs {
        // Every slot written below is written on every call, whatever the state: a buffer
        // from `takeSlots` holds some earlier frame's values in them.
        var inputs = ExpressionInputs(
            slots: still.takeSlots(), colorScheme: context.environment.colorScheme,
            dynamicTypeSize: context.environment.dynamicTypeSize)
        let readsSlot = reading?.readsKeyed == false ? reading?.readsSlot : nil
        func reads(_ slot: Int) -> Bool {
            guard let readsSlot else { return true }
            return slot < readsSlot.count && readsSlot[slot]
        }
        func reads(_ slot: BuiltinSlot) -> Bool { reads(slot.rawValue) }
        if reads(.time) { inputs.slots[BuiltinSlot.time.rawValue] = .number(finite(context.time)) }
        if reads(.scrubbing) { inputs.slots[BuiltinSlot.scrubbing.rawValue] = .number(override == nil ? 0 : 1) }
        if reads(.state) { inputs.slots[BuiltinSlot.state.rawValue] = .text(stateName) }
        if reads(.pressed) { inputs.slots[BuiltinSlot.pressed.rawValue] = .text(context.pressed ?? "") }
        if drag == nil {
            inputs.slots[BuiltinSlot.dragging.rawValue] = still.slots[BuiltinSlot.dragging.rawValue]
            for slot in BuiltinSlot.dragPoints { inputs.slots[slot.rawValue] = still.slots[slot.rawValue] }
        }
        if let drag {
            if reads(.dragging) { inputs.slots[BuiltinSlot.dragging.rawValue] = .number(isDragging ? 1 : 0) }
            // One by one: a list of the pairs was an allocation a frame.
            func write(_ slot: BuiltinSlot, _ point: @autoclosure () -> Point) {
                guard reads(slot) else { return }
                let point = point()
                inputs.slots[slot.rawValue] = .point(Point(x: finite(point.x), y: finite(point.y)))
            }
            write(.dragLocation, drag.location)
            write(.dragStartLocation, drag.startLocation)
            write(.dragTranslation, drag.translation)
            write(.dragVelocity, drag.velocity)
            write(.dragPredictedEnd, drag.predictedEndLocation)
            write(.dragPredictedEndTranslation, drag.predictedEndLocation - drag.startLocation)
        }
        for (index, variable) in definition.variables.enumerated()
        where reads(variable.slot) || reads(variable.slot + 1) || reads(variable.slot + 2) {
            var (value, target, velocity) = animators[index].readings(atTarget: context.atTargets)
            if index == definition.scrubVariable, let override { value = .number(finite(override)) }
            inputs.slots[variable.slot] = value
            inputs.slots[variable.slot + 1] = target
            inputs.slots[variable.slot + 2] = velocity
        }
        let code = definition.code
        if reading?.readsKeyed ?? true {
            // Kept bindings read no moving binding (their keys neither), so they go first, a
            // group after the groups it reads. On a miss a group's bindings are evaluated
            // into the slots, then written again unchanged.
            for (index, keyed) in definition.keyedBindings.enumerated() {
                guard StillPartsCaching.isEnabled else {
                    for binding in keyed.bindings { inputs.slots[binding.slot] = code.evaluate(binding.expression, inputs) }
                    inputs.slots[keyed.heldSlot] = .number(0)
                    continue
                }
                let entry = still.keyedBindings.entry(index, keyed.leaves, code, inputs) {
                    for binding in keyed.bindings { inputs.slots[binding.slot] = code.evaluate(binding.expression, inputs) }
                    return keyed.readElsewhere.map { inputs.slots[$0.slot] }
                }
                if case .number(let held) = inputs.slots[keyed.heldSlot], held == entry.serial { continue }
                for (binding, value) in zip(keyed.readElsewhere, entry.value) { inputs.slots[binding.slot] = value }
                inputs.slots[keyed.heldSlot] = .number(entry.serial)
            }
        }
        for binding in reading?.frameBindings ?? definition.frameBindings {
            // Numbers (most bindings) take the evaluator's path that never wraps an operand.
            inputs.slots[binding.slot] =
                binding.expression.type == .number
                ? .number(code.number(binding.expression, inputs)) : code.evaluate(binding.expression, inputs)
        }
        return inputs
    }
}
