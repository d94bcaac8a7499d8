import Foundation
import MorphJSON
import MorphKit
import Testing

/// A `spring` field holds a spring in either of SwiftUI's forms; `config.<name>` is the
/// animation `spring(…)` or `springDuration(…)` would be, and the session gives it in both forms.
@Suite struct SpringFieldTests {
    static func file(
        field: String = #"{ "type": "spring", "default": { "response": 0.42, "dampingFraction": 0.82 } }"#,
        with animation: String = "config.open"
    ) -> String {
        """
        {
          "format": "morph.component", "version": 1, "name": "card",
          "viewport": [200, 200],
          "configuration": { "open": \(field) },
          "variables": { "grown": {} },
          "background": "white(1)",
          "scene": {
            "type": "group", "id": "root",
            "children": [
              { "type": "group", "id": "card", "bounds": "rect(0, 0, 50 + 100 * grown, 50)",
                "children": [
                  { "type": "shape", "id": "card.fill", "path": { "rect": "rect(0, 0, 50 + 100 * grown, 50)" }, "fill": "rgb(1, 0, 0)" }
                ] }
            ]
          },
          "machine": {
            "states": ["small"],
            "transitions": [
              { "from": "small", "on": { "tap": "card" }, "to": "small",
                "effects": [{ "animate": "grown", "to": 1, "with": "\(animation)" }] }
            ]
          }
        }
        """
    }

    static func definition(_ text: String) throws -> ComponentDefinition {
        try ComponentDefinition(json: Array(text.utf8), file: "card.json")
    }

    /// The display lists of a tap on the card and every 1/60 s after it, for half a second.
    static func frames(_ definition: ComponentDefinition, configuration: JSONValue = .object([])) throws -> [[UInt8]] {
        var session = try ComponentSession(definition: definition, configuration: configuration)
        try session.handle(InputEvent(time: 0, kind: .tap(Point(x: 10, y: 10))))
        return (1...30).map { session.encodedDisplayList(at: Double($0) / 60) }
    }

    @Test func eachFormAnimatesAsTheSameSpringWrittenInAnExpression() throws {
        let byResponse = try Self.frames(Self.definition(Self.file()))
        #expect(byResponse == (try Self.frames(Self.definition(Self.file(with: "spring(0.42, 0.82)")))))
        let durationForm = #"{ "type": "spring", "default": { "duration": 0.5, "bounce": 0.3 } }"#
        #expect(
            try Self.frames(Self.definition(Self.file(field: durationForm)))
                == (try Self.frames(Self.definition(Self.file(field: durationForm, with: "springDuration(0.5, 0.3)")))))
        #expect(byResponse != (try Self.frames(Self.definition(Self.file(field: durationForm)))), "the value reaches the frames")
    }

    @Test func theSessionGivesEachSpringInBothFormsWithMorphCoresConversions() throws {
        let definition = try Self.definition(Self.file())
        var session = try ComponentSession(definition: definition)
        let bounce = Spring.bounce(dampingRatio: 0.82)
        #expect(
            session.springs
                == .object([
                    .init(
                        "open",
                        .object([
                            .init("response", .number(0.42)), .init("dampingFraction", .number(0.82)),
                            .init("duration", .number(0.42)), .init("bounce", .number(bounce)),
                        ]))
                ]))
        #expect(abs(bounce - 0.18) < 1e-12)
        // Set in the other form, the spring is the same: the forms convert back.
        try session.handle(
            InputEvent(time: 0.1, kind: .set(key: "open", value: .string(#"{"duration":0.42,"bounce":\#(bounce)}"#))))
        #expect(session.configuration["open"] == .object([.init("duration", .number(0.42)), .init("bounce", .number(bounce))]))
        let back = try #require(session.springs["open"])
        #expect(back["response"] == .number(0.42))
        #expect(abs((back["dampingFraction"]?.numberValue ?? 0) - 0.82) < 1e-12)
        // At the ends of the bounds the two forms still meet: damping 10 is bounce −0.9 and back.
        try session.handle(
            InputEvent(time: 0.2, kind: .set(key: "open", value: .string(#"{"response":1,"dampingFraction":10}"#))))
        #expect(session.springs["open"]?["bounce"] == .number(Spring.bounce(dampingRatio: 10)))
        try session.handle(InputEvent(time: 0.3, kind: .set(key: "open", value: .string(#"{"duration":1,"bounce":-0.9}"#))))
        #expect(session.springs["open"]?["dampingFraction"] == .number(10))
    }

    @Test func theSchemaOffersBothFormsAndTheWrittenBackFileKeepsTheFormGiven() throws {
        let definition = try Self.definition(
            Self.file(field: #"{ "type": "spring", "default": { "duration": 0.5, "bounce": 0.3 } }"#))
        let open = try #require(definition.configurationSchema["properties"]?["open"])
        guard case .array(let forms)? = open["oneOf"] else {
            Issue.record("no oneOf: \(open)")
            return
        }
        #expect(
            forms.map { $0["required"] } == [
                .array([.string("response"), .string("dampingFraction")]), .array([.string("duration"), .string("bounce")]),
            ])
        #expect(open["default"] == .object([.init("duration", .number(0.5)), .init("bounce", .number(0.3))]))
        let again = try ComponentDefinition(json: definition.componentFile.compactBytes, file: "again.json")
        #expect(again.componentFile == definition.componentFile)
        #expect(again.fields.first?.defaultValue == .object([.init("duration", .number(0.5)), .init("bounce", .number(0.3))]))
    }

    @Test(arguments: [
        (#"{ "response": 0.5 }"#, #"found keys "response""#),
        (#"{ "response": 0.5, "dampingFraction": 0.8, "bounce": 0 }"#, "found keys"),
        (#"{ "duration": 0.5, "bounce": 1.5 }"#, "must be within -0.9…1, found 1.5"),
        (#"{ "response": -1, "dampingFraction": 0.8 }"#, "must be within 0…"),
        (#"{ "response": 0.5, "dampingFraction": 11 }"#, "must be within 0…10, found 11"),
        (#"0.5"#, #"a spring is {"response", "dampingFraction"} or {"duration", "bounce"}"#),
    ])
    func aDefaultOutsideEitherFormIsALoadError(value: String, message: String) throws {
        do {
            _ = try Self.definition(Self.file(field: #"{ "type": "spring", "default": \#(value) }"#))
            Issue.record("\(value) loaded")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }
}
