/// Where a release changes what the machine does: the thresholds `morph explore` releases
/// drags either side of (issue 34).
extension ComponentDefinition {
    /// The ordering comparisons (`<`, `<=`, `>`, `>=`) that read a drag value (`drag.…`) among
    /// what the `dragEnd` transitions of `handle` from `state` read: their guards and effects,
    /// and the `let` bindings those read, in turn. Node indices, each once, in file order.
    func dragEndComparisons(handle: String, state: Int) -> [Int] {
        let bindingBySlot = Dictionary(bindings.map { ($0.slot, $0.expression.node) }, uniquingKeysWith: { a, _ in a })
        let dragSlots = Set(BuiltinSlot.dragPoints.map(\.rawValue))
        var readsDrag: [Int: Bool] = [:]
        var comparisons: [Int] = []
        var visited: Set<Int> = []
        func operands(_ node: Int) -> [Int] {
            switch program.nodes[node] {
            case .number, .constant: []
            case .slot(let slot): bindingBySlot[slot].map { [$0] } ?? []
            case .member(_, let operand), .negate(let operand), .not(let operand): [operand]
            case .binary(_, let left, let right): [left, right]
            case .condition(let test, let then, let otherwise): [test, then, otherwise]
            case .call(_, let first, let count): Array(program.arguments[first..<first + count])
            }
        }
        func drags(_ node: Int) -> Bool {
            if let known = readsDrag[node] { return known }
            readsDrag[node] = false  // a binding is read before it is known (no cycles, but cheap)
            var found = false
            if case .slot(let slot) = program.nodes[node], dragSlots.contains(slot) { found = true }
            for operand in operands(node) where drags(operand) { found = true }
            readsDrag[node] = found
            return found
        }
        func visit(_ node: Int) {
            guard visited.insert(node).inserted else { return }
            if case .binary(let op, _, _) = program.nodes[node], [.less, .lessEqual, .greater, .greaterEqual].contains(op),
                drags(node)
            {
                comparisons.append(node)
            }
            for operand in operands(node) { visit(operand) }
        }
        for transition in machine.transitions where transition.trigger == .dragEnd(handle) && transition.from.contains(state) {
            if let guardExpression = transition.guardExpression { visit(guardExpression.node) }
            for effect in transition.effects {
                switch effect {
                case .animate(_, let to, let animation):
                    visit(to.node)
                    visit(animation.node)
                case .jump(_, let to, _), .configure(_, let to): visit(to.node)
                }
            }
        }
        return comparisons
    }
}

extension ComponentSession {
    /// The longest settling duration (`Spring.settlingDuration`) among the springs running
    /// now, nil when none runs: what `morph explore` times interruptions by.
    var runningSettlingDuration: Double? {
        model.animators.compactMap { $0.animation?.spring.settlingDuration }.filter(\.isFinite).max()
    }

    /// The minimum distance of a drag starting on `handle` now.
    func dragMinimumDistance(_ handle: String) -> Double { model.dragMinimumDistance(handle) }

    /// A family of releases of the drag in progress: `value(x)` is the drag's value at a release
    /// with parameter `x` (a distance, a speed).
    typealias ReleaseFamily = (Double) -> DragRecognizer.Value

    /// The parameters in `0 < x <= limit` at which one of the comparisons the `dragEnd`
    /// transitions of `handle` read (`ComponentDefinition.dragEndComparisons`) changes its
    /// outcome, for releases `value(x)` of the drag in progress, everything else as it is now
    /// (configuration, environment, viewport, state, variables). Found by evaluating each
    /// comparison at 64 even steps and halving each step where it flips 24 times; ascending.
    func releaseThresholds(handle: String, limit: Double, _ value: ReleaseFamily) -> [Double] {
        let definition = model.definition
        let comparisons = definition.dragEndComparisons(handle: handle, state: model.state)
        guard !comparisons.isEmpty, limit > 0 else { return [] }
        var linker = ExpressionLinker(definition.program)
        let codes = comparisons.map { linker.number($0) }
        let context = dataContext()
        func outcomes(_ x: Double) -> [Bool] {
            var probe = model
            probe.setDrag(value(x), active: false)
            let still = probe.stillParts(context)
            let inputs = probe.inputs(context, still: still)
            defer { still.giveBack(inputs.slots) }
            return codes.map { $0(inputs) != 0 }
        }
        let steps = 64
        var thresholds: [Double] = []
        var low = 0.0
        var lowOutcomes = outcomes(low)
        for step in 1...steps {
            let high = limit * Double(step) / Double(steps)
            let highOutcomes = outcomes(high)
            for index in codes.indices where lowOutcomes[index] != highOutcomes[index] {
                var (a, b) = (low, high)
                for _ in 0..<24 {
                    let middle = (a + b) / 2
                    if outcomes(middle)[index] == lowOutcomes[index] { a = middle } else { b = middle }
                }
                thresholds.append((a + b) / 2)
            }
            (low, lowOutcomes) = (high, highOutcomes)
        }
        return thresholds.sorted()
    }
}
