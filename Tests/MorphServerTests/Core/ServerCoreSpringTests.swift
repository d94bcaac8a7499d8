import Foundation
import MorphKit
import Testing

@testable import MorphServer

/// A component file's `spring` field: its viewers are sent the spring in both of SwiftUI's
/// forms after `session` and after each `set` of it, so a page switches form without converting.
@Suite struct ServerCoreSpringTests {
    @Test func springsFollowSessionAndEverySetOfASpringField() throws {
        let folder = try ComponentFolderTests.Folder()
        let card = folder.source
            .replacingOccurrences(
                of: #""configuration": {"#,
                with:
                    #""configuration": { "open": { "type": "spring", "default": { "response": 0.42, "dampingFraction": 0.82 } },"#
            )
            .replacingOccurrences(of: "spring(0.42, config.dampingFraction)", with: "config.open")
        #expect(card != folder.source)
        try folder.write("card.json", card)
        let components = try folder.open()
        #expect(components.poll().map(\.error) == [nil])
        let harness = CoreHarness(register: { $0.register(folder: components) })
        let viewer = harness.connect()
        harness.send(viewer, #"{"type":"hello","protocol":"morph.v1","client":"test"}"#)
        harness.send(viewer, #"{"type":"open","component":"test-card"}"#)
        let opened = harness.messages(viewer)
        let types = opened.compactMap { $0["type"]?.stringValue }
        #expect(Array(types.drop { $0 != "session" }.prefix(2)) == ["session", "springs"], "\(types)")
        let sessionID = try #require(opened.first { $0["type"]?.stringValue == "session" }?["session"]?.stringValue)
        let first = try #require(opened.first { $0["type"]?.stringValue == "springs" })
        #expect(first["session"] == .string(sessionID))
        #expect(
            first["springs"]?["open"]
                == .object([
                    .init("response", .number(0.42)), .init("dampingFraction", .number(0.82)), .init("duration", .number(0.42)),
                    .init("bounce", .number(Spring.bounce(dampingRatio: 0.82))),
                ]))

        let watcher = harness.connect()
        harness.send(watcher, #"{"type":"hello","protocol":"morph.v1","client":"test"}"#)
        harness.send(watcher, #"{"type":"join","session":"\#(sessionID)"}"#)
        #expect(harness.messages(watcher).contains { $0["type"]?.stringValue == "springs" }, "a joiner is told too")
        harness.send(viewer, #"{"type":"input","event":{"kind":"set","key":"open","value":"{\"duration\":0.5,\"bounce\":0.2}"}}"#)
        for id in [viewer, watcher] {
            let sent = harness.messages(id).filter { $0["type"]?.stringValue == "springs" }
            #expect(sent.count == 1)
            #expect(sent.first?["springs"]?["open"]?["dampingFraction"] == .number(Animation.dampingFraction(bounce: 0.2)))
            #expect(sent.first?["springs"]?["open"]?["duration"] == .number(0.5))
        }
        // The file loaded again with a second spring field: the viewers are told both fields,
        // the first as set, the second at its default.
        try folder.write(
            "card.json",
            card.replacingOccurrences(
                of: #""configuration": {"#,
                with: #""configuration": { "close": { "type": "spring", "default": { "duration": 0.3, "bounce": 0 } },"#))
        let reloaded = components.poll()
        #expect(reloaded.map(\.error) == [nil])
        harness.run(.componentsChanged(reloaded))
        let told = harness.messages(viewer).compactMap { $0["type"]?.stringValue == "springs" ? $0["springs"] : nil }
        #expect(told.count == 1)
        #expect(told.first?["open"]?["duration"] == .number(0.5))
        #expect(told.first?["close"]?["response"] == .number(0.3))
        #expect(told.first?["close"]?["dampingFraction"] == .number(1))
        // Another field's set, and a component without spring fields, send none.
        harness.send(viewer, #"{"type":"input","event":{"kind":"set","key":"cornerRadiusOpen","value":20}}"#)
        #expect(!harness.messages(viewer).contains { $0["type"]?.stringValue == "springs" })
        let other = harness.connect()
        harness.send(other, #"{"type":"hello","protocol":"morph.v1","client":"test"}"#)
        harness.send(other, #"{"type":"open","component":"morph-container"}"#)
        let builtIn = harness.messages(other).compactMap { $0["type"]?.stringValue }
        #expect(builtIn.contains("session") && !builtIn.contains("springs"), "\(builtIn)")
    }
}
