import Foundation
import MorphKit
import MorphTestSupport
import Testing

@testable import MorphServer

/// One golden per JSON message type the server sends, exactly as encoded, in
/// `__Goldens__/ServerMessageGoldenTests/<type>.json`. The goldens are the protocol's
/// examples for the other side: `node --test` checks each against the page's message
/// validator and `scripts/validate_schemas.py` against `schemas/protocol.<type>.schema.json`,
/// so a change to an encoder that breaks the page or the schema fails there, and any change
/// at all fails here.
@Suite struct ServerMessageGoldenTests {
    /// The server → client JSON types of `morph.v1` (the binary tile message has a header, not JSON).
    static let serverTypes = ["welcome", "session", "recording", "recordings", "pong", "error", "frame", "tiles-done"]

    static func examples() throws -> [(type: String, bytes: [UInt8])] {
        let environment = InputEvent.Environment.protocolDefaults
        let list = try MorphContainer().scene(progress: 0).displayList().canonicalJSON()
        let snapshot = TileSnapshot(
            session: "ab12cd34", sequence: 42, serverTime: 12.5, scale: 2, layer: nil, tiles: [], tileVersions: [],
            version: 3, rendered: 17, skipped: 2, milliseconds: 8.25)
        return [
            (
                "welcome",
                ServerMessage.welcome(server: "morphd/0.1", components: ["morph-container", "curtain"], fps: 60).encoded
            ),
            (
                "session",
                ServerMessage.session(
                    SessionDescription(
                        id: "ab12cd34", component: "curtain", configuration: .object([.init("folds", .number(4))]),
                        environment: environment, viewport: .standardViewport, state: "closed")
                ).encoded
            ),
            ("recording", ServerMessage.recording(started: true, name: "curtain-20250101-000000-ab12cd34.jsonl").encoded),
            (
                "recordings",
                ServerMessage.recordings([
                    RecordingSummary(name: "curtain-20250101-000000-ab12cd34.jsonl", component: "curtain", bytes: 1234)
                ]).encoded
            ),
            ("pong", ServerMessage.pong(id: 7, clientTime: 1.25, serverTime: 10.5).encoded),
            (
                "error",
                ServerMessage.error(ProtocolError(.unknownComponent, "no component named spinner", request: "open")).encoded
            ),
            (
                "frame",
                FrameEncoding(session: "ab12cd34", sequence: 1, serverTime: 0.5, state: "collapsed", list: list).bytes(dropped: 0)
            ),
            ("tiles-done", snapshot.doneMessage(tiles: 0)),
        ]
    }

    @Test func everyServerTypeHasAnExample() throws {
        #expect(try Self.examples().map(\.type) == Self.serverTypes)
    }

    @Test(arguments: serverTypes)
    func messageMatchesItsGolden(type: String) throws {
        let bytes = try #require(try Self.examples().first { $0.type == type }).bytes
        let message = try JSONValue.parse(bytes)
        #expect(message["type"] == .string(type))
        let outcome = Golden(suite: "ServerMessageGoldenTests").check(Data(bytes + [0x0A]), name: type, ext: "json")
        #expect(outcome.failureMessage == nil, "\(outcome.failureMessage ?? "")")
    }
}
