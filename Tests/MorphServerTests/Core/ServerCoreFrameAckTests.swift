import MorphKit
import Testing

@testable import MorphServer

/// Acknowledged frames (`?acks=1`, then `frame-ack`): a viewer that draws slowly holds at most
/// two frames unacknowledged; newer ones wait in the latest-wins slot and count as dropped, so
/// what it draws next is the newest frame, never a backlog. A viewer without `acks` is sent
/// every frame as before.
@Suite struct ServerCoreFrameAckTests {
    /// A curtain session dragged by its driver, an acking viewer and a plain one joined to it.
    func draggedCurtain() -> (harness: CoreHarness, driver: Int, acking: Int, plain: Int) {
        let harness = CoreHarness()
        let (driver, session) = harness.openSession("curtain", #","viewport":[390,844]"#)
        let acking = harness.connect(acks: true)
        let plain = harness.connect()
        for id in [acking, plain] { harness.send(id, #"{"type":"join","session":"\#(session)"}"#) }
        harness.send(driver, #"{"type":"input","event":{"kind":"pointerDown","pointer":1,"x":370,"y":422}}"#)
        return (harness, driver, acking, plain)
    }

    func dragStep(_ harness: CoreHarness, _ driver: Int, _ step: Int) {
        harness.send(driver, #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":\#(370 - 4 * step),"y":422}}"#)
        harness.advance(by: 1.0 / 60)
    }

    /// The frames a drain wrote: their sequence numbers and the `dropped` count each carried.
    func frames(_ harness: CoreHarness, _ id: Int) -> [(seq: Int, dropped: Int)] {
        harness.drain(id).compactMap { message in
            if case .frame(let frame, let dropped, _) = message { return (frame.sequence, dropped) }
            return nil
        }
    }

    @Test func noMoreThanTwoFramesGoUnacknowledgedAndAnAckBringsTheNewest() throws {
        let (harness, driver, acking, plain) = draggedCurtain()
        var sent: [Int] = []
        var plainCount = 0
        for step in 1...10 {
            dragStep(harness, driver, step)
            sent += frames(harness, acking).map(\.seq)
            plainCount += frames(harness, plain).count
        }
        // The plain viewer got a frame each tick; the acking one stopped at its window.
        #expect(plainCount >= 10)
        #expect(sent.count == PeerState.frameWindow, "sent \(sent)")
        #expect(harness.core.peers[acking]?.unacknowledgedFrames == sent)
        // Acknowledging the first frame frees one place: the newest frame comes, not the next.
        harness.send(acking, #"{"type":"frame-ack","seq":\#(sent[0])}"#)
        let next = frames(harness, acking)
        let newest = try #require(harness.core.sessions.values.first?.latestFrame?.sequence)
        #expect(next.map(\.seq) == [newest])
        #expect(try #require(next.first).dropped > 0, "the frames it never got are counted")
        // An ack is cumulative: the last frame acknowledged frees the whole window.
        dragStep(harness, driver, 11)
        _ = frames(harness, acking)
        harness.send(acking, #"{"type":"frame-ack","seq":\#(newest + 1)}"#)
        #expect(harness.core.peers[acking]?.unacknowledgedFrames.isEmpty == true)
        dragStep(harness, driver, 12)
        #expect(frames(harness, acking).count == 1)
    }

    @Test func anAckOfNoFrameInFlightChangesNothingAndResyncOpensTheWindow() throws {
        let (harness, driver, acking, _) = draggedCurtain()
        var sent: [Int] = []
        for step in 1...4 {
            dragStep(harness, driver, step)
            sent += frames(harness, acking).map(\.seq)
        }
        #expect(sent.count == 2)
        // Older than anything in flight: ignored, nothing is written.
        harness.send(acking, #"{"type":"frame-ack","seq":1}"#)
        if sent[0] > 1 { #expect(frames(harness, acking).isEmpty) }
        // A viewer that lost a delta's base asks again; the frames in flight no longer hold it.
        harness.send(acking, #"{"type":"resync"}"#)
        #expect(frames(harness, acking).count == 1)
    }

    @Test func aMalformedAckIsABadMessage() throws {
        let harness = CoreHarness()
        let (id, _) = harness.openSession("curtain")
        _ = harness.drain(id)
        for bad in [#"{"type":"frame-ack"}"#, #"{"type":"frame-ack","seq":0}"#, #"{"type":"frame-ack","seq":1.5}"#] {
            harness.send(id, bad)
            let errors = harness.messages(id).filter { $0.type == "error" }
            #expect(errors.count == 1 && errors.first?["code"] == .string("bad-message"), "\(bad)")
        }
    }
}
