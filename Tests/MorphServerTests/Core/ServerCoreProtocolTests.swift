import MorphKit
import Testing

@testable import MorphServer

/// Every client message type and every error code, through the core alone.
@Suite struct ServerCoreProtocolTests {
    @Test func helloIsAnsweredWithWelcome() throws {
        let harness = CoreHarness { $0.fps = 30 }
        let id = harness.connect()
        harness.send(id, #"{"type":"hello","protocol":"morph.v1","client":"test"}"#)
        let welcome = try #require(harness.messages(id).first)
        #expect(welcome.type == "welcome")
        let names = ["morph-container", "hero-card", "curtain", "probe", "timer"]
        #expect(welcome["components"] == .array(names.map(JSONValue.string)))
        #expect(welcome["fps"]?.numberValue == 30)
        #expect(welcome["server"]?.stringValue == "morphd/0.1")
    }

    @Test func pingIsAnsweredWithTheWallClock() throws {
        let harness = CoreHarness()
        let id = harness.connect()
        harness.wallClock.advance(by: 12.5)
        harness.send(id, #"{"type":"ping","id":7,"t":123.25}"#)
        let pong = try #require(harness.messages(id).first)
        #expect(pong.type == "pong")
        #expect(pong["id"]?.numberValue == 7 && pong["t"]?.numberValue == 123.25)
        #expect(pong["serverTime"]?.numberValue == 1_700_000_012.5)
    }

    @Test func recordingsListsWhatTheShellFound() throws {
        let harness = CoreHarness()
        harness.listing = [RecordingSummary(name: "a.jsonl", component: "probe", bytes: 42)]
        let id = harness.connect()
        harness.send(id, #"{"type":"recordings"}"#)
        let answer = try #require(harness.messages(id).first)
        #expect(answer.type == "recordings")
        let item: JSONValue = .object([
            .init("name", .string("a.jsonl")), .init("component", .string("probe")), .init("bytes", .number(42)),
        ])
        #expect(answer["items"] == .array([item]))
    }

    /// Each bad message gets its code; the connection keeps working afterwards.
    @Test(arguments: [
        ("{", "bad-json"),
        (#"{"type":"open"}"#, "bad-message"),
        (#"{"type":"launch"}"#, "unknown-type"),
        (#"{"type":"hello","protocol":"morph.v9","client":"x"}"#, "unsupported-version"),
        (#"{"type":"open","component":"teapot"}"#, "unknown-component"),
        (#"{"type":"join","session":"00000000"}"#, "unknown-session"),
        (#"{"type":"input","event":{"kind":"tap","x":1,"y":1}}"#, "no-session"),
        (#"{"type":"record","action":"start"}"#, "no-session"),
        (#"{"type":"replay","name":"../etc/passwd"}"#, "not-found"),
    ])
    func badMessagesGetTheirCode(message: String, code: String) throws {
        let harness = CoreHarness()
        let id = harness.connect()
        harness.send(id, message)
        let error = try #require(harness.messages(id).first)
        #expect(error.type == "error" && error.code == code)
        harness.send(id, #"{"type":"ping","id":1}"#)
        #expect(harness.messages(id).first?.type == "pong")
        #expect(harness.closes.isEmpty)
    }

    @Test func binaryMessagesAreRefused() throws {
        let harness = CoreHarness()
        let id = harness.connect()
        harness.run(.received(id, [0, 1], binary: true, final: true))
        #expect(harness.messages(id).first?.code == "bad-message")
    }

    @Test func refusedEventsAndStoppingAnIdleRecordingAreErrors() throws {
        let harness = CoreHarness()
        let (id, _) = harness.openSession()
        harness.send(id, #"{"type":"input","event":{"kind":"set","key":"moving","value":3}}"#)
        harness.send(id, #"{"type":"record","action":"stop"}"#)
        let codes = harness.messages(id).filter { $0.type == "error" }.map(\.code)
        #expect(codes == ["bad-event", "not-found"])
    }

    @Test func fragmentsAreJoinedAndAnOversizedMessageCloses1009() throws {
        let harness = CoreHarness { $0.maxMessageBytes = 1024 }
        let id = harness.connect()
        let ping = Array(#"{"type":"ping","id":5}"#.utf8)
        harness.run(.received(id, Array(ping[..<6]), binary: false, final: false))
        harness.run(.received(id, Array(ping[6...]), binary: false, final: true))
        #expect(harness.messages(id).first?["id"]?.numberValue == 5)
        harness.run(.received(id, [UInt8](repeating: 0x20, count: 1000), binary: false, final: false))
        harness.run(.received(id, [UInt8](repeating: 0x20, count: 100), binary: false, final: true))
        #expect(harness.messages(id).first?.code == "too-large")
        #expect(harness.closes[id]?.code == 1009)
        // Nothing more is read once the connection is closing.
        harness.send(id, #"{"type":"ping","id":6}"#)
        #expect(harness.drain(id).isEmpty)
    }

    @Test func oneViewerOverMaxClientsIsToldBusyAndClosed1013() throws {
        let harness = CoreHarness { $0.maxClients = 2 }
        let first = harness.connect(), second = harness.connect(), third = harness.connect()
        #expect(harness.messages(third).first?.code == "busy")
        #expect(harness.closes[third]?.code == 1013)
        #expect(harness.closes[first] == nil && harness.closes[second] == nil)
        // A refused connection does not count: once it and one viewer leave, a new one fits.
        harness.run(.closed(third))
        harness.run(.closed(first))
        let fourth = harness.connect()
        harness.send(fourth, #"{"type":"ping","id":1}"#)
        #expect(harness.messages(fourth).map(\.type) == ["pong"])
    }

    @Test func answersAreBoundedAndAReaderThatNeverReadsIsClosed1008() throws {
        // The default message burst (200) stops this before the queue fills; lift it.
        let harness = CoreHarness { $0.limits.messageBurst = Double(2 * ReplyQueue.limit) }
        let id = harness.connect()
        for index in 0...ReplyQueue.limit { harness.send(id, #"{"type":"ping","id":\#(index)}"#) }
        let written = harness.messages(id)
        #expect(written.count == ReplyQueue.limit)
        #expect(written.last?["id"]?.numberValue == Double(ReplyQueue.limit - 1))
        #expect(harness.closes[id]?.code == 1008)
    }

    @Test func stoppingClosesEveryViewerWith1001AndEveryRecording() throws {
        let harness = CoreHarness()
        let (id, session) = harness.openSession()
        harness.send(id, #"{"type":"record","action":"start"}"#)
        #expect(harness.recordingNames[session] != nil)
        harness.run(.stop)
        #expect(harness.recordingNames[session] == nil)
        _ = harness.drain(id)
        #expect(harness.closes[id]?.code == 1001)
        // A connection arriving now is refused.
        let late = harness.connect()
        #expect(harness.messages(late).first?.code == "busy")
    }
}
