import Foundation
import Testing

@testable import MorphServer

@Suite struct RecordingStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString)").path
    let header = RecordingHeader(
        component: "curtain", configuration: .object([.init("folds", .number(4))]),
        environment: SessionEnvironment(reduceMotion: true), viewport: Viewport(width: 300, height: 600), fps: 60)
    let events = [
        LiveEvent(time: 0.1, kind: .pointerDown(pointer: 1, x: 280, y: 300)),
        LiveEvent(time: 0.2, kind: .pointerMove(pointer: 1, x: 150, y: 300)),
        LiveEvent(time: 0.3, kind: .pointerUp(pointer: 1, x: 60, y: 300)),
    ]

    @Test func writesListsAndLoadsARecording() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = RecordingStore(directory: directory)
        let name = store.newName(component: "curtain", session: "ab12", wallTime: 0)
        #expect(name == "curtain-19700101-000000-ab12.jsonl")
        let writer = try store.begin(name: name, header: header, events: Array(events.prefix(2)))
        try writer.append(events[2])
        writer.close()
        #expect(store.newName(component: "curtain", session: "ab12", wallTime: 0) == "curtain-19700101-000000-ab12-2.jsonl")

        let listed = store.list()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: directory + "/" + name)[.size] as? Int)
        #expect(listed == [RecordingSummary(name: name, component: "curtain", bytes: size)])
        let loaded = try store.load(name)
        #expect(loaded.header == header)
        #expect(loaded.events == events)
    }

    @Test func skipsATruncatedLastLineButNotAnEarlierBadLine() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = RecordingStore(directory: directory)
        let writer = try store.begin(name: "cut.jsonl", header: header, events: events)
        writer.close()
        let path = directory + "/cut.jsonl"
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"t":0.4,"kind":"poin"#.utf8))
        try handle.close()
        #expect(try store.load("cut.jsonl").events == events)

        let lines = [header.json.encoded, Array("garbage".utf8), events[0].json.encoded]
        try Data(lines.map { $0 + [0x0A] }.joined()).write(to: URL(fileURLWithPath: directory + "/bad.jsonl"))
        #expect(throws: MorphServerError.malformedRecording(name: "bad.jsonl", line: 2, reason: "not an event with a time in order")) {
            try store.load("bad.jsonl")
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
