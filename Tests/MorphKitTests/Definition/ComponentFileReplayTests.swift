import Foundation
import MorphJSON
import MorphKit
import Testing

/// The built-in components' files (`Sources/MorphKit/BuiltIn`), replayed against the Swift
/// components they restate: every frame of every fixture recording must be byte-identical.
@Suite struct ComponentFileReplayTests {
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

    /// Every frame of `recording` through the Swift component and through `definition`: the
    /// same state and display-list bytes frame by frame (the first difference is shown and
    /// ends the comparison), as many frames, and the same events skipped. Returns the frame
    /// count and the Swift component's states in order.
    @discardableResult
    static func compareFrames(
        _ recording: Recording, _ definition: ComponentDefinition, label: String = ""
    ) throws -> (frames: Int, states: [String]) {
        var swift = try Replay(recording)
        var data = try Replay(recording, definition: definition)
        var count = 0
        var states: [String] = []
        while let expected = swift.next() {
            if states.last != expected.stateName { states.append(expected.stateName) }
            let next = data.next()
            let actual = try #require(next, "\(label)data replay ended at frame \(count)")
            #expect(actual.stateName == expected.stateName, "\(label)frame \(count): state")
            if actual.displayList != expected.displayList {
                Issue.record(
                    "\(label)frame \(count) (t = \(expected.time)) differs:\n\(String(decoding: expected.displayList, as: UTF8.self).prefix(900))\n---\n\(String(decoding: actual.displayList, as: UTF8.self).prefix(900))"
                )
                return (count, states)
            }
            count += 1
        }
        #expect(data.next() == nil, "\(label)data replay has more frames than the Swift one")
        #expect(data.skippedEvents == swift.skippedEvents, "\(label)skipped events")
        return (count, states)
    }

    /// Every frame of the fixture recording `recordingName`, as `compareFrames`.
    static func compare(_ recordingName: String, _ definition: ComponentDefinition) throws {
        let recording = try RecordedSessions.recording(recordingName)
        let (frames, _) = try compareFrames(recording, definition, label: "\(recordingName): ")
        #expect(frames > 10)
    }

    @Test(arguments: RecordedSessions.names.filter { $0.hasPrefix("container-") })
    func containerRecordingsMatchTheSwiftComponent(_ name: String) throws {
        try Self.compare(name, try Self.definition("morph-container"))
    }

    @Test(arguments: RecordedSessions.names.filter { $0.hasPrefix("hero-") })
    func heroCardRecordingsMatchTheSwiftComponent(_ name: String) throws {
        try Self.compare(name, try Self.definition("hero-card"))
    }

    @Test(arguments: RecordedSessions.names.filter { $0.hasPrefix("curtain-") })
    func curtainRecordingsMatchTheSwiftComponent(_ name: String) throws {
        try Self.compare(name, try Self.definition("curtain"))
    }

    /// Settings, environment changes, a mid-flight retarget, a scrub and its release, in one
    /// session: the file follows the Swift component frame for frame.
    @Test func settingsEnvironmentAndRetargetsMatch() throws {
        let card = Point(x: 200, y: 220)
        let recording = Recording(
            header: RecordingHeader(
                component: "morph-container", configuration: .object([.init("accent", .string("orange"))]),
                viewport: Size(width: 420, height: 500)),
            events: [
                InputEvent(time: 0.1, kind: .set(key: "dampingFraction", value: .number(0.4))),
                InputEvent(time: 0.2, kind: .tap(card)),
                InputEvent(time: 0.35, kind: .tap(card)),
                InputEvent(time: 0.5, kind: .environment(.init(colorScheme: .dark))),
                InputEvent(time: 0.6, kind: .tap(card)),
                InputEvent(time: 0.7, kind: .set(key: "cornerRadiusOpen", value: .number(6))),
                InputEvent(time: 0.8, kind: .set(key: "surface", value: .string("[0.9,0.8,0.7,1]"))),
                InputEvent(time: 1.6, kind: .scrub(progress: 0.3)),
                InputEvent(time: 1.7, kind: .tap(card)),
                InputEvent(time: 1.8, kind: .scrub(progress: nil)),
                InputEvent(time: 1.9, kind: .environment(.init(reduceMotion: true, dynamicType: .accessibility3))),
                InputEvent(time: 2.0, kind: .tap(card)),
                InputEvent(time: 2.5, kind: .environment(.init(reduceMotion: false, size: Size(width: 360, height: 600)))),
                InputEvent(time: 2.6, kind: .pointerDown(pointer: 1, location: Point(x: 180, y: 300))),
                InputEvent(time: 2.7, kind: .pointerUp(pointer: 1, location: Point(x: 182, y: 302))),
            ])
        let (frames, _) = try Self.compareFrames(recording, try Self.definition("morph-container"))
        #expect(frames > 150)
    }

    @Test func containerSceneMatchesAtEveryProgressAndEnvironment() throws {
        let definition = try Self.definition("morph-container")
        for scheme in [ColorScheme.light, .dark] {
            for progress in stride(from: -0.1, through: 1.1, by: 0.05) {
                var swift = try ComponentSession(component: .morphContainer, environment: .init(colorScheme: scheme))
                var data = try ComponentSession(definition: definition, environment: .init(colorScheme: scheme))
                try swift.handle(InputEvent(time: 0, kind: .scrub(progress: progress)))
                try data.handle(InputEvent(time: 0, kind: .scrub(progress: progress)))
                #expect(data.scene() == swift.scene(), "progress \(progress), \(scheme)")
            }
        }
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
