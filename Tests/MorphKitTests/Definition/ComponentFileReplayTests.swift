import Foundation
import MorphJSON
import MorphKit
import Testing

/// Where tests find component files: the built-ins' (`Sources/MorphKit/BuiltIn`) and the
/// examples' (`Examples/components`).
enum ComponentFileReplayTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/components")

    /// The built-in components' files.
    static let builtIns = examples.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/MorphKit/BuiltIn")

    /// A built-in's file, or one in `Examples/components`.
    static func fileURL(_ name: String) -> URL {
        (ComponentKind(rawValue: name) == nil ? examples : builtIns).appendingPathComponent("\(name).json")
    }

    /// A built-in's bundled definition, or a file in `Examples/components`.
    static func definition(_ name: String) throws -> ComponentDefinition {
        if let kind = ComponentKind(rawValue: name), let builtIn = ComponentDefinition.builtIn(kind) { return builtIn }
        return try ComponentDefinition(contentsOf: fileURL(name))
    }
}

/// The configuration schema a file generates agrees with the hand-written schema of the
/// built-in component it restates: the same keys, types, defaults and bounds (the file adds
/// the session's damping limit, `maximum: 10`, which the built-in schema leaves unstated).
@Suite struct GeneratedConfigurationSchemaTests {
    @Test func containerFileSchemaAgreesWithTheBuiltInSchema() throws {
        let definition = try ComponentFileReplayTests.definition("morph-container")
        let generated =
            try JSONSerialization.jsonObject(with: Data(definition.configurationSchema.compactBytes)) as? [String: Any]
        let schemaURL = ComponentFileReplayTests.examples.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("schemas/morph-container.schema.json")
        let builtIn = try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL)) as? [String: Any]
        let generatedProperties = try #require(generated?["properties"] as? [String: [String: Any]])
        let builtInProperties = try #require(builtIn?["properties"] as? [String: [String: Any]])
        #expect(Set(generatedProperties.keys) == Set(builtInProperties.keys))
        for (key, expected) in builtInProperties {
            let actual = try #require(generatedProperties[key])
            for attribute in ["const", "type", "minimum", "exclusiveMinimum", "default"] {
                let a = actual[attribute].map { "\($0)" }
                let e = expected[attribute].map { "\($0)" }
                #expect(a == e, "\(key).\(attribute)")
            }
            #expect((actual["$ref"] == nil) == (expected["$ref"] == nil), "\(key) is a colour in both or neither")
        }
        #expect(generatedProperties["dampingFraction"]?["maximum"] as? Double == ComponentSession.maximumDampingFraction)
    }
}
