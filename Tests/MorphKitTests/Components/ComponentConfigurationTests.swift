import Foundation
import MorphKit
import Testing

/// The one configuration protocol: every component reads, writes, patches and codes its
/// document the same way.
@Suite struct ComponentConfigurationTests {
    /// `Codable` goes through the document form (header included) for every component.
    func checkCodable<C: ComponentConfiguration>(_ configuration: C) throws {
        let encoded = try JSONEncoder().encode(configuration)
        let value = try JSONValue.parse(Array(encoded))
        #expect(value == configuration.jsonValue)
        #expect(value["format"] == .string("morph.config.\(C.component.rawValue)"))
        #expect(try JSONDecoder().decode(C.self, from: Data(try configuration.canonicalJSON())) == configuration)
        #expect(try C(json: try configuration.canonicalJSON()) == configuration)
    }

    @Test func everyComponentCodesThroughItsDocument() throws {
        try checkCodable(try MorphContainer().setting("cornerRadiusOpen", to: "20"))
        try checkCodable(try HeroCard().setting("title", to: "Porto"))
        try checkCodable(try Curtain().setting("folds", to: "6"))
    }

    @Test func settingsApplyInOrderAndTheLastWins() throws {
        let curtain = try Curtain().setting([(key: "folds", value: "3"), (key: "folds", value: "5")])
        #expect(curtain.folds == 5)
        #expect(throws: JSONError.self) { try Curtain().setting([(key: "folds", value: "3"), (key: "nope", value: "1")]) }
    }

    @Test func errorsFromBytesPointAtTheValue() throws {
        let text = #"{"format":"morph.config.curtain","folds": 9}"#
        do {
            _ = try Curtain(json: Array(text.utf8))
            Issue.record("9 folds were accepted")
        } catch {
            #expect(error == .malformed(path: "folds", reason: "folds must be in 1...8, found 9", offset: 42))
        }
        #expect(throws: JSONError.unsupportedFormat("morph.config.hero-card")) {
            try Curtain(json: Array(#"{"format":"morph.config.hero-card"}"#.utf8))
        }
    }
}
