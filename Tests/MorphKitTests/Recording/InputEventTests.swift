import Foundation
import MorphKit
import Testing

@Suite struct InputEventTests {
    func decode(_ json: String) throws -> InputEvent {
        try InputEvent(json: JSONCursor(parsing: Array(json.utf8)))
    }

    @Test func decodesEveryProtocolExample() throws {
        // The EVENT lines of schemas/protocol.md.
        #expect(try decode(#"{"t":0.5,"kind":"tap","x":120,"y":60}"#) == InputEvent(time: 0.5, kind: .tap(Point(x: 120, y: 60))))
        #expect(
            try decode(#"{"t":0.5,"kind":"pointerDown","pointer":1,"x":380,"y":300}"#)
                == InputEvent(time: 0.5, kind: .pointerDown(pointer: 1, location: Point(x: 380, y: 300))))
        #expect(
            try decode(#"{"t":0.5,"kind":"pointerMove","pointer":1,"x":380,"y":300}"#).kind
                == .pointerMove(pointer: 1, location: Point(x: 380, y: 300)))
        #expect(
            try decode(#"{"t":0.5,"kind":"pointerUp","pointer":2,"x":1,"y":2}"#).kind
                == .pointerUp(pointer: 2, location: Point(x: 1, y: 2)))
        #expect(try decode(#"{"t":0.5,"kind":"scrub","progress":0.4}"#).kind == .scrub(progress: 0.4))
        #expect(try decode(#"{"t":0.5,"kind":"scrub","progress":null}"#).kind == .scrub(progress: nil))
        #expect(try decode(#"{"t":0.5,"kind":"set","key":"folds","value":5}"#).kind == .set(key: "folds", value: .number(5)))
        #expect(try decode(#"{"t":0.5,"kind":"set","key":"flag","value":true}"#).kind == .set(key: "flag", value: .bool(true)))
        #expect(try decode(#"{"t":0.5,"kind":"set","key":"name","value":"x"}"#).kind == .set(key: "name", value: .string("x")))
        #expect(
            try decode(
                #"{"t":0.5,"kind":"environment","reduceMotion":true,"dynamicType":"L","colorScheme":"light","size":[390,844]}"#
            ).kind
                == .environment(
                    .init(reduceMotion: true, dynamicType: .large, colorScheme: .light, size: Size(width: 390, height: 844))))
        #expect(
            try decode(#"{"t":1,"kind":"environment","dynamicType":"AX5"}"#).kind
                == .environment(.init(dynamicType: .accessibility5)))
    }

    @Test func ignoresUnknownKeys() throws {
        #expect(try decode(#"{"t":1,"kind":"tap","x":1,"y":2,"pressure":0.3}"#).kind == .tap(Point(x: 1, y: 2)))
    }

    @Test(arguments: [
        #"{"kind":"tap","x":1,"y":2}"#,
        #"{"t":-1,"kind":"tap","x":1,"y":2}"#,
        #"{"t":1,"kind":"wave","x":1,"y":2}"#,
        #"{"t":1,"kind":"tap","x":1}"#,
        #"{"t":1,"kind":"pointerDown","x":1,"y":2}"#,
        #"{"t":1,"kind":"pointerDown","pointer":1.5,"x":1,"y":2}"#,
        #"{"t":1,"kind":"scrub"}"#,
        #"{"t":1,"kind":"set","key":"folds","value":[1]}"#,
        #"{"t":1,"kind":"environment","dynamicType":"huge"}"#,
        #"{"t":1,"kind":"environment","size":[1,2,3]}"#,
        #"{"t":1,"kind":"environment","reduceMotion":1}"#,
    ])
    func rejectsBadEvents(json: String) {
        #expect(throws: (any Error).self) { try decode(json) }
    }

    @Test func serverStampsMissingTime() throws {
        let event = try InputEvent(json: JSONCursor(parsing: Array(#"{"kind":"tap","x":1,"y":2}"#.utf8)), defaultTime: 12.5)
        #expect(event.time == 12.5)
    }

    @Test func jsonLineRoundTripsInProtocolOrder() throws {
        let events: [InputEvent] = [
            InputEvent(time: 0, kind: .tap(Point(x: 120.5, y: 60))),
            InputEvent(time: 0.016666666666666666, kind: .pointerDown(pointer: 1, location: Point(x: 380, y: 300))),
            InputEvent(time: 1, kind: .pointerMove(pointer: 1, location: Point(x: -3.25, y: 1e-7))),
            InputEvent(time: 2, kind: .pointerUp(pointer: 1, location: Point(x: 0, y: 0))),
            InputEvent(time: 3, kind: .scrub(progress: nil)),
            InputEvent(time: 3, kind: .scrub(progress: 0.25)),
            InputEvent(time: 4, kind: .set(key: "quote\"d\n", value: .string("a\\b"))),
            InputEvent(time: 4, kind: .set(key: "on", value: .bool(false))),
            InputEvent(time: 5, kind: .environment(.init(reduceMotion: false, colorScheme: .dark))),
        ]
        for event in events {
            #expect(try decode(event.jsonLine) == event, "\(event.jsonLine)")
        }
        #expect(events[1].jsonLine == #"{"t":0.016666666666666666,"kind":"pointerDown","pointer":1,"x":380,"y":300}"#)
        #expect(events[4].jsonLine == #"{"t":3,"kind":"scrub","progress":null}"#)
        #expect(events[8].jsonLine == #"{"t":5,"kind":"environment","reduceMotion":false,"colorScheme":"dark"}"#)
    }
}
