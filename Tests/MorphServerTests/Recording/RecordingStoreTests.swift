import Foundation
import MorphKit
import Testing

@testable import MorphServer

/// The record directory around MorphKit's recording format (whose reader and writer MorphKit
/// tests): naming, listing, folder confinement, and how read failures reach the server.
@Suite struct RecordingStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString)").path
    let header = RecordingHeader(
        component: "curtain", configuration: .object([.init("folds", .number(4))]),
        environment: InputEvent.Environment(reduceMotion: true), viewport: Size(width: 300, height: 600), frameRate: 60)
    let events = [
        InputEvent(time: 0.1, kind: .pointerDown(pointer: 1, location: Point(x: 280, y: 300))),
        InputEvent(time: 0.2, kind: .pointerMove(pointer: 1, location: Point(x: 150, y: 300))),
        InputEvent(time: 0.3, kind: .pointerUp(pointer: 1, location: Point(x: 60, y: 300))),
    ]

    @Test func writesListsAndLoadsARecording() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = RecordingStore(directory: directory)
        let name = try store.claimName(component: "curtain", token: "ab12", wallTime: 0)
        #expect(name == "curtain-19700101-000000-ab12.jsonl")
        let writer = try store.begin(name: name, header: header, events: Array(events.prefix(2)))
        try writer.append(events[2])
        try writer.close()

        let listed = store.list()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int)
        #expect(listed == [RecordingSummary(name: name, component: "curtain", bytes: size)])
        let loaded = try store.load(name)
        #expect(loaded.recording == Recording(header: header, events: events))
        #expect(loaded.warnings.isEmpty)
    }

    /// Instances sharing one folder: a claimed name is never handed out again, even before
    /// anything is written to it, and each instance lists what the others wrote.
    @Test func storesSharingAFolderNeverClaimOneNameTwiceAndListEachOthersFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let first = RecordingStore(directory: directory), second = RecordingStore(directory: directory)
        let claimed = try (0..<3).map { index in
            try (index.isMultiple(of: 2) ? first : second).claimName(component: "curtain", token: "ab12", wallTime: 0)
        }
        #expect(
            claimed == [
                "curtain-19700101-000000-ab12.jsonl", "curtain-19700101-000000-ab12-2.jsonl",
                "curtain-19700101-000000-ab12-3.jsonl",
            ])
        let writer = try first.begin(name: claimed[0], header: header, events: events)
        try writer.close()
        #expect(second.list().first { $0.name == claimed[0] }?.component == "curtain")
        #expect(try second.load(claimed[0]).recording.events == events)
    }

    @Test func skipsATruncatedLastLineWithAWarningButRefusesAnEarlierBadLine() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = RecordingStore(directory: directory)
        let writer = try store.begin(name: "cut.jsonl", header: header, events: events)
        try writer.close()
        let path = directory + "/cut.jsonl"
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"t":0.4,"kind":"poin"#.utf8))
        try handle.close()
        let cut = try store.load("cut.jsonl")
        #expect(cut.recording.events == events)
        #expect(cut.warnings.map(\.line) == [5])

        let lines = [header.jsonLine, "garbage", events[0].jsonLine]
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: directory + "/bad.jsonl"))
        do {
            _ = try store.load("bad.jsonl")
            Issue.record("a bad middle line must be refused")
        } catch .recording(let name, .malformedLine(let line, _)) {
            #expect(name == "bad.jsonl" && line == 2)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func refusesNamesOutsideTheFolder() {
        let store = RecordingStore(directory: directory)
        for name in ["../x.jsonl", "a/b.jsonl", ".hidden.jsonl", "x.txt", ""] {
            #expect(RecordingStore.isValidName(name) == false)
            #expect(throws: MorphServerError.self) { try store.load(name) }
        }
    }

    /// The cap covers the session so far: a start that would exceed it (or the rate a replay
    /// reads) writes nothing and leaves no file to count against `--max-recordings`.
    @Test func aStartOverTheCapOrTheReplayRateLeavesNoFile() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let headerBytes = header.jsonLine.utf8.count + 1
        let store = RecordingStore(directory: directory, maxBytes: headerBytes + events[0].jsonLine.utf8.count + 1)
        let name = try store.claimName(component: "curtain", token: "ab12", wallTime: 0)
        #expect(throws: MorphServerError.recordingTooLarge(maxBytes: store.maxBytes)) {
            try store.begin(name: name, header: header, events: events)
        }
        #expect(store.list().isEmpty)
        let burst = (0...Replay.maxEventsPerSecond).map { _ in InputEvent(time: 1, kind: .scrub(progress: 0.5)) }
        let fast = try store.claimName(component: "curtain", token: "ab12", wallTime: 0)
        #expect(throws: MorphServerError.recordingTooFast(perSecond: Replay.maxEventsPerSecond)) {
            try RecordingStore(directory: directory).begin(name: fast, header: header, events: burst)
        }
        #expect(store.list().isEmpty)
        // Exactly at the cap is within it, and a line past it is refused without being written.
        let writer = try store.begin(name: name, header: header, events: [events[0]])
        #expect(writer.bytesWritten == store.maxBytes)
        #expect(try writer.append(events[1], upTo: store.maxBytes) == false)
        #expect(writer.bytesWritten == store.maxBytes)
        try writer.close()
        #expect(try store.load(name).recording.events == [events[0]])
    }

    @Test func theEventWindowCountsAsTheReaderDoes() {
        var window = EventWindow()
        let admitted = [1, 1, 1, 2, 2.000001].map { window.admit($0, limit: 3) }
        // [1, 2] would hold four; just past 2 the first three are out of the window.
        #expect(admitted == [true, true, true, false, true])
    }

    /// A listing reads a file's head once per size and modification time, and finds the
    /// component in a header far longer than the head.
    @Test func aListingReadsOnlyTheHeadAndRemembersEachFile() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = RecordingStore(directory: directory)
        let long = RecordingHeader(
            component: "hero-card", configuration: .object([.init("title", .string(String(repeating: "x", count: 60_000)))]),
            environment: InputEvent.Environment(), viewport: Size(width: 300, height: 600), frameRate: 60)
        try store.begin(name: "long.jsonl", header: long, events: events).close()
        try store.begin(name: "short.jsonl", header: header, events: events).close()
        var cache: [String: RecordingStore.ListedFile] = [:]
        #expect(store.list(cache: &cache).map(\.component) == ["hero-card", "curtain"])
        #expect(Set(cache.keys) == ["long.jsonl", "short.jsonl"])

        // Same size and time, other bytes: the remembered component stands (nothing is read).
        let path = directory + "/short.jsonl"
        var before = stat()
        stat(path, &before)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"curtain\"", with: "\"cuRtain\"").write(
            toFile: path, atomically: false, encoding: .utf8)
        var times = [before.st_atim, before.st_mtim]
        utimensat(AT_FDCWD, path, &times, 0)
        #expect(store.list(cache: &cache).map(\.component) == ["hero-card", "curtain"])
        // A new modification time: read again.
        times[1].tv_sec += 1
        utimensat(AT_FDCWD, path, &times, 0)
        #expect(store.list(cache: &cache).map(\.component) == ["hero-card", "cuRtain"])
        // A removed file leaves the cache.
        try FileManager.default.removeItem(atPath: path)
        #expect(store.list(cache: &cache).map(\.name) == ["long.jsonl"])
        #expect(Set(cache.keys) == ["long.jsonl"])
    }
}
