import Foundation

/// Every compiled expression of one component file, in one table of nodes.
///
/// An expression is the index of its root node. Nodes refer to their operands by index, so
/// a program is a few flat arrays built once when the file loads; evaluation walks them
/// recursively on the call stack and never allocates.
public struct ExpressionProgram: Hashable, Sendable {
    var nodes: [ExpressionNode] = []
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

    func evaluate(_ index: Int, _ inputs: ExpressionInputs) -> ExpressionValue {
        switch nodes[index] {
        case .constant(let value): return value
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
            return call(function, first: first, count: count, inputs)
        }
    }

    /// `evaluate(index, inputs).number`, without wrapping each numeric operand on the way
    /// in an `ExpressionValue` (most of a frame's evaluation is arithmetic on numbers).
    func number(_ index: Int, _ inputs: ExpressionInputs) -> Double {
        switch nodes[index] {
        case .constant(let value): return value.number
        case .slot(let slot): return inputs.slots[slot].number
        case .not(let operand): return number(operand, inputs) != 0 ? 0 : 1
        case .binary(let op, let left, let right):
            return numeric(op, left, right, inputs) ?? op.apply(evaluate(left, inputs), evaluate(right, inputs)).number
        case .condition(let test, let then, let otherwise):
            return number(test, inputs) != 0 ? number(then, inputs) : number(otherwise, inputs)
        case .call(let function, let first, let count):
            return call(function, first: first, count: count, inputs).number
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
        number(arguments[first + k], inputs)
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

/// One node of a compiled expression.
enum ExpressionNode: Hashable, Sendable {
    case constant(ExpressionValue)
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
        case .concatenate: .text(left.text + right.text)
        }
    }

    /// `x / 0` is 0 (and so is any overflow): the language is total.
    static func divide(_ numerator: Double, _ denominator: Double) -> Double {
        denominator == 0 ? 0 : finite(numerator / denominator)
    }
}
