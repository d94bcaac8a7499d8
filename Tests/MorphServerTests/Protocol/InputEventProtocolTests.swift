import MorphKit
import Testing

@testable import MorphServer

/// The protocol's reading of MorphKit's `InputEvent` and ENV (round trips are MorphKit's tests).
@Suite struct InputEventProtocolTests {
    func decode(_ text: String) throws -> Result<InputEvent, ProtocolError> {
        InputEvent.decode(protocolEvent: try JSONValue.parse(Array(text.utf8)))
    }

    @Test func readsTheProtocolExamplesAndDefaultsAMissingTime() throws {
        #expect(
            try decode(#"{"t":0.5,"kind":"tap","x":120,"y":60}"#).get() == InputEvent(time: 0.5, kind: .tap(Point(x: 120, y: 60)))
        )
        #expect(try decode(#"{"kind":"scrub","progress":null}"#).get() == InputEvent(time: 0, kind: .scrub(progress: nil)))
        #expect(
            try decode(#"{"kind":"pointerDown","pointer":1,"x":380,"y":300,"extra":[1]}"#).get()
                == InputEvent(time: 0, kind: .pointerDown(pointer: 1, location: Point(x: 380, y: 300))))
        #expect(
            try decode(#"{"kind":"environment","dynamicType":"AX5","size":[320,480]}"#).get()
                == InputEvent(
                    time: 0, kind: .environment(.init(dynamicType: .accessibility5, size: Size(width: 320, height: 480)))))
    }

    @Test(arguments: [
        #"{"kind":"tap","x":1}"#, #"{"kind":"pointerDown","x":1,"y":1}"#,
        #"{"kind":"pointerMove","pointer":1.5,"x":1,"y":1}"#, #"{"kind":"scrub"}"#,
        #"{"kind":"scrub","progress":1.5}"#, #"{"kind":"scrub","progress":-0.1}"#, #"{"kind":"set","value":1}"#,
        #"{"kind":"set","key":"k","value":[1]}"#, #"{"kind":"environment","dynamicType":"XXL"}"#,
        #"{"kind":"environment","size":[0,1]}"#, #"{"kind":"hover","x":1,"y":1}"#,
        #"{"t":-1,"kind":"tap","x":1,"y":1}"#, #"[1]"#,
    ])
    func refusesBadEvents(_ text: String) throws {
        guard case .failure(let error) = try decode(text) else {
            Issue.record("\(text) must be refused")
            return
        }
        #expect(error.code == .badEvent)
        #expect(error.request == "input")
        #expect(!error.message.isEmpty)
    }

    @Test func openEnvironmentFillsDefaultsAndDropsSize() throws {
        let json = try JSONValue.parse(Array(#"{"dynamicType":"M","size":[1,2],"unknown":true}"#.utf8))
        let environment = try InputEvent.Environment.decode(protocolEnvironment: json).get()
        #expect(environment == InputEvent.Environment(reduceMotion: false, dynamicType: .medium, colorScheme: .light))
        #expect(
            environment.sessionJSON
                == .object([
                    .init("reduceMotion", .bool(false)), .init("dynamicType", .string("M")),
                    .init("colorScheme", .string("light")),
                ]))
        guard case .failure(let error) = InputEvent.Environment.decode(protocolEnvironment: .array([])) else {
            Issue.record("an array is not an ENV")
            return
        }
        #expect(error.code == .badMessage)
    }

    /// `open`'s ENV may give `safeArea`; `session` echoes it only when given, and insets
    /// outside 0...4096 are a bad message.
    @Test func openEnvironmentCarriesAnExplicitSafeArea() throws {
        let json = try JSONValue.parse(Array(#"{"safeArea":{"top":47,"bottom":21}}"#.utf8))
        let environment = try InputEvent.Environment.decode(protocolEnvironment: json).get()
        #expect(environment.safeArea == EdgeInsets(top: 47, bottom: 21))
        guard case .object(let members) = environment.sessionJSON else {
            Issue.record("ENV is not an object")
            return
        }
        #expect(members.last?.key == "safeArea")
        #expect(members.last?.value == EdgeInsets(top: 47, bottom: 21).jsonValue)
        let tooBig = try JSONValue.parse(Array(#"{"safeArea":{"top":5000}}"#.utf8))
        guard case .failure(let error) = InputEvent.Environment.decode(protocolEnvironment: tooBig) else {
            Issue.record("a 5000 pt inset was accepted")
            return
        }
        #expect(error.code == .badMessage)
    }
}
