/// An expression compiled to a closure: what a frame runs instead of walking the node table.
///
/// Each node becomes a closure holding its operands' closures, so a frame's evaluation is a
/// chain of direct calls with every operator, function and slot already picked: no switch
/// over the node's kind, no table lookups. The node table stays what the loader analyses
/// (dependencies, still parts, keys); the closures are built from it once, when the file has
/// loaded (`ExpressionCode`). Nesting is bounded as the table's is
/// (`ComponentLimits.expressionDepth`), so a call chain is no deeper than the tree.
typealias ValueCode = @Sendable (ExpressionInputs) -> ExpressionValue
/// A closure for an expression read as a number (`ExpressionProgram.number`): arithmetic
/// never wraps its operands in an `ExpressionValue`.
typealias NumberCode = @Sendable (ExpressionInputs) -> Double

/// Every expression of a loaded file as closures: what frames evaluate.
///
/// A class, so a frame holds it by one reference and every evaluation is an index and a
/// call (the program, a struct of several arrays, would be copied by each reader).
final class ExpressionCode: Sendable {
    /// A root's closure, in a struct: an array or optional of bare closures holds them in
    /// the generic form, reached through a thunk that passes the inputs and the result
    /// through memory.
    struct Value: Sendable { let code: ValueCode }
    struct Number: Sendable { let code: NumberCode }

    /// A root's closures, one per type it is read as (`point` … `transform` only where
    /// `isTyped` says it builds that type; placeholders otherwise). A class reached through
    /// `Unmanaged` (`rootRefs`): a closure loaded from an array is retained for its call, one
    /// borrowed from a class instance's `let` is not.
    final class Root: Sendable {
        let value: ValueCode
        let number: NumberCode
        let point: PointCode
        let rect: RectCode
        let color: ColorCode
        let transform: TransformCode

        init(
            value: @escaping ValueCode, number: @escaping NumberCode, point: @escaping PointCode = { _ in .zero },
            rect: @escaping RectCode = { _ in .zero }, color: @escaping ColorCode = { _ in .clear },
            transform: @escaping TransformCode = { _ in .identity }
        ) {
            (self.value, self.number, self.point, self.rect) = (value, number, point, rect)
            (self.color, self.transform) = (color, transform)
        }
    }

    /// The program, for a node no root reaches (compiled on the spot, as while loading).
    let program: ExpressionProgram
    /// Owns every root's closures, as long as the code lives; `rootRefs` only points at them.
    private let roots: [Root]
    /// By node, its root's closures unretained (for other nodes a placeholder `isRoot` tells
    /// apart: an optional would be copied out, its closure retained, on every call).
    private let rootRefs: [Unmanaged<Root>]
    private let isRoot: [Bool]
    /// By root node, whether its typed closure (`ExpressionLinker.builtType`) is read
    /// without an `ExpressionValue` in between.
    private let isTyped: [Bool]
    /// By root node, the slot a root that is a plain binding (`"bounds": "row1"`) reads, else
    /// -1: read in place by the typed reads below, with no call and no copy of the value.
    private let slots: [Int]

    /// Compiles the roots the compiler handed out (`ExpressionProgram.roots`) and `extra`
    /// (the stepped calls that key kept parts), each as a value and as a number.
    init(_ program: ExpressionProgram, extra: some Sequence<Int>) {
        var linker = ExpressionLinker(program)
        let count = program.nodes.count
        let placeholder = Root(value: { _ in .number(0) }, number: { _ in 0 })
        var roots = [placeholder]
        var rootRefs = [Unmanaged<Root>](repeating: .passUnretained(placeholder), count: count)
        var isRoot = [Bool](repeating: false, count: count)
        var slots = [Int](repeating: -1, count: count)
        var isTyped = [Bool](repeating: false, count: count)
        for root in program.roots + extra where root < count && !isRoot[root] {
            let (value, number) = (linker.value(root), linker.number(root))
            isRoot[root] = true
            if case .slot(let slot) = program.nodes[root] { slots[root] = slot }
            isTyped[root] = true
            let code: Root
            switch linker.builtType(root) {
            case .point: code = Root(value: value, number: number, point: linker.point(root))
            case .rect: code = Root(value: value, number: number, rect: linker.rect(root))
            case .color: code = Root(value: value, number: number, color: linker.color(root))
            case .transform: code = Root(value: value, number: number, transform: linker.transform(root))
            default:
                isTyped[root] = false
                code = Root(value: value, number: number)
            }
            roots.append(code)
            rootRefs[root] = .passUnretained(code)
        }
        (self.program, self.roots, self.rootRefs, self.isRoot, self.slots, self.isTyped) =
            (program, roots, rootRefs, isRoot, slots, isTyped)
    }

    /// `body` with node `node`'s closures, borrowed: no retain (`roots` keeps them).
    @inline(__always)
    private func withRoot<T>(_ node: Int, _ body: (Root) -> T) -> T {
        rootRefs[node]._withUnsafeGuaranteedRef(body)
    }

    /// `extract` of the value of the expression rooted at `root`, or its typed closure's result.
    @inline(__always)
    private func read<T>(
        _ root: ExpressionReference, _ inputs: ExpressionInputs, _ typed: (Int) -> T, _ extract: (ExpressionValue) -> T
    ) -> T {
        let node = root.node
        let slot = slots[node]
        if slot >= 0 { return extract(inputs.slots[slot]) }
        return isTyped[node] ? typed(node) : extract(evaluate(node, inputs))
    }

    /// `evaluate(root, inputs).point`, and so on for each type a node reads.
    func point(_ root: ExpressionReference, _ inputs: ExpressionInputs) -> Point {
        read(root, inputs, { withRoot($0) { $0.point(inputs) } }, \.point)
    }
    func rect(_ root: ExpressionReference, _ inputs: ExpressionInputs) -> Rect {
        read(root, inputs, { withRoot($0) { $0.rect(inputs) } }, \.rect)
    }
    func color(_ root: ExpressionReference, _ inputs: ExpressionInputs) -> RGBAColor {
        read(root, inputs, { withRoot($0) { $0.color(inputs) } }, \.color)
    }
    func transform(_ root: ExpressionReference, _ inputs: ExpressionInputs) -> MorphCore.AffineTransform {
        read(root, inputs, { withRoot($0) { $0.transform(inputs) } }, \.transform)
    }
    func text(_ root: ExpressionReference, _ inputs: ExpressionInputs) -> String {
        let slot = slots[root.node]
        return slot >= 0 ? inputs.slots[slot].text : evaluate(root.node, inputs).text
    }

    /// Evaluates the expression rooted at `root`.
    func evaluate(_ root: ExpressionReference, _ inputs: ExpressionInputs) -> ExpressionValue {
        evaluate(root.node, inputs)
    }

    /// Evaluates the number expression rooted at `root`: `evaluate(root, inputs).number`.
    func number(_ root: ExpressionReference, _ inputs: ExpressionInputs) -> Double {
        number(root.node, inputs)
    }

    func evaluate(_ node: Int, _ inputs: ExpressionInputs) -> ExpressionValue {
        isRoot[node] ? withRoot(node) { $0.value(inputs) } : program.evaluate(node, inputs)
    }

    func number(_ node: Int, _ inputs: ExpressionInputs) -> Double {
        isRoot[node] ? withRoot(node) { $0.number(inputs) } : program.number(node, inputs)
    }
}

/// A number operand: a constant or a slot read in place (most operands are leaves, and a
/// closure call for each would cost more than the read), else its closure. A struct, not an
/// enum with a closure case: taking the closure out of an enum case retains it on every call.
struct NumberOperand: Sendable {
    enum Kind: Sendable { case constant, slot, code }
    let kind: Kind
    let constant: Double
    let slot: Int
    let code: NumberCode

    private static let none: NumberCode = { _ in 0 }

    static func constant(_ value: Double) -> Self { Self(kind: .constant, constant: value, slot: 0, code: none) }
    static func slot(_ slot: Int) -> Self { Self(kind: .slot, constant: 0, slot: slot, code: none) }
    static func code(_ code: @escaping NumberCode) -> Self { Self(kind: .code, constant: 0, slot: 0, code: code) }

    @inline(__always)
    func callAsFunction(_ inputs: ExpressionInputs) -> Double {
        switch kind {
        case .constant: constant
        case .slot: inputs.slots[slot].number
        case .code: code(inputs)
        }
    }
}

/// Builds the closures of a program's nodes, each once (an operand read by several nodes, as
/// a hoisted still part is, shares its closure).
struct ExpressionLinker {
    let program: ExpressionProgram
    // In structs for the reason `ExpressionCode.Value` gives: a closure taken out of a
    // dictionary of bare closures would call through a thunk ever after.
    private var values: [Int: ExpressionCode.Value] = [:]
    private var numbers: [Int: ExpressionCode.Number] = [:]
    // The typed closures (`ExpressionLinker+Typed.swift`).
    var points: [Int: PointRead] = [:]
    var rects: [Int: RectRead] = [:]
    var colors: [Int: ColorRead] = [:]
    var transforms: [Int: TransformRead] = [:]

    init(_ program: ExpressionProgram) { self.program = program }

    mutating func value(_ index: Int) -> ValueCode {
        if let linked = values[index] { return linked.code }
        let code = makeValue(index)
        values[index] = ExpressionCode.Value(code: code)
        return code
    }

    mutating func number(_ index: Int) -> NumberCode {
        if let linked = numbers[index] { return linked.code }
        let code = makeNumber(index)
        numbers[index] = ExpressionCode.Number(code: code)
        return code
    }

    mutating func operand(_ index: Int) -> NumberOperand {
        switch program.nodes[index] {
        case .number(let value): .constant(value)
        case .constant: .constant(0)
        case .slot(let slot): .slot(slot)
        default: .code(number(index))
        }
    }

    private mutating func makeValue(_ index: Int) -> ValueCode {
        if program.isNumeric(index) {
            let number = number(index)
            return { .number(number($0)) }
        }
        switch program.nodes[index] {
        case .number(let number):
            let value = ExpressionValue.number(number)
            return { _ in value }
        case .constant(let k):
            let value = program.constants[k]
            return { _ in value }
        case .slot(let slot): return { $0.slots[slot] }
        case .member(let member, let operand):
            // A member of a binding (`card.minX`, `icon.origin`) read in place, not copied out.
            if case .slot(let slot) = program.nodes[operand] { return { member.read($0.slots[slot]) } }
            let operand = value(operand)
            return { member.read(operand($0)) }
        case .negate(let operand):
            let operand = value(operand)
            return {
                switch operand($0) {
                case .point(let point): .point(Point(x: -point.x, y: -point.y))
                case let value: .number(-value.number)
                }
            }
        case .binary(let op, let left, let right):
            if let typed = typedValue(index) { return typed.code }
            let (left, right) = (value(left), value(right))
            return { op.apply(left($0), right($0)) }
        case .condition(let test, let then, let otherwise):
            let (test, then, otherwise) = (operand(test), value(then), value(otherwise))
            return { test($0) != 0 ? then($0) : otherwise($0) }
        case .call(let function, let first, let count):
            // Not `??`: its generic operands would reach the closure through a thunk.
            if let typed = typedValue(index) { return typed.code }
            return call(function, first: first, count: count)
        case .not(let operand):
            let operand = self.operand(operand)
            return { .number(operand($0) != 0 ? 0 : 1) }
        }
    }

    private mutating func makeNumber(_ index: Int) -> NumberCode {
        switch program.nodes[index] {
        case .number(let value): return { _ in value }
        case .constant: return { _ in 0 }
        case .slot(let slot): return { $0.slots[slot].number }
        case .not(let operand):
            let operand = self.operand(operand)
            return { operand($0) != 0 ? 0 : 1 }
        case .binary(let op, let left, let right):
            guard program.isNumeric(index) else {
                let (left, right) = (value(left), value(right))
                return { op.apply(left($0), right($0)).number }
            }
            return numeric(op, operand(left), operand(right))
        case .condition(let test, let then, let otherwise):
            let (test, then, otherwise) = (operand(test), operand(then), operand(otherwise))
            return { test($0) != 0 ? then($0) : otherwise($0) }
        case .call(let function, let first, let count):
            if let code = numberCall(function, first: first, count: count) { return code }
            let value = value(index)
            return { value($0).number }
        case .member, .negate:
            let value = value(index)
            return { value($0).number }
        }
    }

    /// The operators whose result reads only their operands' numbers (`BinaryOperator.apply`
    /// gives the same).
    private func numeric(_ op: BinaryOperator, _ a: NumberOperand, _ b: NumberOperand) -> NumberCode {
        switch op {
        case .add: { finite(a($0) + b($0)) }
        case .subtract: { finite(a($0) - b($0)) }
        case .multiply: { finite(a($0) * b($0)) }
        case .divide: { BinaryOperator.divide(a($0), b($0)) }
        case .less: { a($0) < b($0) ? 1 : 0 }
        case .lessEqual: { a($0) <= b($0) ? 1 : 0 }
        case .greater: { a($0) > b($0) ? 1 : 0 }
        case .greaterEqual: { a($0) >= b($0) ? 1 : 0 }
        case .and: { a($0) != 0 && b($0) != 0 ? 1 : 0 }
        case .or: { a($0) != 0 || b($0) != 0 ? 1 : 0 }
        default: preconditionFailure("\(op) is not numeric")
        }
    }

    /// Argument `k` of the call whose arguments start at `first`, as a number operand.
    mutating func argument(_ first: Int, _ k: Int) -> NumberOperand { operand(program.arguments[first + k]) }

    /// The calls frames make most whose result is a number, each its own closure; nil for
    /// the rest (read through their value).
    private mutating func numberCall(_ function: ExpressionFunction, first: Int, count: Int) -> NumberCode? {
        switch function {
        case .min:
            let (a, b) = (argument(first, 0), argument(first, 1))
            return { Swift.min(a($0), b($0)) }
        case .max:
            let (a, b) = (argument(first, 0), argument(first, 1))
            return { Swift.max(a($0), b($0)) }
        case .clamp:
            let (x, low, high) = (argument(first, 0), argument(first, 1), argument(first, 2))
            return { Swift.min(Swift.max(x($0), low($0)), high($0)) }
        case .lerpNumber:
            let (a, b, t) = (argument(first, 0), argument(first, 1), argument(first, 2))
            return { finite(lerp(a($0), b($0), t($0))) }
        case .ramp:
            let (x, low, high) = (argument(first, 0), argument(first, 1), argument(first, 2))
            return { ramp(x($0), low($0), high($0)) }
        case .easeOut:
            let t = argument(first, 0)
            return { finite(easeOut(t($0))) }
        default: return nil
        }
    }

    /// A call's closure, for calls no typed closure builds (`typedValue`) and whose result
    /// is no number `numberCall` reads: through `ExpressionProgram.call` with its arguments'
    /// closures.
    private mutating func call(_ function: ExpressionFunction, first: Int, count: Int) -> ValueCode {
        if let number = numberCall(function, first: first, count: count) { return { .number(number($0)) } }
        let arguments = program.arguments[first..<first + count]
        let numbers = arguments.map { ExpressionCode.Number(code: number($0)) }
        let values = arguments.map { ExpressionCode.Value(code: value($0)) }
        return { inputs in
            ExpressionProgram.call(
                function, count: count, inputs, number: { numbers[$0].code(inputs) }, value: { values[$0].code(inputs) })
        }
    }
}

extension ExpressionProgram {
    /// Whether node `index` is an operator whose result reads only its operands' numbers
    /// (so its value is read through its number).
    func isNumeric(_ index: Int) -> Bool {
        guard case .binary(let op, _, _) = nodes[index] else { return false }
        switch op {
        case .add, .subtract, .multiply, .divide, .less, .lessEqual, .greater, .greaterEqual, .and, .or: return true
        default: return false
        }
    }
}
