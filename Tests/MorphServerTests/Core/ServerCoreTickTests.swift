import MorphKit
import Testing

@testable import MorphServer

/// The tick schedule on a manual clock: exactly which frames leave when.
@Suite struct ServerCoreTickTests {
    @Test func ticksAtSixtyHertzWhileMovingThenStop() throws {
        let harness = CoreHarness { $0.fps = 60 }
        let (id, _) = harness.openSession("probe", #","configuration":{"duration":0.1}"#)
        harness.tickNow()
        _ = harness.drain(id)
        #expect(harness.scheduledTick == nil)
        harness.clock.advance(by: 1)
        let start = harness.clock.now()
        harness.send(id, #"{"type":"input","event":{"kind":"tap","x":1,"y":1}}"#)
        let ticks = harness.advance(by: 0.5)
        // Now, then every 1/60 s (16 667 µs) on absolute deadlines, until the 0.1 s animation
        // is over: the tick at 0.100002 s finds it still and schedules nothing.
        #expect(harness.core.tickPeriod == 0.016667)
        let expected = (0...6).map { start + Double($0) * 0.016667 }
        #expect(ticks.count == expected.count)
        for (tick, want) in zip(ticks, expected) { #expect(abs(tick - want) < 1e-9) }
        #expect(harness.scheduledTick == nil)
        // Each tick built one frame (the last one the still picture after the animation).
        let frames = harness.messages(id)
        #expect(frames.count == 1 && frames[0]["dropped"]?.numberValue == 6)
        #expect(frames[0]["seq"]?.numberValue == 8 && frames[0]["state"]?.stringValue == "idle")
    }

    @Test func aStillSessionSleepsUntilItsScheduledChange() throws {
        let harness = CoreHarness()
        let (id, _) = harness.openSession("timer")
        harness.tickNow()
        #expect(harness.messages(id).first?["list"]?["seconds"]?.numberValue == -1)
        #expect(harness.scheduledTick == nil)
        harness.clock.advance(by: 0.25)
        let tap = harness.clock.now()
        harness.send(id, #"{"type":"input","event":{"kind":"tap","x":1,"y":1}}"#)
        harness.tickNow()
        #expect(harness.messages(id).first?["list"]?["seconds"]?.numberValue == 0)
        // One tick a second, each at the change, and one frame each.
        let ticks = harness.advance(by: 3.5)
        #expect(ticks.count == 3)
        for (index, tick) in ticks.enumerated() { #expect(abs(tick - (tap + Double(index + 1))) < 2e-6) }
        let seconds = harness.drain(harness.core.peers.keys.first!).count
        #expect(seconds == 1)  // latest wins: the viewer did not read in between
        #expect(harness.scheduledTick.map { abs($0 - (tap + 4)) < 2e-6 } == true)
    }

    @Test func nothingIsScheduledOrSentWhileStill() throws {
        let harness = CoreHarness()
        let (id, _) = harness.openSession("timer")
        harness.tickNow()
        _ = harness.drain(id)
        let before = harness.effects.count
        #expect(harness.advance(by: 10).isEmpty)
        #expect(harness.effects.count == before)
        // An input that changes nothing builds no frame and spends no sequence number.
        harness.send(id, #"{"type":"input","event":{"kind":"pointerUp","pointer":1,"x":1,"y":1}}"#)
        #expect(harness.advance(by: 1).count == 1)
        #expect(harness.drain(id).isEmpty)
        harness.send(id, #"{"type":"input","event":{"kind":"tap","x":1,"y":1}}"#)
        harness.tickNow()
        #expect(harness.messages(id).first?["seq"]?.numberValue == 2)
    }

    @Test func aSlowViewerGetsOnlyTheNewestFrameAndCountsTheRest() throws {
        let harness = CoreHarness()
        let (slow, session) = harness.openSession()
        let fast = harness.connect()
        harness.send(fast, #"{"type":"join","session":"\#(session)"}"#)
        _ = harness.drain(fast)
        harness.send(slow, #"{"type":"input","event":{"kind":"set","key":"moving","value":true}}"#)
        var fastFrames: [JSONValue] = []
        for _ in 0..<5 {
            harness.advance(by: 1.0 / 60)
            fastFrames += harness.messages(fast)
        }
        #expect(fastFrames.map { $0["dropped"]?.numberValue } == [0, 0, 0, 0, 0])
        let slowFrames = harness.messages(slow)
        #expect(slowFrames.count == 1)
        #expect(slowFrames[0]["seq"] == fastFrames.last?["seq"])
        #expect(slowFrames[0]["dropped"]?.numberValue == 4)
    }

    @Test func replayedEventsArriveAtTheirTimes() throws {
        let harness = CoreHarness()
        try harness.store(
            "t.jsonl",
            lines: [
                #"{"format":"morph.recording","version":1,"component":"timer","viewport":[390,844],"frameRate":60}"#,
                #"{"t":0.5,"kind":"tap","x":1,"y":1}"#,
            ])
        let id = harness.connect()
        harness.send(id, #"{"type":"replay","name":"t.jsonl"}"#)
        #expect(harness.messages(id).first?["component"]?.stringValue == "timer")
        harness.tickNow()
        #expect(harness.messages(id).first?["list"]?["seconds"]?.numberValue == -1)
        // Ticks at --fps until the replay is fed, then one frame a second.
        let ticks = harness.advance(by: 0.49)
        #expect(ticks.count == 29)
        #expect(harness.drain(id).isEmpty)
        harness.advance(by: 0.02)
        #expect(harness.messages(id).first?["list"]?["seconds"]?.numberValue == 0)
        harness.advance(by: 1)
        #expect(harness.messages(id).first?["list"]?["seconds"]?.numberValue == 1)
    }
}
