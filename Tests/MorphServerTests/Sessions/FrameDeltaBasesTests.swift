import MorphKit
import Testing

@testable import MorphServer

/// Which frames a session writes its deltas against and keeps (`FrameDeltaBases`).
@Suite struct FrameDeltaBasesTests {
    /// Frame `index`: twenty still squares and one that moves with the index.
    func list(_ index: Int, encoder: inout DisplayListEncoder) throws -> [UInt8] {
        var squares = (0..<20).map { square in
            SceneNode.shape(
                "still\(square)", path: Path(rect: Rect(x: Double(square), y: 0, width: 5, height: 5)), paint: .solid(.black))
        }
        squares.append(
            .shape("moving", path: Path(rect: Rect(x: Double(index), y: 10, width: 5, height: 5)), paint: .solid(.white)))
        return try encoder.encode(
            Scene(
                component: .curtain, size: Size(width: 100, height: 100), time: Double(index) / 60, background: .white,
                root: .group("root", children: squares)))
    }

    @Test func framesNoViewerHoldsAreNeitherWrittenAgainstNorKept() throws {
        var encoder = DisplayListEncoder()
        var bases = FrameDeltaBases()
        for sequence in 1...FrameDeltaBases.count {
            let made = bases.deltas(of: try list(sequence, encoder: &encoder), sequence: sequence, layout: encoder.layout)
            #expect(made.map(\.base) == Array((1..<sequence).reversed()), "frame \(sequence)")
        }
        #expect(bases.keptSequences == [1, 2, 3, 4])
        // Every viewer holds frame 3 or later: frames 1 and 2 go.
        var made = bases.deltas(of: try list(5, encoder: &encoder), sequence: 5, layout: encoder.layout, oldest: 3)
        #expect(made.map(\.base) == [4, 3])
        #expect(bases.keptSequences == [3, 4, 5])
        // Every viewer keeps up: one base.
        made = bases.deltas(of: try list(6, encoder: &encoder), sequence: 6, layout: encoder.layout, oldest: 5)
        #expect(made.map(\.base) == [5])
        #expect(bases.keptSequences == [5, 6])
        // The delta rebuilds the frame from its base.
        let six = try list(6, encoder: &encoder)
        var check = FrameDeltaBases()
        _ = check.deltas(of: try list(5, encoder: &encoder), sequence: 5)
        let delta = try #require(check.deltas(of: six, sequence: 6).first)
        let five = try list(5, encoder: &encoder)
        let rebuilt = DisplayListDelta.apply(delta.list, to: five, baseLayout: try #require(DisplayListDelta.layout(of: five)))
        #expect(rebuilt == six)
        // Nobody holds anything (every viewer just joined): nothing is written, only the new frame kept.
        made = bases.deltas(of: try list(7, encoder: &encoder), sequence: 7, layout: encoder.layout, oldest: .max)
        #expect(made.isEmpty)
        #expect(bases.keptSequences == [7])
    }

    /// The elements an encoder says it copied from its last list spare their comparison in the
    /// delta against that list, and change no delta: against every base, with ops that shift
    /// (one inserted in front every third frame), one that toggles, and a frame skipped now and
    /// then (the encoder's last list is then no base), each delta equals the one made by
    /// comparing every element and rebuilds its frame.
    @Test func knownCopiesGiveTheDeltasComparingEveryElementGives() throws {
        func scene(_ index: Int) -> Scene {
            var squares = (0..<12).map { square in
                SceneNode.shape(
                    "still\(square)", path: Path(rect: Rect(x: Double(square), y: 0, width: 5, height: 5)),
                    paint: .solid(square == 4 && index % 2 == 0 ? .white : .black))
            }
            if index % 3 == 0 {
                squares.insert(
                    .shape("front", path: Path(rect: Rect(x: 1, y: 1, width: 1, height: 1)), paint: .solid(.black)), at: 0)
            }
            squares.append(
                .shape("moving", path: Path(rect: Rect(x: Double(index), y: 10, width: 5, height: 5)), paint: .solid(.white)))
            return Scene(
                component: .curtain, size: Size(width: 100, height: 100), time: Double(index) / 60, background: .white,
                root: .group("root", children: squares))
        }
        var encoder = DisplayListEncoder()
        var known = FrameDeltaBases(), compared = FrameDeltaBases()
        var kept: [Int: [UInt8]] = [:]
        var sequence = 0
        var shortcuts = 0
        for index in 1...24 {
            let bytes = try encoder.encode(scene(index))
            // The root's push is always where it was: the squares tell.
            if let unchanged = encoder.unchanged, unchanged.ops.dropFirst().contains(true) { shortcuts += 1 }
            if index % 7 == 0 { continue }  // built and not sent: the next frame's copies come from it
            sequence += 1
            let fast = known.deltas(of: bytes, sequence: sequence, layout: encoder.layout, unchanged: encoder.unchanged)
            let slow = compared.deltas(of: bytes, sequence: sequence)
            #expect(fast.map(\.base) == slow.map(\.base) && fast.map(\.list) == slow.map(\.list), "frame \(index)")
            for delta in fast {
                let base = try #require(kept[delta.base])
                let layout = try #require(DisplayListDelta.layout(of: base))
                #expect(DisplayListDelta.apply(delta.list, to: base, baseLayout: layout) == bytes, "frame \(index)")
            }
            kept[sequence] = bytes
        }
        // An op copied from another position is not flagged: not across a shift in front.
        let aligned = (2...24).filter { $0 % 3 != 0 && ($0 - 1) % 3 != 0 }
        #expect(shortcuts == aligned.count, "the still squares are copied when nothing shifted them")
    }
}
