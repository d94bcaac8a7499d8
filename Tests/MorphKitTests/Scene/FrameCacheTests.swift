import MorphJSON
import Testing

@testable import MorphCore
@testable import MorphKit

/// The caches that spare work between frames change no byte: the op-reusing encoder against
/// the plain canonical encoding, and cached text layouts against fresh ones.
@Suite struct FrameCacheTests {
    /// Every frame of every fixture at its rate, each list encoded by the session's encoder
    /// (which reuses unchanged ops) and by `canonicalJSON()` from scratch.
    @Test(arguments: RecordedSessions.names)
    func encoderMatchesCanonicalJSON(name: String) throws {
        let recording = try RecordedSessions.recording(name)
        let kind = try #require(ComponentKind(rawValue: recording.header.component))
        var session = try ComponentSession(
            component: kind, configuration: recording.header.configuration,
            environment: recording.header.environment, viewport: recording.header.viewport)
        var next = 0
        var reusedFrames = 0
        let end = (recording.events.last?.time ?? 0) + 2
        for frame in 0...Int(end * 60) {
            let time = Double(frame) / 60
            while next < recording.events.count, recording.events[next].time <= time {
                try? session.handle(recording.events[next])
                next += 1
            }
            let encoded = session.encodedDisplayList(at: time)
            let fresh = try session.displayList().canonicalJSON()
            #expect(encoded == fresh, "\(name) frame \(frame)")
            // Frame deltas take the arrays' places from the encoder instead of scanning.
            let layout = try #require(session.encodedLayout, "\(name) frame \(frame)")
            #expect(layout == DisplayListDelta.layout(of: encoded), "\(name) frame \(frame)")
            if frame > 0 { reusedFrames += 1 }
        }
        #expect(reusedFrames > 0)
    }

    /// A scene of `nodes` under a root group, at `step` sixtieths of a second.
    func scene(_ nodes: [SceneNode], step: Int, component: ComponentKind = .curtain) -> Scene {
        Scene(
            component: component, size: Size(width: 100, height: 100), time: Double(step) / 60, background: .white,
            root: .group("root", children: nodes))
    }

    /// What the encoder must write for `scene`: its list's canonical bytes, and the layout a
    /// scan of them finds.
    func expectEncoded(_ scene: Scene, by encoder: inout DisplayListEncoder, _ comment: Comment) throws {
        let bytes = try encoder.encode(scene)
        #expect(bytes == (try scene.displayList().canonicalJSON()), comment)
        #expect(encoder.layout != nil && encoder.layout == DisplayListDelta.layout(of: bytes), comment)
    }

    /// Nodes that move position, appear, disappear, change or move into a group keep the bytes
    /// exact, whether a node is the previous frame's value (its subtree copied whole) or an
    /// equal one built again (compared op by op).
    @Test func encoderFollowsNodesThatShiftAndChange() throws {
        func a(_ step: Int) -> SceneNode {
            .shape(
                "a", path: Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)), paint: .solid(.white),
                accessibility: step % 2 == 0 ? nil : .init(role: .button, label: "A"))
        }
        let b = SceneNode.shape("b", path: Path(rect: Rect(x: 1.5, y: 2, width: 3, height: 4)), paint: .solid(.black))
        func c(_ children: [SceneNode]) -> SceneNode { .group("c", opacity: 0.25, children: children) }
        let kept = c([a(1), b])
        let sequences: [(Int) -> [SceneNode]] = [
            { [a($0), b] }, { [a($0), b] }, { [b, a($0)] }, { [c([a($0), b])] }, { [a($0)] }, { _ in [] },
            { [a($0), b, c([])] }, { _ in [kept, b] }, { _ in [kept, b] }, { _ in [b, kept] }, { [a($0), kept] },
        ]
        var encoder = DisplayListEncoder()
        for (step, nodes) in sequences.enumerated() {
            try expectEncoded(scene(nodes(step), step: step), by: &encoder, "step \(step)")
        }
        encoder.reusesUnchangedOps = false
        _ = try encoder.encode(scene([], step: 0))
        #expect(encoder.layout == nil, "the plain encoding does not say where its arrays are")
    }

    /// Stretches of unchanged ops and elements are copied as one piece: a change at the start,
    /// in the middle or at the end of a stretch, several in a row, and scenes that grow or
    /// shrink keep the bytes, the layout and the flags of which elements were copied exact.
    /// Leaves sit in groups of three; a group none of whose leaves changed is the previous
    /// frame's value (a kept subtree), as are the even leaves that did not change.
    @Test func encoderCopiesStretchesOfUnchangedOpsExactly() throws {
        func leaf(_ slot: Int, _ version: Int) -> SceneNode {
            .shape(
                "op\(slot)", path: Path(rect: Rect(x: Double(slot), y: Double(version) / 4, width: 3, height: 4)),
                paint: .solid(.black), accessibility: .init(role: .button, label: "E\(version / 2)"))
        }
        var random = SeededRandomNumberGenerator(seed: 7)
        var versions = Array(repeating: 0, count: 12)
        var keptLeaves: [Int: (version: Int, node: SceneNode)] = [:]
        var keptGroups: [Int: (versions: ArraySlice<Int>, node: SceneNode)] = [:]
        var encoder = DisplayListEncoder()
        var previousCount = 0
        var copiedStretches = 0
        for step in 0..<200 {
            // Mostly one or two changes, sometimes a run of them or none, and now and then a
            // scene that grows or shrinks.
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let first = Int.random(in: 0..<versions.count, using: &random)
                for slot in first..<min(versions.count, first + Int.random(in: 1...3, using: &random)) { versions[slot] += 1 }
            }
            let count = step % 17 == 16 ? Int.random(in: 0...versions.count, using: &random) : versions.count
            var groups: [SceneNode] = []
            for group in stride(from: 0, to: count, by: 3) {
                let slots = group..<min(count, group + 3)
                if let kept = keptGroups[group], kept.versions == versions[slots] {
                    groups.append(kept.node)
                    continue
                }
                let leaves = slots.map { slot in
                    if slot % 2 == 0, let kept = keptLeaves[slot], kept.version == versions[slot] { return kept.node }
                    let node = leaf(slot, versions[slot])
                    keptLeaves[slot] = (versions[slot], node)
                    return node
                }
                let node = SceneNode.group("g\(group)", children: leaves)
                keptGroups[group] = (versions[slots], node)
                groups.append(node)
            }
            let scene = scene(groups, step: step)
            try expectEncoded(scene, by: &encoder, "step \(step)")
            let ops = scene.displayList().ops.count
            if let unchanged = encoder.unchanged {
                // Copied exactly where the element equals the previous frame's at its place.
                #expect(unchanged.ops.count == ops && unchanged.accessibility.count == count, "step \(step)")
                for index in 0..<count where index >= previousCount {
                    #expect(!unchanged.accessibility[index], "step \(step): element \(index) is new")
                }
                copiedStretches += zip(unchanged.ops, unchanged.ops.dropFirst()).filter { $0 && $1 }.count
            }
            previousCount = count
        }
        #expect(copiedStretches > 500, "the sequence has long stretches of unchanged ops")
    }

    /// Random trees three groups deep, changed from frame to frame the ways components change
    /// them: a subtree kept as it was (the same value), rebuilt with equal values, a leaf moved,
    /// recoloured, given or stripped of its element or faded out, a child inserted, removed or
    /// moved among its siblings, ids repeated among siblings. Each frame's bytes are its list's,
    /// its layout is what a scan finds, and every element flagged as copied equals the previous
    /// frame's element at its index.
    @Test func encoderFollowsRandomTreesThatChange() throws {
        var random = SeededRandomNumberGenerator(seed: 29)
        func leaf(_ id: String) -> SceneNode {
            let x = Double(Int.random(in: 0...40, using: &random)) / 4
            let accessibility: SceneNode.Accessibility? =
                Bool.random(using: &random) ? .init(role: .button, label: "L\(Int.random(in: 0...2, using: &random))") : nil
            if Bool.random(using: &random) {
                return .shape(
                    id, path: Path(rect: Rect(x: x, y: 1, width: 3, height: 2)),
                    paint: .solid(Bool.random(using: &random) ? .black : .white), accessibility: accessibility)
            }
            return .text(
                id, font: DisplayList.Font(size: 12), color: .black, lines: [.init(x: x, y: 2, text: id)],
                bounds: Rect(x: x, y: 0, width: 20, height: 14), accessibility: accessibility)
        }
        func group(_ id: String, depth: Int) -> SceneNode {
            let children = (0..<Int.random(in: 0...4, using: &random)).map { index -> SceneNode in
                let childID = "\(id).\(Int.random(in: 0...index, using: &random))"
                return depth < 3 && Bool.random(using: &random) ? group(childID, depth: depth + 1) : leaf(childID)
            }
            return .group(
                id, transform: .translation(x: Double(Int.random(in: 0...3, using: &random)), y: 0),
                opacity: [1, 0.5, 0][Int.random(in: 0...2, using: &random)], children: children)
        }
        /// `node` changed in one place, or left as it is.
        func changed(_ node: SceneNode, depth: Int) -> SceneNode {
            var node = node
            switch Int.random(in: 0...9, using: &random) {
            case 0...3: return node  // kept: the same value
            case 4: return depth < 3 ? group(node.id, depth: depth) : leaf(node.id)  // rebuilt
            case 5 where !node.children.isEmpty:
                node.children.remove(at: Int.random(in: 0..<node.children.count, using: &random))
            case 6 where depth < 3:
                let index = Int.random(in: 0...node.children.count, using: &random)
                node.children.insert(leaf("\(node.id).new\(index)"), at: index)
            case 7 where node.children.count > 1:
                node.children.swapAt(0, node.children.count - 1)
            default:
                guard !node.children.isEmpty else { return leaf(node.id) }
                let index = Int.random(in: 0..<node.children.count, using: &random)
                node.children[index] = changed(node.children[index], depth: depth + 1)
            }
            // Children edited in place: a node the builder made again, its frame resolved anew.
            return SceneNode(
                id: node.id, content: node.content, children: node.children, accessibility: node.accessibility)
        }
        var encoder = DisplayListEncoder()
        var tree = group("root", depth: 1)
        var previous: (bytes: [UInt8], layout: DisplayListDelta.Layout)?
        var copied = 0
        for step in 0..<400 {
            tree = step % 50 == 0 ? group("root", depth: 1) : changed(tree, depth: 1)
            let scene = Scene(
                component: .curtain, size: Size(width: 100, height: 100), time: Double(step) / 60, background: .white,
                root: tree)
            tree = scene.root  // the next frame keeps resolved nodes, as components do
            let bytes = try encoder.encode(scene)
            #expect(bytes == (try scene.displayList().canonicalJSON()), "step \(step)")
            let layout = try #require(encoder.layout)
            #expect(layout == DisplayListDelta.layout(of: bytes), "step \(step)")
            if let previous, let unchanged = encoder.unchanged {
                func check(_ flags: [Bool], _ elements: [Range<Int>], _ base: [Range<Int>], _ name: String) {
                    #expect(flags.count == elements.count, "step \(step) \(name)")
                    for (index, flag) in flags.enumerated() where flag {
                        copied += 1
                        #expect(
                            index < base.count && bytes[elements[index]] == previous.bytes[base[index]],
                            "step \(step) \(name) \(index)")
                    }
                }
                check(unchanged.ops, layout.ops.elements, previous.layout.ops.elements, "ops")
                check(
                    unchanged.accessibility, layout.accessibility.elements, previous.layout.accessibility.elements,
                    "elements")
            }
            // The same scene again: every element copied, and the bytes the same.
            #expect(try encoder.encode(scene) == bytes, "step \(step), again")
            #expect(encoder.unchanged.map { !$0.ops.contains(false) } == true, "step \(step), again")
            previous = (bytes, layout)
        }
        #expect(copied > 1000)
    }

    /// A path or text lines shared by several ops of one frame are written once and copied
    /// (the hero card's two header copies share theirs), while another array of the same
    /// length is written with its own numbers; accessibility elements are reused one by one.
    @Test func encoderCopiesPayloadsRepeatedWithinAFrame() throws {
        let other = Path(rect: Rect(x: 3, y: 4, width: 5, height: 6))
        let lines = [DisplayList.TextLine(x: 1.5, y: 2, text: "Title")]
        let font = DisplayList.Font(size: 17)
        let bounds = Rect(x: 0, y: 0, width: 40, height: 20)
        var encoder = DisplayListEncoder()
        for step in 0..<4 {
            let shared = Path(rect: Rect(x: 0.25 + Double(step), y: 1, width: 10, height: 12.5))
            let movedLines = lines.map { DisplayList.TextLine(x: $0.x + Double(step), y: $0.y, text: $0.text) }
            let nodes: [SceneNode] = [
                .group(
                    "clip", clip: shared,
                    children: [
                        .shape("a", path: shared, paint: .solid(.white)),
                        .icon("b", name: "b", path: shared, style: .stroke(.black, width: 2)),
                        .shape(
                            "c", path: other, paint: .solid(.black),
                            // Another label every other step: compared member by member.
                            accessibility: .init(role: .button, label: step % 2 == 0 ? "C" : "Cee")),
                        .text(
                            "t", font: font, color: .black, lines: movedLines,
                            bounds: bounds.offsetBy(dx: Double(step), dy: 0), accessibility: .init(role: .text, label: "Title")),
                        .text("t.copy", font: font, color: .white, lines: movedLines, bounds: bounds),
                        .text("u", font: font, color: .black, lines: lines, bounds: bounds),
                    ])
            ]
            try expectEncoded(scene(nodes, step: step, component: .heroCard), by: &encoder, "step \(step)")
        }
    }

    /// A path equal to one written earlier in the frame but held in another array (two nodes
    /// of a file that compute the same path) is copied, and one that differs in a single
    /// coordinate, or only in the sign of a zero, keeps its own bytes.
    @Test func encoderCopiesEqualPathsAndWritesDifferentOnes() throws {
        func rect(_ x: Double, lastY: Double = 13.5) -> Path {
            var path = Path(rect: Rect(x: x, y: 1, width: 10, height: 12.5))
            path.elements[3] = .line(to: Point(x: x, y: lastY))
            return path
        }
        var encoder = DisplayListEncoder()
        for step in 0..<3 {
            let nodes: [SceneNode] = [
                .shape("zero", path: rect(0), paint: .solid(.white)),
                .shape("zero.again", path: rect(0), paint: .solid(.black)),
                .shape("negative.zero", path: rect(-0.0), paint: .solid(.white)),
                .shape("last.point", path: rect(0, lastY: 13.25 + Double(step)), paint: .solid(.white)),
                .icon("moved", name: "m", path: rect(Double(step)), style: .stroke(.black, width: 1)),
                .icon("moved.again", name: "m", path: rect(Double(step)), style: .stroke(.white, width: 1)),
            ]
            try expectEncoded(scene(nodes, step: 0, component: .heroCard), by: &encoder, "step \(step)")
        }
    }

    /// A NaN is reported, naming the field the list's own writer names, and the encoder does
    /// not reuse bytes from before it.
    @Test func encoderRefusesNonFiniteNumbers() throws {
        var encoder = DisplayListEncoder()
        func square(_ x: Double) -> SceneNode {
            .shape("s", path: Path(rect: Rect(x: x, y: 0, width: 1, height: 1)), paint: .solid(.black))
        }
        let good = scene([.group("g", opacity: 0.5, children: [square(0)])], step: 0)
        _ = try encoder.encode(good)
        let bad = scene([.group("g", opacity: 0.5, children: [square(.nan)])], step: 0)
        var listError: JSONError?
        do { _ = try bad.displayList().canonicalJSON() } catch { listError = error }
        #expect(listError != nil)
        #expect(throws: listError!) { try encoder.encode(bad) }
        #expect(try encoder.encode(good) == good.displayList().canonicalJSON())
    }

    /// A layout served from the cache equals one computed afresh, for the same arguments.
    @Test func cachedLayoutEqualsFreshLayout() {
        let text = "The quick brown fox jumps over the lazy dog — twice, well-nigh."
        for width in [nil, 80.0, 200.0] {
            let first = TextLayout(text, style: .body, at: .large, maxWidth: width)
            let again = TextLayout(text, style: .body, at: .large, maxWidth: width)
            let fresh = TextLayout(
                laying: text, font: .style(.body), maxWidth: width, lineSpacing: 0,
                lineHeight: TextStyle.body.leading(at: .large), leading: .standard, alignment: .leading)
            #expect(first == fresh)
            #expect(again == fresh)
        }
        let narrow = TextLayout(text, font: .system(size: 13), maxWidth: 60)
        let wide = TextLayout(text, font: .system(size: 13), maxWidth: 300)
        #expect(narrow.lines.count > wide.lines.count)
    }
}
