import MorphArguments

/// The names an expression can read, each bound to a slot of `ExpressionInputs` and a type.
public struct ExpressionScope: Hashable, Sendable {
    private(set) var names: [String: Binding] = [:]
    /// How many slots the bound names use.
    public private(set) var slotCount = 0
    /// What each slot changes with, by slot.
    private(set) var dependencies: [ExpressionDependency] = []
    /// For a configuration colour's slot, the hidden slot holding the same colour resolved at
    /// the elevated level, which a read inside an elevated group takes instead.
    private(set) var elevatedSlots: [Int: Int] = [:]

    /// A name's slot and type.
    struct Binding: Hashable, Sendable {
        var slot: Int
        var type: ExpressionType
        /// A `let` whose value is known when the file loads is read as that constant.
        var constant: ExpressionValue?
    }

    /// An empty scope.
    public init() {}

    /// Binds `name` to a new slot; nil when the name is already bound.
    @discardableResult
    public mutating func declare(_ name: String, _ type: ExpressionType) -> Int? {
        declare(name, type, dependency: [.motion, .continuous])
    }

    /// Binds `name` to a new slot whose value changes with `dependency`; nil when the name
    /// is already bound.
    @discardableResult
    mutating func declare(_ name: String, _ type: ExpressionType, dependency: ExpressionDependency) -> Int? {
        guard names[name] == nil else { return nil }
        names[name] = Binding(slot: slotCount, type: type)
        dependencies.append(dependency)
        slotCount += 1
        return slotCount - 1
    }

    /// A new slot no name reads: what a still part of a moving expression is kept in
    /// (`DefinitionLoader.hoistStillParts`).
    mutating func declareHidden(dependency: ExpressionDependency) -> Int {
        dependencies.append(dependency)
        slotCount += 1
        return slotCount - 1
    }

    /// A hidden slot beside `slot` (a configuration colour's), read in its place inside an
    /// elevated group; it changes with what `slot` changes with.
    mutating func declareElevated(of slot: Int) -> Int {
        let elevated = declareHidden(dependency: dependencies[slot])
        elevatedSlots[slot] = elevated
        return elevated
    }

    /// Binds `name` to a constant (no slot); false when the name is already bound.
    mutating func declareConstant(_ name: String, _ value: ExpressionValue) -> Bool {
        guard names[name] == nil else { return false }
        names[name] = Binding(slot: -1, type: value.type, constant: value)
        return true
    }

    /// Binds `alias` to what `name` is bound to (a list field's `count`).
    mutating func declareAlias(_ alias: String, of name: String) {
        if names[alias] == nil, let binding = names[name] { names[alias] = binding }
    }

    /// Unbinds `name` (a repeat's `item.…` and `index`, bound for one copy of its template).
    mutating func withdraw(_ name: String) { names[name] = nil }

    /// Whether `name` is bound.
    func binds(_ name: String) -> Bool { names[name] != nil }

    /// The slot bound to `name`.
    public func slot(of name: String) -> Int? { names[name]?.slot }
}

/// Parses expressions into an `ExpressionProgram`, checking every name and type.
///
/// Precedence, loosest first: `c ? a : b`, `||`, `&&`, `== !=`, `< <= > >=`, `+ -`, `* /`,
/// unary `- !`, then calls, names and members. Calls whose arguments are all constants are
/// evaluated here, once.
public struct ExpressionCompiler: Sendable {
    /// The program every compiled expression is added to.
    public var program = ExpressionProgram()
    /// The names expressions may read.
    public var scope: ExpressionScope
    /// The interface level of the node whose expressions are being compiled: inside an
    /// elevated group, system colours and configuration colours resolve to their elevated values.
    var level = UserInterfaceLevel.base
    /// The font files the file's top-level `fonts` names, by family: what a measuring call's
    /// trailing `'family'` resolves against.
    var fonts: [String: FontFile] = [:]

    private var tokens: [ExpressionToken] = []
    private var position = 0
    /// How deep the parser has recursed into the expression being compiled.
    private var nesting = 0
    /// The depth of each node's tree, by node (compile time only; a node past the end is a
    /// leaf, 1).
    private var depths: [Int] = []

    /// A compiler over `scope`.
    public init(scope: ExpressionScope) {
        self.scope = scope
    }

    /// Compiles `source`; with `expecting`, its type must be that one.
    mutating func compile(_ source: String, expecting: ExpressionType? = nil) throws(ExpressionError) -> ExpressionReference {
        tokens = try ExpressionLexer.tokens(source)
        position = 0
        nesting = 0
        let (node, type) = try parseConditional()
        guard case .end = tokens[position].kind else {
            throw error(.unexpectedToken, at: tokens[position], "unexpected \(tokens[position].described)")
        }
        if let expecting, expecting != type {
            throw ExpressionError(
                kind: .typeMismatch, offset: 0, message: "expected \(expecting.described), found \(type.described)")
        }
        program.roots.append(node)
        return ExpressionReference(node: node, type: type)
    }

    /// A constant of `value` (for JSON numbers and colours written as literals).
    mutating func constant(_ value: ExpressionValue) -> ExpressionReference {
        let node = program.append(constant: value)
        program.roots.append(node)
        return ExpressionReference(node: node, type: value.type)
    }

    func error(_ kind: DefinitionError.Kind, at token: ExpressionToken, _ message: String) -> ExpressionError {
        ExpressionError(kind: kind, offset: token.offset, message: message)
    }

    private var current: ExpressionToken { tokens[position] }

    private mutating func take(_ symbol: String) -> Bool {
        guard case .symbol(symbol) = current.kind else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ symbol: String) throws(ExpressionError) {
        guard take(symbol) else { throw error(.unexpectedToken, at: current, "expected '\(symbol)', found \(current.described)") }
    }

    /// Enters one level of the parser's recursion; the caller leaves it (`nesting -= 1`).
    private mutating func enter() throws(ExpressionError) {
        nesting += 1
        guard nesting <= ComponentLimits.expressionNesting else {
            throw error(
                .limit, at: current,
                "nested deeper than \(ComponentLimits.expressionNesting) levels (parentheses, calls, '?:' and unary '-' '!')")
        }
    }

    private mutating func parseConditional() throws(ExpressionError) -> (Int, ExpressionType) {
        try enter()
        defer { nesting -= 1 }
        let testToken = current
        let test = try parseBinary(level: 0)
        guard take("?") else { return test }
        try require(test.1, .number, at: testToken, "a condition")
        let then = try parseConditional()
        try expect(":")
        let elseToken = current
        let otherwise = try parseConditional()
        guard then.1 == otherwise.1 else {
            throw error(
                .typeMismatch, at: elseToken, "both branches must have one type: \(then.1.described) and \(otherwise.1.described)"
            )
        }
        return (
            try fold(.condition(test.0, then.0, otherwise.0), operands: [test.0, then.0, otherwise.0], at: testToken), then.1
        )
    }

    private static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/"]]

    private mutating func parseBinary(level: Int) throws(ExpressionError) -> (Int, ExpressionType) {
        guard level < Self.levels.count else { return try parseUnary() }
        var left = try parseBinary(level: level + 1)
        while case .symbol(let symbol) = current.kind, Self.levels[level].contains(symbol) {
            let token = current
            position += 1
            let right = try parseBinary(level: level + 1)
            guard let op = Self.binaryOperator(symbol, left.1, right.1) else {
                throw error(
                    .typeMismatch, at: token, "'\(symbol)' does not apply to \(left.1.described) and \(right.1.described)")
            }
            let type: ExpressionType =
                switch op {
                case .addPoints, .subtractPoints, .multiplyPoints, .scalePoint, .scalePointLeft, .dividePoint: .point
                case .concatenate: .text
                default: .number
                }
            left = (try fold(.binary(op, left.0, right.0), operands: [left.0, right.0], at: token), type)
        }
        return left
    }

    private static func binaryOperator(_ symbol: String, _ left: ExpressionType, _ right: ExpressionType) -> BinaryOperator? {
        switch (symbol, left, right) {
        case ("+", .number, .number): .add
        case ("-", .number, .number): .subtract
        case ("*", .number, .number): .multiply
        case ("/", .number, .number): .divide
        case ("+", .text, .text): .concatenate
        case ("+", .point, .point): .addPoints
        case ("-", .point, .point): .subtractPoints
        case ("*", .point, .point): .multiplyPoints
        case ("*", .point, .number): .scalePoint
        case ("*", .number, .point): .scalePointLeft
        case ("/", .point, .number): .dividePoint
        case ("<", .number, .number): .less
        case ("<=", .number, .number): .lessEqual
        case (">", .number, .number): .greater
        case (">=", .number, .number): .greaterEqual
        case ("==", _, _) where left == right: .equal
        case ("!=", _, _) where left == right: .notEqual
        case ("&&", .number, .number): .and
        case ("||", .number, .number): .or
        default: nil
        }
    }

    private mutating func parseUnary() throws(ExpressionError) -> (Int, ExpressionType) {
        let token = current
        if case .symbol(let symbol) = token.kind, symbol == "-" || symbol == "!" {
            try enter()
            defer { nesting -= 1 }
            return try parseUnaryOperator()
        }
        var (node, type) = try parsePrimary()
        while case .member(let names) = current.kind {
            let token = current
            position += 1
            for name in names.split(separator: ".").map(String.init) {
                (node, type) = try member(name, of: (node, type), at: token)
            }
        }
        return (node, type)
    }

    /// `-x` or `!x`, at a level of nesting of its own.
    private mutating func parseUnaryOperator() throws(ExpressionError) -> (Int, ExpressionType) {
        let token = current
        if take("-") {
            let operand = try parseUnary()
            guard operand.1 == .number || operand.1 == .point else {
                throw error(.typeMismatch, at: token, "'-' does not apply to \(operand.1.described)")
            }
            return (try fold(.negate(operand.0), operands: [operand.0], at: token), operand.1)
        }
        position += 1
        let operand = try parseUnary()
        try require(operand.1, .number, at: token, "'!'")
        return (try fold(.not(operand.0), operands: [operand.0], at: token), .number)
    }

    private mutating func member(
        _ name: String, of operand: (Int, ExpressionType), at token: ExpressionToken
    ) throws(ExpressionError) -> (Int, ExpressionType) {
        guard let (read, type) = ExpressionMember.resolve(name, on: operand.1) else {
            let known = ExpressionMember.names(on: operand.1)
            throw error(
                .unknownName, at: token,
                "\(operand.1.described) has no member '\(name)'"
                    + (known.isEmpty ? "" : " (members: \(known.joined(separator: ", ")))"))
        }
        return (try fold(.member(read, operand.0), operands: [operand.0], at: token), type)
    }

    private mutating func parsePrimary() throws(ExpressionError) -> (Int, ExpressionType) {
        let token = current
        position += 1
        switch token.kind {
        case .number(let value): return (program.append(constant: .number(value)), .number)
        case .text(let text): return (program.append(constant: .text(text)), .text)
        case .symbol("("):
            let inner = try parseConditional()
            try expect(")")
            return inner
        case .name(let name):
            if take("(") { return try parseCall(name, at: token) }
            return try resolve(name, at: token)
        default:
            throw error(.unexpectedToken, at: token, "unexpected \(token.described)")
        }
    }

    mutating func require(
        _ type: ExpressionType, _ wanted: ExpressionType, at token: ExpressionToken, _ what: String
    ) throws(ExpressionError) {
        guard type == wanted else {
            throw error(.typeMismatch, at: token, "\(what) needs \(wanted.described), found \(type.described)")
        }
    }

    /// A name: the longest bound prefix of its dotted parts, then member reads.
    private mutating func resolve(_ name: String, at token: ExpressionToken) throws(ExpressionError) -> (Int, ExpressionType) {
        switch name {
        case "true": return (program.append(constant: .number(1)), .number)
        case "false": return (program.append(constant: .number(0)), .number)
        case "pi": return (program.append(constant: .number(Double.pi)), .number)
        default: break
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for count in stride(from: parts.count, through: 1, by: -1) {
            guard let binding = scope.names[parts[0..<count].joined(separator: ".")] else { continue }
            let slot = level == .elevated ? scope.elevatedSlots[binding.slot] ?? binding.slot : binding.slot
            var result = (binding.constant.map { program.append(constant: $0) } ?? program.append(.slot(slot)), binding.type)
            for name in parts[count...] { result = try member(name, of: result, at: token) }
            return result
        }
        let suggestion = Suggestion.didYouMean(name, in: Array(scope.names.keys) + ["true", "false", "pi"])
        throw error(.unknownName, at: token, "unknown name '\(name)'" + suggestion)
    }

    private mutating func parseCall(_ name: String, at token: ExpressionToken) throws(ExpressionError) -> (Int, ExpressionType) {
        var arguments: [(node: Int, type: ExpressionType, token: ExpressionToken)] = []
        if !take(")") {
            repeat {
                let argumentToken = current
                let (node, type) = try parseConditional()
                arguments.append((node, type, argumentToken))
            } while take(",")
            try expect(")")
        }
        var types = arguments.map(\.type)
        if name == "if" {
            guard arguments.count == 3 else {
                throw error(.argumentCount, at: token, "if takes 3 arguments (condition, then, else), found \(arguments.count)")
            }
            try require(types[0], .number, at: arguments[0].token, "the condition of if")
            guard types[1] == types[2] else {
                throw error(
                    .typeMismatch, at: arguments[2].token,
                    "both branches of if must have one type: \(types[1].described) and \(types[2].described)")
            }
            return (
                try fold(
                    .condition(arguments[0].node, arguments[1].node, arguments[2].node), operands: arguments.map(\.node),
                    at: token),
                types[1]
            )
        }
        if name == "system" {
            guard (1...2).contains(arguments.count), case .text(let colorName)? = program.constant(at: arguments[0].node)
            else {
                throw error(
                    .argumentCount, at: token,
                    "system takes one quoted colour name, like system('label'), and optionally a scheme, system('label', 'dark')")
            }
            guard let color = SystemColor(rawValue: colorName) else {
                let known = SystemColor.allCases.map(\.rawValue).joined(separator: ", ")
                throw error(.unknownName, at: arguments[0].token, "unknown system colour '\(colorName)' (known: \(known))")
            }
            if arguments.count == 2 {
                // A layer drawn in one scheme whatever the environment's (`.environment(\.colorScheme, .dark)`).
                guard case .text(let schemeName)? = program.constant(at: arguments[1].node),
                    let scheme = ColorScheme(rawValue: schemeName)
                else { throw error(.unknownName, at: arguments[1].token, "the scheme of system is 'light' or 'dark'") }
                return (program.append(constant: .color(color.color(in: scheme, level: level))), .color)
            }
            return (program.append(.call(.system(color, level), first: program.arguments.count, count: 0)), .color)
        }
        let file = try measuringFamily(name, &arguments)
        types = arguments.map(\.type)
        if let styled = try styledCall(name, arguments, file: file, at: token) { return styled }
        guard let overloads = ExpressionFunction.overloads[name] else {
            let suggestion = Suggestion.didYouMean(name, in: Array(ExpressionFunction.overloads.keys) + ["if", "system"])
            throw error(.unknownFunction, at: token, "unknown function '\(name)'" + suggestion)
        }
        let forms = overloads.map { "\(name)(\($0.parameters.map(\.rawValue).joined(separator: ", ")))" }
        guard overloads.contains(where: { $0.parameters.count == arguments.count }) else {
            let counts = Set(overloads.map(\.parameters.count)).sorted().map(String.init).joined(separator: " or ")
            throw error(.argumentCount, at: token, "\(name) takes \(counts) arguments, found \(arguments.count)")
        }
        guard let overload = overloads.first(where: { $0.parameters == types }) else {
            throw error(
                .typeMismatch, at: token,
                "no \(name)(\(types.map(\.rawValue).joined(separator: ", "))); forms: \(forms.joined(separator: ", "))")
        }
        let function = if case .measure = overload.function { ExpressionFunction.measure(file) } else { overload.function }
        let first = program.arguments.count
        program.arguments.append(contentsOf: arguments.map(\.node))
        return (
            try fold(
                .call(function, first: first, count: arguments.count), operands: arguments.map(\.node),
                pure: function.isPure, at: token),
            overload.result
        )
    }

    /// Appends `node`, written at `token`; when every operand is a constant (and the node
    /// pure) it is evaluated now and stored as a constant instead. Checks the limits first
    /// (`ComponentLimits`): the file's node count, the tree's depth (so evaluation, here and
    /// in frames, recurses at most that deep) and the length of a folded join.
    mutating func fold(
        _ node: ExpressionNode, operands: [Int], pure: Bool = true, at token: ExpressionToken
    ) throws(ExpressionError) -> Int {
        guard program.nodeCount < ComponentLimits.expressionNodes else {
            throw error(.limit, at: token, "the file has more than \(ComponentLimits.expressionNodes) expression nodes")
        }
        let depth = 1 + operands.reduce(0) { Swift.max($0, $1 < depths.count ? depths[$1] : 1) }
        guard depth <= ComponentLimits.expressionDepth else {
            throw error(
                .limit, at: token,
                "more than \(ComponentLimits.expressionDepth) operations deep (split it into let bindings)")
        }
        let constants = pure ? operands.compactMap { program.constant(at: $0) } : []
        if constants.count == operands.count, case .binary(.concatenate, _, _) = node,
            constants.reduce(0, { $0 + $1.text.utf8.count }) > ComponentLimits.textBytes
        {
            throw error(.limit, at: token, "the joined text is longer than \(ComponentLimits.textBytes) bytes")
        }
        let index = program.append(node)
        guard pure, constants.count == operands.count else {
            if depths.count <= index { depths += repeatElement(1, count: index + 1 - depths.count) }
            depths[index] = depth
            return index
        }
        program.replace(index, withConstant: program.evaluate(index, ExpressionInputs(slots: [])))
        return index
    }
}
