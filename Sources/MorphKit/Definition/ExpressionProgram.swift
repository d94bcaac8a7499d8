import Foundation

/// Every compiled expression of one component file, in one table of nodes.
///
/// An expression is the index of its root node. Nodes refer to their operands by index, so
/// a program is a few flat arrays built once when the file loads; evaluation walks them
/// recursively on the call stack (no deeper than `ComponentLimits.expressionDepth`, which
/// the compiler checks) and never allocates.
public struct ExpressionProgram: Hashable, Sendable {
    var nodes: [ExpressionNode] = []
    /// The constants that are not numbers (numbers are held in their nodes).
    var constants: [ExpressionValue] = []
    /// Call arguments: a call's operands are `arguments[first ..< first + count]`.
    var arguments: [Int] = []

    /// An empty program.
    public init() {}

    /// The number of nodes (a measure of the file's size).
    public var nodeCount: Int { nodes.count }

    /// Evaluates the expression rooted at `root`.
    public func evaluate(_ root: ExpressionReference, _ inputs: ExpressionInputs) -> ExpressionValue {
        evaluate(root.node, inputs)
    }

    /// Evaluates the number expression rooted at `root`: `evaluate(root, inputs).number`.
    func number(_ root: ExpressionReference, _ inputs: ExpressionInputs) -> Double {
        number(root.node, inputs)
    }

    mutating func append(_ node: ExpressionNode) -> Int {
        nodes.append(node)
        return nodes.count - 1
    }

    /// Appends a node of the constant `value`.
    mutating func append(constant value: ExpressionValue) -> Int {
        append(constantNode(value))
    }

    /// Makes node `index` the constant `value`.
    mutating func replace(_ index: Int, withConstant value: ExpressionValue) {
        nodes[index] = constantNode(value)
    }

    /// The value of node `index` when it is a constant, else nil.
    func constant(at index: Int) -> ExpressionValue? {
        switch nodes[index] {
        case .number(let value): .number(value)
        case .constant(let k): constants[k]
        default: nil
        }
    }

    /// A node for `value`: numbers inline, so reading one copies no `ExpressionValue`.
    private mutating func constantNode(_ value: ExpressionValue) -> ExpressionNode {
        if case .number(let number) = value { return .number(number) }
        constants.append(value)
        return .constant(constants.count - 1)
    }

    func evaluate(_ index: Int, _ inputs: ExpressionInputs) -> ExpressionValue {
        switch nodes[index] {
        case .number(let value): return .number(value)
        case .constant(let k): return constants[k]
        case .slot(let slot): return inputs.slots[slot]
        case .member(let member, let operand): return member.read(evaluate(operand, inputs))
        case .negate(let operand):
            switch evaluate(operand, inputs) {
            case .point(let point): return .point(Point(x: -point.x, y: -point.y))
            case let value: return .number(-value.number)
            }
        case .not(let operand): return .number(number(operand, inputs) != 0 ? 0 : 1)
        case .binary(let op, let left, let right):
            if let result = numeric(op, left, right, inputs) { return .number(result) }
            return op.apply(evaluate(left, inputs), evaluate(right, inputs))
        case .condition(let test, let then, let otherwise):
            return number(test, inputs) != 0 ? evaluate(then, inputs) : evaluate(otherwise, inputs)
        case .call(let function, let first, let count):
            // The constructors frames call most, and opacity (`call` sends them here).
            @inline(__always) func n(_ k: Int) -> Double { number(first, k, inputs) }
            switch function {
            case .point: return .point(Point(x: n(0), y: n(1)))
            case .rect: return .rect(Rect(x: n(0), y: n(1), width: n(2), height: n(3)))
            case .translate: return .transform(.translation(x: n(0), y: n(1)))
            case .matrix: return .transform(AffineTransform(a: n(0), b: n(1), c: n(2), d: n(3), tx: n(4), ty: n(5)))
            case .opacity: return .color(evaluate(arguments[first], inputs).color.opacity(n(1)))
            default: return call(index, function, first: first, count: count, inputs)
            }
        }
    }

    /// `evaluate(index, inputs).number`, without wrapping each numeric operand on the way
    /// in an `ExpressionValue` (most of a frame's evaluation is arithmetic on numbers).
    func number(_ index: Int, _ inputs: ExpressionInputs) -> Double {
        switch nodes[index] {
        case .number(let value): return value
        case .constant: return 0
        case .slot(let slot): return inputs.slots[slot].number
        case .not(let operand): return number(operand, inputs) != 0 ? 0 : 1
        case .binary(let op, let left, let right):
            return numeric(op, left, right, inputs) ?? op.apply(evaluate(left, inputs), evaluate(right, inputs)).number
        case .condition(let test, let then, let otherwise):
            return number(test, inputs) != 0 ? number(then, inputs) : number(otherwise, inputs)
        case .call(let function, let first, let count):
            // The functions frames call most, on numbers to a number (`call` sends them here).
            @inline(__always) func n(_ k: Int) -> Double { number(first, k, inputs) }
            switch function {
            case .min: return Swift.min(n(0), n(1))
            case .max: return Swift.max(n(0), n(1))
            case .clamp: return Swift.min(Swift.max(n(0), n(1)), n(2))
            case .lerpNumber: return finite(lerp(n(0), n(1), n(2)))
            case .ramp: return ramp(n(0), n(1), n(2))
            case .easeOut: return finite(easeOut(n(0)))
            default: return call(index, function, first: first, count: count, inputs).number
            }
        case .member, .negate: return evaluate(index, inputs).number
        }
    }

    /// The operators whose result reads only their operands' numbers (`BinaryOperator.apply`
    /// gives the same), evaluated on numbers; nil for the others.
    @inline(__always)
    private func numeric(_ op: BinaryOperator, _ left: Int, _ right: Int, _ inputs: ExpressionInputs) -> Double? {
        switch op {
        case .add: finite(number(left, inputs) + number(right, inputs))
        case .subtract: finite(number(left, inputs) - number(right, inputs))
        case .multiply: finite(number(left, inputs) * number(right, inputs))
        case .divide: BinaryOperator.divide(number(left, inputs), number(right, inputs))
        case .less: number(left, inputs) < number(right, inputs) ? 1 : 0
        case .lessEqual: number(left, inputs) <= number(right, inputs) ? 1 : 0
        case .greater: number(left, inputs) > number(right, inputs) ? 1 : 0
        case .greaterEqual: number(left, inputs) >= number(right, inputs) ? 1 : 0
        case .and: number(left, inputs) != 0 && number(right, inputs) != 0 ? 1 : 0
        case .or: number(left, inputs) != 0 || number(right, inputs) != 0 ? 1 : 0
        default: nil
        }
    }

    /// Argument `k` of the call whose arguments start at `first`, as a number.
    @inline(__always)
    func number(_ first: Int, _ k: Int, _ inputs: ExpressionInputs) -> Double {
        operand(arguments[first + k], inputs)
    }

    /// `number(index, inputs)`, a leaf (a number, a slot) read in place: most operands are
    /// leaves, and a call for each cost more than reading it.
    @inline(__always)
    private func operand(_ index: Int, _ inputs: ExpressionInputs) -> Double {
        switch nodes[index] {
        case .number(let value): value
        case .slot(let slot): inputs.slots[slot].number
        default: number(index, inputs)
        }
    }

    /// Argument `k` of the call whose arguments start at `first`.
    @inline(__always)
    func value(_ first: Int, _ k: Int, _ inputs: ExpressionInputs) -> ExpressionValue {
        evaluate(arguments[first + k], inputs)
    }
}

/// A compiled expression: its root node in the file's `ExpressionProgram`, and its type.
public struct ExpressionReference: Hashable, Sendable {
    let node: Int
    /// The expression's type, fixed when it was compiled.
    public let type: ExpressionType
}

/// What expressions read while a frame is built: one value per named input (configuration
/// fields, animated variables, environment, `let` bindings), the colour scheme system
/// colours resolve in, and the Dynamic Type size text styles and scaled metrics read.
public struct ExpressionInputs: Sendable {
    /// Slot values, in the order the compiler's scope assigned them.
    public var slots: [ExpressionValue]
    /// How `system(...)` colours resolve.
    public var colorScheme: ColorScheme
    /// The size `scaled`, `fontSize` and `measure` with a text style read.
    public var dynamicTypeSize: DynamicTypeSize

    /// Inputs from their slot values.
    public init(slots: [ExpressionValue], colorScheme: ColorScheme = .light, dynamicTypeSize: DynamicTypeSize = .large) {
        self.slots = slots
        self.colorScheme = colorScheme
        self.dynamicTypeSize = dynamicTypeSize
    }
}

/// One node of a compiled expression. Every case holds only numbers and indices, so
/// reading a node never retains anything.
enum ExpressionNode: Hashable, Sendable {
    /// A number constant.
    case number(Double)
    /// Any other constant: the program's `constants[k]`.
    case constant(Int)
    case slot(Int)
    case member(ExpressionMember, Int)
    case negate(Int)
    case not(Int)
    case binary(BinaryOperator, Int, Int)
    case condition(Int, Int, Int)
    case call(ExpressionFunction, first: Int, count: Int)
}

/// The infix operators, one case per operand typing (chosen by the compiler).
enum BinaryOperator: Hashable, Sendable {
    case add, subtract, multiply, divide
    case addPoints, subtractPoints, multiplyPoints, scalePoint, scalePointLeft, dividePoint
    case less, lessEqual, greater, greaterEqual, equal, notEqual
    case and, or
    /// `text + text`.
    case concatenate

    func apply(_ left: ExpressionValue, _ right: ExpressionValue) -> ExpressionValue {
        switch self {
        case .add: .number(finite(left.number + right.number))
        case .subtract: .number(finite(left.number - right.number))
        case .multiply: .number(finite(left.number * right.number))
        case .divide: .number(Self.divide(left.number, right.number))
        case .addPoints: .point(Point(x: finite(left.point.x + right.point.x), y: finite(left.point.y + right.point.y)))
        case .subtractPoints:
            .point(Point(x: finite(left.point.x - right.point.x), y: finite(left.point.y - right.point.y)))
        case .multiplyPoints:
            .point(Point(x: finite(left.point.x * right.point.x), y: finite(left.point.y * right.point.y)))
        case .scalePoint:
            .point(Point(x: finite(left.point.x * right.number), y: finite(left.point.y * right.number)))
        case .scalePointLeft:
            .point(Point(x: finite(left.number * right.point.x), y: finite(left.number * right.point.y)))
        case .dividePoint:
            .point(Point(x: Self.divide(left.point.x, right.number), y: Self.divide(left.point.y, right.number)))
        case .less: .number(left.number < right.number ? 1 : 0)
        case .lessEqual: .number(left.number <= right.number ? 1 : 0)
        case .greater: .number(left.number > right.number ? 1 : 0)
        case .greaterEqual: .number(left.number >= right.number ? 1 : 0)
        case .equal: .number(left == right ? 1 : 0)
        case .notEqual: .number(left == right ? 0 : 1)
        case .and: .number(left.number != 0 && right.number != 0 ? 1 : 0)
        case .or: .number(left.number != 0 || right.number != 0 ? 1 : 0)
        case .concatenate: .text(Self.joined(left.text, right.text))
        }
    }

    /// `left + right`, keeping at most `ComponentLimits.textBytes` bytes (cut at a character
    /// boundary): joins at run time cannot grow a text without bound (a load-time join over
    /// the limit is a load error instead).
    static func joined(_ left: String, _ right: String) -> String {
        let joined = left + right
        let utf8 = joined.utf8
        guard utf8.count > ComponentLimits.textBytes else { return joined }
        var end = utf8.index(utf8.startIndex, offsetBy: ComponentLimits.textBytes)
        while end > utf8.startIndex, utf8[end] & 0xC0 == 0x80 { end = utf8.index(before: end) }
        return String(joined[..<end])
    }

    /// `x / 0` is 0 (and so is any overflow): the language is total.
    static func divide(_ numerator: Double, _ denominator: Double) -> Double {
        denominator == 0 ? 0 : finite(numerator / denominator)
    }
}
