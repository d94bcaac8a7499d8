import MorphKit
import Testing

@testable import MorphServer

/// At scale: inputs coalesce into ticks, frames are built in worker batches, viewers are
/// found through their session, and a closed session leaves nothing behind.
@Suite struct ServerCoreScaleTests {
    /// The effects of one kind a run produced.
    func builds(_ harness: CoreHarness, since start: Int) -> [FrameBatch] {
        harness.effects[start...].compactMap { effect in
            if case .buildFrames(let batch) = effect { return batch }
            return nil
        }
    }

    @Test func inputsWithinOneTickBuildOneFrameAndAreAllRecorded() throws {
        let harness = CoreHarness { $0.fps = 60 }
        let (id, session) = harness.openSession("probe", #","configuration":{"duration":0.001}"#)
        harness.tickNow()
        _ = harness.drain(id)
        harness.send(id, #"{"type":"record","action":"start"}"#)
        _ = harness.drain(id)
        harness.clock.advance(by: 1)
        let start = harness.effects.count
        // 120 inputs a second for one second: two inputs in every 1/60 s tick.
        var ticks: [Double] = []
        for index in 0..<120 {
            harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":\#(Double(index % 10) / 10)}}"#)
            ticks += harness.advance(by: 1.0 / 120)
        }
        let batches = builds(harness, since: start)
        #expect(ticks.count <= 61, "ticks: \(ticks.count)")
        #expect(batches.count == ticks.count)
        #expect(batches.allSatisfy { $0.requests.count == 1 })
        // Never two ticks closer than one period.
        for (a, b) in zip(ticks, ticks.dropFirst()) { #expect(b - a >= harness.core.tickPeriod - 1e-9) }
        // Every input is in the recording, each with its own arrival time.
        let lines = try #require(harness.recordings[session]?.lines)
        #expect(lines.count == 120)
        #expect(Set(lines.map(\.time)).count == 120)
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.time < $1.time })
    }

    @Test func aLoneInputAfterAQuietSpellIsBuiltAtOnce() throws {
        let harness = CoreHarness()
        let (id, _) = harness.openSession()
        harness.tickNow()
        _ = harness.drain(id)
        harness.clock.advance(by: 0.5)
        let now = harness.clock.now()
        harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":0.5}}"#)
        #expect(harness.scheduledTick == now)
        // A second input right after the tick waits for the next period, not for "now".
        harness.tickNow()
        harness.clock.advance(by: 0.002)
        harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":0.6}}"#)
        let due = try #require(harness.scheduledTick)
        #expect(abs(due - (now + harness.core.tickPeriod)) < 1e-9)
    }

    @Test func sessionsTickInTheirPhaseOnePeriodApartAndEachPhaseIsOneBatch() throws {
        let harness = CoreHarness(tickPhases: 2)
        var connections: [Int] = []
        for _ in 0..<5 { connections.append(harness.openSession().connection) }
        for id in connections { _ = harness.drain(id) }
        let start = harness.effects.count
        // Opening ticked each new session; a second of dragging every session 60 times.
        harness.clock.advance(by: 1)
        var ticks: [Double] = []
        var frames = [Int: Int]()
        for step in 0..<60 {
            for id in connections {
                harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":\#(Double(step % 10) / 10)}}"#)
            }
            ticks += harness.advance(by: 1.0 / 60)
            for id in connections { frames[id, default: 0] += harness.messages(id).filter { $0.type == "frame" }.count }
        }
        let batches = builds(harness, since: start)
        // Two phases of two and three sessions, alternating half a period apart.
        let groups = batches.map { Set($0.requests.map { ObjectIdentifier($0.builder) }) }
        #expect(Set(groups).count == 2)
        #expect(Set(groups.map(\.count)) == [2, 3])
        for (a, b) in zip(groups, groups.dropFirst()) { #expect(a.isDisjoint(with: b)) }
        for (a, b) in zip(ticks, ticks.dropFirst()) {
            #expect(abs((b - a) - harness.core.tickPeriod / 2) < 1e-6)
        }
        // Every session: a frame a period, no more.
        #expect(batches.count >= 118 && batches.count <= 121)
        for id in connections { #expect((59...60).contains(frames[id] ?? 0), "\(frames)") }
    }

    @Test func aLoneInputAfterAQuietSpellIsBuiltAtOnceInItsOwnPhase() throws {
        let harness = CoreHarness(tickPhases: 4)
        let sessions = (0..<3).map { _ in harness.openSession() }
        harness.tickNow()
        harness.advance(by: 0.1)
        for session in sessions { _ = harness.drain(session.connection) }
        harness.clock.advance(by: 0.5)
        let now = harness.clock.now()
        // The third session is in phase 2: the schedule restarts there, now.
        harness.send(sessions[2].connection, #"{"type":"input","event":{"kind":"scrub","progress":0.5}}"#)
        #expect(harness.scheduledTick == now)
        let start = harness.effects.count
        harness.tickNow()
        #expect(builds(harness, since: start).map(\.requests.count) == [1])
        // The first session's input waits for phase 0's slot, two phases on.
        harness.send(sessions[0].connection, #"{"type":"input","event":{"kind":"scrub","progress":0.6}}"#)
        let due = try #require(harness.scheduledTick)
        #expect(abs(due - (now + harness.core.tickPeriod / 2)) < 1e-9)
    }

    @Test func aLateTickKeepsItsDeadlineSoTheRateHolds() throws {
        let harness = CoreHarness(tickPhases: 4)
        let session = harness.openSession()
        harness.tickNow()
        let first = harness.clock.now()
        let period = harness.core.tickPeriod
        var built = 0
        // Dragged for a second; every tick runs 3/8 of a period late (more than a phase).
        for step in 1...60 {
            harness.send(session.connection, #"{"type":"input","event":{"kind":"scrub","progress":\#(Double(step % 10) / 10)}}"#)
            let due = try #require(harness.scheduledTick)
            #expect(abs(due - (first + Double(step) * period)) < 1e-6, "step \(step)")
            harness.clock.advance(by: max(0, due - harness.clock.now()) + period * 3 / 8)
            let start = harness.effects.count
            harness.run(.tick)
            built += builds(harness, since: start).count
        }
        #expect(built == 60)
    }

    @Test func aFrameFansOutToItsSessionsViewersOnly() throws {
        let harness = CoreHarness()
        let (a, sessionA) = harness.openSession()
        let (b, _) = harness.openSession()
        var watchers: [Int] = []
        for _ in 0..<50 {
            let viewer = harness.connect()
            harness.send(viewer, #"{"type":"join","session":"\#(sessionA)"}"#)
            watchers.append(viewer)
        }
        harness.tickNow()
        for id in [a, b] + watchers { _ = harness.drain(id) }
        let live = try #require(harness.core.sessions[sessionA])
        #expect(live.viewers.map(\.id) == [a] + watchers)
        harness.clock.advance(by: 0.5)
        harness.send(a, #"{"type":"input","event":{"kind":"scrub","progress":0.5}}"#)
        let start = harness.effects.count
        harness.tickNow()
        let asked = Set(
            harness.effects[start...].compactMap { effect -> Int? in
                if case .wantWrite(let id) = effect { return id }
                return nil
            })
        #expect(asked == Set([a] + watchers))
        // Leaving removes the viewer from the index; joining twice adds it once.
        harness.run(.closed(watchers[0]))
        harness.send(watchers[1], #"{"type":"join","session":"\#(sessionA)"}"#)
        #expect(live.viewers.map(\.id) == [a] + watchers.dropFirst())
    }

    @Test func aClosedSessionIsFreedEvenWithAFrameInFlight() throws {
        let harness = CoreHarness()
        weak var builder: FrameBuilder?
        weak var session: LiveSession?
        var batch: FrameBatch?
        do {
            let (id, sessionID) = harness.openSession()
            session = harness.core.sessions[sessionID]
            builder = session?.builder
            // The tick starts a build; the viewer leaves before it comes back.
            batch =
                harness.core.handle(.tick).compactMap { effect -> FrameBatch? in
                    if case .buildFrames(let batch) = effect { return batch }
                    return nil
                }.first
            harness.run(.closed(id))
        }
        #expect(harness.core.sessions.isEmpty && harness.core.peers.isEmpty)
        #expect(session == nil, "the core keeps no session after its last viewer left")
        do {
            let built = try #require(batch).run()
            batch = nil
            harness.run(.framesBuilt(built))
        }
        #expect(harness.core.sessions.isEmpty)
        #expect(builder == nil, "nothing holds the component once the build is done")
        #expect(harness.core.tileStreams.isEmpty)
    }

    /// A burst of clients that open a session and drop at once (the churn test's 5000
    /// connects) left every first frame to be drawn for nobody, and a fresh client waited
    /// behind them for seconds; a build that starts after its session ended draws nothing.
    @Test func aBuildQueuedForAnEndedSessionDrawsNothing() throws {
        let harness = CoreHarness()
        let (id, sessionID) = harness.openSession("curtain")
        let builder = try #require(harness.core.sessions[sessionID]?.builder)
        let batch = try #require(
            harness.core.handle(.tick).compactMap { effect -> FrameBatch? in
                if case .buildFrames(let batch) = effect { return batch }
                return nil
            }.first)
        harness.run(.closed(id))
        let built = batch.run()
        #expect(built.count == 1 && built.allSatisfy { $0.builder === builder && $0.frame == nil && $0.tileJob == nil })
        // The same build for a session still watched draws its frame.
        let (_, liveID) = harness.openSession("curtain")
        let live = try #require(harness.core.sessions[liveID]?.builder)
        #expect(live.build(at: 0, serverTime: 0).frame != nil)
    }
}
