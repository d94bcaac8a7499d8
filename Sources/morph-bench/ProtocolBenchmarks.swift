import Foundation
import MorphKit
import MorphServer

/// What morphd's service thread spends on one client message before any frame is built:
/// decoding the `input` messages a dragging page sends 60 times a second per session (the
/// service thread decodes every session's inputs, so at 500 sessions this runs 30 000 times
/// a second), and an `open` for scale. ns per message, as a ratio to the exp+cos baseline.
func runProtocolBenchmarks(_ bench: inout Bench) {
    let messages: [(String, String)] = [
        ("pointerMove", #"{"type":"input","event":{"kind":"pointerMove","pointer":1,"x":212.25,"y":431.5,"t":12.016}}"#),
        ("pointerMove with id", #"{"type":"input","id":42,"event":{"kind":"pointerMove","pointer":1,"x":212.25,"y":431.5}}"#),
        (
            "open",
            #"{"type":"open","component":"curtain","viewport":[390,844],"environment":{"reduceMotion":false,"dynamicType":"L","colorScheme":"dark"}}"#
        ),
    ]
    for (name, text) in messages {
        let bytes = Array(text.utf8)
        guard case .success = ClientMessage.decode(bytes) else {
            print("protocol: the \(name) message does not decode")
            continue
        }
        bench.measure("protocol: decode \(name) (\(bytes.count) B)", operations: 1_000) {
            var count = 0.0
            for _ in 0..<1_000 {
                if case .success = ClientMessage.decode(bytes) { count += 1 }
            }
            return count
        }
    }
}
