import Foundation
import MorphJSON
import MorphKit
import Testing

/// `Examples/components/curtain.json` against the Swift `Curtain`.
@Suite struct CurtainFileTests {
    @Test func loads() throws {
        _ = try ComponentFileReplayTests.definition("curtain")
    }

    @Test func debugReplay() throws {
        let recording = try RecordedSessions.recording("curtain-set-folds")
        var swift = try Replay(recording)
        var data = try Replay(recording, definition: try ComponentFileReplayTests.definition("curtain"))
        while let expected = swift.next() {
            let next = data.next()
            let actual = try #require(next)
            if actual.displayList != expected.displayList {
                try Data(expected.displayList).write(to: URL(fileURLWithPath: "/tmp/cf/swift.json"))
                try Data(actual.displayList).write(to: URL(fileURLWithPath: "/tmp/cf/data.json"))
                return
            }
        }
    }

    @Test func sceneAtRestMatches() throws {
        let definition = try ComponentFileReplayTests.definition("curtain")
        var swift = try ComponentSession(component: .curtain)
        var data = try ComponentSession(definition: definition)
        swift.advance(to: 0.1333)
        data.advance(to: 0.1333)
        _ = swift.encodedDisplayList(at: 0.1333)
        let a = swift.scene(), b = data.scene()
        if a != b {
            var encoder = DisplayListEncoder()
            let x = String(decoding: try encoder.encode(a.displayList()), as: UTF8.self)
            var encoder2 = DisplayListEncoder()
            let y = String(decoding: try encoder2.encode(b.displayList()), as: UTF8.self)
            try x.write(toFile: "/tmp/cf/swift.json", atomically: true, encoding: .utf8)
            try y.write(toFile: "/tmp/cf/data.json", atomically: true, encoding: .utf8)
        }
        #expect(a == b)
    }
}
