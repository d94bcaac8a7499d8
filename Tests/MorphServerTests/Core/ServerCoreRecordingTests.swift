import MorphKit
import Testing

@testable import MorphServer

/// Record start and stop, replay, and server-side failures as `server-error`.
@Suite struct ServerCoreRecordingTests {
    @Test func recordStartWritesTheSessionSoFarThenEveryInput() throws {
        let harness = CoreHarness()
        let (id, session) = harness.openSession()
        harness.clock.advance(by: 0.5)
        harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":0.25}}"#)
        harness.clock.advance(by: 0.5)
        harness.send(id, #"{"type":"record","action":"start"}"#)
        let started = harness.messages(id).filter { $0.type == "recording" }
        #expect(started.first?["state"]?.stringValue == "started")
        #expect(started.first?["name"]?.stringValue == "probe-\(session).jsonl")
        let file = try #require(harness.recordings[session])
        #expect(file.start.header.component == "probe" && file.start.header.frameRate == 60)
        #expect(file.lines.map(\.time) == [0.5])
        harness.clock.advance(by: 0.25)
        harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":0.75}}"#)
        #expect(harness.recordings[session]?.lines.map(\.time) == [0.5, 1.25])
        // A second start answers with the same name; stop tells every viewer.
        harness.send(id, #"{"type":"record","action":"start"}"#)
        harness.send(id, #"{"type":"record","action":"stop"}"#)
        let answers = harness.messages(id).filter { $0.type == "recording" }.map { $0["state"]?.stringValue }
        #expect(answers == ["started", "stopped"])
        #expect(harness.recordingNames[session] == nil)
        harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":0.5}}"#)
        #expect(harness.recordings[session]?.lines.count == 2)
    }

    @Test func anInputWithAnIDIsAcknowledgedAfterItsLineIsWritten() throws {
        let harness = CoreHarness()
        let (id, session) = harness.openSession()
        // Not recording: the ack follows the input at once; without an id there is none.
        harness.send(id, #"{"type":"input","id":1,"event":{"kind":"scrub","progress":0.25}}"#)
        harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":0.3}}"#)
        #expect(harness.messages(id).filter { $0.type == "ack" }.map { $0["id"]?.numberValue } == [1])
        harness.send(id, #"{"type":"record","action":"start"}"#)
        _ = harness.drain(id)
        harness.send(id, #"{"type":"input","id":2.5,"event":{"kind":"scrub","progress":0.5}}"#)
        // The ack is the answer to the file's `recordingAppended`, after the line it names.
        let appended = try #require(harness.effects.lastIndex { if case .appendRecording = $0 { true } else { false } })
        #expect(
            harness.effects[appended]
                == .appendRecording(
                    session: session, harness.recordings[session]!.lines.last!, ack: InputAck(connection: id, id: 2.5)))
        #expect(harness.messages(id).filter { $0.type == "ack" }.map { $0["id"]?.numberValue } == [2.5])
        // A refused input is an error, never an ack; a write that fails acknowledges nothing.
        harness.send(id, #"{"type":"input","id":3,"event":{"kind":"tap","x":1e9,"y":0}}"#)
        #expect(harness.messages(id).map(\.type) == ["error"])
        harness.failAppends = .write(detail: "disk full")
        harness.send(id, #"{"type":"input","id":4,"event":{"kind":"scrub","progress":0.6}}"#)
        #expect(!harness.messages(id).contains { $0.type == "ack" })
    }

    @Test func anInputIDMustBeANumber() {
        let harness = CoreHarness()
        let (id, _) = harness.openSession()
        harness.send(id, #"{"type":"input","id":"one","event":{"kind":"scrub","progress":0.25}}"#)
        #expect(harness.messages(id).map(\.code) == ["bad-message"])
    }

    @Test func aRecordingThatCannotBeStartedIsAServerErrorWithoutPaths() throws {
        let harness = CoreHarness()
        let (id, session) = harness.openSession()
        harness.failNextStart = .write(detail: "/home/someone/recordings: Permission denied")
        harness.send(id, #"{"type":"record","action":"start"}"#)
        let error = try #require(harness.messages(id).first)
        #expect(error.code == "server-error" && error["request"]?.stringValue == "record")
        let text = try #require(error["message"]?.stringValue)
        #expect(!text.contains("/") && !text.contains("Permission"))
        #expect(harness.logs.contains { $0.contains("Permission denied") && $0.contains(session) })
        // Nothing half-open remains: a second start tries again and works.
        harness.send(id, #"{"type":"record","action":"start"}"#)
        #expect(harness.messages(id).first?["state"]?.stringValue == "started")
    }

    @Test func aFullRecordFolderIsBusyNamingTheCapAndTheSessionRunsOn() throws {
        let harness = CoreHarness()
        let (id, session) = harness.openSession()
        harness.failNextStart = .folderFull(maxFiles: 2)
        harness.send(id, #"{"type":"record","action":"start"}"#)
        let said = harness.messages(id)
        #expect(said.map(\.type) == ["error"])
        let error = try #require(said.first)
        #expect(error.code == "busy" && error["request"]?.stringValue == "record")
        #expect(
            error["message"]?.stringValue
                == "this server keeps at most 2 recordings; delete some or raise morphd --max-recordings")
        #expect(harness.logs.contains { $0.contains(session) })
        // The session runs on: an input still makes a frame, and a later start works.
        harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":0.5}}"#)
        harness.tickNow()
        #expect(harness.messages(id).map(\.type) == ["frame"])
        harness.send(id, #"{"type":"record","action":"start"}"#)
        #expect(harness.messages(id).first?["state"]?.stringValue == "started")
    }

    @Test func aRecordingAtItsSizeCapStopsNamingTheCap() throws {
        let harness = CoreHarness()
        let (id, _) = harness.openSession()
        harness.send(id, #"{"type":"record","action":"start"}"#)
        _ = harness.drain(id)
        harness.failAppends = .fileFull(maxBytes: 64 << 20)
        harness.send(id, #"{"type":"input","event":{"kind":"scrub","progress":0.5}}"#)
        let said = harness.messages(id)
        #expect(said.map(\.type) == ["error", "recording"])
        let text = try #require(said.first?["message"]?.stringValue)
        #expect(text.contains("64 MiB") && text.contains("--max-recording-mb"))
    }

    @Test func aSessionAlreadyOverTheSizeCapIsTooLargeToStartAndRunsOn() throws {
        let harness = CoreHarness()
        let (id, _) = harness.openSession()
        harness.failNextStart = .fileFull(maxBytes: 1 << 20)
        harness.send(id, #"{"type":"record","action":"start"}"#)
        let said = harness.messages(id)
        #expect(said.map(\.type) == ["error"])
        #expect(said.first?["code"]?.stringValue == "too-large")
        #expect(said.first?["message"]?.stringValue?.contains("1 MiB") == true)
        harness.send(id, #"{"type":"record","action":"start"}"#)
        #expect(harness.messages(id).first?["state"]?.stringValue == "started")
    }

    @Test func aRecordingThatFailsMidwayStopsAndTellsEveryViewer() throws {
        let harness = CoreHarness()
        let (first, session) = harness.openSession()
        let second = harness.connect()
        harness.send(second, #"{"type":"join","session":"\#(session)"}"#)
        harness.send(first, #"{"type":"record","action":"start"}"#)
        _ = harness.drain(first)
        _ = harness.drain(second)
        harness.failAppends = .write(detail: "/var/rec/x.jsonl: No space left on device")
        harness.send(first, #"{"type":"input","event":{"kind":"scrub","progress":0.5}}"#)
        for viewer in [first, second] {
            let said = harness.messages(viewer)
            #expect(said.map(\.type) == ["error", "recording"])
            #expect(said.first?.code == "server-error")
            #expect(said.first?["message"]?.stringValue?.contains("/var") == false)
            #expect(said.last?["state"]?.stringValue == "stopped")
        }
        // The input itself was applied.
        harness.tickNow()
        #expect(harness.messages(first).first?["seq"]?.numberValue == 1)
        #expect(harness.logs.contains { $0.contains("No space left") })
    }

    @Test func replayErrorsHaveTheirCodes() throws {
        let harness = CoreHarness()
        let id = harness.connect()
        harness.stored["bad.jsonl"] = .failure(.recording(name: "bad.jsonl", .malformedLine(line: 3, reason: "not JSON")))
        harness.stored["io.jsonl"] = .failure(.recording(name: "io.jsonl", .io("cannot read /srv/io.jsonl")))
        harness.send(id, #"{"type":"replay","name":"missing.jsonl"}"#)
        harness.send(id, #"{"type":"replay","name":"bad.jsonl"}"#)
        harness.send(id, #"{"type":"replay","name":"io.jsonl"}"#)
        let errors = harness.messages(id)
        #expect(errors.map(\.code) == ["not-found", "bad-event", "server-error"])
        #expect(errors.allSatisfy { $0["request"]?.stringValue == "replay" })
        #expect(errors.allSatisfy { $0["message"]?.stringValue?.contains("/srv") == false })
        #expect(errors[1]["message"]?.stringValue?.contains("line 3") == true)
    }

    @Test func aReplayOfARecordedReplayIsRecordedToo() throws {
        let harness = CoreHarness()
        try harness.store(
            "p.jsonl",
            lines: [
                #"{"format":"morph.recording","version":1,"component":"probe","viewport":[300,200],"frameRate":60}"#,
                #"{"t":0.25,"kind":"scrub","progress":0.5}"#,
            ])
        let id = harness.connect()
        harness.send(id, #"{"type":"replay","name":"p.jsonl"}"#)
        let session = try #require(harness.messages(id).first?["session"]?.stringValue)
        harness.send(id, #"{"type":"record","action":"start"}"#)
        harness.advance(by: 0.3)
        #expect(harness.recordings[session]?.lines == [InputEvent(time: 0.25, kind: .scrub(progress: 0.5))])
        #expect(harness.recordings[session]?.start.header.viewport == Size(width: 300, height: 200))
    }
}
