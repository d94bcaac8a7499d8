import Foundation
import MorphCairo
import MorphKit
import MorphRaster
import MorphTestSupport
import Testing

@testable import MorphServer

@Suite struct TileHeaderTests {
    static let sample = TileHeader(
        flags: 1, sequence: 0x0102_0304, tileIndex: 350, x: 768, y: 1664, width: 12, height: 24,
        layerWidth: 780, layerHeight: 1688, scale: 2, codec: .jpeg)

    /// The bytes at the offsets of the protocol table, written out by hand (little-endian).
    @Test func encodesTheDocumentedLayout() {
        let expected: [UInt8] =
            [0x4D, 0x54, 0x49, 0x4C, 2, 1, 32, 0]  // "MTIL", version, flags, header length
            + [0x04, 0x03, 0x02, 0x01] + [94, 1, 0, 0]  // seq, tile index 350
            + [0x00, 0x03, 0x80, 0x06, 12, 0, 24, 0]  // x 768, y 1664, width, height
            + [0x0C, 0x03, 0x98, 0x06, 2, 1, 0, 0]  // layer 780 × 1688, scale, codec (JPEG), padding
        #expect(Self.sample.encoded == expected)
        #expect(expected.count == TileHeader.length && TileHeader.length % 4 == 0)
    }

    @Test func decodesWhatItEncodesAndFindsThePayload() throws {
        let message = Self.sample.encoded + [0x89, 0x50, 0x4E, 0x47]
        let decoded = try #require(TileHeader.decode(message))
        #expect(decoded.header == Self.sample)
        #expect(Array(message[decoded.payloadOffset...]) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test func everyCodecRoundTripsAndVersionOneIsPNG() throws {
        for codec in TileCodec.allCases {
            var header = Self.sample
            header.codec = codec
            #expect(TileHeader.decode(header.encoded)?.header.codec == codec)
        }
        // Version 1 had padding where the codec byte is, and only PNG.
        var old = Self.sample.encoded
        old[4] = 1
        let decoded = try #require(TileHeader.decode(old))
        #expect(decoded.header.codec == .png && decoded.payloadOffset == 32)
    }

    @Test func refusesWrongMagicVersionCodecOrLength() {
        var bytes = Self.sample.encoded
        #expect(TileHeader.decode(Array(bytes.prefix(31))) == nil)
        bytes[0] = 0x58
        #expect(TileHeader.decode(bytes) == nil)
        bytes = Self.sample.encoded
        bytes[4] = 3
        #expect(TileHeader.decode(bytes) == nil)
        bytes = Self.sample.encoded
        bytes[29] = 3  // no such codec
        #expect(TileHeader.decode(bytes) == nil)
        bytes = Self.sample.encoded
        bytes[6] = 40  // claims 40 header bytes, only 32 present
        #expect(TileHeader.decode(bytes) == nil)
    }
}

@Suite struct TileSchedulerTests {
    @Test func startsWhenIdleAndKeepsOnlyTheNewestWhileBusy() {
        var scheduler = TileScheduler<Int>()
        #expect(scheduler.submit(1) == 1)
        #expect(scheduler.submit(2) == nil)
        #expect(scheduler.submit(3) == nil)
        #expect(scheduler.submit(4) == nil)
        #expect(scheduler.skipped == 2)
        #expect(scheduler.finish() == 4)
        #expect(scheduler.isRunning)
        #expect(scheduler.finish() == nil)
        #expect(!scheduler.isRunning)
        #expect(scheduler.submit(5) == 5)
        #expect(scheduler.started == 3 && scheduler.skipped == 2)
    }

    /// Held jobs (no viewer can take a set): only the newest is kept, a job submitted later
    /// supersedes it, and a waiting job is held instead of started when the running one ends.
    @Test func holdsOnlyTheNewestJobUntilTakenAndNeverStartsAHeldOne() {
        var scheduler = TileScheduler<Int>()
        scheduler.hold(1)
        scheduler.hold(2)
        #expect(scheduler.held == 2 && scheduler.skipped == 1 && !scheduler.isRunning)
        #expect(scheduler.takeHeld() == 2)
        #expect(scheduler.held == nil && scheduler.takeHeld() == nil)
        scheduler.hold(3)
        // A newer job submitted while one is held replaces it and starts (nothing runs).
        #expect(scheduler.submit(4) == 4)
        #expect(scheduler.held == nil && scheduler.skipped == 2)
        #expect(scheduler.submit(5) == nil)
        // The running job ends while no viewer can take a set: 5 is held, nothing runs.
        #expect(scheduler.finish(hold: true) == nil)
        #expect(!scheduler.isRunning && scheduler.held == 5 && scheduler.waiting == nil)
        #expect(scheduler.takeHeld() == 5)
        #expect(scheduler.submit(5) == 5)
        #expect(scheduler.finish(hold: true) == nil && scheduler.held == nil && !scheduler.isRunning)
        #expect(scheduler.started == 2 && scheduler.skipped == 2)
    }

    /// Random arrivals and completions: every job is either run or skipped, runs are in order,
    /// never more than one waits, and the newest job always runs.
    @Test func accountsForEveryJobUnderRandomTiming() {
        withEverySeed(0..<20) { _, random in
            var scheduler = TileScheduler<Int>()
            var running: Int?
            var ran: [Int] = []
            let count = 200
            for job in 1...count {
                if let start = scheduler.submit(job) {
                    #expect(running == nil)
                    running = start
                }
                if running != nil, Bool.random(using: &random) {
                    ran.append(running!)
                    running = scheduler.finish()
                }
            }
            while let job = running {
                ran.append(job)
                running = scheduler.finish()
            }
            #expect(ran == ran.sorted() && Set(ran).count == ran.count)
            #expect(ran.count + scheduler.skipped == count)
            #expect(ran.last == count)
            #expect(scheduler.started == ran.count)
        }
    }
}

@Suite struct TileStreamTests {
    /// A 100 × 60 pt curtain layer: a gradient-free two-colour card, folded at `dragX`.
    static func job(_ sequence: Int, dragX: Double) -> TileJob {
        let list = """
            {"format":"morph.display-list","version":1,"component":"curtain","size":[100,60],"time":0,\
            "background":[1,1,1,1],"ops":[{"op":"push","id":"fg","effect":{"kind":"curtain",\
            "bounds":[0,0,100,60],"drag":[\(dragX),30],"folds":4}},{"op":"fill","id":"a","path":\
            [["M",0,0],["L",100,0],["L",100,60],["L",0,60],["Z"]],"paint":{"type":"solid","color":[0.2,0.4,0.8,1]}},\
            {"op":"fill","id":"b","path":[["M",10,10],["L",40,10],["L",40,50],["L",10,50],["Z"]],\
            "paint":{"type":"solid","color":[0.9,0.5,0.1,1]}},{"op":"pop"}],"accessibility":[]}
            """
        return TileJob(session: "s", sequence: sequence, serverTime: 0, list: Array(list.utf8))
    }

    /// Tiles whose pixels differ, found pixel by pixel (independent of `DirtyTiles`).
    static func changedTiles(_ old: Bitmap, _ new: Bitmap, tileSize: Int) -> Set<Int> {
        let columns = (new.width + tileSize - 1) / tileSize
        var changed = Set<Int>()
        for y in 0..<new.height {
            for x in 0..<new.width where old[x, y] != new[x, y] {
                changed.insert((y / tileSize) * columns + x / tileSize)
            }
        }
        return changed
    }

    static func drain(_ subscription: TileSubscription) -> (tiles: [TileHeader], done: JSONValue?) {
        var headers: [TileHeader] = []
        while let message = subscription.nextMessage() {
            if message.binary {
                if let header = TileHeader.decode(message.bytes)?.header { headers.append(header) }
            } else {
                return (headers, try? JSONValue.parse(message.bytes))
            }
        }
        return (headers, nil)
    }

    @Test func viewersGetExactlyTheDirtyTilesOrTheUnionWhenBehind() throws {
        let renderer = try TileRenderer(scale: 2, tileSize: 32)
        let reference = try DisplayListRenderer()
        func layer(_ job: TileJob) throws -> Bitmap {
            try #require(try reference.renderEffectLayer(of: try DisplayList(json: job.list), scale: 2)).bitmap
        }
        let jobs = [Self.job(1, dragX: 80), Self.job(2, dragX: 70), Self.job(3, dragX: 60)]
        let fast = TileSubscription(scale: 2)
        let slow = TileSubscription(scale: 2)
        var snapshots: [TileSnapshot] = []
        for job in jobs {
            let snapshot = try #require(try renderer.render(job, skipped: 0))
            snapshots.append(snapshot)
            fast.pending.offer(snapshot)
            let (tiles, done) = Self.drain(fast)
            #expect(done?["tiles"]?.numberValue == Double(tiles.count))
            #expect(done?["seq"]?.numberValue == Double(job.sequence))
            #expect(tiles.allSatisfy { $0.sequence == UInt32(job.sequence) && $0.layerWidth == 200 && $0.layerHeight == 120 })
            let sent = Set(tiles.map { Int($0.tileIndex) })
            if job.sequence == 1 {
                #expect(sent == Set(0..<28), "a new viewer gets the whole 7 × 4 grid")
                #expect(tiles.allSatisfy { $0.flags & TileHeader.completeFlag != 0 })
            } else {
                let expected = Self.changedTiles(try layer(jobs[job.sequence - 2]), try layer(job), tileSize: 32)
                #expect(!expected.isEmpty && sent == expected)
            }
            if job.sequence == 1 {
                slow.pending.offer(snapshot)
                _ = Self.drain(slow)
            }
        }
        // The slow viewer missed set 2: set 3 brings everything changed since set 1.
        slow.pending.offer(snapshots[2])
        let caughtUp = Set(Self.drain(slow).tiles.map { Int($0.tileIndex) })
        #expect(caughtUp == Self.changedTiles(try layer(jobs[0]), try layer(jobs[2]), tileSize: 32))
        // The same frame again changes nothing: no set.
        #expect(try renderer.render(Self.job(4, dragX: 60), skipped: 0) == nil)
        // Effect off (drag at the layer's width): one set with no tiles and no layer.
        let off = try #require(try renderer.render(Self.job(5, dragX: 100), skipped: 7))
        fast.pending.offer(off)
        let (tiles, done) = Self.drain(fast)
        #expect(tiles.isEmpty && done?["layer"] == .null && done?["tiles"]?.numberValue == 0)
        #expect(done?["skipped"]?.numberValue == 7)
        #expect(try renderer.render(Self.job(6, dragX: 100), skipped: 7) == nil)
    }

    /// Each tile's PNG decodes to the layer's pixels at its rectangle.
    @Test func tilePNGsHoldTheLayerPixels() throws {
        let renderer = try TileRenderer(scale: 2, tileSize: 32)
        let snapshot = try #require(try renderer.render(Self.job(1, dragX: 50), skipped: 0))
        let layer = try #require(
            try DisplayListRenderer().renderEffectLayer(of: try DisplayList(json: Self.job(1, dragX: 50).list), scale: 2)
        ).bitmap
        let grid = try #require(snapshot.layer?.grid)
        for index in [0, 9, grid.count - 1] {
            let rect = grid.rect(ofTile: index)
            let part = try #require(snapshot.parts[index].first)
            #expect(snapshot.parts[index].count == 1 && part.codec == .png && part.rect == rect)
            let decoded = try PNGDecoder.decode(part.bytes, scale: 2)
            #expect(decoded.width == rect.width && decoded.height == rect.height)
            var worst = 0
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let a = SIMD4<Int>(truncatingIfNeeded: decoded[x, y])
                    let b = SIMD4<Int>(truncatingIfNeeded: layer[rect.x + x, rect.y + y])
                    worst = max(worst, (a &- b).replacing(with: b &- a, where: a .< b).max())
                }
            }
            // Premultiplied -> straight PNG -> premultiplied rounds by at most one step.
            #expect(worst <= 1)
        }
    }
}

@Suite struct TileBudgetTests {
    @Test func layersOverTheBudgetAreRefusedBeforeRendering() {
        // Every phone at 3x and a 12.9-inch iPad at 2x fit; 4096 points at 3x does not.
        #expect(TileBudget.violation(viewport: Size(width: 430, height: 932), scale: 3) == nil)
        #expect(TileBudget.violation(viewport: Size(width: 1024, height: 1366), scale: 2) == nil)
        #expect(TileBudget.violation(viewport: Size(width: 4096, height: 4096), scale: 3) != nil)
        // The edge: exactly 8 Mi pixels is in, one row or column more is out.
        #expect(TileBudget.violation(viewport: Size(width: 4096, height: 2048), scale: 1) == nil)
        #expect(TileBudget.violation(viewport: Size(width: 4096, height: 2049), scale: 1) != nil)
        #expect(TileBudget.violation(viewport: Size(width: 2048, height: 1024), scale: 2) == nil)
        #expect(TileBudget.violation(viewport: Size(width: 2048, height: 1024.5), scale: 2) != nil)
    }

    @Test func theRendererRefusesAJobOverTheBudget() throws {
        var session = try ComponentSession(component: .curtain, viewport: Size(width: 2000, height: 2000))
        let list = session.encodedDisplayList(at: 0)
        let renderer = try TileRenderer(scale: 2)
        let job = TileJob(session: "s", sequence: 1, serverTime: 0, list: list)
        #expect(throws: (any Error).self) { try renderer.render(job, skipped: 0) }
    }

    @Test func aRetiredRendererRendersNothingMore() throws {
        var session = try ComponentSession(component: .curtain, viewport: Size(width: 390, height: 844))
        try session.handle(InputEvent(time: 0, kind: .pointerDown(pointer: 1, location: Point(x: 370, y: 400))))
        try session.handle(InputEvent(time: 0.1, kind: .pointerMove(pointer: 1, location: Point(x: 250, y: 400))))
        let renderer = try TileRenderer(scale: 1)
        let first = TileJob(session: "s", sequence: 1, serverTime: 0, list: session.encodedDisplayList(at: 0.1))
        #expect(try renderer.render(first, skipped: 0)?.layer != nil, "a live renderer draws the dragged curtain")
        #expect(renderer.contentRenders == 1)
        try session.handle(InputEvent(time: 0.2, kind: .pointerMove(pointer: 1, location: Point(x: 200, y: 400))))
        let second = TileJob(session: "s", sequence: 2, serverTime: 0.2, list: session.encodedDisplayList(at: 0.2))
        renderer.retire()
        #expect(renderer.isRetired)
        #expect(try renderer.render(second, skipped: 0) == nil, "a job queued before the stream was dropped")
        #expect(renderer.contentRenders == 1)
    }
}

/// The tile renderer's cached foreground: drawn once while only the drag moves, drawn again
/// when its content (the timer) changes, and always the same pixels as an uncached render.
@Suite struct TileForegroundCacheTests {
    static func curtainList(dragX: Double, time: Double) throws -> DisplayList {
        try DisplayList(
            json: try SeedScenes(.curtain).scene(drag: Point(x: dragX, y: 300), isRevealed: false, time: time).displayList()
                .canonicalJSON())
    }

    @Test func dragReusesTheForegroundAndTheTimerInvalidatesIt() throws {
        let renderer = try TileRenderer(scale: 1, tileSize: 64)
        let reference = try DisplayListRenderer()
        func check(_ list: DisplayList, renders: Int, _ note: String) throws -> Bitmap {
            var clock = PhaseClock(ManualTimeSource())
            let cached = try #require(try renderer.foldedEffectLayer(of: list, scale: 1, clock: &clock))
            let fresh = try #require(try reference.renderEffectLayer(of: list, scale: 1))
            let same = cached == fresh  // a Bool, so a failure does not print two bitmaps
            #expect(same, "\(note): the cached layer folds to the uncached render")
            #expect(renderer.contentRenders == renders, "\(note): \(renderer.contentRenders) content renders")
            return cached.bitmap
        }
        let first = try check(try Self.curtainList(dragX: 340, time: 5), renders: 1, "first frame")
        let dragged = try check(try Self.curtainList(dragX: 300, time: 5), renders: 1, "drag only")
        let moved = first != dragged
        #expect(moved, "the drag moved the fold")
        // 5 s → 65 s: the timer's text changes (0:05 → 1:05), so the content is drawn again.
        #expect(TimerText.text(seconds: 5) != TimerText.text(seconds: 65))
        let ticked = try check(try Self.curtainList(dragX: 300, time: 65), renders: 2, "timer changed")
        let changed = ticked != dragged
        #expect(changed, "the timer change shows in the folded layer")
        // Effect off and on again: the content is still the cached one.
        var clock = PhaseClock(ManualTimeSource())
        #expect(try renderer.foldedEffectLayer(of: try Self.curtainList(dragX: 390, time: 65), scale: 1, clock: &clock) == nil)
        _ = try check(try Self.curtainList(dragX: 320, time: 65), renders: 2, "back on")
    }
}
