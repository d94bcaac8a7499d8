import MorphKit
import Testing

@testable import MorphServer

/// Tiles on and off through the core: streams, latest-wins jobs, budgets and failures.
@Suite struct ServerCoreTileTests {
    struct NoFonts: Error, CustomStringConvertible {
        var description: String { "/usr/share/fonts/opentype/inter: missing" }
    }

    @Test func tilesOnRendersTheLatestFrameAndSendsTheSet() throws {
        let harness = CoreHarness()
        let (id, session) = harness.openSession("curtain")
        harness.tickNow()
        _ = harness.drain(id)
        harness.send(id, #"{"type":"tiles","enabled":true,"scale":1}"#)
        let work = try #require(harness.tileWork.first)
        #expect(harness.tileWork.count == 1)
        #expect(work.session == session && work.job.sequence == 1 && work.renderer.scale == 1)
        harness.runTileWork()
        // At rest the effect is off: said once, with no tiles and no layer.
        let off = harness.messages(id)
        #expect(off.map(\.type) == ["tiles-done"] && off.first?["layer"] == .null && off.first?["tiles"]?.numberValue == 0)
        // Dragged: the next frame's set carries every tile of the new layer, then `tiles-done`.
        harness.send(id, #"{"type":"input","event":{"kind":"pointerDown","pointer":1,"x":370,"y":422}}"#)
        harness.clock.advance(by: 0.05)
        harness.send(id, #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":250,"y":422}}"#)
        harness.tickNow()
        harness.runTileWork()
        let sent = harness.drain(id).filter { if case .frame = $0 { false } else { true } }
        let done = try #require(sent.last.flatMap { try? JSONValue.parse($0.bytes) })
        let tiles = sent.dropLast()
        #expect(done.type == "tiles-done" && done["scale"]?.numberValue == 1 && done["layer"] != .null)
        #expect(!tiles.isEmpty && done["tiles"]?.numberValue == Double(tiles.count))
        #expect(tiles.allSatisfy { if case .binary = $0 { true } else { false } })
        let header = try #require(tiles.first.flatMap { TileHeader.decode($0.bytes) })
        #expect(header.header.flags == TileHeader.completeFlag && header.header.scale == 1)
        // Off: the stream goes, and new frames start no jobs.
        harness.send(id, #"{"type":"tiles","enabled":false,"scale":1}"#)
        #expect(harness.core.tileStreams[session] == nil)
        harness.send(id, #"{"type":"input","event":{"kind":"set","key":"folds","value":5}}"#)
        harness.tickNow()
        #expect(harness.tileWork.isEmpty)
        #expect(harness.messages(id).map(\.type) == ["frame"])
    }

    @Test func framesWhileAJobRunsWaitLatestWinsAndCountSkipped() throws {
        let harness = CoreHarness()
        let (id, _) = harness.openSession("probe", #","viewport":[100,80]"#)
        harness.send(id, #"{"type":"tiles","enabled":true,"scale":1}"#)
        harness.send(id, #"{"type":"input","event":{"kind":"set","key":"moving","value":true}}"#)
        harness.advance(by: 3.0 / 60)
        // The first frame's job runs; of the three later frames only the newest waits.
        #expect(harness.tileWork.count == 1)
        let first = harness.tileWork.removeFirst()
        // Nothing changed in the layer: no set, but the waiting job starts.
        harness.run(.tilesRendered(TileResult(session: first.session, stream: first.stream, snapshot: nil, failure: nil)))
        let next = try #require(harness.tileWork.first)
        #expect(next.skipped == 1 && next.job.sequence == first.job.sequence + 2)
        #expect(harness.messages(id).allSatisfy { $0.type == "frame" })
    }

    @Test func aRendererThatCannotStartIsAServerError() throws {
        let harness = CoreHarness(tileRenderer: { _ in throw NoFonts() })
        let (id, _) = harness.openSession()
        harness.send(id, #"{"type":"tiles","enabled":true,"scale":2}"#)
        let error = try #require(harness.messages(id).first)
        #expect(error.code == "server-error" && error["request"]?.stringValue == "tiles")
        #expect(error["message"]?.stringValue?.contains("/usr") == false)
        #expect(harness.logs.contains { $0.contains("/usr/share/fonts") })
    }

    @Test func budgetsRefuseTooLargeLayersAndTooManyStreams() throws {
        let harness = CoreHarness { $0.maxTileStreams = 1 }
        let (big, _) = harness.openSession("probe", #","viewport":[4000,4000]"#)
        harness.send(big, #"{"type":"tiles","enabled":true,"scale":3}"#)
        #expect(harness.messages(big).first?.code == "too-large")
        let (first, _) = harness.openSession()
        harness.send(first, #"{"type":"tiles","enabled":true,"scale":1}"#)
        let (second, _) = harness.openSession()
        harness.send(second, #"{"type":"tiles","enabled":true,"scale":1}"#)
        #expect(harness.messages(first).isEmpty)
        #expect(harness.messages(second).first?.code == "busy")
    }

    /// A viewer whose connection closes ends its session and stream, even while the stream's
    /// job is on a worker: the next session gets tiles under `maxTileStreams`.
    @Test func aClosedViewersStreamNoLongerCounts() throws {
        let harness = CoreHarness { $0.maxTileStreams = 1 }
        let (first, gone) = harness.openSession()
        harness.tickNow()
        harness.send(first, #"{"type":"tiles","enabled":true,"scale":1}"#)
        let running = try #require(harness.tileWork.first)
        harness.run(.closed(first))
        #expect(harness.core.tileStreams.isEmpty && harness.core.sessions[gone] == nil)
        let (second, session) = harness.openSession()
        harness.send(second, #"{"type":"tiles","enabled":true,"scale":1}"#)
        #expect(harness.messages(second).allSatisfy { $0.code != "busy" })
        #expect(harness.core.tileStreams[session]?[1] != nil)
        // The closed viewer's job finishes: it sends nothing and takes no stream back.
        harness.run(.tilesRendered(running.run()))
        #expect(harness.core.tileStreams.count == 1)
    }

    @Test func aFailedJobStopsTheStreamAndSaysSoOnce() throws {
        let harness = CoreHarness()
        let (id, session) = harness.openSession()
        harness.tickNow()
        _ = harness.drain(id)
        harness.send(id, #"{"type":"tiles","enabled":true,"scale":2}"#)
        let work = try #require(harness.tileWork.first)
        harness.run(.tilesRendered(TileResult(session: session, stream: work.stream, snapshot: nil, failure: "too big")))
        #expect(harness.messages(id).map(\.code) == ["too-large"])
        #expect(harness.core.tileStreams[session] == nil)
        harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":0.5}}"#)
        harness.advance(by: harness.core.tickPeriod)
        #expect(harness.messages(id).map(\.type) == ["frame"])
    }
}
