import Foundation
import MorphKit
import MorphTestSupport
import Testing

@testable import MorphServer

/// One golden per `morph.v1` message type, client and server, taken from a scripted run of
/// the core (manual clocks, fixed session ids, so every byte is reproducible). The page's
/// tests (`web-preview/test/display-list.test.js`) validate each with its own validators,
/// so the server's encoder and the page's reader cannot drift apart unnoticed.
@Suite struct ProtocolGoldenTests {
    static let client: [(type: String, message: String)] = [
        ("hello", #"{"type":"hello","protocol":"morph.v1","client":"golden"}"#),
        ("open", #"{"type":"open","component":"curtain","viewport":[390,844]}"#),
        ("join", #"{"type":"join","session":"a000000000000001"}"#),
        ("input", #"{"type":"input","event":{"t":0.5,"kind":"set","key":"folds","value":5}}"#),
        ("ping", #"{"type":"ping","id":3,"t":1234.5}"#),
        ("record", #"{"type":"record","action":"start"}"#),
        ("recordings", #"{"type":"recordings"}"#),
        ("replay", #"{"type":"replay","name":"missing.jsonl"}"#),
        ("tiles", #"{"type":"tiles","enabled":true,"scale":1}"#),
        ("timeline", #"{"type":"timeline","action":"seek","frame":3}"#),
    ]

    /// Every server message of the scripted run, by type, first of each kept.
    static func serverMessages() throws -> [String: [UInt8]] {
        let harness = CoreHarness()
        harness.listing = [RecordingSummary(name: "curtain-a000000000000001.jsonl", component: "curtain", bytes: 512)]
        let viewer = harness.connect()
        var found: [String: [UInt8]] = [:]
        func collect() {
            for message in harness.drain(viewer) {
                if case .binary = message { continue }
                guard let type = (try? JSONValue.parse(message.bytes))?.type else { continue }
                if found[type] == nil { found[type] = message.bytes }
            }
        }
        for (_, message) in client {
            harness.send(viewer, message)
            harness.tickNow()
            harness.runTileWork()
            collect()
        }
        return found
    }

    @Test(arguments: client.map(\.type))
    func clientMessageMatchesItsGolden(type: String) throws {
        let message = try #require(Self.client.first { $0.type == type }).message
        // The golden is what the core accepts: it must decode to a message of that type.
        #expect(try ClientMessage.decode(Array(message.utf8)).get().typeName == type)
        let outcome = Golden(suite: "Protocol").check(message + "\n", name: "client-\(type)", ext: "json")
        if let failure = outcome.failureMessage { Issue.record(Comment(rawValue: failure)) }
    }

    @Test(arguments: ["welcome", "session", "frame", "recording", "recordings", "pong", "error", "tiles-done"])
    func serverMessageMatchesItsGolden(type: String) throws {
        let bytes = try #require(try Self.serverMessages()[type], "the scripted run sent no \(type)")
        let outcome = Golden(suite: "Protocol").check(Data(bytes + [0x0A]), name: "server-\(type)", ext: "json")
        if let failure = outcome.failureMessage { Issue.record(Comment(rawValue: failure)) }
    }
}
