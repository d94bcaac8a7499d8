import Foundation
import MorphJSON
import MorphKit
import Testing

/// `Examples/components/curtain.json` against the Swift `Curtain`.
@Suite struct CurtainFileTests {
    @Test func loads() throws {
        _ = try ComponentFileReplayTests.definition("curtain")
    }

    @Test func sceneAtRestMatches() throws {
        let definition = try ComponentFileReplayTests.definition("curtain")
        let swift = try ComponentSession(component: .curtain)
        let data = try ComponentSession(definition: definition)
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
