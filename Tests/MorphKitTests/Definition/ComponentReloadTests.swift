import Foundation
import MorphJSON
import MorphKit
import Testing

/// `ComponentSession.reloading(_:)`, what `morphd --components` does when a file changes:
/// state is kept where the new file still has its name, everything else starts afresh.
@Suite struct ComponentReloadTests {
    static let source = String(
        decoding: try! Data(contentsOf: ComponentFileReplayTests.fileURL("morph-container")),
        as: UTF8.self)

    static func load(_ text: String) throws -> ComponentDefinition {
        try ComponentDefinition(json: Array(text.utf8), file: "card.json")
    }

    /// A session tapped open and stopped mid-spring, at 0.25 s.
    static func midFlight(_ definition: ComponentDefinition) throws -> ComponentSession {
        var session = try ComponentSession(
            definition: definition, configuration: .object([.init("cornerRadiusOpen", .number(40))]))
        let card = try #require(session.scene().node(withID: "card")).frame
        try session.handle(InputEvent(time: 0.1, kind: .tap(Point(x: card.midX, y: card.midY))))
        session.advance(to: 0.25)
        return session
    }

    @Test func reloadingTheSameFileChangesNoFrame() throws {
        var running = try Self.midFlight(try Self.load(Self.source))
        var reloaded = running.reloading(try Self.load(Self.source))
        #expect(reloaded.stateName == "expanding")
        #expect(reloaded.configuration == running.configuration)
        // The spring in flight is carried over: every later frame is byte-identical.
        for step in 1...120 {
            let time = 0.25 + Double(step) / 60
            #expect(reloaded.encodedDisplayList(at: time) == running.encodedDisplayList(at: time), "frame at \(time)")
        }
        #expect(reloaded.stateName == "expanded")
    }

    @Test func anEditedSceneShowsAtOnceWithTheStateKept() throws {
        let running = try Self.midFlight(try Self.load(Self.source))
        let edited = try Self.load(
            Self.source.replacingOccurrences(of: "\"fill\": \"config.surface\"", with: "\"fill\": \"rgb(1, 0, 0)\""))
        let reloaded = running.reloading(edited)
        #expect(reloaded.definition === edited)
        #expect(reloaded.stateName == "expanding")
        let before = try #require(running.scene().node(withID: "card")).frame
        #expect(try #require(reloaded.scene().node(withID: "card")).frame == before, "progress kept")
        guard case .shape(let shape) = try #require(reloaded.scene().node(withID: "surface")).content else {
            Issue.record("surface is not a shape")
            return
        }
        #expect(shape.paint == .solid(RGBAColor(red: 1, green: 0, blue: 0, alpha: 1)))
    }

    @Test func namesThatAreGoneStartAfresh() throws {
        let running = try Self.midFlight(try Self.load(Self.source))
        // The variable, one state and one field renamed: each takes the new file's start.
        let renamed = Self.source
            .replacingOccurrences(of: "progress", with: "openness")
            .replacingOccurrences(of: "\"expanding\"", with: "\"opening\"")
            .replacingOccurrences(of: "cornerRadiusOpen", with: "openRadius")
        let reloaded = running.reloading(try Self.load(renamed))
        #expect(reloaded.stateName == "collapsed")
        #expect(!reloaded.isMoving)
        #expect(reloaded.configuration["openRadius"] == .number(28))
        #expect(reloaded.configuration["surface"] == running.configuration["surface"])
    }

    @Test func aSessionOfAnotherComponentIsLeftAlone() throws {
        let session = try ComponentSession(component: .morphContainer)
        let other = try Self.load(Self.source.replacingOccurrences(of: #""name": "morph-container""#, with: #""name": "card""#))
        #expect(other.kind.rawValue == "card")
        let reloaded = session.reloading(other)
        #expect(reloaded.definition.kind == .morphContainer && reloaded.definition.name == "morph-container")
    }
}
