import Foundation
import MorphKit
import Testing

/// The component files in `Examples/components`, replayed against the Swift components
/// they restate: every frame of every fixture recording must be byte-identical.
@Suite struct ComponentFileReplayTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/components")

    static func definition(_ name: String) throws -> ComponentDefinition {
        try ComponentDefinition(contentsOf: examples.appendingPathComponent("\(name).json"))
    }

    /// Every frame of `recording` through the Swift component and through `definition`.
    static func compare(_ recordingName: String, _ definition: ComponentDefinition) throws {
        let recording = try RecordedSessions.recording(recordingName)
        var swift = try Replay(recording)
        var data = try Replay(recording, definition: definition)
        var count = 0
        while let expected = swift.next() {
            let next = data.next()
            let actual = try #require(next, "\(recordingName): data replay ended at frame \(count)")
            #expect(actual.stateName == expected.stateName, "\(recordingName) frame \(count): state")
            if actual.displayList != expected.displayList {
                Issue.record(
                    "\(recordingName) frame \(count) (t = \(expected.time)) differs:\n\(String(decoding: expected.displayList, as: UTF8.self).prefix(600))\n---\n\(String(decoding: actual.displayList, as: UTF8.self).prefix(600))"
                )
                return
            }
            count += 1
        }
        #expect(data.next() == nil, "\(recordingName): data replay has more frames than the Swift one")
        #expect(count > 10)
    }

    @Test(arguments: RecordedSessions.names.filter { $0.hasPrefix("container-") })
    func containerRecordingsMatchTheSwiftComponent(_ name: String) throws {
        try Self.compare(name, try Self.definition("morph-container"))
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
