import Foundation
import MorphKit
import Testing

@testable import MorphServer

/// A recording a viewer sends (`replay` with `recording`) replays on the server as a timeline
/// the viewer plays, pauses and seeks; every frame is `Replay`'s frame, byte for byte.
@Suite struct ServerCoreTimelineTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MorphKitTests/__Fixtures__/recordings/container-double-tap.jsonl")

    /// Every frame `Replay` gives for the fixture, as parsed display lists.
    static func expectedFrames() throws -> [JSONValue] {
        var replay = try Replay(try RecordingReader.read(contentsOf: fixture).recording)
        var lists: [JSONValue] = []
        while let frame = replay.next() { lists.append(try JSONValue.parse(frame.displayList)) }
        return lists
    }

    func replayMessage() throws -> String {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        var writer = JSONValue.CompactWriter()
        writer.write(.object([.init("type", .string("replay")), .init("recording", .string(text))]))
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    func frames(_ messages: [JSONValue]) -> [JSONValue] {
        messages.filter { $0["type"]?.stringValue == "frame" }.compactMap { $0["list"] }
    }

    @Test func seekPlayAndPauseShowReplayFramesExactly() throws {
        let expected = try Self.expectedFrames()
        let harness = CoreHarness()
        let id = harness.connect()
        harness.send(id, try replayMessage())
        let session = try #require(harness.messages(id).first { $0["type"]?.stringValue == "session" })
        #expect(session["component"]?.stringValue == "morph-container")
        #expect(session["timeline"]?["frames"]?.numberValue == Double(expected.count))
        #expect(session["timeline"]?["fps"]?.numberValue == 60)
        // The frames each input lands on: independently, each event's time at 60 fps, rounded
        // up to a frame (an event at a frame's exact time lands on it), once each.
        let recording = try RecordingReader.read(contentsOf: Self.fixture).recording
        var landing: [Double] = []
        for event in recording.events {
            let frame = (event.time * 60 - 1e-6).rounded(.up)
            if landing.last != frame { landing.append(frame) }
        }
        #expect(landing.count >= 2, "the double tap's presses")
        #expect(session["timeline"]?["events"] == .array(landing.map { .number($0) }))
        harness.tickNow()
        let first = frames(harness.messages(id))
        #expect(first.count == 1 && first.first == expected[0])

        for target in [40, expected.count - 1, 5, 61, 60, 0] {
            harness.send(id, #"{"type":"timeline","action":"seek","frame":\#(target)}"#)
            // Inputs coalesce into ticks, never closer than one period: the frame comes then.
            harness.advance(by: 0.02)
            let shown = frames(harness.messages(id))
            let times = shown.map { $0["time"]?.numberValue ?? -1 }
            #expect(shown.count == 1 && shown.first == expected[target], "frame \(target): \(shown.count) shown, at \(times)")
        }
        // Paused: time passes, nothing is sent.
        harness.advance(by: 1)
        #expect(frames(harness.messages(id)).isEmpty)

        harness.send(id, #"{"type":"timeline","action":"seek","frame":10}"#)
        harness.send(id, #"{"type":"timeline","action":"play"}"#)
        harness.advance(by: 0.5)
        let played = frames(harness.messages(id))
        // Half a second after frame 10 at 60 fps is frame 40 (39 when the last tick of the
        // half second falls just before it); each frame is the replay's frame of its time.
        let indices = played.map { Int((($0["time"]?.numberValue ?? -1) * 60).rounded()) }
        #expect((39...40).contains(indices.last ?? 0), "\(indices)")
        let exact = zip(indices, played).allSatisfy { index, list in expected.indices.contains(index) && expected[index] == list }
        #expect(exact && indices == indices.sorted() && indices.first.map { $0 > 10 } == true)
        harness.send(id, #"{"type":"timeline","action":"pause"}"#)
        harness.advance(by: 0.5)
        #expect(frames(harness.messages(id)).count <= 1)

        // Played to the end, it stops there.
        harness.send(id, #"{"type":"timeline","action":"play"}"#)
        harness.advance(by: Double(expected.count) / 60 + 1)
        let end = frames(harness.messages(id)).last
        #expect(end == expected.last, "the last frame")
        harness.advance(by: 1)
        #expect(frames(harness.messages(id)).isEmpty)
    }

    @Test func refusalsKeepTheConnectionUsable() throws {
        let harness = CoreHarness()
        let id = harness.connect()
        harness.send(id, #"{"type":"replay","recording":"{\"format\":\"morph.recording\",\"version\":1}\nnot json\n{}"}"#)
        let bad = try #require(harness.messages(id).first)
        #expect(bad["code"]?.stringValue == "bad-message" && bad["request"]?.stringValue == "replay")
        #expect(bad["message"]?.stringValue?.contains("line") == true, "\(bad)")

        let (viewer, _) = harness.openSession("morph-container")
        harness.send(viewer, #"{"type":"timeline","action":"play"}"#)
        #expect(harness.messages(viewer).last?["code"]?.stringValue == "bad-message")

        harness.send(id, try replayMessage())
        _ = harness.messages(id)
        harness.send(id, #"{"type":"input","event":{"kind":"tap","x":1,"y":1}}"#)
        #expect(harness.messages(id).last?["code"]?.stringValue == "bad-event")
        harness.send(id, #"{"type":"record","action":"start"}"#)
        #expect(harness.messages(id).last?["code"]?.stringValue == "bad-message")
        harness.send(id, #"{"type":"timeline","action":"seek","frame":-1}"#)
        #expect(harness.messages(id).last?["code"]?.stringValue == "bad-message")
    }

    @Test func setsAreReportedToViewersWhoJoinLater() throws {
        let harness = CoreHarness()
        let (first, session) = harness.openSession("morph-container")
        harness.send(first, #"{"type":"input","event":{"kind":"set","key":"accent","value":"[1,0,0,1]"}}"#)
        harness.send(first, #"{"type":"input","event":{"kind":"set","key":"dampingFraction","value":0.5}}"#)
        let second = harness.connect()
        harness.send(second, #"{"type":"join","session":"\#(session)"}"#)
        let joined = try #require(harness.messages(second).first { $0["type"]?.stringValue == "session" })
        #expect(joined["configuration"]?["accent"] == .array([.number(1), .number(0), .number(0), .number(1)]))
        #expect(joined["configuration"]?["dampingFraction"]?.numberValue == 0.5)
    }
}
