import MorphKit
import Testing

@testable import MorphServer

/// Acknowledged tile sets (`tiles` with `ack`, then `tiles-ack`): at most one set in flight
/// per viewer, latest wins while it waits, and a viewer that draws slowly lowers the scale.
@Suite struct ServerCoreTileAckTests {
    /// What one drain of a connection carried: its tile sets (tile indices, then `tiles-done`).
    struct Sets {
        var sets: [(tiles: Set<Int>, done: JSONValue)] = []
        var tileMessages = 0
    }

    func sets(_ harness: CoreHarness, _ id: Int) -> Sets {
        var result = Sets(), tiles = Set<Int>()
        for message in harness.drain(id) {
            switch message {
            case .binary(let bytes):
                if let index = TileHeader.decode(bytes)?.header.tileIndex { tiles.insert(Int(index)) }
                result.tileMessages += 1
            case .text(let bytes):
                guard let json = try? JSONValue.parse(bytes), json.type == "tiles-done" else { continue }
                result.sets.append((tiles, json))
                tiles = []
            case .frame: continue
            }
        }
        return result
    }

    /// A curtain session with an acking viewer and a viewer that does not ack, both at 1x,
    /// each holding the first set (the effect off); returns the connections.
    func curtainWithTwoViewers(_ harness: CoreHarness) throws -> (acking: Int, plain: Int, session: String) {
        let (acking, session) = harness.openSession("curtain")
        let plain = harness.connect(session: session)
        harness.send(plain, #"{"type":"join","session":"\#(session)"}"#)
        harness.tickNow()
        harness.send(acking, #"{"type":"tiles","enabled":true,"scale":1,"ack":true}"#)
        harness.send(plain, #"{"type":"tiles","enabled":true,"scale":1}"#)
        harness.runTileWork()
        let first = try #require(sets(harness, acking).sets.first?.done)
        #expect(first["layer"] == .null)
        #expect(sets(harness, plain).sets.count == 1)
        return (acking, plain, session)
    }

    func drag(_ harness: CoreHarness, _ id: Int, to x: Double, down: Bool = false) {
        if down { harness.send(id, #"{"type":"input","event":{"kind":"pointerDown","pointer":1,"x":370,"y":422}}"#) }
        harness.clock.advance(by: 0.05)
        harness.send(id, #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":\#(x),"y":422}}"#)
        harness.tickNow()
        harness.runTileWork()
    }

    @Test func noSecondSetBeforeTheAckAndTheAckBringsTheNewestWithEveryTileItReplaced() throws {
        let harness = CoreHarness()
        let (acking, plain, _) = try curtainWithTwoViewers(harness)
        // Sets rendered while the first is unacknowledged go to the viewer that does not ack,
        // and wait for the one that does.
        drag(harness, acking, to: 250, down: true)
        let layer = sets(harness, plain)
        #expect(layer.sets.count == 1 && layer.sets.first?.done["layer"] != .null)
        #expect(sets(harness, acking).tileMessages == 0)
        harness.send(acking, #"{"type":"tiles-ack","seq":1}"#)
        let whole = sets(harness, acking).sets
        #expect(whole.count == 1 && whole.first?.tiles == layer.sets.first?.tiles)
        // Two more sets before the next ack: the acking viewer gets only the newest, carrying
        // the tiles of both (it never holds the middle one).
        drag(harness, acking, to: 200)
        let second = sets(harness, plain).sets
        drag(harness, acking, to: 120)
        let third = sets(harness, plain).sets
        #expect(second.count == 1 && third.count == 1)
        #expect(sets(harness, acking).tileMessages == 0)
        let inFlight = try #require(whole.first?.done["seq"]?.numberValue)
        harness.send(acking, #"{"type":"tiles-ack","seq":\#(Int(inFlight))}"#)
        let mergedDrain = sets(harness, acking)
        let merged = try #require(mergedDrain.sets.first)
        #expect(mergedDrain.sets.count == 1)
        #expect(merged.done["seq"] == third.first?.done["seq"])
        #expect(merged.tiles == second[0].tiles.union(third[0].tiles))
        // A tile may go in two parts (JPEG columns and a PNG band): `tiles` counts messages.
        #expect(merged.done["tiles"]?.numberValue == Double(mergedDrain.tileMessages))
        #expect(harness.core.peers[acking]?.tiles?.pending.dropped == 1)
    }

    /// With every viewer waiting for an ack, frames render nothing: the newest job is held, and
    /// the ack renders it, so the set that goes out is from the newest frame, not one rendered
    /// while the viewer was busy and aged until its ack.
    @Test func whileTheOnlyViewerWaitsForAnAckTheNewestJobIsHeldAndTheAckRendersIt() throws {
        let harness = CoreHarness()
        let (viewer, session) = harness.openSession("curtain")
        harness.tickNow()
        harness.send(viewer, #"{"type":"tiles","enabled":true,"scale":1,"ack":true}"#)
        harness.runTileWork()
        let first = try #require(sets(harness, viewer).sets.first?.done["seq"]?.numberValue)
        drag(harness, viewer, to: 300, down: true)
        drag(harness, viewer, to: 250)
        drag(harness, viewer, to: 200)
        let stream = try #require(harness.core.tileStreams[session]?[1])
        let newest = try #require(harness.core.sessions[session]?.latestTileJob?.sequence)
        #expect(harness.tileWork.isEmpty && !stream.scheduler.isRunning)
        #expect(stream.scheduler.held?.sequence == newest)
        #expect(stream.scheduler.skipped >= 2, "the drag's older frames were replaced while held")
        #expect(sets(harness, viewer).tileMessages == 0)
        harness.send(viewer, #"{"type":"tiles-ack","seq":\#(Int(first))}"#)
        #expect(harness.tileWork.map(\.job.sequence) == [newest])
        harness.runTileWork()
        let next = sets(harness, viewer).sets
        #expect(next.count == 1 && next.first?.done["seq"]?.numberValue == Double(newest))
        #expect(stream.scheduler.held == nil)
        // That set is in flight now: the next frame is held again.
        drag(harness, viewer, to: 150)
        #expect(harness.tileWork.isEmpty && stream.scheduler.held != nil)
    }

    @Test func aViewerThatNeverAcksHoldsOnlyTheNewestSet() throws {
        let harness = CoreHarness()
        let (acking, plain, _) = try curtainWithTwoViewers(harness)
        drag(harness, acking, to: 300, down: true)
        var plainSets = sets(harness, plain).sets.count
        for x in stride(from: 290.0, through: 100, by: -10) {
            drag(harness, acking, to: x)
            plainSets += sets(harness, plain).sets.count
        }
        #expect(plainSets > 10)
        #expect(sets(harness, acking).tileMessages == 0)
        let tiles = try #require(harness.core.peers[acking]?.tiles)
        // One set waits (shared with the stream, not copied); none is queued behind it.
        #expect(tiles.pending.pending === harness.core.tileStreams.values.first?.values.first?.latest)
        #expect(!tiles.hasWork && tiles.sending == nil)
    }

    @Test func anAckOfAnotherSetChangesNothing() throws {
        let harness = CoreHarness()
        let (acking, _, _) = try curtainWithTwoViewers(harness)
        drag(harness, acking, to: 250, down: true)
        harness.send(acking, #"{"type":"tiles-ack","seq":7}"#)
        #expect(sets(harness, acking).tileMessages == 0)
        harness.send(acking, #"{"type":"tiles-ack","seq":1}"#)
        #expect(sets(harness, acking).sets.count == 1)
        // Nothing in flight any more: a repeated ack is ignored too.
        harness.send(acking, #"{"type":"tiles-ack","seq":1}"#)
        #expect(harness.drain(acking).isEmpty)
    }

    @Test func tilesAckIsValidated() throws {
        let harness = CoreHarness()
        let id = harness.connect()
        for bad in [
            #"{"type":"tiles-ack"}"#, #"{"type":"tiles-ack","seq":-1}"#, #"{"type":"tiles-ack","seq":1.5}"#,
            #"{"type":"tiles-ack","seq":4294967296}"#, #"{"type":"tiles-ack","seq":"1"}"#,
            #"{"type":"tiles","enabled":true,"ack":"yes"}"#,
        ] {
            harness.send(id, bad)
            let error = try #require(harness.messages(id).first)
            #expect(error.code == "bad-message", "\(bad)")
        }
        // Without tiles, an ack is a stale one: no answer.
        harness.send(id, #"{"type":"tiles-ack","seq":3}"#)
        #expect(harness.drain(id).isEmpty)
    }

    @Test func aViewerThatAcksSlowlyLowersItsStreamWhileMoving() throws {
        let harness = CoreHarness()
        let (acking, _, _) = try curtainWithTwoViewers(harness)
        var sequence = 1
        drag(harness, acking, to: 300, down: true)
        for step in 0..<6 {
            // Each set takes the page 100 ms to draw.
            harness.clock.advance(by: 0.1)
            harness.send(acking, #"{"type":"tiles-ack","seq":\#(sequence)}"#)
            sequence = Int(try #require(sets(harness, acking).sets.last?.done["seq"]?.numberValue))
            harness.clock.advance(by: 0.02)
            harness.send(acking, #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":\#(290 - step * 20),"y":422}}"#)
            harness.tickNow()
            if step == 5 { break }
            harness.runTileWork()
        }
        #expect(harness.core.peers[acking]?.tiles?.isBehind == true)
        let work = try #require(harness.tileWork.last)
        #expect(work.job.viewerBehind)
    }

    @Test func ackTimesDecideBehindWithAMargin() {
        let tiles = TileSubscription(scale: 2, acks: true)
        func ack(after seconds: Double, at start: Double) {
            let snapshot = TileSnapshot(
                session: "s", sequence: Int(start * 1000), serverTime: 0, scale: 2, layer: nil, parts: [], tileVersions: [],
                version: Int(start * 1000), rendered: 0, skipped: 0, timings: TileTimings())
            tiles.pending.offer(snapshot)
            while tiles.nextMessage(now: start) != nil, tiles.sending != nil {}
            let acknowledged = tiles.acknowledge(snapshot.sequence, now: start + seconds)
            #expect(acknowledged)
        }
        for i in 0..<5 { ack(after: 0.1, at: Double(i)) }
        #expect(tiles.isBehind)
        // Acks just under the threshold do not bring it back at once; well below, it catches up.
        for i in 5..<8 { ack(after: 0.03, at: Double(i)) }
        #expect(tiles.isBehind)
        for i in 8..<20 { ack(after: 0.005, at: Double(i)) }
        #expect(!tiles.isBehind)
    }
}
