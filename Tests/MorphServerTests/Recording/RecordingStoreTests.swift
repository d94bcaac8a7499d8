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
        let name = try store.claimName(component: "curtain", session: "ab12", wallTime: 0)
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
            try (index.isMultiple(of: 2) ? first : second).claimName(component: "curtain", session: "ab12", wallTime: 0)
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
}
