import Testing

@testable import MorphServer

@Suite struct LiveEventTests {
    static let events: [LiveEvent] = [
        LiveEvent(time: 0.5, kind: .tap(x: 120, y: 60)),
        LiveEvent(time: 0.5, kind: .pointerDown(pointer: 1, x: 380, y: 300)),
        LiveEvent(time: 0.75, kind: .pointerMove(pointer: 1, x: 200.25, y: 300)),
        LiveEvent(time: 1, kind: .pointerUp(pointer: 1, x: 90, y: 301)),
        LiveEvent(time: 1.5, kind: .scrub(progress: 0.4)),
        LiveEvent(time: 2, kind: .scrub(progress: nil)),
        LiveEvent(time: 2, kind: .set(key: "folds", value: .number(5))),
        LiveEvent(time: 2, kind: .set(key: "label", value: .string("x"))),
        LiveEvent(
            time: 3,
            kind: .environment(.init(reduceMotion: true, dynamicType: .xS, colorScheme: .dark, size: Viewport(width: 390, height: 844)))),
        LiveEvent(time: 3, kind: .environment(.init(dynamicType: .AX5))),
    ]

    @Test(arguments: events)
    func roundTripsThroughItsWireForm(_ event: LiveEvent) throws {
        let decoded = try LiveEvent.decode(try JSONValue.parse(event.json.encoded)).get()
        #expect(decoded == event)
        #expect(event.json.objectMembers?.first?.key == "t")
    }

    @Test func matchesTheProtocolExamples() throws {
        let tap = try LiveEvent.decode(try JSONValue.parse(#"{"t":0.5,"kind":"tap","x":120,"y":60}"#)).get()
        #expect(tap == LiveEvent(time: 0.5, kind: .tap(x: 120, y: 60)))
        let untimed = try LiveEvent.decode(try JSONValue.parse(#"{"kind":"scrub","progress":null}"#)).get()
        #expect(untimed == LiveEvent(time: nil, kind: .scrub(progress: nil)))
        #expect(String(decoding: untimed.json.encoded, as: UTF8.self) == #"{"kind":"scrub","progress":null}"#)
    }

    @Test(arguments: [
        #"{"kind":"tap","x":1}"#, #"{"kind":"pointerDown","x":1,"y":1}"#,
        #"{"kind":"pointerMove","pointer":1.5,"x":1,"y":1}"#, #"{"kind":"scrub"}"#,
        #"{"kind":"scrub","progress":1.5}"#, #"{"kind":"set","value":1}"#, #"{"kind":"set","key":"k","value":[1]}"#,
        #"{"kind":"environment","dynamicType":"XXL"}"#, #"{"kind":"environment","size":[0,1]}"#,
        #"{"kind":"hover","x":1,"y":1}"#, #"{"t":-1,"kind":"tap","x":1,"y":1}"#, #"[1]"#,
    ])
    func refusesBadEvents(_ text: String) throws {
        guard case .failure(let error) = LiveEvent.decode(try JSONValue.parse(text)) else {
            Issue.record("\(text) must be refused")
            return
        }
        #expect(error.code == .badEvent)
    }

    @Test func environmentChangeKeepsUnsetValues() {
        let start = SessionEnvironment(reduceMotion: true, dynamicType: .M, colorScheme: .dark)
        let changed = LiveEvent.EnvironmentChange(dynamicType: .xxxL).applied(to: start)
        #expect(changed == SessionEnvironment(reduceMotion: true, dynamicType: .xxxL, colorScheme: .dark))
    }
}
