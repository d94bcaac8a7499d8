/// What an expression's value can change with, worked out when the file loads.
///
/// A frame keeps what depends only on the configuration, the environment and the viewport
/// (`isStill`: `let` bindings, whole subtrees, text layouts) and builds it again only when
/// one of those changes (`DataComponent.StillParts`), as the Swift components keep their
/// still parts.
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

    /// Whether the value is the same in every frame of one configuration, environment and
    /// viewport.
    var isStill: Bool { !contains(.motion) }
}

extension BuiltinSlot {
    /// What the builtin name changes with.
    var dependency: ExpressionDependency {
        switch self {
        case .viewport: .viewport
        // The environment's safe area, else the viewport preset's.
        case .safeAreaTop, .safeAreaLeading, .safeAreaBottom, .safeAreaTrailing: [.environment, .viewport]
        case .reduceMotion, .dark, .dynamicTypeScale, .dynamicTypeIndex, .accessibilitySize: .environment
        case .time, .scrubbing, .state, .dragging, .dragLocation, .dragStartLocation, .dragTranslation, .dragVelocity,
            .dragPredictedEnd, .dragPredictedEndTranslation, .pressed:
            .motion
        }
    }
}

extension ExpressionProgram {
    /// What the expression rooted at `index` reads, given what each slot changes with:
    /// constants nothing, a slot its own dependency, the colour scheme's and Dynamic Type's
    /// readers (`system`, `scaled`, `fontSize`, `measure` in a text style) the environment,
    /// any other impure function motion.
    func dependency(of index: Int, slots: [ExpressionDependency]) -> ExpressionDependency {
        switch nodes[index] {
        case .constant: return []
        case .slot(let slot): return slot < slots.count ? slots[slot] : .motion
        case .member(_, let operand), .negate(let operand), .not(let operand): return dependency(of: operand, slots: slots)
        case .binary(_, let left, let right):
            return dependency(of: left, slots: slots).union(dependency(of: right, slots: slots))
        case .condition(let test, let then, let otherwise):
            return dependency(of: test, slots: slots).union(dependency(of: then, slots: slots))
                .union(dependency(of: otherwise, slots: slots))
        case .call(let function, let first, let count):
            var result: ExpressionDependency =
                switch function {
                case _ where function.isPure: []
                case .system, .scaled, .fontSize, .measureStyle: .environment
                // A reader this analysis does not know is taken to change every frame.
                default: .motion
                }
            for k in 0..<count { result.formUnion(dependency(of: arguments[first + k], slots: slots)) }
            return result
        }
    }
}
