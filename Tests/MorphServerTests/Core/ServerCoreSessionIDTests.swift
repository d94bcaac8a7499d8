import MorphKit
import MorphTestSupport
import Testing

@testable import MorphServer

/// Session ids a router can place: the client proposes one (in the message, or in the
/// connection URL a router hashed); the core takes it when well formed and free here, and
/// assigns one otherwise.
@Suite struct ServerCoreSessionIDTests {
    static let proposal = "k3v9q2m7x1c8d4f6"

    @Test func wellFormedIDsAreSixteenLowercaseLettersAndDigits() {
        #expect(SessionID.isWellFormed(Self.proposal))
        for bad in ["", "k3v9q2m7x1c8d4f", "k3v9q2m7x1c8d4f6a", "K3V9Q2M7X1C8D4F6", "k3v9q2m7x1c8d4f-", "k3v9q2m7x1c8d4fé"] {
            #expect(!SessionID.isWellFormed(bad), "\(bad)")
        }
        var generator = SeededRandomNumberGenerator(seed: 7)
        let drawn = (0..<200).map { _ in SessionID.random(using: &generator) }
        #expect(drawn.allSatisfy(SessionID.isWellFormed))
        #expect(Set(drawn).count == drawn.count)
        #expect(SessionID.isWellFormed(SessionID.random()))
    }

    @Test func aWellFormedFreeProposalBecomesTheSessionID() {
        let harness = CoreHarness()
        let (_, session) = harness.openSession("probe", #","session":"\#(Self.proposal)""#)
        #expect(session == Self.proposal)
    }

    @Test(arguments: ["", "short", "K3V9Q2M7X1C8D4F6", "k3v9q2m7x1c8d4f6-too-long", "../../etc/passwd"])
    func aMalformedProposalGetsAnAssignedID(proposal: String) {
        let harness = CoreHarness()
        let (_, session) = harness.openSession("probe", #","session":"\#(proposal)""#)
        #expect(session == "a000000000000001")
    }

    @Test func aTakenProposalGetsAnAssignedIDAndTheFirstSessionKeepsItsViewer() throws {
        let harness = CoreHarness()
        let (first, taken) = harness.openSession("probe", #","session":"\#(Self.proposal)""#)
        let (_, second) = harness.openSession("probe", #","session":"\#(Self.proposal)""#)
        #expect(taken == Self.proposal && second == "a000000000000001")
        harness.tickNow()
        #expect(harness.messages(first).map(\.type) == ["frame"])
        #expect(harness.core.sessions[Self.proposal]?.viewers == [first])
    }

    @Test func theConnectionURLsSessionIsTheDefaultProposalAndTheMessageWins() {
        let harness = CoreHarness()
        let routed = harness.connect(session: Self.proposal)
        harness.send(routed, #"{"type":"open","component":"probe"}"#)
        #expect(harness.messages(routed).first?["session"]?.stringValue == Self.proposal)

        let explicit = harness.connect(session: "zzzzzzzzzzzzzzzz")
        harness.send(explicit, #"{"type":"open","component":"probe","session":"yyyyyyyyyyyyyyyy"}"#)
        #expect(harness.messages(explicit).first?["session"]?.stringValue == "yyyyyyyyyyyyyyyy")
    }

    @Test func aReplayTakesItsProposalOrTheURLs() throws {
        let harness = CoreHarness()
        try harness.store(
            "p.jsonl",
            lines: [#"{"format":"morph.recording","version":1,"component":"probe","viewport":[300,200],"frameRate":60}"#])
        let explicit = harness.connect()
        harness.send(explicit, #"{"type":"replay","name":"p.jsonl","session":"\#(Self.proposal)"}"#)
        #expect(harness.messages(explicit).first?["session"]?.stringValue == Self.proposal)
        let routed = harness.connect(session: "rrrrrrrrrrrrrrrr")
        harness.send(routed, #"{"type":"replay","name":"p.jsonl"}"#)
        #expect(harness.messages(routed).first?["session"]?.stringValue == "rrrrrrrrrrrrrrrr")
    }

    @Test func aProposalThatIsNotAStringIsABadMessage() {
        let harness = CoreHarness()
        let id = harness.connect()
        harness.send(id, #"{"type":"open","component":"probe","session":7}"#)
        harness.send(id, #"{"type":"replay","name":"p.jsonl","session":[]}"#)
        #expect(harness.messages(id).map(\.code) == ["bad-message", "bad-message"])
    }
}
