import MorphKit
import MorphTestSupport
import Testing

@testable import MorphServer

/// Pointer inputs, most of what a server reads, go through the one JSON reader like every
/// other message: the shapes the page and the load client send decode to the event they
/// describe, and every unusual variant gets the reader's answer (ignored key, first of a
/// duplicate, or the error that names the field).
@Suite struct PointerInputDecodingTests {
    static func move(_ pointer: Int, _ x: Double, _ y: Double, t: Double = 0, id: Double? = nil) -> ClientMessage {
        .input(InputEvent(time: t, kind: .pointerMove(pointer: pointer, location: Point(x: x, y: y))), id: id)
    }

    /// What the page (`protocol.input`) and the load client send, with keys reordered,
    /// exponents, escapes and whitespace.
    static let common: [(String, ClientMessage)] = [
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":212.25,"y":431.5}}"#, move(1, 212.25, 431.5)),
        (
            #"{"type":"input","event":{"kind":"pointerDown","pointer":1,"x":382,"y":422}}"#,
            .input(InputEvent(time: 0, kind: .pointerDown(pointer: 1, location: Point(x: 382, y: 422))), id: nil)
        ),
        (
            #"{"type":"input","event":{"kind":"pointerUp","pointer":3,"x":-12.5,"y":0,"t":4.25}}"#,
            .input(InputEvent(time: 4.25, kind: .pointerUp(pointer: 3, location: Point(x: -12.5, y: 0))), id: nil)
        ),
        (#"{"type":"input","event":{"t":0.016,"kind":"pointerMove","pointer":1,"x":1e2,"y":-0}}"#, move(1, 100, 0, t: 0.016)),
        (#"{"event":{"y":7.5E-1,"x":0.0,"pointer":2,"kind":"pointerMove"},"type":"input","id":7}"#, move(2, 0, 0.75, id: 7)),
        (#"{"type":"input","id":null,"event":{"kind":"pointerMove","pointer":1,"x":1,"y":2}}"#, move(1, 1, 2)),
        (
            " {\n\t\"type\" : \"input\" ,\r\n \"event\":{ \"kind\":\"pointerMove\" , \"pointer\":0,\"x\":1,\"y\":2 } } ",
            move(0, 1, 2)
        ),
        (#"{"type":"input","event":{"kind":"pointer\u004dove","pointer":1,"x":1,"y":2}}"#, move(1, 1, 2)),
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2},"extra":true}"#, move(1, 1, 2)),
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"x":5,"y":2}}"#, move(1, 1, 2)),
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2,"t":null}}"#, move(1, 1, 2)),
        (
            #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":98765.4321,"y":-0.000001}}"#,
            move(1, 98_765.4321, -0.000001)
        ),
    ]

    @Test(arguments: 0..<common.count)
    func commonInputsDecodeToTheirEvent(index: Int) {
        let (text, expected) = Self.common[index]
        #expect(ClientMessage.decode(Array(text.utf8)) == .success(expected), "\(text)")
    }

    /// Messages the reader refuses, with the code and the words that say why.
    static let refused: [(String, ProtocolError.Code, String)] = [
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1.5,"x":1,"y":2}}"#, .badEvent, "pointer"),
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1e6,"y":2}}"#, .badEvent, "x"),
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2,"t":-1}}"#, .badEvent, "t"),
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1}}"#, .badEvent, "y"),
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":01,"y":2}}"#, .badJSON, "not JSON"),
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2}} x"#, .badJSON, "not JSON"),
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2}"#, .badJSON, "not JSON"),
        (#"{"type":"input","id":"7","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2}}"#, .badMessage, "id"),
        (#"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1e999,"y":2}}"#, .badJSON, "not JSON"),
    ]

    @Test(arguments: 0..<refused.count)
    func malformedInputsAreRefusedWithTheirReason(index: Int) {
        let (text, code, words) = Self.refused[index]
        guard case .failure(let error) = ClientMessage.decode(Array(text.utf8)) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(error.code == code, "\(text): \(error)")
        #expect(error.message.contains(words), "\(text): \(error.message)")
    }
}
