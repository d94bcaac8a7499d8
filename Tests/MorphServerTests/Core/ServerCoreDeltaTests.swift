import Foundation
import MorphKit
import Testing

@testable import MorphServer

/// Frame deltas through the core: who gets a delta and against which frame, and that the
/// deltas a viewer receives rebuild, byte for byte, the lists a full-frame viewer receives.
@Suite struct ServerCoreDeltaTests {
    /// A curtain session dragged by its driver (who asked for full frames), and one viewer
    /// per entry of `deltas` joined to it.
    func draggedCurtain(viewers deltas: [Bool]) -> (harness: CoreHarness, driver: Int, viewers: [Int]) {
        let harness = CoreHarness()
        let (driver, session) = harness.openSession("curtain", #","viewport":[390,844]"#)
        let viewers = deltas.map { wants in
            let id = harness.connect(deltas: wants)
            harness.send(id, #"{"type":"join","session":"\#(session)"}"#)
            return id
        }
        harness.send(driver, #"{"type":"input","event":{"kind":"pointerDown","pointer":1,"x":370,"y":422}}"#)
        return (harness, driver, viewers)
    }

    /// Moves the drag one step and runs the tick.
    func dragStep(_ harness: CoreHarness, _ driver: Int, _ step: Int) {
        let x = 370 - 4 * step, y = 422 + step
        harness.send(driver, #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":\#(x),"y":\#(y)}}"#)
        harness.advance(by: 1.0 / 60)
    }

    /// The frames a drain wrote: the shared frame and the base it went against, if any.
    func frames(_ harness: CoreHarness, _ id: Int) -> [(frame: FrameEncoding, base: Int?)] {
        harness.drain(id).compactMap { message in
            if case .frame(let frame, _, let base) = message { return (frame, base) }
            return nil
        }
    }

    @Test func deltasRebuildTheFullListsByteForByte() throws {
        let (harness, driver, viewers) = draggedCurtain(viewers: [true, false])
        var held: [UInt8]?
        var deltas = 0
        for step in 1...30 {
            dragStep(harness, driver, step)
            let full = frames(harness, viewers[1])
            let sent = frames(harness, viewers[0])
            #expect(full.allSatisfy { $0.base == nil }, "a viewer that did not ask gets full frames")
            for (frame, base) in sent {
                if let base {
                    let delta = try #require(frame.deltas.first { $0.base == base })
                    let list = try #require(held)
                    let layout = try #require(DisplayListDelta.layout(of: list))
                    held = DisplayListDelta.apply(delta.list, to: list, baseLayout: layout)
                    deltas += 1
                    // What goes on the wire: the head, `base`, `delta`, no `list`.
                    let message = try JSONValue.parse(frame.bytes(dropped: 0, base: base))
                    #expect(message["base"]?.numberValue == Double(base) && message["list"] == nil)
                    #expect(frame.byteCount(dropped: 0, base: base) < frame.byteCount(dropped: 0) / 4)
                } else {
                    held = frame.list
                }
                #expect(held == frame.list, "step \(step), seq \(frame.sequence)")
            }
            #expect(sent.map(\.frame.sequence) == full.map(\.frame.sequence))
        }
        #expect(deltas >= 25, "\(deltas) of 30 frames came as deltas")
    }

    @Test func aViewerThatSkippedFramesGetsADeltaAgainstTheFrameItWasSentLastOrAFullFrame() throws {
        let (harness, driver, viewers) = draggedCurtain(viewers: [true])
        let slow = viewers[0]
        var step = 0
        // The join's frame, then one in step.
        _ = frames(harness, slow)
        step += 1
        dragStep(harness, driver, step)
        let last = try #require(frames(harness, slow).last)
        // Two frames skipped: the pending one still builds on the frame it was sent last.
        for _ in 0..<3 {
            step += 1
            dragStep(harness, driver, step)
        }
        let caughtUp = try #require(frames(harness, slow).last)
        #expect(caughtUp.frame.sequence == last.frame.sequence + 3)
        #expect(caughtUp.base == last.frame.sequence)
        // More frames skipped than the session keeps bases for: the list in full.
        for _ in 0...FrameDeltaBases.count {
            step += 1
            dragStep(harness, driver, step)
        }
        let behind = try #require(frames(harness, slow).last)
        #expect(behind.base == nil)
        #expect(behind.frame.sequence == caughtUp.frame.sequence + FrameDeltaBases.count + 1)
        // And the next builds on that one again.
        step += 1
        dragStep(harness, driver, step)
        #expect(frames(harness, slow).last?.base == behind.frame.sequence)
    }

    /// Deltas are written only against frames a viewer may still hold when the new one
    /// reaches it: one while every viewer keeps up, back to the oldest such frame while one
    /// lags, and the lagging viewer still gets its delta.
    @Test func deltasAreMadeOnlyAgainstFramesAViewerMayHold() throws {
        let (harness, driver, viewers) = draggedCurtain(viewers: [true, true])
        let (steady, lagging) = (viewers[0], viewers[1])
        var step = 0
        for _ in 0..<3 {
            step += 1
            dragStep(harness, driver, step)
            _ = frames(harness, steady)
            _ = frames(harness, lagging)
        }
        step += 1
        dragStep(harness, driver, step)
        let inStep = try #require(frames(harness, steady).last)
        #expect(frames(harness, lagging).last?.frame.sequence == inStep.frame.sequence)
        #expect(inStep.frame.deltas.map(\.base) == [inStep.frame.sequence - 1], "both viewers hold only the newest")
        let held = inStep.frame.sequence
        // `lagging` reads nothing for two ticks: its slot keeps the newest, its base stays.
        for _ in 0..<2 {
            step += 1
            dragStep(harness, driver, step)
            _ = frames(harness, steady)
        }
        step += 1
        dragStep(harness, driver, step)
        let forSteady = try #require(frames(harness, steady).last)
        #expect(forSteady.base == forSteady.frame.sequence - 1)
        let forLagging = try #require(frames(harness, lagging).last)
        #expect(forLagging.frame.sequence == forSteady.frame.sequence)
        #expect(forLagging.base == held, "the lagging viewer builds on the frame it was sent last")
        #expect(Set(forLagging.frame.deltas.map(\.base)) == Set((held..<forLagging.frame.sequence)))
    }

    @Test func noDeltasAreBuiltWhileNoViewerAsksForThem() throws {
        let (harness, driver, viewers) = draggedCurtain(viewers: [false])
        var built: [(frame: FrameEncoding, base: Int?)] = []
        for step in 1...12 {
            dragStep(harness, driver, step)
            built += frames(harness, viewers[0])
        }
        #expect(built.count >= 3)
        #expect(built.allSatisfy { $0.frame.deltas.isEmpty })
        // One that asks joins: deltas from the frame after its first on.
        let asking = harness.connect(deltas: true)
        let session = try #require(harness.core.sessions.keys.first)
        harness.send(asking, #"{"type":"join","session":"\#(session)"}"#)
        var received: [(frame: FrameEncoding, base: Int?)] = []
        for step in 13...18 {
            dragStep(harness, driver, step)
            received += frames(harness, asking)
        }
        #expect(received.count >= 4)
        #expect(received.first?.base == nil)
        #expect(received.dropFirst(2).allSatisfy { $0.base != nil })
    }

    /// Deltas are the protocol's default: a URL without `deltas`, or with any value but `0`,
    /// takes them; `deltas=0` opts out (full frames only).
    @Test func deltasAreTheDefaultAndZeroOptsOut() {
        #expect(PeerState.takesDeltas(nil))
        #expect(PeerState.takesDeltas("1"))
        #expect(PeerState.takesDeltas(""))
        #expect(!PeerState.takesDeltas("0"))
    }

    @Test func aJoinAndAResyncGetFullFrames() throws {
        let (harness, driver, viewers) = draggedCurtain(viewers: [true])
        let viewer = viewers[0]
        harness.tickNow()
        #expect(frames(harness, viewer).map(\.base) == [nil])
        for step in 1...3 { dragStep(harness, driver, step) }
        #expect(frames(harness, viewer).last?.base != nil)
        // A page that lost its list asks again: the newest frame comes whole.
        harness.send(viewer, #"{"type":"resync"}"#)
        let resent = frames(harness, viewer)
        #expect(resent.count == 1 && resent[0].base == nil)
        dragStep(harness, driver, 4)
        #expect(frames(harness, viewer).last?.base == resent[0].frame.sequence)
    }
}
