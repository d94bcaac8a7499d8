import MorphKit
import Testing

@testable import MorphServer

/// Per-connection rates (messages, bytes, sessions opened) and the global session cap, on
/// the core's manual clock: over a rate a message is dropped with one `rate-limited` answer a
/// second, and the connection is served again once its bucket refills.
@Suite struct ServerCoreLimitTests {
    /// Pings `count` times at the current instant, reading as it goes; returns the answers' types.
    private func ping(_ harness: CoreHarness, _ id: Int, _ count: Int) -> [String?] {
        var types: [String?] = []
        for index in 0..<count {
            harness.send(id, #"{"type":"ping","id":\#(index)}"#)
            types += harness.messages(id).map(\.type)
        }
        return types
    }

    /// Listing the record folder costs a worker; a connection gets 4 at once, then 1 a second.
    @Test func listingsAreRateLimitedPerConnection() {
        let harness = CoreHarness()
        harness.listing = [RecordingSummary(name: "a.jsonl", component: "curtain", bytes: 10)]
        let (first, second) = (harness.connect(), harness.connect())
        var answers: [JSONValue] = []
        for _ in 0..<12 {
            harness.send(first, #"{"type":"recordings"}"#)
            answers += harness.messages(first)
        }
        #expect(answers.filter { $0.type == "recordings" }.count == 4)
        let refusals = answers.filter { $0.type == "error" }
        #expect(refusals.map(\.code) == ["rate-limited"])
        #expect(refusals.first?["request"]?.stringValue == "recordings")
        #expect(refusals.first?["message"]?.stringValue?.contains("more than 1 listings a second") == true)
        // Another connection has its own bucket, and the first's refills.
        harness.send(second, #"{"type":"recordings"}"#)
        #expect(harness.messages(second).map(\.type) == ["recordings"])
        harness.clock.advance(by: 1)
        harness.send(first, #"{"type":"recordings"}"#)
        #expect(harness.messages(first).map(\.type) == ["recordings"])
    }

    @Test func aFloodOverTheMessageRateIsDroppedWithOneAnswerASecond() {
        let harness = CoreHarness {
            $0.limits.messagesPerSecond = 100
            $0.limits.messageBurst = 50
        }
        let id = harness.connect()
        let answers = ping(harness, id, 80)
        #expect(answers.filter { $0 == "pong" }.count == 50)
        #expect(answers.filter { $0 == "error" }.count == 1)
        #expect(harness.closes[id] == nil)
        // A tenth of a second refills ten messages; the refusal is not repeated within the second.
        harness.clock.advance(by: 0.1)
        let later = ping(harness, id, 12)
        #expect(later == Array(repeating: "pong", count: 10))
        harness.clock.advance(by: 1)
        #expect(ping(harness, id, 1) == ["pong"])
    }

    @Test func theRefusalNamesTheRateAndTheCode() throws {
        let harness = CoreHarness { $0.limits.messageBurst = 1 }
        let id = harness.connect()
        harness.send(id, #"{"type":"ping","id":1}"#)
        harness.send(id, #"{"type":"ping","id":2}"#)
        let error = try #require(harness.messages(id).last)
        #expect(error.code == "rate-limited")
        #expect(error["message"]?.stringValue?.contains("1000 messages") == true)
    }

    @Test func bytesAreLimitedAsWellAsMessages() {
        let harness = CoreHarness {
            $0.limits.byteBurst = 1000
            $0.limits.bytesPerSecond = 100
        }
        let id = harness.connect()
        let padding = String(repeating: " ", count: 400)
        for _ in 0..<3 { harness.send(id, #"{"type":"ping","id":1}"# + padding) }
        #expect(harness.messages(id).map(\.type) == ["pong", "pong", "error"])
    }

    @Test func sessionsOpenedAreLimitedPerConnectionAndInTotal() {
        let harness = CoreHarness {
            $0.limits.sessionBurst = 3
            $0.limits.sessionsPerSecond = 1
        }
        let id = harness.connect()
        var codes: [String?] = []
        for _ in 0..<4 {
            harness.send(id, #"{"type":"open","component":"probe"}"#)
            codes += harness.messages(id).filter { $0.type != "frame" }.map { $0.code ?? $0.type }
        }
        #expect(codes == ["session", "session", "session", "rate-limited"])
        harness.clock.advance(by: 1)
        harness.send(id, #"{"type":"open","component":"probe"}"#)
        #expect(harness.messages(id).first?.type == "session")

        let capped = CoreHarness { $0.limits.maxSessions = 2 }
        _ = capped.openSession()
        _ = capped.openSession()
        let third = capped.connect()
        capped.send(third, #"{"type":"open","component":"probe"}"#)
        let refused = capped.messages(third).first
        #expect(refused?.code == "busy" && refused?["request"]?.stringValue == "open")
    }
}

extension ServerCoreLimitTests {
    /// A client that pipelines faster than the burst and reads nothing in between is slowed
    /// down with `rate-limited`, not closed: the burst is below the answer queue's bound.
    @Test func thePipeliningBurstStaysBelowTheAnswerQueue() {
        #expect(RateLimits().messageBurst < Double(ReplyQueue.limit))
        let harness = CoreHarness()
        let id = harness.connect()
        for index in 0..<(ReplyQueue.limit + 50) { harness.send(id, #"{"type":"ping","id":\#(index)}"#) }
        let answers = harness.messages(id)
        #expect(answers.filter { $0.type == "pong" }.count == Int(RateLimits().messageBurst))
        #expect(answers.last?.code == "rate-limited")
        #expect(harness.closes[id] == nil)
    }

    @Test func sizesAndScalesOverTheConfiguredBoundsAreRefusedWhereTheyAreDecoded() {
        let harness = CoreHarness {
            $0.protocolLimits.maxViewportSide = 1000
            $0.protocolLimits.maxTileScale = 1
        }
        let id = harness.connect()
        harness.send(id, #"{"type":"open","component":"probe","viewport":[1001,500]}"#)
        #expect(harness.messages(id).map(\.code) == ["bad-message"])
        harness.send(id, #"{"type":"open","component":"probe","viewport":[1000,500]}"#)
        #expect(harness.messages(id).contains { $0.type == "session" })
        harness.send(id, #"{"type":"input","event":{"kind":"environment","size":[390,1200]}}"#)
        #expect(harness.messages(id).map(\.code) == ["bad-event"])
        harness.send(id, #"{"type":"tiles","enabled":true,"scale":2}"#)
        #expect(harness.messages(id).map(\.code) == ["bad-message"])
        #expect(harness.closes[id] == nil)
    }

    @Test func aSessionTakesViewersUpToItsCapThenAnswersBusy() {
        let harness = CoreHarness { $0.maxViewersPerSession = 2 }
        let (owner, session) = harness.openSession()
        let second = harness.connect(), third = harness.connect()
        harness.send(second, #"{"type":"join","session":"\#(session)"}"#)
        #expect(harness.messages(second).contains { $0.type == "session" })
        harness.send(third, #"{"type":"join","session":"\#(session)"}"#)
        #expect(harness.messages(third).map(\.code) == ["busy"])
        // Joining the session one already watches is no new viewer.
        harness.send(owner, #"{"type":"join","session":"\#(session)"}"#)
        #expect(harness.messages(owner).contains { $0.type == "session" })
    }
}
