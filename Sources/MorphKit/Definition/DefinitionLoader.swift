import Foundation
import MorphJSON

extension ComponentDefinition {
    /// Loads and compiles a component file.
    ///
    /// - Parameter url: a `morph.component` JSON file; errors name its last path component.
    /// - Throws: `DefinitionError` with the file, line and column of the first mistake.
    public convenience init(contentsOf url: URL) throws {
        try self.init(json: try Self.bytes(of: url), file: url.lastPathComponent, directory: url.deletingLastPathComponent())
    }

    /// The first `ComponentLimits.fileBytes + 1` bytes of the file at `url`: enough for the
    /// loader to tell a file over the limit (and where), without reading one of any size.
    public static func bytes(of url: URL) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return Array(try handle.read(upToCount: ComponentLimits.fileBytes + 1) ?? Data())
    }
}

/// The slots every component has, before its configuration, variables and bindings.
enum BuiltinSlot: Int, CaseIterable {
    case time, viewport, safeAreaTop, safeAreaLeading, safeAreaBottom, safeAreaTrailing
    case reduceMotion, dark, dynamicTypeScale, dynamicTypeIndex, accessibilitySize, scrubbing, state
    case dragging, dragLocation, dragStartLocation, dragTranslation, dragVelocity, dragPredictedEnd
    case dragPredictedEndTranslation, pressed

    /// The points a drag sets (`drag.…`).
    static let dragPoints: [BuiltinSlot] = [
        .dragLocation, .dragStartLocation, .dragTranslation, .dragVelocity, .dragPredictedEnd, .dragPredictedEndTranslation,
    ]

    var name: String {
        switch self {
        case .time: "time"
        case .viewport: "viewport"
        case .safeAreaTop: "safeArea.top"
        case .safeAreaLeading: "safeArea.leading"
        case .safeAreaBottom: "safeArea.bottom"
        case .safeAreaTrailing: "safeArea.trailing"
        case .reduceMotion: "env.reduceMotion"
        case .dark: "env.dark"
        case .dynamicTypeScale: "env.dynamicTypeScale"
        case .dynamicTypeIndex: "env.dynamicTypeIndex"
        case .accessibilitySize: "env.accessibilitySize"
        case .scrubbing: "scrubbing"
        case .state: "state"
        case .dragging: "dragging"
        case .dragLocation: "drag.location"
        case .dragStartLocation: "drag.startLocation"
        case .dragTranslation: "drag.translation"
        case .dragVelocity: "drag.velocity"
        case .dragPredictedEnd: "drag.predictedEndLocation"
        case .dragPredictedEndTranslation: "drag.predictedEndTranslation"
        case .pressed: "pressed"
        }
    }

    var type: ExpressionType {
        switch self {
        case .viewport, .dragLocation, .dragStartLocation, .dragTranslation, .dragVelocity, .dragPredictedEnd,
            .dragPredictedEndTranslation:
            .point
        case .state, .pressed: .text
        default: .number
        }
    }
}

/// Reads a component file into compiled parts, turning every mistake into a
/// `DefinitionError` with its line and column.
struct DefinitionLoader {
    struct Parts {
        var name: String
        var kind: ComponentKind
        var summary: String
        var hint: String?
        var viewport: Size
        var bleed: Double
        var fields: [ComponentDefinition.ConfigurationField]
        var variables: [ComponentDefinition.Variable]
        var scrubVariable: Int?
        var ticksPerSecond: Double?
        var bindings: [ComponentDefinition.Binding]
        var background: ExpressionReference
        var root: NodeTemplate
        var machine: MachineTemplate
        /// Every `let` binding as the file wrote it, constants included.
        var lets: [(name: String, source: JSONValue)]
        var invariants: [ComponentDefinition.Invariant]
    }

    let source: SourceText
    /// What the file wrote for each compiled expression, by its root node (for export).
    var sources: [Int: JSONValue] = [:]
    var compiler = ExpressionCompiler(scope: ExpressionScope())
    var variables: [ComponentDefinition.Variable] = []
    var fields: [ComponentDefinition.ConfigurationField] = []
    var nodeIDs: Set<String> = []
    /// Where `image` nodes' file names are read from (nil: inline pictures only).
    var directory: URL?
    /// The pictures read so far, each once.
    var images: [ImageAsset] = []
    /// The font files the top-level `fonts` names, by family.
    var fonts: [String: FontFile] = [:]
    /// What the expressions compiled so far for the node being loaded read (its subtree's
    /// included), and how many still nodes and still text layouts have indices.
    var nodeDependency: ExpressionDependency = []
    var stillNodeCount = 0
    var stillLayoutCount = 0
    var stillIconCount = 0
    /// The values a kept part of the node being loaded would be keyed by (its subtree's
    /// included), and how many keyed nodes have indices.
    var nodeKeyLeaves: [KeyLeaf] = []
    var keyedNodeCount = 0
    /// How many moving nodes keep their children's list by key (`NodeTemplate.keptChildren`).
    var keptChildrenCount = 0
    /// The copies of repeats' templates being loaded, outermost first (`DefinitionLoader+Repeat`).
    var repeatCopies: [RepeatCopy] = []
    /// The copy of the innermost repeat's template being loaded, if any.
    var repeatCopy: RepeatCopy? { repeatCopies.last }
    /// Every repeat's id, and each template node's own id with its repeat's (for targets).
    var repeatIDs: [String] = []
    var repeatedIDs: [String: String] = [:]
    /// The repeats outside any template, by id: what a transition on one of their template's
    /// nodes (`"tap": "dots.*.dot"`) takes.
    var repeatTargets: [String: RepeatTarget] = [:]
    /// Scene nodes loaded so far, each copy of a template counted (`ComponentLimits.sceneNodes`).
    var sceneNodeCount = 0
    /// Each configuration field's default, where the file wrote it (a repeat's key checks it).
    var defaultCursors: [String: JSONCursor] = [:]

    init(source: SourceText) {
        self.source = source
        for slot in BuiltinSlot.allCases { compiler.scope.declare(slot.name, slot.type, dependency: slot.dependency) }
    }

    /// Runs `body`, turning a JSON error into a located `DefinitionError`.
    func json<T>(_ body: () throws(JSONError) -> T) throws(DefinitionError) -> T {
        do {
            return try body()
        } catch {
            switch error {
            case .invalidJSON(let offset, let reason): throw source.error(.invalidJSON, at: offset, reason)
            case .malformed(let path, let reason, let offset):
                throw source.error(.malformed, at: offset, path.isEmpty ? reason : "\(path): \(reason)")
            default: throw source.error(.malformed, at: error.offset, error.description)
            }
        }
    }

    /// The members of the object under `object`, each with its cursor, in order: a file's
    /// thousands of `let` bindings cost one pass, not one each. A `null` member is missing,
    /// as `required(_:)` has it.
    func members(_ object: JSONCursor) throws(DefinitionError) -> [(key: String, cursor: JSONCursor)] {
        let members = try json { () throws(JSONError) in try object.members() }
        for member in members {
            if case .null = member.cursor.value {
                throw source.error(.malformed, at: object.offset, "\(object.child(member.key)): missing required key")
            }
        }
        return members
    }

    func fail(_ kind: DefinitionError.Kind, _ cursor: JSONCursor, _ message: String) -> DefinitionError {
        source.error(kind, at: cursor.offset, cursor.path.isEmpty ? message : "\(cursor.path): \(message)")
    }

    /// An expression property: a JSON number is a constant, a string is compiled.
    mutating func expression(_ cursor: JSONCursor, _ type: ExpressionType) throws(DefinitionError) -> ExpressionReference {
        switch cursor.value {
        case .number(let number) where type == .number:
            return recording(compiler.constant(.number(number)), cursor.value)
        case .bool(let flag) where type == .number: return recording(compiler.constant(.number(flag ? 1 : 0)), cursor.value)
        case .string(let text):
            do {
                return recording(try compiler.compile(text, expecting: type), cursor.value)
            } catch {
                let offset = cursor.offset.map { source.byteOffset(inStringAt: $0, decodedIndex: error.offset) }
                throw source.error(
                    error.kind, at: offset, "\(cursor.path): \(error.message)")
            }
        default:
            throw fail(
                .typeMismatch, cursor,
                "expected an expression (a string) giving \(type.described), found \(cursor.value.typeName)")
        }
    }

    /// Notes what the file wrote for `reference`.
    mutating func recording(_ reference: ExpressionReference, _ written: JSONValue) -> ExpressionReference {
        sources[reference.node] = written
        noteRead(reference)
        return reference
    }

    /// Notes that the node being loaded reads `reference` (what it depends on, and the values
    /// a kept part of it would be keyed by).
    mutating func noteRead(_ reference: ExpressionReference) {
        let dependency = dependency(of: reference)
        nodeDependency.formUnion(dependency)
        if dependency.isKeyable {
            compiler.program.keyLeaves(of: reference.node, slots: compiler.scope.dependencies, into: &nodeKeyLeaves)
        }
    }

    /// An optional expression property `key`.
    mutating func expression(_ cursor: JSONCursor, _ key: String, _ type: ExpressionType) throws(DefinitionError)
        -> ExpressionReference?
    {
        guard let member = try json({ () throws(JSONError) in try cursor.optional(key) }) else { return nil }
        return try expression(member, type)
    }

    /// A required expression property `key`.
    mutating func requiredExpression(_ cursor: JSONCursor, _ key: String, _ type: ExpressionType) throws(DefinitionError)
        -> ExpressionReference
    {
        try expression(try json({ () throws(JSONError) in try cursor.required(key) }), type)
    }

    /// What `reference` reads, by the slots' dependencies.
    func dependency(of reference: ExpressionReference) -> ExpressionDependency {
        compiler.program.dependency(of: reference.node, slots: compiler.scope.dependencies)
    }

    /// The variable named by `cursor` (a string).
    func variable(_ cursor: JSONCursor) throws(DefinitionError) -> Int {
        let name = try json { () throws(JSONError) in try cursor.string() }
        guard let index = variables.firstIndex(where: { $0.name == name }) else {
            throw fail(
                .badReference, cursor, "unknown variable '\(name)' (variables: \(variables.map(\.name).joined(separator: ", ")))")
        }
        return index
    }

    mutating func load() throws(DefinitionError) -> Parts {
        guard source.bytes.count <= ComponentLimits.fileBytes else {
            throw source.error(
                .limit, at: ComponentLimits.fileBytes, "the file is larger than \(ComponentLimits.fileBytes) bytes")
        }
        let root = try json { () throws(JSONError) in try JSONCursor(parsing: source.bytes) }
        let format = try json { () throws(JSONError) in try root.required("format").string() }
        guard format == ComponentDefinition.format else {
            throw source.error(.unsupported, at: root.offset, "format must be \"morph.component\", found \"\(format)\"")
        }
        let version = try json { () throws(JSONError) in try root.required("version").integer() }
        guard version == ComponentDefinition.version else {
            throw source.error(.unsupported, at: root.offset, "unsupported version \(version) (this build reads 1)")
        }
        let nameCursor = try json { () throws(JSONError) in try root.required("name") }
        let name = try json { () throws(JSONError) in try nameCursor.string() }
        guard let kind = ComponentKind(named: name) else {
            throw fail(
                .malformed, nameCursor,
                "a component name is 1 to 64 lowercase letters, digits and '-', starting with a letter; found '\(name)'")
        }
        let summary = try json { () throws(JSONError) in try root.optional("summary")?.string() ?? "" }
        let hint = try loadHint(root)
        let viewport = try json { () throws(JSONError) in try root.required("viewport").numbers(count: 2) }
        var bleed = 0.0
        if let cursor = try json({ () throws(JSONError) in try root.optional("bleed") }) {
            bleed = try json { () throws(JSONError) in try cursor.number() }
            guard bleed >= 0, bleed <= DisplayList.maxBleed else {
                throw fail(.malformed, cursor, "bleed must be in 0...\(Int(DisplayList.maxBleed)) points")
            }
        }
        fields = try loadFields(root)
        try loadVariables(root)
        var scrubVariable: Int?
        if let scrub = try json({ () throws(JSONError) in try root.optional("scrub") }) {
            scrubVariable = try variable(scrub)
            if let index = scrubVariable, variables[index].type != .number {
                throw fail(.typeMismatch, scrub, "the scrub variable must be a number")
            }
        }
        // Before any expression: a measuring call in `let` may name a family.
        try loadFonts(root)
        compiler.fonts = fonts
        var bindings: [ComponentDefinition.Binding] = []
        var letSources: [(name: String, source: JSONValue)] = []
        if let lets = try json({ () throws(JSONError) in try root.optional("let") }) {
            guard case .object = lets.value else {
                throw fail(.malformed, lets, "expected an object of name: expression")
            }
            for (key, cursor) in try members(lets) {
                if let binding = try bind(key, cursor) { bindings.append(binding) }
                letSources.append((key, cursor.value))
            }
        }
        var ticksPerSecond: Double?
        if let ticks = try json({ () throws(JSONError) in try root.optional("ticksPerSecond") }) {
            let value = try json { () throws(JSONError) in try ticks.number() }
            guard value > 0, value <= 1000 else { throw fail(.malformed, ticks, "ticksPerSecond must be in (0, 1000]") }
            ticksPerSecond = value
        }
        let background = try requiredExpression(root, "background", .color)
        let scene = try loadNode(try json { () throws(JSONError) in try root.required("scene") })
        let machine = try loadMachine(try json { () throws(JSONError) in try root.required("machine") })
        let invariants = try loadInvariants(root)
        bindings += hoistStillParts()
        return Parts(
            name: name, kind: kind, summary: summary, hint: hint, viewport: Size(width: viewport[0], height: viewport[1]),
            bleed: bleed,
            fields: fields, variables: variables, scrubVariable: scrubVariable, ticksPerSecond: ticksPerSecond,
            bindings: bindings,
            background: background, root: scene, machine: machine, lets: letSources, invariants: invariants)
    }

    /// The optional `hint`: the preview page shows it on one line under its picker.
    func loadHint(_ root: JSONCursor) throws(DefinitionError) -> String? {
        guard let cursor = try json({ () throws(JSONError) in try root.optional("hint") }) else { return nil }
        let hint = try json { () throws(JSONError) in try cursor.string() }
        guard hint.count <= ComponentDefinition.hintLength else {
            throw fail(.malformed, cursor, "a hint is one short sentence, at most \(ComponentDefinition.hintLength) characters")
        }
        return hint.isEmpty ? nil : hint
    }

    /// A `let` binding: compiled with the names bound so far, then bound itself; a constant
    /// binding needs no slot (nil), its readers get the value.
    mutating func bind(_ name: String, _ cursor: JSONCursor) throws(DefinitionError) -> ComponentDefinition.Binding? {
        let compiled: ExpressionReference
        switch cursor.value {
        case .number(let number): compiled = compiler.constant(.number(number))
        case .string(let text):
            do {
                compiled = try compiler.compile(text)
            } catch {
                let offset = cursor.offset.map { source.byteOffset(inStringAt: $0, decodedIndex: error.offset) }
                throw source.error(error.kind, at: offset, "\(cursor.path): \(error.message)")
            }
        default: throw fail(.typeMismatch, cursor, "expected an expression (a string), found \(cursor.value.typeName)")
        }
        if let value = compiler.program.constant(at: compiled.node) {
            guard compiler.scope.declareConstant(name, value) else {
                throw fail(.badReference, cursor, "'\(name)' is already defined")
            }
            return nil
        }
        let dependency = dependency(of: compiled)
        guard let slot = compiler.scope.declare(name, compiled.type, dependency: dependency) else {
            throw fail(.badReference, cursor, "'\(name)' is already defined")
        }
        return ComponentDefinition.Binding(
            slot: slot, expression: compiled, isStill: dependency.isStill, isKeyable: dependency.isKeyable)
    }
}
