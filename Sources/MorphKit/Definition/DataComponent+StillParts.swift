import Synchronization

/// What a file component's frames share while its configuration, environment and viewport
/// stay the same: the slots of every name and `let` binding that reads nothing else, the
/// subtrees made only of such values, and the layouts of texts whose string, width and font
/// are such values. Each is built once, kept in the definition's `StillPartsCache` (so
/// sessions of one configuration share them), and a
/// frame evaluates only what moves. Which parts are still is decided when the file loads
/// (`ExpressionDependency`).
extension DataComponent {
    /// What the still parts depend on; the definition's cache is keyed by it.
    struct StillKey: Equatable, Sendable {
        var values: [FieldValue]
        var environment: ComponentEnvironment
        var viewport: Size
    }

    /// A frame's still parts: every slot (those that move hold placeholders a frame writes
    /// over), the still subtrees by `NodeTemplate.stillIndex` (nil where `when` left the
    /// node out, or the node is inside another still subtree) and the still text layouts by
    /// `TextTemplate.stillLayout`. A class: a frame passes it down every node it builds.
    final class StillParts: Sendable {
        let slots: [ExpressionValue]
        /// Not optionals: a node copied out of an array of optionals went through the generic
        /// optional copy, several calls a node; `hasNode` says which entries are placeholders.
        let nodes: [SceneNode]
        let hasNode: [Bool]
        let layouts: [TextLayout?]
        /// The shapes of icons that only move, by `IconTemplate.stillShapes` (nil for a name
        /// that is no icon).
        let icons: [StillIcon?]
        /// The nodes that move only now and then, by what they read.
        let keyed: KeptByKey<SceneNode?>
        /// The values of the `let` bindings that move only now and then, by group and what
        /// the group reads (`ComponentDefinition.keyedBindings`).
        let keyedBindings: KeptByKey<[ExpressionValue]>
        /// The children's lists of moving nodes whose children are all still or keyed.
        let keptChildren: KeptByKey<[SceneNode]>

        /// Slot buffers that frames handed back: a frame writes every moving slot, so a
        /// buffer a frame used holds the still values still, and the next frame fills it in
        /// place instead of copying `slots` (a few spare for frames built at once). Locked:
        /// frames of one configuration are built on several threads.
        private let spareSlots = Mutex<[[ExpressionValue]]>([])

        /// Slots to fill for a frame: a spare buffer, or a copy of `slots`.
        func takeSlots() -> [ExpressionValue] { spareSlots.withLock { $0.popLast() } ?? slots }

        /// Hands back a buffer `takeSlots` gave, after its frame.
        func giveBack(_ buffer: [ExpressionValue]) {
            spareSlots.withLock { spare in if spare.count < 4 { spare.append(buffer) } }
        }

        init(
            slots: [ExpressionValue], nodes: [SceneNode?], layouts: [TextLayout?], icons: [StillIcon?],
            definition: ComponentDefinition
        ) {
            (self.slots, self.layouts, self.icons) = (slots, layouts, icons)
            self.nodes = nodes.map { $0 ?? SceneNode(id: "", content: .group(SceneNode.Group())) }
            hasNode = nodes.map { $0 != nil }
            keyed = KeptByKey(count: definition.keyedNodeCount)
            keyedBindings = KeptByKey(count: definition.keyedBindings.count)
            keptChildren = KeptByKey(count: definition.keptChildrenCount)
        }
    }

    /// An icon drawn at the origin: its merged shapes (`SceneNode.mergedIconShapes`) and
    /// its layout box's size.
    struct StillIcon: Sendable {
        var icon: Icon
        var shapes: [IconShape]
        var size: Size
    }

    /// Parts that read motion but nothing continuous (the machine state, the curtain's timer
    /// text and spinner phase), each kept by the values it read. One per still key, so its entries hold
    /// for one configuration, environment and viewport.
    final class KeptByKey<Value: Sendable>: Sendable {
        /// Up to this many keys a part; the spinner's eight phases and two timer texts fit.
        static var capacity: Int { 12 }

        /// A key and what was built for it; a class, so a lookup copies no key or value.
        final class Entry: Sendable {
            let key: [ExpressionValue]
            let value: Value
            /// Unique among this instance's entries, from 1 (a slot buffer's held slots start at
            /// 0): what `ComponentDefinition.KeyedBindings.heldSlot` holds.
            let serial: Double
            init(_ key: [ExpressionValue], _ value: Value, serial: Double) {
                (self.key, self.value, self.serial) = (key, value, serial)
            }

            func matches(_ other: UnsafeMutableBufferPointer<ExpressionValue>) -> Bool {
                guard key.count == other.count else { return false }
                for index in key.indices where key[index] != other[index] { return false }
                return true
            }
        }

        /// The kept entries per index, and how many were ever made (the next serial).
        private struct Kept {
            var lists: [[Entry]]
            var made = 0
        }

        /// Guards the kept values per index: every thread building the definition's frames reads and fills them.
        private let entries: Mutex<Kept>

        init(count: Int) { entries = Mutex(Kept(lists: Array(repeating: [], count: count))) }

        /// The value kept at `index` for what `leaves` read in `inputs`, made by `make` on a
        /// miss (outside the lock).
        func value(
            _ index: Int, _ leaves: [KeyLeaf], _ code: ExpressionCode, _ inputs: ExpressionInputs,
            _ make: () -> Value
        ) -> Value {
            guard StillPartsCaching.isEnabled else { return make() }
            return entry(index, leaves, code, inputs, make).value
        }

        /// The entry kept at `index` for what `leaves` read in `inputs`, made by `make` on a
        /// miss (outside the lock); the entries are kept most recently used first. The key is
        /// read into the stack and compared there, so a hit, every frame but a few, allocates
        /// nothing.
        func entry(
            _ index: Int, _ leaves: [KeyLeaf], _ code: ExpressionCode, _ inputs: ExpressionInputs,
            _ make: () -> Value
        ) -> Entry {
            // Most frames read the key the last one did: compared with it leaf by leaf as each
            // is read, a hit reads no further than the key and copies none of it.
            if let latest = entries.withLock({ $0.lists[index].first }), latest.key.count == leaves.count {
                var same = true
                for leaf in leaves.indices where code.keyValue(leaves[leaf], inputs) != latest.key[leaf] {
                    same = false
                    break
                }
                if same { return latest }
            }
            return withUnsafeTemporaryAllocation(of: ExpressionValue.self, capacity: leaves.count) { key in
                for index in leaves.indices { key.initializeElement(at: index, to: code.keyValue(leaves[index], inputs)) }
                defer { _ = key.deinitialize() }
                // A hit moves to the front, so the next frames find it as the latest: a key that
                // comes back (the spinner's phases cycle) would otherwise miss the fast path
                // above on every frame until a new key is stored.
                let hit = entries.withLock { kept -> Entry? in
                    guard let position = kept.lists[index].firstIndex(where: { $0.matches(key) }) else { return nil }
                    let entry = kept.lists[index][position]
                    if position > 0 {
                        kept.lists[index].remove(at: position)
                        kept.lists[index].insert(entry, at: 0)
                    }
                    return entry
                }
                if let hit { return hit }
                let value = make()
                let stored = Array(key)
                return entries.withLock { kept in
                    kept.made += 1
                    let entry = Entry(stored, value, serial: Double(kept.made))
                    kept.lists[index].insert(entry, at: 0)
                    if kept.lists[index].count > Self.capacity { kept.lists[index].removeLast() }
                    return entry
                }
            }
        }
    }

    /// The still parts for `context`, built on the first frame that needs them.
    func stillParts(_ context: Context) -> StillParts {
        definition.stillParts.parts(
            for: StillKey(values: values, environment: context.environment, viewport: context.viewport)
        ) { makeStillParts(context) }
    }

    private func makeStillParts(_ context: Context) -> StillParts {
        let environment = context.environment
        let scheme = environment.colorScheme
        let size = environment.dynamicTypeSize
        var inputs = ExpressionInputs(
            slots: [ExpressionValue](repeating: .number(0), count: definition.slotCount), colorScheme: scheme,
            dynamicTypeSize: size)
        inputs.slots[BuiltinSlot.viewport.rawValue] = .point(Point(x: context.viewport.width, y: context.viewport.height))
        let safeArea = environment.safeArea
        inputs.slots[BuiltinSlot.safeAreaTop.rawValue] = .number(safeArea.top)
        inputs.slots[BuiltinSlot.safeAreaLeading.rawValue] = .number(safeArea.leading)
        inputs.slots[BuiltinSlot.safeAreaBottom.rawValue] = .number(safeArea.bottom)
        inputs.slots[BuiltinSlot.safeAreaTrailing.rawValue] = .number(safeArea.trailing)
        inputs.slots[BuiltinSlot.reduceMotion.rawValue] = .number(environment.reduceMotion ? 1 : 0)
        inputs.slots[BuiltinSlot.dark.rawValue] = .number(scheme == .dark ? 1 : 0)
        inputs.slots[BuiltinSlot.dynamicTypeScale.rawValue] = .number(ScaledMetric.factor(relativeTo: .body, at: size))
        inputs.slots[BuiltinSlot.dynamicTypeIndex.rawValue] = .number(Double(size.index))
        inputs.slots[BuiltinSlot.accessibilitySize.rawValue] = .number(size.isAccessibilitySize ? 1 : 0)
        // Before the first drag every drag point reads (0, 0).
        for slot in BuiltinSlot.dragPoints { inputs.slots[slot.rawValue] = .point(.zero) }
        for (field, value) in zip(definition.fields, values) {
            field.fill(&inputs.slots, value, in: scheme, elevated: definition.elevatedSlots)
        }
        for binding in definition.bindings where binding.isStill {
            inputs.slots[binding.slot] = definition.code.evaluate(binding.expression, inputs)
        }
        var nodes = [SceneNode?](repeating: nil, count: definition.stillNodeCount)
        for template in definition.stillNodes {
            // Kept resolved at the top of a scene, so a scene that puts it there copies nothing.
            nodes[template.stillIndex!] = build(template, inputs, context, still: nil).map(Scene.resolvedAtTop)
        }
        var layouts = [TextLayout?](repeating: nil, count: definition.stillLayoutCount)
        for template in definition.stillTexts {
            guard case .text(let text) = template.content, let index = text.stillLayout else { continue }
            layouts[index] = layout(text, inputs, context)
        }
        var icons = [StillIcon?](repeating: nil, count: definition.stillIconCount)
        for template in definition.stillIcons {
            guard case .icon(let icon) = template.content, let index = icon.stillShapes,
                let symbol = icon.icon ?? Icon(rawValue: definition.code.evaluate(icon.name, inputs).text)
            else { continue }
            let pointSize = definition.code.number(icon.pointSize, inputs)
            let box = symbol.layoutBox(pointSize: pointSize)
            icons[index] = StillIcon(
                icon: symbol,
                shapes: SceneNode.mergedIconShapes(symbol.shapes(pointSize: pointSize, weight: icon.weight, origin: .zero)),
                size: Size(width: box.width, height: box.height))
        }
        return StillParts(slots: inputs.slots, nodes: nodes, layouts: layouts, icons: icons, definition: definition)
    }
}
