import MorphKit
import Testing

@testable import MorphServer

@Suite struct ServerMessageTests {
    func parsed(_ message: ServerMessage) throws -> JSONValue {
        try JSONValue.parse(message.encoded)
    }

    @Test func everyMessageStartsWithItsType() throws {
        let messages: [(ServerMessage, String)] = [
            (.welcome(server: "morphd/0.1", components: ["curtain"], fps: 60), "welcome"),
            (
                .session(
                    SessionDescription(
                        id: "ab", component: "curtain", configuration: .object([]),
                        environment: .protocolDefaults, viewport: .standardViewport, state: "closed")), "session"
            ),
            (.recording(started: true, name: "a.jsonl"), "recording"),
            (.recordings([RecordingSummary(name: "a.jsonl", component: "curtain", bytes: 12)]), "recordings"),
            (.pong(id: 1, clientTime: 2, serverTime: 3), "pong"),
            (.error(ProtocolError(.busy, "full")), "error"),
        ]
        for (message, type) in messages {
            guard case .object(let members) = try parsed(message) else {
                Issue.record("\(type) is not an object")
                continue
            }
            #expect(members.first == .init("type", .string(type)))
        }
    }

    @Test func welcomeResolvesEverySystemColourInBothSchemesAsMorphKitDoes() throws {
        let colours = try parsed(.welcome(server: "morphd/0.1", components: [], fps: 60))["systemColors"]
        guard case .object(let members)? = colours else {
            Issue.record("welcome has no systemColors object: \(String(describing: colours))")
            return
        }
        #expect(members.map(\.key) == SystemColor.allCases.map(\.rawValue))
        for name in SystemColor.allCases {
            for scheme in ColorScheme.allCases {
                let color = name.color(in: scheme)
                #expect(
                    colours?[name.rawValue]?[scheme.rawValue]
                        == .array([color.red, color.green, color.blue, color.alpha].map(JSONValue.number)),
                    "\(name) in \(scheme)")
            }
        }
        // The two schemes differ where UIKit's do: label is black on light, white on dark.
        #expect(colours?["label"]?["light"] == .array([0, 0, 0, 1].map(JSONValue.number)))
        #expect(colours?["label"]?["dark"] == .array([1, 1, 1, 1].map(JSONValue.number)))
    }

    @Test func fieldsMatchTheProtocol() throws {
        let welcome = try parsed(.welcome(server: "morphd/0.1", components: ["a", "b"], fps: 60))
        #expect(welcome["protocol"] == .string("morph.v1"))
        #expect(welcome["components"] == .array([.string("a"), .string("b")]))
        let error = try parsed(.error(ProtocolError(.badEvent, "nope", request: "input")))
        #expect(error["code"] == .string("bad-event"))
        #expect(error["request"] == .string("input"))
        let pong = try parsed(.pong(id: 4, clientTime: nil, serverTime: 10.5))
        #expect(pong["t"] == nil)
        #expect(pong["serverTime"] == .number(10.5))
        let listing = try parsed(.recordings([RecordingSummary(name: "r.jsonl", component: "probe", bytes: 99)]))
        #expect(
            listing["items"]
                == .array([
                    .object([
                        .init("name", .string("r.jsonl")), .init("component", .string("probe")), .init("bytes", .number(99)),
                    ])
                ]))
    }

    @Test func frameSharesTheListAndVariesOnlyDropped() throws {
        let list = Array(#"{"format":"morph.display-list","ops":[]}"#.utf8)
        let frame = FrameEncoding(session: "s1", sequence: 7, serverTime: 12.5, state: "dragging", list: list)
        for dropped in [0, 3, 9, 10, 12_345] {
            let bytes = frame.bytes(dropped: dropped)
            #expect(bytes.count == frame.byteCount(dropped: dropped))
            let json = try JSONValue.parse(bytes)
            guard case .object(let members) = json else {
                Issue.record("a frame is an object")
                continue
            }
            #expect(members.map(\.key) == ["type", "session", "seq", "serverTime", "state", "dropped", "list"])
            #expect(json["type"] == .string("frame"))
            #expect(json["seq"] == .number(7))
            #expect(json["dropped"] == .number(Double(dropped)))
            #expect(json["list"] == (try JSONValue.parse(list)))
        }
    }

    /// The bytes are the message's compact JSON form, member for member, with a delta or the
    /// list: a session id that needs escaping, a fractional time in its shortest spelling.
    @Test func frameBytesAreTheCompactFormOfTheMessage() throws {
        let list = Array(#"{"format":"morph.display-list","ops":[1]}"#.utf8)
        let delta = Array(#"{"format":"morph.display-list","ops":[[0,1]]}"#.utf8)
        let frame = FrameEncoding(
            session: "s\"1", sequence: 1_234_567, serverTime: 1.2166666666666666, state: "dragging", list: list,
            deltas: [(list: delta, base: 1_234_566)])
        func expected(_ dropped: Int, _ last: [JSONValue.Member]) throws -> [UInt8] {
            JSONValue.object(
                [
                    .init("type", .string("frame")), .init("session", .string("s\"1")), .init("seq", .number(1_234_567)),
                    .init("serverTime", .number(1.2166666666666666)), .init("state", .string("dragging")),
                    .init("dropped", .number(Double(dropped))),
                ] + last
            ).compactBytes
        }
        #expect(frame.bytes(dropped: 0) == (try expected(0, [.init("list", try JSONValue.parse(list))])))
        #expect(
            frame.bytes(dropped: 12, base: 1_234_566)
                == (try expected(12, [.init("base", .number(1_234_566)), .init("delta", try JSONValue.parse(delta))])))
    }
}
