import MorphKit
import Testing

@testable import MorphServer

/// A session's builder has one owner at a time: while a worker builds its frame, the events
/// that need its component, and every later one touching that session or its viewers, wait
/// and then run in arrival order; nothing else waits.
@Suite struct ServerCoreHoldTests {
    /// The x of the probe's dot in a frame message (its path's first point is 12 left of it).
    func dotX(_ frame: JSONValue) -> Double? {
        guard case .array(let ops)? = frame["list"]?["ops"], case .array(let path)? = ops.first?["path"],
            case .array(let move)? = path.first, move.count == 3, let x = move[1].numberValue
        else { return nil }
        return x + 12
    }

    /// A probe session (390 points wide: its dot at x = 20 + 350 × progress) past its first frame,
    /// with builds held at their workers from now on.
    func probeSession(_ harness: CoreHarness) -> (connection: Int, session: String) {
        let (id, session) = harness.openSession("probe", #","configuration":{"duration":0.1}"#)
        harness.tickNow()
        _ = harness.drain(id)
        harness.holdsBuilds = true
        return (id, session)
    }

    @Test func anInputDuringABuildIsAppliedAfterItsFrameAndAnsweredInOrder() throws {
        let harness = CoreHarness()
        let (id, session) = probeSession(harness)
        let live = try #require(harness.core.sessions[session])
        harness.clock.advance(by: 0.25)
        harness.send(id, #"{"type":"input","id":1,"event":{"kind":"tap","x":5,"y":5}}"#)
        harness.tickNow()
        #expect(live.building && harness.buildsInFlight.count == 1)
        // During the build: an input, then a ping, from the same viewer; both wait.
        harness.clock.advance(by: 0.01)
        harness.send(id, #"{"type":"input","id":2,"event":{"kind":"scrub","progress":0.5}}"#)
        harness.send(id, #"{"type":"ping","id":3}"#)
        #expect(harness.messages(id).map(\.type) == ["ack"])
        #expect(harness.core.held.count == 2)
        harness.clock.advance(by: 0.005)
        harness.finishBuilds()
        let out = harness.messages(id)
        #expect(out.map(\.type) == ["frame", "ack", "pong"])
        #expect(out.first?["seq"]?.numberValue == 2 && out[1]["id"]?.numberValue == 2 && out[2]["id"]?.numberValue == 3)
        // The frame in flight was built without the input (the dot at 0.25 s, not the scrub's).
        #expect(out.first.flatMap(dotX) == 107.5)
        // The input keeps the session time it arrived at.
        #expect(live.log.events.last?.time == 0.26)
        #expect(harness.core.held.isEmpty && !live.building)
        harness.advance(by: harness.core.tickPeriod)
        harness.finishBuilds()
        let next = harness.messages(id)
        #expect(next.map(\.type) == ["frame"] && next.first.flatMap(dotX) == 195)
    }

    @Test func aJoinDuringABuildIsToldTheStateThatBuildShows() throws {
        let harness = CoreHarness()
        let (id, session) = probeSession(harness)
        harness.clock.advance(by: 0.25)
        harness.send(id, #"{"type":"input","event":{"kind":"tap","x":5,"y":5}}"#)
        // The tap's animation (0.1 s) is over by the time the tick builds: that frame is idle,
        // while the state the core knows from the tap is still "animating".
        harness.clock.advance(by: 0.2)
        harness.tickNow()
        #expect(harness.core.sessions[session]?.status.stateName == "animating")
        let joiner = harness.connect()
        harness.send(joiner, #"{"type":"join","session":"\#(session)"}"#)
        #expect(harness.messages(joiner).isEmpty)
        harness.finishBuilds()
        let joined = harness.messages(joiner)
        #expect(joined.map(\.type) == ["session", "frame"])
        #expect(joined.first?["state"]?.stringValue == "idle")
        #expect(joined.last?["state"]?.stringValue == "idle" && joined.last?["seq"]?.numberValue == 2)
        #expect(harness.messages(id).map(\.type) == ["frame"])
    }

    @Test func aRecordStopDuringABuildDecidesTheHeldInputsInArrivalOrder() throws {
        let harness = CoreHarness()
        let (id, session) = probeSession(harness)
        harness.send(id, #"{"type":"record","action":"start"}"#)
        _ = harness.drain(id)
        harness.clock.advance(by: 0.25)
        harness.send(id, #"{"type":"input","event":{"kind":"tap","x":5,"y":5}}"#)
        harness.tickNow()
        harness.send(id, #"{"type":"input","id":1,"event":{"kind":"scrub","progress":0.3}}"#)
        harness.send(id, #"{"type":"record","action":"stop"}"#)
        harness.send(id, #"{"type":"input","id":2,"event":{"kind":"scrub","progress":0.6}}"#)
        #expect(harness.messages(id).isEmpty)
        #expect(harness.recordings[session]?.lines.count == 1)
        harness.finishBuilds()
        // The input before the stop is recorded, the one after is not.
        let lines = try #require(harness.recordings[session]?.lines)
        #expect(lines.map(\.kind) == [.tap(Point(x: 5, y: 5)), .scrub(progress: 0.3)])
        #expect(harness.recordingNames[session] == nil)
        let out = harness.messages(id)
        #expect(out.first?.type == "frame")
        let acks = out.filter { $0.type == "ack" }.compactMap { $0["id"]?.numberValue }
        #expect(Set(acks) == [1, 2])
        let stopped = try #require(out.firstIndex { $0.type == "recording" && $0["state"]?.stringValue == "stopped" })
        let second = try #require(out.firstIndex { $0.type == "ack" && $0["id"]?.numberValue == 2 })
        #expect(stopped < second)
    }

    @Test func aViewerLeavingDuringABuildHasItsHeldInputAppliedFirst() throws {
        let harness = CoreHarness()
        let (id, session) = probeSession(harness)
        harness.send(id, #"{"type":"record","action":"start"}"#)
        harness.clock.advance(by: 0.25)
        harness.send(id, #"{"type":"input","event":{"kind":"tap","x":5,"y":5}}"#)
        harness.tickNow()
        harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":0.3}}"#)
        harness.run(.closed(id))
        // The close waits behind the input: the session is still there, its recording open.
        #expect(harness.core.sessions[session] != nil && harness.recordingNames[session] != nil)
        harness.finishBuilds()
        #expect(harness.recordings[session]?.lines.map(\.kind) == [.tap(Point(x: 5, y: 5)), .scrub(progress: 0.3)])
        #expect(harness.core.sessions.isEmpty && harness.core.peers.isEmpty && harness.recordingNames.isEmpty)
        #expect(harness.core.held.isEmpty)
    }

    /// A viewer of one session joins another that is building: until that join runs, the
    /// first session's other events wait too, so nothing it broadcasts reaches the joiner
    /// after it asked to leave.
    @Test func aJoinIntoABuildingSessionHoldsTheSessionItLeaves() throws {
        let harness = CoreHarness()
        let (opener, first) = harness.openSession("probe", #","joiners":"drive""#)
        let joiner = harness.connect()
        harness.send(joiner, #"{"type":"join","session":"\#(first)"}"#)
        let (other, second) = harness.openSession()
        harness.advance(by: 0.1)
        _ = [opener, joiner, other].map(harness.drain)
        harness.holdsBuilds = true
        harness.send(other, #"{"type":"input","event":{"kind":"tap","x":5,"y":5}}"#)
        harness.tickNow()
        #expect(harness.core.sessions[second]?.building == true && harness.core.sessions[first]?.building == false)
        harness.send(joiner, #"{"type":"join","session":"\#(second)"}"#)
        harness.send(opener, #"{"type":"input","id":1,"event":{"kind":"scrub","progress":0.5}}"#)
        #expect(harness.messages(opener).isEmpty && harness.messages(joiner).isEmpty)
        #expect(harness.core.sessions[first]?.viewers.map(\.id) == [opener, joiner])
        harness.finishBuilds()
        #expect(harness.messages(joiner).map(\.type) == ["session", "frame"])
        #expect(harness.messages(opener).map(\.type) == ["ack"])
        #expect(harness.core.sessions[first]?.viewers.map(\.id) == [opener])
        #expect(harness.core.sessions[first]?.log.events.count == 1 && harness.core.held.isEmpty)
    }

    @Test func nothingElseWaitsForABuild() throws {
        let harness = CoreHarness()
        let (id, session) = probeSession(harness)
        let (other, otherSession) = harness.openSession()
        harness.advance(by: 0.1)
        harness.finishBuilds()
        _ = harness.drain(other)
        harness.clock.advance(by: 0.25)
        harness.send(id, #"{"type":"input","event":{"kind":"tap","x":5,"y":5}}"#)
        harness.tickNow()
        #expect(harness.core.sessions[session]?.building == true)
        // A ping from a viewer of the building session, with nothing of it held: answered now.
        harness.send(id, #"{"type":"ping","id":1}"#)
        #expect(harness.messages(id).map(\.type) == ["pong"])
        // Another session's input while this one holds one: applied and answered now.
        harness.send(id, #"{"type":"input","id":2,"event":{"kind":"scrub","progress":0.5}}"#)
        harness.send(other, #"{"type":"input","id":3,"event":{"kind":"scrub","progress":0.5}}"#)
        #expect(harness.messages(other).map(\.type) == ["ack"])
        #expect(harness.core.sessions[otherSession]?.log.events.count == 1)
        #expect(harness.core.held.count == 1)
    }
}
