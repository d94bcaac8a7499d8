import MorphKit
import MorphTestSupport
import Testing

@testable import MorphServer

/// The pointer-input fast path may only ever say what the general decoder says: it accepts a
/// message with the general decoder's exact result, or hands it back (nil) so the answer,
/// error messages included, is the general decoder's.
@Suite struct PointerInputDecodingTests {
    /// What the page (`protocol.input`) and the load client send, and the keys reordered.
    static let common = [
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":212.25,"y":431.5}}"#,
        #"{"type":"input","event":{"kind":"pointerDown","pointer":1,"x":382,"y":422}}"#,
        #"{"type":"input","event":{"kind":"pointerUp","pointer":3,"x":-12.5,"y":0,"t":4.25}}"#,
        #"{"type":"input","event":{"t":0.016,"kind":"pointerMove","pointer":1,"x":1e2,"y":-0}}"#,
        #"{"event":{"y":7.5E-1,"x":0.0,"pointer":2,"kind":"pointerMove"},"type":"input","id":7}"#,
        #"{"type":"input","id":null,"event":{"kind":"pointerMove","pointer":1,"x":1,"y":2}}"#,
        " {\n\t\"type\" : \"input\" ,\r\n \"event\":{ \"kind\":\"pointerDown\" , \"pointer\":0,\"x\":1,\"y\":2 } } ",
    ]

    /// Messages the fast path must hand back, and why.
    static let unusual = [
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2},"extra":true}"#,  // unknown key
        #"{"type":"input","event":{"kind":"pointer\u004dove","pointer":1,"x":1,"y":2}}"#,  // an escape
        #"{"type":"input","type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2}}"#,  // duplicate
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"x":5,"y":2}}"#,  // duplicate x
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1.5,"x":1,"y":2}}"#,  // not an integer
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1e6,"y":2}}"#,  // beyond InputLimits
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2,"t":-1}}"#,  // negative t
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2,"t":null}}"#,  // null t
        #"{"type":"input","event":{"kind":"tap","x":1,"y":2}}"#,  // another kind
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1}}"#,  // missing y
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":01,"y":2}}"#,  // bad number
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2}} x"#,  // trailing bytes
        #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2}"#,  // unterminated
        #"{"type":"input","id":"7","event":{"kind":"pointerMove","pointer":1,"x":1,"y":2}}"#,  // id not a number
        #"{"type":"join","session":"a"}"#, "[]", "", "{}",
    ]

    @Test(arguments: common)
    func commonInputsTakeTheFastPathWithTheGeneralResult(text: String) throws {
        let bytes = Array(text.utf8)
        let fast = try #require(ClientMessage.decodePointerInput(bytes), "fast path refused \(text)")
        #expect(ClientMessage.decodeParsing(bytes) == .success(fast))
        #expect(ClientMessage.decode(bytes) == .success(fast))
    }

    @Test(arguments: unusual)
    func unusualMessagesGoTheGeneralWay(text: String) {
        let bytes = Array(text.utf8)
        #expect(ClientMessage.decodePointerInput(bytes) == nil, "\(text)")
        #expect(ClientMessage.decode(bytes) == ClientMessage.decodeParsing(bytes))
    }

    /// Seeded mutations of the common messages (bytes changed, dropped, inserted, swapped):
    /// whatever the fast path accepts, the general decoder accepts with the same message.
    @Test func mutatedMessagesNeverDisagree() {
        let alphabet = Array(#"{}[]":,.-+eE0123456789 \ntxyidpointerMovekindnull"#.utf8)
        var accepted = 0
        withEverySeed(1...8000) { seed, random in
            var bytes = Array(Self.common[Int(seed) % Self.common.count].utf8)
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                default: bytes.swapAt(at, Int.random(in: 0..<bytes.count, using: &random))
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            guard let fast = ClientMessage.decodePointerInput(bytes) else { return }
            accepted += 1
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(ClientMessage.decodeParsing(bytes) == .success(fast), "seed \(seed): \(text)")
        }
        #expect(accepted > 200, "the mutations should leave many messages valid (\(accepted))")
    }
}
