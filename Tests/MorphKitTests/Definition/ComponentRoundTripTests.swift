import Foundation
import MorphJSON
import MorphTestSupport
import Testing

@testable import MorphCore
@testable import MorphKit

/// File → runtime → export → file: what the runtime exports of a loaded component file
/// (`morph export --component FILE --machine`, `--config-schema`, and its configuration
/// document) says back what the file says. The expectations are read from the file here,
/// by the test's own walk of its JSON, not by the loader.
@Suite struct ComponentRoundTripTests {
    static let files = ["morph-container", "hero-card", "bottom-sheet", "curtain", "pager", "brand-card"]

    static func file(_ name: String) throws -> (definition: ComponentDefinition, json: JSONValue) {
        let url = ComponentFileReplayTests.fileURL(name)
        let bytes = Array(try Data(contentsOf: url))
        return (
            try ComponentDefinition(json: bytes, file: "\(name).json", directory: url.deletingLastPathComponent()),
            try JSONValue.parse(bytes)
        )
    }

    /// The file's text of an event, guard or effect: `animate(lift, to: medium, with: smooth())`.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return text
        case .number(let number): return JSONText.number(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .object(let members):
            let head = members[0]
            let rest = members.dropFirst().map { "\($0.key): \(text($0.value))" }
            return "\(head.key)(\(([text(head.value)] + rest).joined(separator: ", ")))"
        default: return "\(value)"
        }
    }

    static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let items)? = value else { return [] }
        return items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }

    @Test(arguments: files)
    func theExportedMachineIsTheFilesMachine(_ name: String) throws {
        let (definition, json) = try Self.file(name)
        let machine = try #require(json["machine"])
        let states = Self.strings(machine["states"])
        guard case .array(let transitions)? = machine["transitions"] else {
            Issue.record("no transitions")
            return
        }
        // Per state, in file order, every transition that can leave it: what runs.
        var expected: [MachineDefinition.Transition] = []
        for state in states {
            for transition in transitions {
                let from =
                    transition["from"].map { value -> [String] in
                        if case .string(let one) = value { return one == "*" ? states : [one] }
                        return Self.strings(value)
                    } ?? []
                guard from.contains(state), let on = transition["on"] else { continue }
                var effects: [String] = []
                if case .array(let list)? = transition["effects"] { effects = list.map(Self.text) }
                var target = state
                if case .string(let to)? = transition["to"] { target = to }
                expected.append(
                    MachineDefinition.Transition(
                        from: state, event: Self.text(on), guard: transition["guard"].map(Self.text), to: target, effects: effects
                    ))
            }
        }
        let exported = try MachineDefinition(exported: try definition.machineDefinition.jsonData())
        #expect(exported.states == states && exported.initialState == states[0])
        #expect(exported.component == name)
        #expect(exported.transitions == expected)
        // The export is itself a fixed point: decoded and written again, the same bytes.
        #expect(try exported.jsonData() == definition.machineDefinition.jsonData())
    }

    /// Every recording of the file's component: the fixtures for the built-in names, the
    /// sheet's own beside it.
    static func recordings(of definition: ComponentDefinition) throws -> [Recording] {
        let fixtures = RecordedSessions.names.map(RecordedSessions.url)
        let own = try FileManager.default.contentsOfDirectory(
            at: ComponentFileReplayTests.examples.appendingPathComponent("recordings"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "jsonl" }
        return try (fixtures + own).map { try RecordingReader.read(contentsOf: $0).recording }
            .filter { $0.header.component == definition.name }
    }

    /// File → runtime → export → file: the definition written back as a component file
    /// loads into a definition that writes the same file again (a fixed point), exports the
    /// same machine and configuration schema, and replays every recording of the component
    /// to byte-identical display lists at every frame.
    @Test(arguments: files)
    func theExportedFileRunsIdentically(_ name: String) throws {
        let (definition, _) = try Self.file(name)
        let exported = definition.componentFile
        let reloaded = try ComponentDefinition(
            json: exported.compactBytes, file: "\(name).exported.json", directory: ComponentFileReplayTests.examples)
        #expect(reloaded.componentFile == exported)
        #expect(reloaded.images == definition.images)
        #expect(try reloaded.machineDefinition.jsonData() == definition.machineDefinition.jsonData())
        #expect(reloaded.configurationSchema == definition.configurationSchema)
        #expect(reloaded.program.nodeCount == definition.program.nodeCount)
        let recordings = try Self.recordings(of: definition)
        #expect(recordings.count >= 2)
        var frames = 0
        for recording in recordings {
            var original = try Replay(recording, definition: definition)
            var copy = try Replay(recording, definition: reloaded)
            while let expected = original.next() {
                let actual = copy.next()
                #expect(actual?.displayList == expected.displayList, "\(name) frame \(frames)")
                #expect(actual?.stateName == expected.stateName)
                frames += 1
            }
            #expect(copy.next() == nil)
        }
        #expect(frames > 200)
    }

    @Test(arguments: files)
    func theConfigurationSaysBackTheFilesFields(_ name: String) throws {
        let (definition, json) = try Self.file(name)
        guard case .object(let fields)? = json["configuration"] else {
            Issue.record("no configuration")
            return
        }
        let session = try ComponentSession(definition: definition)
        // The configuration document of a fresh session: the header, then every default.
        let document: [JSONValue.Member] =
            [.init("format", .string("morph.config.\(name)")), .init("version", .number(1))]
            + fields.map { .init($0.key, $0.value["default"] ?? .null) }
        #expect(session.configuration == .object(document))
        // The generated schema states each field's type, range, default and summary.
        let properties = try #require(definition.configurationSchema["properties"])
        for field in fields {
            let schema = try #require(properties[field.key], "\(field.key)")
            #expect(schema["default"] == field.value["default"], "\(field.key)")
            #expect(schema["description"] == field.value["summary"], "\(field.key)")
            for bound in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
                #expect(schema[bound] == field.value[bound], "\(field.key).\(bound)")
            }
            switch field.value["type"] {
            case .string("color"): #expect(schema["$ref"] == .string("#/$defs/color"), "\(field.key)")
            case .string("icon"): #expect(schema["enum"] == .array(Icon.allCases.map { .string($0.rawValue) }), "\(field.key)")
            case .string("colors"), .string("list"):
                #expect(schema["type"] == .string("array") && schema["maxItems"] == field.value["maxItems"], "\(field.key)")
            default: #expect(schema["type"] != nil, "\(field.key)")
            }
        }
        // And the exported configuration loads back into an equal session.
        let reloaded = try ComponentSession(definition: definition, configuration: session.configuration)
        #expect(reloaded.configuration == session.configuration)
    }
}
