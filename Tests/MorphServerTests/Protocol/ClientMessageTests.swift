import MorphKit
import Testing

@testable import MorphServer

@Suite struct ClientMessageTests {
    func decode(_ text: String) -> Result<ClientMessage, ProtocolError> {
        ClientMessage.decode(Array(text.utf8))
    }

    func code(_ text: String) -> ProtocolError.Code? {
        if case .failure(let error) = decode(text) { return error.code }
        return nil
    }

    @Test func decodesEveryMessageType() throws {
        #expect(
            try decode(#"{"type":"hello","protocol":"morph.v1","client":"page","extra":1}"#).get()
                == .hello(protocolName: "morph.v1", client: "page"))
        #expect(try decode(#"{"type":"join","session":"ab"}"#).get() == .join(session: "ab"))
        #expect(try decode(#"{"type":"record","action":"stop"}"#).get() == .record(.stop))
        #expect(try decode(#"{"type":"recordings"}"#).get() == .recordings)
        #expect(try decode(#"{"type":"replay","name":"a.jsonl"}"#).get() == .replay(name: "a.jsonl"))
        #expect(try decode(#"{"type":"ping","id":3,"t":9.5}"#).get() == .ping(id: 3, clientTime: 9.5))
        #expect(try decode(#"{"type":"ping","id":3}"#).get() == .ping(id: 3, clientTime: nil))
        #expect(
            try decode(#"{"type":"input","event":{"kind":"tap","x":1,"y":2}}"#).get()
                == .input(InputEvent(time: 0, kind: .tap(Point(x: 1, y: 2))), id: nil))
        #expect(
            try decode(#"{"type":"input","id":7,"event":{"kind":"tap","x":1,"y":2}}"#).get()
                == .input(InputEvent(time: 0, kind: .tap(Point(x: 1, y: 2))), id: 7))
    }

    @Test func openFillsDefaultsAndReadsEveryField() throws {
        #expect(try decode(#"{"type":"open","component":"curtain"}"#).get() == .open(.init(component: "curtain")))
        // Without a viewport each component opens at its seed's preview size.
        #expect(
            try decode(#"{"type":"open","component":"morph-container"}"#).get()
                == .open(.init(component: "morph-container", viewport: Size(width: 400, height: 440))))
        #expect(
            try decode(#"{"type":"open","component":"probe"}"#).get()
                == .open(.init(component: "probe", viewport: .standardViewport)))
        let full = try decode(
            #"{"type":"open","component":"curtain","configuration":{"folds":5},"environment":{"reduceMotion":true,"dynamicType":"AX2","colorScheme":"dark"},"viewport":[320,480]}"#
        ).get()
        #expect(
            full
                == .open(
                    .init(
                        component: "curtain", configuration: .object([.init("folds", .number(5))]),
                        environment: .init(reduceMotion: true, dynamicType: .accessibility2, colorScheme: .dark),
                        viewport: Size(width: 320, height: 480))))
    }

    @Test func mapsEachMistakeToItsCode() {
        #expect(code("{not json") == .badJSON)
        #expect(code("[]") == .badMessage)
        #expect(code(#"{"kind":"hello"}"#) == .badMessage)
        #expect(code(#"{"type":"warp"}"#) == .unknownType)
        #expect(code(#"{"type":"hello","protocol":"morph.v2"}"#) == .unsupportedVersion)
        #expect(code(#"{"type":"hello"}"#) == .badMessage)
        #expect(code(#"{"type":"open"}"#) == .badMessage)
        #expect(code(#"{"type":"open","component":"c","viewport":[1]}"#) == .badMessage)
        #expect(code(#"{"type":"open","component":"c","viewport":[-1,5]}"#) == .badMessage)
        #expect(code(#"{"type":"open","component":"c","configuration":[]}"#) == .badMessage)
        #expect(code(#"{"type":"open","component":"c","environment":{"colorScheme":"sepia"}}"#) == .badMessage)
        #expect(code(#"{"type":"record","action":"pause"}"#) == .badMessage)
        #expect(code(#"{"type":"ping","id":"x"}"#) == .badMessage)
        #expect(code(#"{"type":"input"}"#) == .badMessage)
        #expect(code(#"{"type":"input","event":{"kind":"tap"}}"#) == .badEvent)
    }

    /// A `set` value (or key) is bounded in bytes, live and in a recording sent to replay.
    @Test func aSetValueOverItsByteLimitIsABadEvent() {
        let fits = String(repeating: "x", count: ProtocolLimits.maxSetValueBytes)
        #expect(code(#"{"type":"input","event":{"kind":"set","key":"title","value":"\#(fits)"}}"#) == nil)
        let long = fits + "é"
        #expect(code(#"{"type":"input","event":{"kind":"set","key":"title","value":"\#(long)"}}"#) == .badEvent)
        if case .failure(let error) = decode(#"{"type":"input","event":{"kind":"set","key":"title","value":"\#(long)"}}"#) {
            #expect(error.message == "set value has 8194 bytes; at most 8192")
        }
        let key = String(repeating: "k", count: ProtocolLimits.maxSetKeyBytes + 1)
        #expect(code(#"{"type":"input","event":{"kind":"set","key":"\#(key)","value":1}}"#) == .badEvent)
        let header = RecordingHeader(
            component: "curtain", configuration: .object([]), environment: .protocolDefaults,
            viewport: .standardViewport, frameRate: 60)
        let line = InputEvent(time: 0, kind: .set(key: "title", value: .string(long)))
        var writer = JSONValue.CompactWriter()
        writer.write(
            .object([.init("type", .string("replay")), .init("recording", .string(header.jsonLine + "\n" + line.jsonLine))]))
        guard case .failure(let error) = ClientMessage.decode(writer.bytes) else {
            Issue.record("a recording with a long set value must be refused")
            return
        }
        #expect(error.code == .badMessage && error.message.contains("line 2"))
    }

    @Test func errorsNameTheOffendingRequest() {
        guard case .failure(let error) = decode(#"{"type":"join"}"#) else {
            Issue.record("join without a session must fail")
            return
        }
        #expect(error.request == "join")
    }
}
