import Foundation

/// Every compiled expression of one component file, in one table of nodes.
///
/// An expression is the index of its root node. Nodes refer to their operands by index, so
/// a program is a few flat arrays built when the file loads, which the loader analyses;
/// once loaded each expression is compiled to closures (`ExpressionCode`), which frames
/// run: they recurse no deeper than `ComponentLimits.expressionDepth` (which the
/// compiler checks) and never allocate.
public struct ExpressionProgram: Sendable {
    var nodes: [ExpressionNode] = []
    /// The constants that are not numbers (numbers are held in their nodes).
    var constants: [ExpressionValue] = []
    /// Call arguments: a call's operands are `arguments[first ..< first + count]`.
    var arguments: [Int] = []
    /// The root of every expression handed out (`ExpressionReference`): what `ExpressionCode`
    /// compiles.
    var roots: [Int] = []

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

    /// Evaluates node `index`, compiling it now: for constants folded while compiling and
    /// expressions a test compiles alone (frames run the file's `ExpressionCode`).
    func evaluate(_ index: Int, _ inputs: ExpressionInputs) -> ExpressionValue {
        var linker = ExpressionLinker(self)
        return linker.value(index)(inputs)
    }

    /// `evaluate(index, inputs).number`, compiled as a number.
    func number(_ index: Int, _ inputs: ExpressionInputs) -> Double {
        var linker = ExpressionLinker(self)
        return linker.number(index)(inputs)
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
