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

    /// Ops that move position, appear, disappear or change keep the bytes exact.
    @Test func encoderFollowsOpsThatShiftAndChange() throws {
        let a = DisplayList.Op.fill(
            .init(id: "a", path: Path(rect: Rect(x: 0, y: 0, width: 10, height: 10)), paint: .solid(.white)))
        let b = DisplayList.Op.fill(
            .init(id: "b", path: Path(rect: Rect(x: 1.5, y: 2, width: 3, height: 4)), paint: .solid(.black)))
        let c = DisplayList.Op.push(.init(id: "c", opacity: 0.25))
        let sequences: [[DisplayList.Op]] = [[a, b], [a, b], [b, a], [c, a, b, .pop], [a], [], [a, b, c, .pop]]
        var encoder = DisplayListEncoder()
        for (index, ops) in sequences.enumerated() {
            let list = DisplayList(
                component: .curtain, size: Size(width: 100, height: 100), time: Double(index) / 60, ops: ops,
                accessibility: index % 2 == 0 ? [] : [.init(id: "a", role: .button, label: "A", frame: .zero)])
            let bytes = try encoder.encode(list)
            #expect(bytes == (try list.canonicalJSON()), "step \(index)")
            // Empty arrays and shifted ops too: the encoder's layout is what a scan finds.
            #expect(encoder.layout != nil && encoder.layout == DisplayListDelta.layout(of: bytes), "step \(index)")
        }
        encoder.reusesUnchangedOps = false
        _ = try encoder.encode(DisplayList(component: .curtain, size: Size(width: 1, height: 1), time: 0, ops: []))
        #expect(encoder.layout == nil, "the plain encoding does not say where its arrays are")
    }

    /// Stretches of unchanged ops and elements are copied as one piece: a change at the start,
    /// in the middle or at the end of a stretch, several in a row, and lists that grow or
    /// shrink keep the bytes, the layout and the flags of which elements were copied exact.
    @Test func encoderCopiesStretchesOfUnchangedOpsExactly() throws {
        func op(_ slot: Int, _ version: Int) -> DisplayList.Op {
            .fill(
                .init(
                    id: "op\(slot)", path: Path(rect: Rect(x: Double(slot), y: Double(version) / 4, width: 3, height: 4)),
                    paint: .solid(.black)))
        }
        func element(_ slot: Int, _ version: Int) -> DisplayList.AccessibilityElement {
            .init(id: "e\(slot)", role: .button, label: "E\(version)", frame: Rect(x: Double(slot), y: 0, width: 2, height: 2))
        }
        var random = SeededRandomNumberGenerator(seed: 7)
        var versions = Array(repeating: 0, count: 12)
        var encoder = DisplayListEncoder()
        var previousCount = 0
        var copiedStretches = 0
        for step in 0..<200 {
            // Mostly one or two changes, sometimes a run of them or none, and now and then a
            // list that grows or shrinks.
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let first = Int.random(in: 0..<versions.count, using: &random)
                for slot in first..<min(versions.count, first + Int.random(in: 1...3, using: &random)) { versions[slot] += 1 }
            }
            let count = step % 17 == 16 ? Int.random(in: 0...versions.count, using: &random) : versions.count
            let list = DisplayList(
                component: .curtain, size: Size(width: 100, height: 100), time: Double(step) / 60,
                ops: (0..<count).map { op($0, versions[$0]) },
                accessibility: (0..<count).map { element($0, versions[$0] / 2) })
            let bytes = try encoder.encode(list)
            #expect(bytes == (try list.canonicalJSON()), "step \(step)")
            #expect(encoder.layout == DisplayListDelta.layout(of: bytes), "step \(step)")
            if let unchanged = encoder.unchanged {
                // Copied exactly where the element equals the previous frame's at its place.
                #expect(unchanged.ops.count == count && unchanged.accessibility.count == count, "step \(step)")
                for index in 0..<count where index >= previousCount {
                    #expect(!unchanged.ops[index], "step \(step): op \(index) is new")
                }
                copiedStretches += zip(unchanged.ops, unchanged.ops.dropFirst()).filter { $0 && $1 }.count
            }
            previousCount = count
        }
        #expect(copiedStretches > 500, "the sequence has long stretches of unchanged ops")
    }

    /// A path or text lines shared by several ops of one frame are written once and copied
    /// (the hero card's two header copies share theirs), while another array of the same
    /// length is written with its own numbers; accessibility elements are reused one by one.
    @Test func encoderCopiesPayloadsRepeatedWithinAFrame() throws {
        let other = Path(rect: Rect(x: 3, y: 4, width: 5, height: 6))
        let lines = [DisplayList.TextLine(x: 1.5, y: 2, text: "Title")]
        let font = DisplayList.Font(size: 17)
        var encoder = DisplayListEncoder()
        for step in 0..<4 {
            let shared = Path(rect: Rect(x: 0.25 + Double(step), y: 1, width: 10, height: 12.5))
            let movedLines = lines.map { DisplayList.TextLine(x: $0.x + Double(step), y: $0.y, text: $0.text) }
            let ops: [DisplayList.Op] = [
                .push(.init(id: "clip", clip: shared)),
                .fill(.init(id: "a", path: shared, paint: .solid(.white))),
                .stroke(.init(id: "b", path: shared, color: .black, width: 2)),
                .fill(.init(id: "c", path: other, paint: .solid(.black))),
                .text(.init(id: "t", font: font, color: .black, lines: movedLines)),
                .text(.init(id: "t.copy", font: font, color: .white, lines: movedLines)),
                .text(.init(id: "u", font: font, color: .black, lines: lines)),
                .pop,
            ]
            let list = DisplayList(
                component: .heroCard, size: Size(width: 100, height: 100), time: Double(step) / 60, ops: ops,
                accessibility: [
                    .init(id: "t", role: .text, label: "Title", frame: Rect(x: Double(step), y: 0, width: 4, height: 2)),
                    // Same frame, another label every other step: compared member by member.
                    .init(
                        id: "c", role: .button, label: step % 2 == 0 ? "C" : "Cee", frame: Rect(x: 3, y: 4, width: 5, height: 6)),
                ])
            let encoded = try encoder.encode(list)
            #expect(encoded == (try list.canonicalJSON()), "step \(step)")
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
            let ops: [DisplayList.Op] = [
                .fill(.init(id: "zero", path: rect(0), paint: .solid(.white))),
                .fill(.init(id: "zero.again", path: rect(0), paint: .solid(.black))),
                .fill(.init(id: "negative.zero", path: rect(-0.0), paint: .solid(.white))),
                .fill(.init(id: "last.point", path: rect(0, lastY: 13.25 + Double(step)), paint: .solid(.white))),
                .stroke(.init(id: "moved", path: rect(Double(step)), color: .black, width: 1)),
                .stroke(.init(id: "moved.again", path: rect(Double(step)), color: .white, width: 1)),
            ]
            let list = DisplayList(component: .heroCard, size: Size(width: 100, height: 100), time: 0, ops: ops)
            #expect(try encoder.encode(list) == (try list.canonicalJSON()), "step \(step)")
        }
    }

    /// A NaN is reported, and the encoder does not reuse bytes from before it.
    @Test func encoderRefusesNonFiniteNumbers() throws {
        var encoder = DisplayListEncoder()
        let good = DisplayList(
            component: .curtain, size: Size(width: 1, height: 1), ops: [.push(.init(id: "g", opacity: 0.5)), .pop])
        _ = try encoder.encode(good)
        var bad = good
        bad.ops[0] = .push(.init(id: "g", opacity: .nan))
        #expect(throws: JSONError.self) { try encoder.encode(bad) }
        #expect(try encoder.encode(good) == good.canonicalJSON())
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
