import MorphKit
import Testing

@testable import MorphServer

/// Sessions: open, join, input fan-out, leaving, and the last viewer ending the session.
@Suite struct ServerCoreSessionTests {
    @Test func openAnswersSessionThenTheFirstFrameOnTheNextTick() throws {
        let harness = CoreHarness()
        let (id, session) = harness.openSession("probe", #","viewport":[200,100]"#)
        #expect(session == "a000000000000001")
        #expect(harness.drain(id).isEmpty)
        harness.tickNow()
        let frame = try #require(harness.messages(id).first)
        #expect(frame.type == "frame" && frame["session"]?.stringValue == session)
        #expect(frame["seq"]?.numberValue == 1 && frame["dropped"]?.numberValue == 0)
        #expect(frame["serverTime"]?.numberValue == 1_700_000_000)
        #expect(frame["list"]?["size"] == .array([.number(200), .number(100)]))
    }

    @Test func aJoiningViewerGetsTheSessionAndTheLatestFrameAndBothSeeInput() throws {
        let harness = CoreHarness()
        let (first, session) = harness.openSession("probe", #","joiners":"drive""#)
        harness.tickNow()
        _ = harness.drain(first)
        let second = harness.connect()
        harness.send(second, #"{"type":"join","session":"\#(session)"}"#)
        let joined = harness.messages(second)
        #expect(joined.map(\.type) == ["session", "frame"])
        #expect(joined[0]["access"]?.stringValue == "drive")
        #expect(joined[1]["seq"]?.numberValue == 1)
        // Input from the second viewer: its session time is the server's, and both get the frame.
        harness.clock.advance(by: 0.25)
        harness.send(second, #"{"type":"input","event":{"t":99,"kind":"scrub","progress":0.5}}"#)
        harness.tickNow()
        for viewer in [first, second] {
            let frames = harness.messages(viewer)
            #expect(frames.map(\.type) == ["frame"])
            #expect(frames.first?["seq"]?.numberValue == 2)
            #expect(frames.first?["list"]?["time"]?.numberValue == 0.25)
        }
    }

    @Test func theLastViewerLeavingEndsTheSessionAndItsRecording() throws {
        let harness = CoreHarness()
        let (first, session) = harness.openSession()
        let second = harness.connect()
        harness.send(second, #"{"type":"join","session":"\#(session)"}"#)
        harness.send(first, #"{"type":"record","action":"start"}"#)
        #expect(harness.recordingNames[session] != nil)
        harness.run(.closed(first))
        #expect(harness.core.sessions[session] != nil)
        #expect(harness.recordingNames[session] != nil)
        // Opening another session leaves this one: its last viewer is gone.
        harness.send(second, #"{"type":"open","component":"probe"}"#)
        #expect(harness.core.sessions[session] == nil)
        #expect(harness.recordingNames[session] == nil)
        let third = harness.connect()
        harness.send(third, #"{"type":"join","session":"\#(session)"}"#)
        #expect(harness.messages(third).first?.code == "unknown-session")
    }

    @Test func aViewerThatLeftGetsNoMoreFrames() throws {
        let harness = CoreHarness()
        let (first, session) = harness.openSession()
        let second = harness.connect()
        harness.send(second, #"{"type":"join","session":"\#(session)"}"#)
        harness.tickNow()
        harness.send(second, #"{"type":"open","component":"probe"}"#)
        // The frame still waiting for the second viewer is dropped with its old session.
        #expect(harness.messages(second).filter { $0.type == "frame" }.allSatisfy { $0["session"]?.stringValue != session })
        harness.send(first, #"{"type":"input","event":{"kind":"scrub","progress":0.1}}"#)
        // The input came in the tick's own instant: its frame is built one period later.
        harness.advance(by: harness.core.tickPeriod)
        #expect(harness.messages(first).last?["seq"]?.numberValue == 2)
        #expect(harness.messages(second).allSatisfy { $0["session"]?.stringValue != session })
    }

    @Test func aClosedConnectionIsForgotten() {
        let harness = CoreHarness()
        let (id, session) = harness.openSession()
        harness.run(.closed(id))
        #expect(harness.core.connectionCount == 0 && harness.core.sessions[session] == nil)
        let before = harness.effects.count
        harness.run(.received(id, Array(#"{"type":"ping","id":1}"#.utf8), binary: false, final: true))
        #expect(harness.writable(id) == nil)
        #expect(harness.effects.count == before && harness.closes[id] == nil)
    }
}
