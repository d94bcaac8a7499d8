import Foundation
import MorphJSON
import Synchronization

/// A component loaded from a `morph.component` file (`schemas/component.md`): its
/// configuration fields, animated variables, scene template and state machine, compiled
/// once and shared by every session that runs it.
///
/// A class so sessions share one compiled definition; it never changes after loading.
/// Two definitions are equal when they are the same load.
public final class ComponentDefinition: Sendable, Hashable {
    /// The `format` value of every component file.
    public static let format = "morph.component"
    /// The only version this build reads.
    public static let version = 1

    /// The component's name; display lists and recordings carry it.
    public let name: String
    /// The kind display lists and recordings name: `name` (a built-in name makes the file a
    /// stand-in for that component).
    public let kind: ComponentKind
    /// One sentence on what the component is.
    public let summary: String
    /// What the preview page says under its picker on how to drive the component (nil: nothing).
    public let hint: String?
    /// The longest `hint` a file may give: one line in the page's panel.
    public static let hintLength = 200
    /// The viewport sessions start with when none is given.
    public let defaultViewport: Size
    /// Points drawn past each edge of the default viewport: non-zero when that viewport is a
    /// `.frame` in a larger canvas (a preview) rather than a screen, since a frame clips nothing
    /// and a shadow reaches past it. Renderers draw `bleed` beyond every edge; a session at any
    /// other viewport (a device's screen) has none.
    public let bleed: Double
    /// The configuration fields, in file order.
    public let fields: [ConfigurationField]
    /// The animated variables, in file order.
    public let variables: [Variable]
    /// The variable a `scrub` event overrides, if any.
    public let scrubVariable: Int?
    /// How many times a second the picture changes by itself, with no spring running and no
    /// input (a clock or spinner reading `time`); nil when it never does.
    public let ticksPerSecond: Double?
    /// Every expression of the file, as the loader analysed it.
    let program: ExpressionProgram
    /// Every expression of the file as closures: what frames evaluate.
    let code: ExpressionCode
    /// How many slots a frame's inputs have.
    let slotCount: Int
    /// Each configuration colour's slot and the slot of the same colour at the elevated level.
    let elevatedSlots: [Int: Int]
    /// `let` bindings in file order (those folded to constants left out), then the still
    /// parts of moving expressions, each in a slot of its own (`hoistStillParts`).
    let bindings: [Binding]
    /// The bindings that move only now and then, kept between frames by what they read, in
    /// groups of one key each; empty when there are none or they cannot be
    /// (`DefinitionLoader.keyedBindings`).
    let keyedBindings: [KeyedBindings]
    /// The moving bindings a frame evaluates: those neither still nor kept by key.
    let frameBindings: [Binding]
    /// By transition, the moving bindings its guard and effects read, directly or through
    /// other bindings, and whether they include kept ones: a drag's `dragChange` evaluates
    /// those, not the whole frame's (`DataComponent.fire`).
    let transitionInputs: [TransitionInputs]
    let background: ExpressionReference
    let root: NodeTemplate
    let machine: MachineTemplate
    /// The outermost nodes whose subtrees are still (each has a `stillIndex`, below
    /// `stillNodeCount`), and the text nodes outside them whose layout is still (each has a
    /// `stillLayout` index, below `stillLayoutCount`): built once per configuration,
    /// environment and viewport and kept in `stillParts`.
    let stillNodes: [NodeTemplate]
    let stillNodeCount: Int
    let stillTexts: [NodeTemplate]
    let stillLayoutCount: Int
    /// The icon nodes outside still subtrees whose shapes are still (each has a
    /// `stillShapes` index, below `stillIconCount`).
    let stillIcons: [NodeTemplate]
    let stillIconCount: Int
    /// How many nodes are kept keyed by what they read (`NodeTemplate.keyed`).
    let keyedNodeCount: Int
    /// How many nodes keep their children's list by key (`NodeTemplate.keptChildren`).
    let keptChildrenCount: Int
    /// The still parts of this file's frames, by configuration, environment and viewport.
    let stillParts = StillPartsCache<DataComponent.StillKey, DataComponent.StillParts>()
    /// Guards the configurations its sessions hold, each once (`interned`): sessions of one
    /// definition set theirs from several threads (morphd's service thread, a `--jobs` worker).
    private let configurations = Mutex<[[FieldValue]]>([])
    /// What the file wrote for each expression, by root node, and its `let` bindings in order
    /// (constants included): what `componentFile` writes back.
    let expressionSources: [Int: JSONValue]
    let letSources: [(name: String, source: JSONValue)]

    /// Every picture the file's `image` nodes use, in file order, each once.
    public let images: [ImageAsset]
    /// The file's own rules about every frame (`invariants`), in file order.
    public let invariants: [Invariant]
    /// The font files the file's top-level `fonts` names, by family (empty for most files).
    public let fonts: [String: FontFile]

    /// Compiles a component file's bytes.
    ///
    /// - Parameters:
    ///   - bytes: the file's JSON.
    ///   - file: the name errors give the file.
    ///   - directory: the folder `image` nodes' file names are read from (the component
    ///     file's own); without it only inline (`data:`) pictures load.
    public init(json bytes: [UInt8], file: String = "component.json", directory: URL? = nil) throws(DefinitionError) {
        var loader = DefinitionLoader(source: SourceText(file: file, bytes: bytes))
        loader.directory = directory
        let parts = try loader.load()
        images = loader.images
        invariants = parts.invariants
        fonts = loader.fonts
        (name, kind, summary, defaultViewport) = (parts.name, parts.kind, parts.summary, parts.viewport)
        hint = parts.hint
        bleed = parts.bleed
        (fields, variables, scrubVariable) = (parts.fields, parts.variables, parts.scrubVariable)
        ticksPerSecond = parts.ticksPerSecond
        (bindings, background, root, machine) = (parts.bindings, parts.background, parts.root, parts.machine)
        var keyedBindings = loader.keyedBindings(parts.bindings)
        let keptSlots = Set(keyedBindings.flatMap { $0.bindings.map(\.slot) })
        frameBindings = parts.bindings.filter { !$0.isStill && !keptSlots.contains($0.slot) }
        for group in keyedBindings.indices {
            keyedBindings[group].heldSlot = loader.compiler.scope.declareHidden(dependency: .motion)
        }
        slotCount = loader.compiler.scope.slotCount
        elevatedSlots = loader.compiler.scope.elevatedSlots
        (expressionSources, letSources) = (loader.sources, parts.lets)
        (stillNodeCount, stillLayoutCount) = (loader.stillNodeCount, loader.stillLayoutCount)
        stillIconCount = loader.stillIconCount
        (keyedNodeCount, keptChildrenCount) = (loader.keyedNodeCount, loader.keptChildrenCount)
        var stillNodes: [NodeTemplate] = []
        var stillTexts: [NodeTemplate] = []
        var stillIcons: [NodeTemplate] = []
        func collect(_ node: NodeTemplate) {
            if node.stillIndex != nil {
                stillNodes.append(node)
            } else {
                if case .text(let text) = node.content, text.stillLayout != nil { stillTexts.append(node) }
                if case .icon(let icon) = node.content, icon.stillShapes != nil { stillIcons.append(node) }
                node.children.forEach(collect)
            }
        }
        collect(root)
        (self.stillNodes, self.stillTexts, self.stillIcons) = (stillNodes, stillTexts, stillIcons)
        // Every value something is kept by: the kept bindings' and the kept parts' of nodes.
        var keyLeaves = keyedBindings.flatMap(\.leaves)
        func addKeys(of node: NodeTemplate) {
            keyLeaves += (node.keyed?.leaves ?? []) + (node.keptChildren?.leaves ?? [])
            node.children.forEach(addKeys)
        }
        addKeys(of: root)
        // The stepped calls among them are evaluated on their own, every frame.
        let keyNodes = keyLeaves.compactMap { leaf -> Int? in
            switch leaf {
            case .slot: nil
            case .expression(let node), .wholeSeconds(let node): node
            }
        }
        Self.keptBindingsReadElsewhere(&keyedBindings, program: loader.compiler.program, keyLeaves: keyLeaves)
        self.keyedBindings = keyedBindings
        program = loader.compiler.program
        code = ExpressionCode(program, extra: keyNodes)
        transitionInputs = Self.transitionInputs(
            machine, bindings: parts.bindings, frameBindings: frameBindings, keyed: keyedBindings, program: program)
    }

    /// What a transition's expressions read among the bindings (`transitionInputs`).
    struct TransitionInputs: Sendable {
        /// The frame bindings read, in file order.
        var frameBindings: [Binding]
        /// Whether a binding kept by key is read (then all of them are looked up, as a frame does).
        var readsKeyed: Bool
        /// By slot, whether the transition reads it, through its expressions or the bindings
        /// they read (slots past the end are not read). A drag fires one transition per pointer
        /// move, which reads a slot or two of the thirty a frame's inputs fill.
        var readsSlot: [Bool]
    }

    /// For each transition, the bindings its guard and effects read, closed over the
    /// bindings they read in turn.
    private static func transitionInputs(
        _ machine: MachineTemplate, bindings: [Binding], frameBindings: [Binding], keyed: [KeyedBindings],
        program: ExpressionProgram
    ) -> [TransitionInputs] {
        let bindingBySlot = Dictionary(bindings.map { ($0.slot, $0) }, uniquingKeysWith: { first, _ in first })
        let keyedSlots = Set(keyed.flatMap { $0.bindings.map(\.slot) })
        return machine.transitions.map { transition in
            var roots = transition.guardExpression.map { [$0.node] } ?? []
            for effect in transition.effects {
                switch effect {
                case .animate(_, let to, let animation): roots += [to.node, animation.node]
                case .jump(_, let to, _), .configure(_, let to): roots.append(to.node)
                }
            }
            var read = Set<Int>()
            var pending = program.slots(readFrom: roots)
            while let slot = pending.popFirst() {
                guard read.insert(slot).inserted, let binding = bindingBySlot[slot] else { continue }
                pending.formUnion(program.slots(readFrom: [binding.expression.node]).subtracting(read))
            }
            var readsSlot = [Bool](repeating: false, count: (read.max() ?? -1) + 1)
            for slot in read { readsSlot[slot] = true }
            return TransitionInputs(
                frameBindings: frameBindings.filter { read.contains($0.slot) },
                readsKeyed: !read.isDisjoint(with: keyedSlots), readsSlot: readsSlot)
        }
    }

    /// Identity: the same load.
    public static func == (lhs: ComponentDefinition, rhs: ComponentDefinition) -> Bool { lhs === rhs }
    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// A `let` binding: the slot it fills, its expression, and whether it is still (reads
    /// only the configuration, the environment and the viewport).
    struct Binding: Sendable {
        var slot: Int
        var expression: ExpressionReference
        var isStill: Bool
        /// Reads motion but nothing continuous (the machine state, a clock through `floor`
        /// or `timerText`): its value changes only now and then.
        var isKeyable = false
    }

    /// Keyable bindings decided by the same values, in file order, and those values: the
    /// motion slots and stepped calls they read, directly or through the keyable bindings they
    /// read. A frame looks their values up by those (`DataComponent.KeptByKey`), so a spinner's
    /// phase stepping eight times a second does not evaluate again what only the timer's
    /// whole seconds decide (the curtain's paragraph heights).
    struct KeyedBindings: Sendable {
        var bindings: [Binding]
        var leaves: [KeyLeaf]
        /// Those read by anything but the group's own bindings (a node, a moving binding, a
        /// transition, a key, a later group): the only ones a frame writes into its slots, and
        /// the only ones kept. A file's intermediate steps (a stack dividing its height) are
        /// read only while the group is evaluated, on a miss.
        var readElsewhere: [Binding] = []
        /// A hidden slot naming the group's entry (`KeptByKey.Entry.serial`) whose values a
        /// slot buffer holds: a frame whose buffer already holds the entry it looks up, most
        /// frames, writes none of them again (the curtain's stack writes 25 a frame).
        var heldSlot = 0
    }

    /// The groups' `readElsewhere`: each group's kept bindings that some expression other
    /// than the group's own bindings' reads.
    private static func keptBindingsReadElsewhere(
        _ groups: inout [KeyedBindings], program: ExpressionProgram, keyLeaves: [KeyLeaf]
    ) {
        // Every expression handed out is a root, once per time it was handed out: taking each
        // kept binding's own away once leaves any other expression that compiled to the same node.
        var toTake: [Int: Int] = [:]
        for binding in groups.lazy.flatMap(\.bindings) { toTake[binding.expression.node, default: 0] += 1 }
        let roots = program.roots.filter { root in
            guard let count = toTake[root], count > 0 else { return true }
            toTake[root] = count - 1
            return false
        }
        var readOutside = program.slots(readFrom: roots)
        for leaf in keyLeaves {
            switch leaf {
            case .slot(let slot): readOutside.insert(slot)
            case .expression(let node), .wholeSeconds(let node): readOutside.formUnion(program.slots(readFrom: [node]))
            }
        }
        // Which groups' bindings read each slot.
        var readerGroups: [Int: Set<Int>] = [:]
        for (group, keyed) in groups.enumerated() {
            for slot in program.slots(readFrom: keyed.bindings.map(\.expression.node)) {
                readerGroups[slot, default: []].insert(group)
            }
        }
        for group in groups.indices {
            groups[group].readElsewhere = groups[group].bindings.filter { binding in
                readOutside.contains(binding.slot) || readerGroups[binding.slot, default: []].contains { $0 != group }
            }
        }
    }

    /// The state machine's state names, initial first.
    public var stateNames: [String] { machine.states }

    /// The effect kernels the scene runs (`effect` nodes), each once, in scene order: what
    /// `morphd` can render as server tiles.
    public var effectKinds: [CurtainEffect.Kind] {
        var kinds: [CurtainEffect.Kind] = []
        func collect(_ node: NodeTemplate) {
            if case .effect(let effect) = node.content, !kinds.contains(effect.kernel) { kinds.append(effect.kernel) }
            node.children.forEach(collect)
        }
        collect(root)
        return kinds
    }

    /// One configuration field: a name, a type, a default and an optional range.
    public struct ConfigurationField: Hashable, Sendable {
        /// What values a field holds.
        public enum FieldType: String, Hashable, Sendable, CaseIterable {
            /// Any finite number (within the range).
            case number
            /// A whole number (within the range).
            case integer
            /// `true` or `false`; expressions read 1 or 0.
            case boolean
            /// `[r, g, b, a]` or a system colour name; expressions read the resolved colour.
            case color
            /// A string; expressions read text.
            case text
            /// An SF Symbol name MorphKit draws (`Icon`); expressions read text.
            case icon
            /// A non-empty list of colours; expressions read a colour list (a gradient's stops).
            case colors
            /// A list of records (`items`: field name → field type), at most `maxItems` long;
            /// expressions read `config.<name>.count` and `config.<name>.<n>.<item>` (n from 1).
            case list
            /// A spring, `{"response", "dampingFraction"}` or `{"duration", "bounce"}` (SwiftUI's
            /// two forms, `SpringFieldValue`); expressions read an animation (`with`).
            case spring
        }

        /// The key in configuration documents and `--set`.
        public var name: String
        /// What values it holds.
        public var type: FieldType
        /// The value when a configuration leaves the key out.
        public var defaultValue: JSONValue
        /// Smallest allowed value (numbers).
        public var minimum: Double?
        /// Largest allowed value (numbers).
        public var maximum: Double?
        /// Values must be greater than this (numbers).
        public var exclusiveMinimum: Double?
        /// Values must be less than this (numbers).
        public var exclusiveMaximum: Double?
        /// One sentence on what it changes.
        public var summary: String
        /// A list's record fields, in file order (each with a name and a scalar type).
        public var items: [ConfigurationField] = []
        /// The fewest entries a list or colour list takes (a colour list at least 1).
        public var minItems: Int?
        /// The most entries a list takes (required for lists: each entry has its slots).
        public var maxItems: Int?
        /// The only values a text field takes (`enum` in the file and in the generated schema,
        /// a menu in the page's options panel); nil: any text.
        public var choices: [String]?
        /// A list's items whose values differ from entry to entry: the keys of the `repeat`
        /// nodes over it (each copy's ids are built from its entry's key).
        public var uniqueItems: [String] = []
        /// The slot expressions read it from (`config.<name>`; a list's count, then its
        /// entries' item values, entry by entry).
        var slot: Int
    }

    /// One animated value: every one is driven by MorphKit's `Animator`, so `animate`
    /// retargets a running spring keeping its position and velocity, as SwiftUI does.
    public struct Variable: Hashable, Sendable {
        /// The name expressions read it by.
        public var name: String
        /// `number`, or `point` (both coordinates spring together, `Animator<Point>`).
        public var type: ExpressionType = .number
        /// Its value when a session starts (a number variable).
        public var initial: Double
        /// Its value when a session starts (a point variable).
        public var initialPoint: Point = .zero
        /// The animator's completion scale (SwiftUI's `unitScale`; 1 for plain units).
        public var unitScale: Double
        /// The slot expressions read it from.
        let slot: Int
    }
}

/// One node of the scene template.
/// A class: a frame walks the tree without copying each node's templates.
final class NodeTemplate: Sendable {
    enum Content: Sendable {
        case group(GroupTemplate)
        case shape(path: PathTemplate, paint: PaintTemplate)
        /// Boxed: a text template is the largest, and a switch that binds it copies one
        /// reference instead of its fields.
        indirect case text(TextTemplate)
        case icon(IconTemplate)
        /// A path stroked in one colour (a `SceneNode.Icon` with a stroke style).
        case stroke(StrokeTemplate)
        /// A kernel over the children (`SceneNode.effect`), or a plain group while disabled.
        case effect(EffectTemplate)
        /// A PNG in a frame (`ImageTemplate`).
        case image(ImageTemplate)
        /// A `repeat`: a group of one copy of its template per entry of a list field
        /// (`children`, `maxItems` copies, the first `count` drawn).
        case repeated(RepeatTemplate)
    }

    /// A `repeat` node: the list field it repeats over, the item whose value keys each copy's
    /// ids, and the list's count (how many copies are drawn).
    struct RepeatTemplate: Sendable {
        var list: String
        var key: String
        var count: ExpressionReference
    }

    /// A repeated node's id, `<prefix><key>.<id>`: the prefix is the repeat's id and a dot,
    /// the key its entry's key item (read with the configuration), `id` the template's. In a
    /// repeat inside a repeat's template, `outer` holds the enclosing repeats' prefixes and
    /// keys, outermost first: `rows.<row key>.chips.<chip key>.chip`.
    struct IDKey: Sendable {
        var prefix: String
        var key: ExpressionReference
        var outer: [IDKey] = []
    }

    struct StrokeTemplate: Sendable {
        /// The name display lists carry for the path (`minus`, `spoke`).
        var name: String
        var path: PathTemplate
        var color: ExpressionReference
        var width: ExpressionReference
        var cap: DisplayList.LineCap
        var join: DisplayList.LineJoin
    }

    /// The curtain kernel's parameters (`CurtainEffect`); while `enabled` is zero the node is
    /// a group with `bounds` (SwiftUI's `.layerEffect(…, isEnabled:)`).
    struct EffectTemplate: Sendable {
        var kernel: CurtainEffect.Kind
        var enabled: ExpressionReference?
        var bounds: ExpressionReference
        var drag: ExpressionReference
        var folds: ExpressionReference
        /// The view's frame `uv` is measured over, when the layer reaches past it.
        var frame: ExpressionReference?
    }

    struct GroupTemplate: Sendable {
        var transform: ExpressionReference?
        var opacity: ExpressionReference?
        var clip: PathTemplate?
        var shadow: (color: ExpressionReference, radius: ExpressionReference, offset: ExpressionReference)?
        /// The shadow is drawn only while this is non-zero.
        var shadowWhen: ExpressionReference?
        var bounds: ExpressionReference?
        /// The interface level the group sets for itself and its subtree, as the file wrote it
        /// (nil: its parent's). Applied when the file compiles; kept to write the file back.
        var level: UserInterfaceLevel?
    }

    enum PathTemplate: Sendable {
        case rect(ExpressionReference)
        case ellipse(ExpressionReference)
        case roundedRect(ExpressionReference, radius: ExpressionReference, style: RoundedCornerStyle)
        case roundedRectCorners(ExpressionReference, radii: [ExpressionReference], style: RoundedCornerStyle)
        /// A move to the first point, then lines through the rest.
        case polyline([ExpressionReference])
        /// Paths one after another, as one path.
        case subpaths([PathTemplate])
        /// SVG path data, read once when the file loads (`data` as written, for the file's
        /// write-back); with `fit`, the data's `viewBox` fitted into a rect expression as SVG's
        /// default `xMidYMid meet` fits it (uniform scale, centred), else drawn as written.
        case svg(data: String, path: Path, fit: (viewBox: Rect, into: ExpressionReference)?)
    }

    enum PaintTemplate: Sendable {
        case solid(ExpressionReference)
        case linear(from: ExpressionReference, to: ExpressionReference, colors: [ExpressionReference])
        /// A gradient whose stops are one colour-list expression (`config.colors`), evenly spaced.
        case linearList(from: ExpressionReference, to: ExpressionReference, colors: ExpressionReference)
    }

    struct TextTemplate: Sendable {
        var text: ExpressionReference
        /// The fixed font (`size` and `weight` as written), or the defaults `sizeCode` and
        /// `weightCode` replace each frame.
        var font: Font
        /// The component's own font the text is in (`"family"`), nil for the system font.
        var file: FontFile?
        /// A text style scaled by Dynamic Type, instead of the fixed `font`.
        var style: TextStyle?
        var maxWidth: ExpressionReference?
        var lineSpacing: Double
        var alignment: TextAlignment
        var placement: Placement
        /// The layout, made once when the text is a constant and no style scales it.
        var cachedLayout: TextLayout?
        /// The weight given with `style` (nil keeps the style's own).
        var styleWeight: FontWeight?
        /// `.leading(_:)`: ±2 points between baselines.
        var leading: Font.Leading = .standard
        /// `.tracking(_:)`: points after every character.
        var tracking: Double = 0
        /// The text is Markdown: backticked code spans are drawn monospaced (`InlineMarkdown`).
        var markdown = false
        /// The layout's index in a frame's still parts, when it reads only the
        /// configuration, the environment and the viewport (and is not `cachedLayout`).
        var stillLayout: Int?
        /// A font size given as an expression, read each frame (clamped to
        /// `ComponentLimits.fontSizes`).
        var sizeCode: ExpressionReference?
        /// A weight given as an expression naming one (`pressed ? 'bold' : 'regular'`); a
        /// name that is not a weight keeps the style's weight, or regular.
        var weightCode: ExpressionReference?
        /// `.lineLimit(_:)`: most lines drawn, read each frame (below 1: no limit).
        var lineLimit: ExpressionReference?
        /// The height proposed to the text, read each frame: lines past it are dropped and
        /// the last kept one ends in "…".
        var maxHeight: ExpressionReference?
    }

    struct IconTemplate: Sendable {
        /// The symbol when the file names it as a constant (checked at load time).
        var icon: Icon?
        /// The symbol's name when it is read per frame (an unknown name draws nothing).
        var name: ExpressionReference
        var pointSize: ExpressionReference
        var weight: SymbolWeight
        var placement: Placement
        /// The shapes' index in a frame's still parts when the symbol and its point size read
        /// only the configuration, the environment and the viewport: drawn once at the
        /// origin and moved to each frame's position (`StillParts.icons`).
        var stillShapes: Int?
    }

    /// Where a text block or symbol goes and its colour: the `anchor` point of its box
    /// (`[0.5, 0.5]` is the centre) lies at `position`.
    struct Placement: Sendable {
        var position: ExpressionReference
        var anchor: Point
        var color: ExpressionReference
    }

    struct AccessibilityTemplate: Sendable {
        /// The element exists only while this is non-zero (SwiftUI rebuilds the tree).
        var when: ExpressionReference?
        var role: AccessibilityRole
        var label: ExpressionReference
        var value: ExpressionReference?
        var hint: ExpressionReference?
    }

    let id: String
    /// For a node of a repeat's template, what its id is built from (`id` is then the
    /// template's own id); nil for every other node, whose id is `id`.
    let idKey: IDKey?
    /// The node (and its subtree) is drawn only while this is non-zero.
    let when: ExpressionReference?
    let content: Content
    let accessibility: AccessibilityTemplate?
    let children: [NodeTemplate]
    /// `children` unretained, for frames: a class reference loaded from an array is retained
    /// for as long as it is used, one borrowed through `Unmanaged` is not (`children` owns them).
    let childRefs: [Unmanaged<NodeTemplate>]
    /// The node's index in a frame's still parts when nothing in its subtree changes with
    /// motion.
    let stillIndex: Int?
    /// Where the node is kept between frames when it moves only now and then.
    let keyed: Keyed?
    /// Where the node's children are kept as one list when the node moves but each of its
    /// children is still or keyed: by the union of their keys.
    let keptChildren: Keyed?

    /// A node kept between frames by the values it reads: its index in a frame's
    /// `KeptByKey`, and what its key holds.
    struct Keyed: Sendable {
        var index: Int
        var leaves: [KeyLeaf]
    }

    init(
        id: String, when: ExpressionReference?, content: Content, accessibility: AccessibilityTemplate?,
        children: [NodeTemplate], stillIndex: Int? = nil, keyed: Keyed? = nil, keptChildren: Keyed? = nil,
        idKey: IDKey? = nil
    ) {
        self.idKey = idKey
        self.stillIndex = stillIndex
        self.keyed = keyed
        self.keptChildren = keptChildren
        self.id = id
        self.when = when
        self.content = content
        self.accessibility = accessibility
        self.children = children
        childRefs = children.map { .passUnretained($0) }
    }
}

/// The executable state machine: states, and transitions tried in file order.
struct MachineTemplate: Sendable {
    enum Trigger: Hashable, Sendable {
        /// A tap recognised on node `id` (`TapRecognizer`: 10 pt slop, 0.5 s).
        case tap(String)
        /// A button press released inside node `id` (`ButtonRecognizer`), or, for an
        /// `autorepeat` press, its touch-down and each repeat while held.
        case press(String)
        /// A drag (`DragRecognizer`, 10 pt minimum distance) began on node `id`.
        case dragStart(String)
        /// The drag that began on node `id` moved (also sent right after `dragStart`).
        case dragChange(String)
        /// The drag that began on node `id` ended; `drag.predictedEnd…` say where it was heading.
        case dragEnd(String)
        /// Variable `index` stopped animating.
        case settled(Int)
        /// An `environment` event.
        case environment
        /// A configuration field was set.
        case set

        /// The node a pointer event names; nil for the others.
        var node: String? {
            switch self {
            case .tap(let id), .press(let id), .dragStart(let id), .dragChange(let id), .dragEnd(let id): id
            case .settled, .environment, .set: nil
            }
        }

        /// The same event on node `id` (a pointer event; the others as they are).
        func on(_ id: String) -> Trigger {
            switch self {
            case .tap: .tap(id)
            case .press: .press(id)
            case .dragStart: .dragStart(id)
            case .dragChange: .dragChange(id)
            case .dragEnd: .dragEnd(id)
            case .settled, .environment, .set: self
            }
        }
    }

    enum Effect: Sendable {
        case animate(variable: Int, to: ExpressionReference, with: ExpressionReference)
        /// `jump` or `set` (`verb`, as the file wrote it): the variable takes the value at once.
        case jump(variable: Int, to: ExpressionReference, verb: String)
        /// `configure`: configuration field `field` takes the value (as a `set` would; a value
        /// the field refuses leaves it unchanged).
        case configure(field: Int, to: ExpressionReference)
    }

    struct Transition: Sendable {
        var from: Set<Int>
        var trigger: Trigger
        var guardExpression: ExpressionReference?
        var to: Int?
        var effects: [Effect]
        /// The file's text of the event, guard and effects, for `morph export --machine`.
        var eventName: String
        var guardSource: String?
        var effectSources: [String]
        /// A `dragStart`'s minimum distance in points (nil: SwiftUI's default, 10).
        var minimumDistance: Double?
        /// A `press`'s touch target when it is not a node's frame: a rect read where the
        /// variables are heading (an empty rect takes no presses).
        var region: ExpressionReference?
        /// A `press` that acts on touch-down and repeats while held (`StepperAutorepeat`)
        /// instead of acting on release.
        var autorepeat = false
        /// For an event on a repeated node (`"tap": "dots.*.dot"`): which copies it takes and
        /// where the entry hit is written for the guard and effects.
        var entry: EntryTarget?
    }

    /// The copies of one template node as a transition's target: for each drawn entry of a
    /// list field (and, in a repeat inside a repeat's template, of each enclosing one), the id
    /// `<prefix><key>` level by level, then `suffix`. The entries a pointer hit are found by
    /// their keys (keys are unique), and their `index` and items are written into their slots
    /// before the guard and effects run.
    struct EntryTarget: Sendable {
        /// One repeat, outermost first.
        struct Level: Sendable {
            /// What comes before the entry's key: `rows.` for the first, `.chips.` after.
            var prefix: String
            /// The list field and its key item.
            var field: Int
            var keyItem: Int
            /// Where the guard and effects read the entry's `index` and items (by item): the
            /// innermost's as `index` and `item.<name>`, every level's after its repeat's id.
            var slots: [(index: Int, items: [Int])]
        }

        var levels: [Level]
        /// A dot and the template node's id.
        var suffix: String
    }

    let states: [String]
    let transitions: [Transition]
    /// By state, the transitions from it in file order: a drag fires one trigger per pointer
    /// move, and looking the state up in every transition's `from` was a hash each.
    let transitionsFrom: [[Int]]
    /// By variable, whether some transition waits for it (`settled`): only those springs
    /// coming to rest are offered to the machine, each frame.
    let awaitsSettling: [Bool]

    init(states: [String], transitions: [Transition], variableCount: Int) {
        self.states = states
        self.transitions = transitions
        var from = [[Int]](repeating: [], count: states.count)
        for (index, transition) in transitions.enumerated() {
            for state in from.indices where transition.from.contains(state) { from[state].append(index) }
        }
        transitionsFrom = from
        var awaited = [Bool](repeating: false, count: variableCount)
        for transition in transitions {
            if case .settled(let variable) = transition.trigger, variable < variableCount { awaited[variable] = true }
        }
        awaitsSettling = awaited
    }
}

/// A component loaded from a file: `try Component(contentsOf: url)`, then
/// `ComponentSession(definition:)` runs it.
public typealias Component = ComponentDefinition

extension ComponentDefinition {
    /// `values`, or an equal configuration a session of this file already holds: sessions of
    /// one configuration then share one array, and a frame's still-parts lookup compares its
    /// key's values by identity, not value by value (most of a frame's key comparison).
    func interned(_ values: [FieldValue]) -> [FieldValue] {
        configurations.withLock { list in
            if let same = list.first(where: { $0 == values }) { return same }
            if list.count < 16 { list.append(values) }
            return values
        }
    }
}
