import MorphKit
import Testing

@testable import MorphServer

/// Who controls a session (`schemas/protocol.md`, Session control): the connection that
/// opened it records, sets configuration and environment and steers a timeline; a viewer
/// that joined watches, and drives (pointer input, `tap`, `scrub`) only where the opener's
/// `open` said `"joiners":"drive"`.
@Suite struct ServerCoreControlTests {
    /// A session of `probe` opened by one connection and joined by another.
    private func joined(_ extra: String = "") -> (harness: CoreHarness, opener: Int, joiner: Int, session: [JSONValue]) {
        let harness = CoreHarness()
        let (opener, session) = harness.openSession("probe", extra)
        let joiner = harness.connect()
        harness.send(joiner, #"{"type":"join","session":"\#(session)"}"#)
        return (harness, opener, joiner, harness.messages(joiner))
    }

    @Test func aJoinerWatchesByDefaultAndCannotDriveRecordOrSet() throws {
        let (harness, opener, joiner, answer) = joined()
        #expect(answer.first?["access"]?.stringValue == "watch")
        harness.send(opener, #"{"type":"record","action":"start"}"#)
        #expect(harness.messages(opener).first?["state"]?.stringValue == "started")
        _ = harness.messages(joiner)
        for message in [
            #"{"type":"input","event":{"kind":"tap","x":1,"y":1}}"#,
            #"{"type":"input","event":{"kind":"set","key":"moving","value":true}}"#,
            #"{"type":"record","action":"stop"}"#,
        ] {
            harness.send(joiner, message)
            let said = harness.messages(joiner)
            #expect(said.map(\.code) == ["not-allowed"], "\(message)")
        }
        // Nothing the joiner sent reached the session or its recording, which still runs.
        let recorded = try #require(harness.recordings.values.first)
        #expect(recorded.lines.isEmpty)
        #expect(harness.recordingNames.count == 1)
    }

    @Test func aJoinerTheOpenerLetsDriveSendsPointerInputButNotConfiguration() {
        let (harness, _, joiner, answer) = joined(#","joiners":"drive""#)
        #expect(answer.first?["access"]?.stringValue == "drive")
        harness.send(joiner, #"{"type":"input","id":1,"event":{"kind":"pointerDown","pointer":1,"x":1,"y":1}}"#)
        #expect(harness.messages(joiner).map(\.type) == ["ack"])
        for event in [#"{"kind":"set","key":"moving","value":true}"#, #"{"kind":"environment","reduceMotion":true}"#] {
            harness.send(joiner, #"{"type":"input","event":\#(event)}"#)
            #expect(harness.messages(joiner).map(\.code) == ["not-allowed"])
        }
        harness.send(joiner, #"{"type":"record","action":"start"}"#)
        #expect(harness.messages(joiner).map(\.code) == ["not-allowed"])
    }

    @Test func theOpenersSessionAnswerHasNoAccessAndControlLeavesWithIt() {
        let harness = CoreHarness()
        let opener = harness.connect()
        harness.send(opener, #"{"type":"open","component":"probe"}"#)
        let answer = harness.messages(opener)
        #expect(answer.first?.type == "session" && answer.first?["access"] == nil)
        let session = answer.first?["session"]?.stringValue ?? ""
        let joiner = harness.connect()
        harness.send(joiner, #"{"type":"join","session":"\#(session)"}"#)
        _ = harness.messages(joiner)
        harness.run(.closed(opener))
        // The session runs on for the joiner, with nobody in control.
        harness.send(joiner, #"{"type":"record","action":"start"}"#)
        #expect(harness.messages(joiner).map(\.code) == ["not-allowed"])
    }

    @Test func joinersIsWatchOrDrive() {
        let harness = CoreHarness()
        let id = harness.connect()
        harness.send(id, #"{"type":"open","component":"probe","joiners":"all"}"#)
        #expect(harness.messages(id).map(\.code) == ["bad-message"])
    }
}
