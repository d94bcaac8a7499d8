/// What an expression's value can change with, worked out when the file loads.
///
/// A frame keeps what depends only on the configuration, the environment and the viewport
/// (`isStill`: `let` bindings, whole subtrees, text layouts) and builds it again only when
/// one of those changes (`DataComponent.StillParts`).
struct ExpressionDependency: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    /// A configuration field.
    static let configuration = Self(rawValue: 1 << 0)
    /// The environment: Dynamic Type, Reduce Motion, the colour scheme, the safe area.
    static let environment = Self(rawValue: 1 << 1)
    /// The viewport's size.
    static let viewport = Self(rawValue: 1 << 2)
    /// Anything that changes between frames of one configuration: time, animated variables,
    /// the machine state, scrubbing, the pressed control, drags.
    static let motion = Self(rawValue: 1 << 3)
    /// What changes on every frame while anything moves (time, drags, animated variables).
    /// Read through a function that steps (`floor`, `round`, `timerText`) it changes only at
    /// the steps, so a part that reads motion but nothing continuous can be kept between
    /// frames, keyed by the values it reads (`DataComponent.KeptByKey`).
    static let continuous = Self(rawValue: 1 << 4)

    /// Whether the value is the same in every frame of one configuration, environment and
    /// viewport.
    var isStill: Bool { !contains(.motion) }

    /// Whether a part reading it changes only now and then (state, a stepped clock) and
    /// can be kept keyed by what it reads.
    var isKeyable: Bool { contains(.motion) && !contains(.continuous) }
}

extension BuiltinSlot {
    /// What the builtin name changes with.
    var dependency: ExpressionDependency {
        switch self {
        case .viewport: .viewport
        // The environment's safe area, else the viewport preset's.
        case .safeAreaTop, .safeAreaLeading, .safeAreaBottom, .safeAreaTrailing: [.environment, .viewport]
        case .reduceMotion, .dark, .dynamicTypeScale, .dynamicTypeIndex, .accessibilitySize: .environment
        case .scrubbing, .state, .dragging, .pressed: .motion
        case .time, .dragLocation, .dragStartLocation, .dragTranslation, .dragVelocity, .dragPredictedEnd,
            .dragPredictedEndTranslation:
            [.motion, .continuous]
        }
    }
}

extension ExpressionProgram {
    /// What the expression rooted at `index` reads, given what each slot changes with:
    /// constants nothing, a slot its own dependency, the colour scheme's and Dynamic Type's
    /// readers (`system`, `scaled`, `fontSize`, `measure` in a text style) the environment,
    /// any other impure function motion.
    func dependency(of index: Int, slots: [ExpressionDependency]) -> ExpressionDependency {
        dependency(of: index, slots: slots) { dependency(of: $0, slots: slots) }
    }

    /// `dependency(of:slots:)` of node `index`, given its operands' (`known`, by node, holds
    /// every node before `index`).
    func dependency(of index: Int, slots: [ExpressionDependency], operands known: [ExpressionDependency])
        -> ExpressionDependency
    {
        dependency(of: index, slots: slots) { known[$0] }
    }

    private func dependency(
        of index: Int, slots: [ExpressionDependency], _ dependency: (Int) -> ExpressionDependency
    ) -> ExpressionDependency {
        switch nodes[index] {
        case .number, .constant: return []
        case .slot(let slot): return slot < slots.count ? slots[slot] : .motion
        case .member(_, let operand), .negate(let operand): return dependency(operand)
        // A truth value steps: it changes only when its operand crosses zero.
        case .not(let operand): return dependency(operand).subtracting(.continuous)
        case .binary(let op, let left, let right):
            let operands = dependency(left).union(dependency(right))
            return op.isTruthValue ? operands.subtracting(.continuous) : operands
        case .condition(let test, let then, let otherwise):
            return dependency(test).union(dependency(then)).union(dependency(otherwise))
        case .call(let function, let first, let count):
            var result: ExpressionDependency =
                switch function {
                case _ where function.isPure: []
                case .system, .scaled, .fontSize, .measureStyle: .environment
                // A reader this analysis does not know is taken to change every frame.
                default: [.motion, .continuous]
                }
            for k in 0..<count { result.formUnion(dependency(arguments[first + k])) }
            if function.steps, result.contains(.continuous) { result.remove(.continuous) }
            return result
        }
    }
}

extension BinaryOperator {
    /// Whether the result is a truth value (1 or 0), which steps as its operands cross.
    var isTruthValue: Bool {
        switch self {
        case .less, .lessEqual, .greater, .greaterEqual, .equal, .notEqual, .and, .or: true
        default: false
        }
    }
}

extension ExpressionFunction {
    /// Whether the result holds still between steps of a continuous argument, so a part
    /// reading it changes only at the steps (the curtain's timer once a second, its spinner
    /// eight times).
    var steps: Bool {
        switch self {
        case .floor, .round, .timerText: true
        default: false
        }
    }
}

/// One value a kept part's key holds: a slot, or a stepped call over a continuous input
/// (its value, not the input's, is what the part depends on).
enum KeyLeaf: Hashable, Sendable {
    case slot(Int)
    case expression(Int)
    /// `timerText(x)` read as the whole seconds its text shows (`TimerText.seconds`), a
    /// number: the same key as the text, without formatting it on every frame.
    case wholeSeconds(Int)
}

extension ExpressionCode {
    /// The value `leaf` holds in a key for `inputs`.
    func keyValue(_ leaf: KeyLeaf, _ inputs: ExpressionInputs) -> ExpressionValue {
        switch leaf {
        case .slot(let slot): inputs.slots[slot]
        case .expression(let node): evaluate(node, inputs)
        case .wholeSeconds(let node): .number(Double(TimerText.seconds(number(node, inputs))))
        }
    }
}

extension ExpressionProgram {
    /// The values that decide everything of the expression rooted at `index` that moves,
    /// added to `leaves` (each once): the motion slots it reads, and the stepped calls over
    /// continuous inputs. Only meaningful for a keyable expression.
    func keyLeaves(of index: Int, slots: [ExpressionDependency], into leaves: inout [KeyLeaf]) {
        let dependency = dependency(of: index, slots: slots)
        guard dependency.contains(.motion) else { return }
        func add(_ leaf: KeyLeaf) { if !leaves.contains(leaf) { leaves.append(leaf) } }
        switch nodes[index] {
        case .number, .constant: return
        case .slot(let slot): add(.slot(slot))
        case .member(_, let operand), .negate(let operand):
            keyLeaves(of: operand, slots: slots, into: &leaves)
        case .not(let operand) where self.dependency(of: operand, slots: slots).contains(.continuous):
            add(.expression(index))
        case .not(let operand):
            keyLeaves(of: operand, slots: slots, into: &leaves)
        case .binary(let op, let left, let right)
        where op.isTruthValue
            && self.dependency(of: left, slots: slots).union(self.dependency(of: right, slots: slots))
                .contains(.continuous):
            add(.expression(index))
        case .binary(_, let left, let right):
            keyLeaves(of: left, slots: slots, into: &leaves)
            keyLeaves(of: right, slots: slots, into: &leaves)
        case .condition(let test, let then, let otherwise):
            for operand in [test, then, otherwise] { keyLeaves(of: operand, slots: slots, into: &leaves) }
        case .call(let function, let first, let count):
            if function.steps,
                (0..<count).contains(where: {
                    self.dependency(of: arguments[first + $0], slots: slots).contains(.continuous)
                })
            {
                add(function == .timerText ? .wholeSeconds(arguments[first]) : .expression(index))
                return
            }
            for k in 0..<count { keyLeaves(of: arguments[first + k], slots: slots, into: &leaves) }
        }
    }
}

extension DefinitionLoader {
    /// Moves every still part of a moving expression into a slot of its own, filled once per
    /// configuration, environment and viewport with the still bindings (`StillParts`): the
    /// curtain's paragraph offsets, say, add a moving timer height to measured paragraph
    /// heights that only Dynamic Type and the width change, and a frame then reads those
    /// heights instead of measuring again. Returns the new still bindings, to run after the
    /// file's own (which they may read).
    mutating func hoistStillParts() -> [ComponentDefinition.Binding] {
        var hoisted: [ComponentDefinition.Binding] = []
        let count = compiler.program.nodes.count
        // Each node's dependency, in one pass: operands always come before the nodes that
        // read them, and a hoisted operand's slot depends on what the operand did.
        var dependencies: [ExpressionDependency] = []
        dependencies.reserveCapacity(count)
        for index in 0..<count {
            dependencies.append(
                compiler.program.dependency(of: index, slots: compiler.scope.dependencies, operands: dependencies))
        }
        for index in 0..<count {
            guard dependencies[index].contains(.motion) else { continue }
            for operand in compiler.program.operands(of: index) {
                let dependency = dependencies[operand]
                guard dependency.isStill else { continue }
                switch compiler.program.nodes[operand] {
                case .number, .constant, .slot: continue
                default: break
                }
                let slot = compiler.scope.declareHidden(dependency: dependency)
                let copy = compiler.program.append(compiler.program.nodes[operand])
                compiler.program.roots.append(copy)
                compiler.program.nodes[operand] = .slot(slot)
                // Evaluation never reads a reference's type; the slot's readers were typed when
                // they compiled.
                hoisted.append(
                    ComponentDefinition.Binding(
                        slot: slot, expression: ExpressionReference(node: copy, type: .number), isStill: true))
            }
        }
        return hoisted
    }
}

extension ExpressionProgram {
    /// The nodes `index` reads directly.
    func operands(of index: Int) -> [Int] {
        switch nodes[index] {
        case .number, .constant, .slot: []
        case .member(_, let operand), .negate(let operand), .not(let operand): [operand]
        case .binary(_, let left, let right): [left, right]
        case .condition(let test, let then, let otherwise): [test, then, otherwise]
        case .call(_, let first, let count): Array(arguments[first..<first + count])
        }
    }
}

extension DefinitionLoader {
    /// The keyable bindings of `bindings` whose keys can be read before any moving binding
    /// is evaluated, grouped by the values that decide them; empty when there are none. One
    /// whose key reads a binding a frame evaluates (`effectEnabled` comparing `dx`, say) is
    /// left to the frame, and so is every keyable binding that reads it.
    ///
    /// A binding's key is what it reads, with each kept binding it reads replaced by that
    /// binding's key, so a group reads only groups whose keys are smaller sets of the same
    /// values: in order of key size, every group comes after those it reads.
    func keyedBindings(_ bindings: [ComponentDefinition.Binding]) -> [ComponentDefinition.KeyedBindings] {
        let program = compiler.program
        var leavesBySlot: [Int: [KeyLeaf]] = [:]
        // A file writes one value in several places (the curtain's `timerText(time)` in two
        // bindings): each leaf names the first node computing it, so one value is one leaf and
        // the bindings it decides fall into one group, looked up once a frame.
        let firstEqual = program.firstEqualNodes()
        for binding in bindings where binding.isKeyable {
            var leaves: [KeyLeaf] = []
            program.keyLeaves(of: binding.expression.node, slots: compiler.scope.dependencies, into: &leaves)
            for leaf in leaves {
                let first: KeyLeaf =
                    switch leaf {
                    case .slot: leaf
                    case .expression(let node): .expression(firstEqual[node])
                    case .wholeSeconds(let node): .wholeSeconds(firstEqual[node])
                    }
                if !leavesBySlot[binding.slot, default: []].contains(first) {
                    leavesBySlot[binding.slot, default: []].append(first)
                }
            }
        }
        // The slots a frame evaluates grow as keyable bindings turn out to read them, until
        // none does. A binding reads only those before it, so in their order one pass finds
        // them all and a second confirms it (a pass per binding dropped was quadratic).
        var keptSlots = Set(bindings.filter(\.isKeyable).map(\.slot))
        var frameSlots = Set(bindings.filter { !$0.isStill && !$0.isKeyable }.map(\.slot))
        var dropped = true
        while dropped {
            dropped = false
            for binding in bindings where keptSlots.contains(binding.slot) {
                let readsFrame = leavesBySlot[binding.slot, default: []].contains { leaf in
                    switch leaf {
                    case .slot(let slot): frameSlots.contains(slot)
                    case .expression(let node), .wholeSeconds(let node): program.reads(frameSlots, from: node)
                    }
                }
                guard readsFrame else { continue }
                keptSlots.remove(binding.slot)
                frameSlots.insert(binding.slot)
                dropped = true
            }
        }
        var keyBySlot: [Int: [KeyLeaf]] = [:]
        var groups: [ComponentDefinition.KeyedBindings] = []
        var groupByKey: [Set<KeyLeaf>: Int] = [:]
        for binding in bindings where keptSlots.contains(binding.slot) {
            var key: [KeyLeaf] = []
            func add(_ leaf: KeyLeaf) { if !key.contains(leaf) { key.append(leaf) } }
            func addKeys(ofKeptSlotsReadBy node: Int) {
                for slot in program.slots(readFrom: [node]) where keptSlots.contains(slot) {
                    keyBySlot[slot, default: []].forEach(add)
                }
            }
            for leaf in leavesBySlot[binding.slot, default: []] {
                switch leaf {
                case .slot(let slot) where keptSlots.contains(slot): keyBySlot[slot, default: []].forEach(add)
                case .slot: add(leaf)
                case .expression(let node), .wholeSeconds(let node):
                    // A stepped call over a kept binding: that binding's group fills its slot first.
                    addKeys(ofKeptSlotsReadBy: node)
                    add(leaf)
                }
            }
            keyBySlot[binding.slot] = key
            let set = Set(key)
            if let index = groupByKey[set] {
                groups[index].bindings.append(binding)
            } else {
                groupByKey[set] = groups.count
                groups.append(ComponentDefinition.KeyedBindings(bindings: [binding], leaves: key))
            }
        }
        // Stable: groups of one key size keep file order.
        return groups.enumerated().sorted { ($0.element.leaves.count, $0.offset) < ($1.element.leaves.count, $1.offset) }
            .map(\.element)
    }
}

extension ExpressionProgram {
    /// For each node, the first node that computes the same expression (itself when none
    /// before it does): same case, same constants and operands that are themselves the same.
    /// Operands come before the nodes that read them, so one pass finds them all.
    func firstEqualNodes() -> [Int] {
        var first: [Int] = []
        first.reserveCapacity(nodes.count)
        var byShape: [ExpressionNode: [(arguments: [Int], node: Int)]] = [:]
        for (index, node) in nodes.enumerated() {
            // Operands named by their first equal nodes; a call's argument list is compared whole.
            var shape = node
            var callArguments: [Int] = []
            switch node {
            case .number, .constant, .slot: break
            case .member(let member, let operand): shape = .member(member, first[operand])
            case .negate(let operand): shape = .negate(first[operand])
            case .not(let operand): shape = .not(first[operand])
            case .binary(let op, let left, let right): shape = .binary(op, first[left], first[right])
            case .condition(let test, let then, let otherwise):
                shape = .condition(first[test], first[then], first[otherwise])
            case .call(let function, let start, let count):
                shape = .call(function, first: 0, count: count)
                callArguments = arguments[start..<start + count].map { first[$0] }
            }
            if let same = byShape[shape, default: []].first(where: { $0.arguments == callArguments }) {
                first.append(same.node)
            } else {
                first.append(index)
                byShape[shape, default: []].append((callArguments, index))
            }
        }
        return first
    }

    /// Whether the expression rooted at `index` reads any of `slots`.
    func reads(_ slots: Set<Int>, from index: Int) -> Bool {
        if case .slot(let slot) = nodes[index] { return slots.contains(slot) }
        return operands(of: index).contains { reads(slots, from: $0) }
    }
}

extension ExpressionProgram {
    /// The slots the expressions rooted at `roots` read (not through the bindings they name:
    /// a binding's slot is listed, not what its own expression reads).
    func slots(readFrom roots: [Int]) -> Set<Int> {
        var slots = Set<Int>()
        // Many roots (a file's every expression) visit most nodes: a flag a node, as a set of
        // thousands hashes slowly. One root (a binding, a key) visits a few: a set, not a flag
        // for each of the file's nodes.
        var flags = roots.count > 1 ? [Bool](repeating: false, count: nodes.count) : []
        var visited = Set<Int>()
        var pending = roots
        while let index = pending.popLast() {
            if flags.isEmpty {
                guard visited.insert(index).inserted else { continue }
            } else {
                guard !flags[index] else { continue }
                flags[index] = true
            }
            if case .slot(let slot) = nodes[index] { slots.insert(slot) } else { pending += operands(of: index) }
        }
        return slots
    }
}
