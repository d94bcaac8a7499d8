import MorphCairo
import MorphKit
import MorphRaster
import MorphTestSupport
import Testing

@testable import MorphServer

/// A resting curtain turns lossless with its first resting set: the frame its drag point
/// settles in, or content changing under a still fold (the timer), goes out as PNG with every
/// tile the motion left lossy. The rest timer remains for a picture whose resting frame never
/// came as a set of its own. Counted in sets, never timed.
@Suite struct TileRestTests {
    /// The curtain at 2x folded at `dragX`, at session `time`, in `typeSize`, as a JPEG job.
    static func job(_ sequence: Int, dragX: Double, time: Double, typeSize: DynamicTypeSize = .large) throws -> TileJob {
        let list = try SeedScenes(.curtain).scene(
            drag: Point(x: dragX, y: 420), isRevealed: false, environment: ComponentEnvironment(dynamicTypeSize: typeSize),
            time: time
        ).displayList()
        return TileJob(session: "s", sequence: sequence, serverTime: 0, list: try list.canonicalJSON(), codec: .jpeg)
    }

    /// The lossless layer of a job's frame, premultiplied.
    static func losslessBitmap(_ job: TileJob) throws -> Bitmap {
        try #require(try DisplayListRenderer().renderEffectLayer(of: try DisplayList(json: job.list), scale: 2)).bitmap
    }

    /// The lossless layer of a job's frame, as the page would show it.
    static func losslessLayer(_ job: TileJob) throws -> StraightImage {
        let list = try DisplayList(json: job.list)
        return StraightImage(premultiplied: try #require(try DisplayListRenderer().renderEffectLayer(of: list, scale: 2)).bitmap)
    }

    @Test func contentChangingUnderAStillFoldIsPNGAndRefinesTheMotion() throws {
        let renderer = try TileRenderer(scale: 2)
        let moving = try #require(try renderer.render(try Self.job(1, dragX: 180, time: 5.2), skipped: 0))
        let lossy = Set(moving.codecs.indices.filter { moving.codecs[$0].isLossy })
        #expect(!lossy.isEmpty, "the moving set is lossy")
        // The timer's text changes (0:05 to 0:06), the fold stays: PNG, and the motion's lossy
        // tiles go out again as PNG with it, so nothing is left to refine.
        let timerJob = try Self.job(2, dragX: 180, time: 6.2)
        let timer = try #require(try renderer.render(timerJob, skipped: 0))
        let sent = Set(timer.tiles(after: moving.version))
        let timerTiles = try DirtyTiles(
            from: try Self.losslessBitmap(try Self.job(1, dragX: 180, time: 5.2)), to: try Self.losslessBitmap(timerJob)
        ).indices
        #expect(!timerTiles.isEmpty && sent.isSuperset(of: lossy.union(timerTiles)), "the timer's tiles and every lossy one")
        #expect(sent.allSatisfy { timer.codecs[$0] == .png } && timer.lossyTileCount == 0)
        #expect(try TileRefinementTests.assemble(timer) == Self.losslessLayer(timerJob))
        // The fold moves again (lossy); then most of the layer changes under the still fold (a
        // larger type size reflows every paragraph): far more tiles than the small-set rule
        // sends as PNG, all of them PNG.
        let moved = try #require(try renderer.render(try Self.job(3, dragX: 150, time: 6.2), skipped: 0))
        #expect(moved.lossyTileCount > 0)
        let reflowJob = try Self.job(4, dragX: 150, time: 6.2, typeSize: .xxxLarge)
        let reflowed = try #require(try renderer.render(reflowJob, skipped: 0))
        let reflowedTiles = reflowed.tiles(after: moved.version)
        #expect(reflowedTiles.count > 4 * TileEncoder.losslessDirtyLimit)
        #expect(reflowedTiles.allSatisfy { reflowed.codecs[$0] == .png } && reflowed.lossyTileCount == 0)
        #expect(try TileRefinementTests.assemble(reflowed) == Self.losslessLayer(reflowJob))
    }

    @Test func theFrameTheFoldSettlesInIsLosslessEvenThoughItMoved() throws {
        let renderer = try TileRenderer(scale: 2)
        #expect(try #require(try renderer.render(try Self.job(1, dragX: 180, time: 5.2), skipped: 0)).lossyTileCount > 0)
        var settled = try Self.job(2, dragX: 181, time: 5.2)
        settled.atRest = true
        let rest = try #require(try renderer.render(settled, skipped: 0))
        #expect(rest.codecs.allSatisfy { $0 == .png } && !rest.needsRefinement)
        #expect(try TileRefinementTests.assemble(rest) == Self.losslessLayer(settled))
    }

    @Test func aFoldCreepingByHundredthsOfAPixelIsAtRest() throws {
        let renderer = try TileRenderer(scale: 2)
        #expect(try #require(try renderer.render(try Self.job(1, dragX: 180, time: 5.2), skipped: 0)).lossyTileCount > 0)
        // 0.01 pt is 0.02 px at 2x: under the resting step, so the set is lossless and refines.
        let creepJob = try Self.job(2, dragX: 180.01, time: 5.2)
        let creep = try #require(try renderer.render(creepJob, skipped: 0))
        #expect(creep.codecs.allSatisfy { $0 == .png } && !creep.needsRefinement)
        #expect(try TileRefinementTests.assemble(creep) == Self.losslessLayer(creepJob))
        // Half a point (a pixel) is motion again.
        let moved = try #require(try renderer.render(try Self.job(3, dragX: 180.51, time: 5.2), skipped: 0))
        #expect(moved.lossyTileCount > 0)
    }

    /// The client's picture as a viewer assembles it: the codec of each piece of each tile it
    /// holds (from the binary headers: a part replaces the pieces of its tile it overlaps, as
    /// the page draws it), the sets (`tiles-done` with tiles) received, and the drag x of the frames.
    struct Viewer {
        /// By tile index: the column ranges (layer pixels) drawn last, each with its codec.
        var pieces: [UInt32: [(columns: Range<Int>, codec: TileCodec)]] = [:]
        var codecs: [TileCodec] { pieces.values.flatMap { $0.map(\.codec) } }
        var sets = 0
        var sawLossy = false
        var dragXs: [Double] = []

        var isLossless: Bool { !codecs.isEmpty && codecs.allSatisfy { $0 == .png } }

        /// Takes what the connection was sent; returns the codecs of the tiles among it.
        mutating func receive(_ messages: [Outgoing]) -> [TileCodec] {
            var tiles: [TileCodec] = []
            for message in messages {
                switch message {
                case .binary(let bytes):
                    guard let header = TileHeader.decode(bytes)?.header else { continue }
                    if header.flags & TileHeader.completeFlag != 0, tiles.isEmpty { pieces = [:] }
                    let columns = Int(header.x)..<(Int(header.x) + Int(header.width))
                    pieces[header.tileIndex, default: []].removeAll { $0.columns.overlaps(columns) }
                    pieces[header.tileIndex, default: []].append((columns, header.codec))
                    sawLossy = sawLossy || header.codec.isLossy
                    tiles.append(header.codec)
                case .text(let bytes):
                    if let done = try? JSONValue.parse(bytes), done.type == "tiles-done", done["tiles"]?.numberValue ?? 0 > 0 {
                        sets += 1
                    }
                case .frame:
                    guard case .array(let ops) = (try? JSONValue.parse(message.bytes))?["list"]?["ops"],
                        case .array(let drag) = ops.lazy.compactMap({ $0["effect"] }).first?["drag"],
                        let x = drag.first?.numberValue
                    else { continue }
                    dragXs.append(x)
                }
            }
            return tiles
        }
    }

    /// Opens `component` with tiles at 1x and drags it from the edge to x = `restX` in 60 Hz
    /// steps, starting `offset` s into the session (so the timer's next second falls elsewhere
    /// in the rest); the pointer stays down. Returns the connection, session and viewer.
    static func dragAndHold(
        _ harness: CoreHarness, component: String = "curtain", offset: Double
    ) -> (connection: Int, session: String, viewer: Viewer) {
        let (id, session) = harness.openSession(component)
        harness.tickNow()
        harness.send(id, #"{"type":"tiles","enabled":true,"scale":1}"#)
        harness.runTileWork()
        harness.advance(by: offset)
        harness.send(id, #"{"type":"input","event":{"kind":"pointerDown","pointer":1,"x":370,"y":422}}"#)
        for x in stride(from: 350, through: restX, by: -25) {
            harness.advance(by: 1.0 / 60)
            harness.send(id, #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":\#(x),"y":422}}"#)
            harness.runTileWork()
        }
        var viewer = Viewer()
        _ = viewer.receive(harness.drain(id))
        return (id, session, viewer)
    }

    /// Where the drag stops; inside the rubber band's free range, so the spring settles on it.
    static let restX = 200.0

    @Test(arguments: [0.0, 0.25, 0.5, 0.75])
    func aHeldCurtainIsLosslessWithItsRestingSetWhileTheTimerRuns(offset: Double) throws {
        let harness = CoreHarness()
        var (id, _, viewer) = Self.dragAndHold(harness, offset: offset)
        // Held for 2.5 s: the spring settles on the pointer (the resting frame's drag x is the
        // pointer's), then the timer changes the text under the still fold.
        var restingSet: Int?
        var setsAfterRest = 0
        for _ in 0..<150 {
            harness.advance(by: 1.0 / 60)
            #expect(harness.tileWork.allSatisfy { !$0.job.refine }, "no refinement is needed")
            harness.runTileWork()
            let setsBefore = viewer.sets
            let tiles = viewer.receive(harness.drain(id))
            if restingSet != nil {
                setsAfterRest += viewer.sets - setsBefore
                #expect(tiles.allSatisfy { $0 == .png }, "a change under the still fold arrives as PNG")
            } else if viewer.dragXs.last == Self.restX {
                // The resting frame and its set (rendered in this same step) have arrived.
                restingSet = viewer.sets
                #expect(viewer.sets > setsBefore)
            }
            let lossless = viewer.isLossless
            if restingSet != nil { #expect(lossless, "lossless once the resting set arrived") }
        }
        #expect(viewer.sawLossy, "the drag went out lossy")
        #expect(restingSet != nil, "the drag settled")
        #expect(setsAfterRest >= 2, "the timer changed the picture under the still fold")
    }

    /// The fallback: a component that never says its picture rests, and sends no frame once it
    /// stops, leaves its last moving set's tiles lossy; once no tile changed for the rest delay,
    /// a tick submits the latest frame refining, and its set leaves every tile PNG.
    @Test func theRestTimerRefinesWhenNoRestingSetCame() throws {
        let harness = CoreHarness {
            _ in
        } register: {
            $0.register("restless-curtain") { RestlessComponent(base: try SessionComponent(.curtain, $0)) }
        }
        var (id, session, viewer) = Self.dragAndHold(harness, component: "restless-curtain", offset: 0)
        var lastChange = harness.clock.now()
        var refinement: TileWork?
        for _ in 0..<60 where refinement == nil {
            harness.advance(by: 1.0 / 60)
            refinement = harness.tileWork.first { $0.job.refine }
            guard refinement == nil else { break }
            harness.runTileWork()
            if !viewer.receive(harness.drain(id)).isEmpty { lastChange = harness.clock.now() }
        }
        let work = try #require(refinement, "no refinement was submitted")
        let leftLossy = viewer.sawLossy && !viewer.isLossless
        #expect(leftLossy, "the moving sets left lossy tiles")
        let waited = harness.clock.now() - lastChange
        #expect(
            waited > ServerCore.tileRestDelay - 1e-9 && waited < ServerCore.tileRestDelay + 2.0 / 60, "refined after \(waited) s")
        #expect(work.job.sequence == harness.core.sessions[session]?.latestTileJob?.sequence)
        harness.runTileWork()
        let tiles = viewer.receive(harness.drain(id))
        let refined = viewer.isLossless
        #expect(!tiles.isEmpty && tiles.allSatisfy { $0 == .png } && refined, "the lossy tiles again, as PNG")
        #expect(harness.core.tileStreams[session]?[1]?.latest?.lossyTileCount == 0)
        // Refined: resting longer asks for no refinement again.
        for _ in 0..<30 {
            harness.advance(by: 1.0 / 60)
            #expect(harness.tileWork.allSatisfy { !$0.job.refine })
            harness.runTileWork()
        }
    }
}
