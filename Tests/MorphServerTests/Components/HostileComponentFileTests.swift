import Foundation
import MorphKit
import Testing

@testable import MorphServer

/// A hostile file hot-reloaded over a good one is refused with its `limit` error, and the
/// component keeps serving its last good definition (it used to take morphd down).
@Suite struct HostileComponentFileTests {
    /// The card's `"p": "progress"` binding replaced by `source`.
    static func hostile(_ folder: ComponentFolderTests.Folder, _ source: String) -> String {
        folder.source.replacingOccurrences(of: "\"p\": \"progress\"", with: "\"p\": \"\(source)\"")
    }

    @Test(arguments: [
        String(repeating: "(", count: 5000) + "progress" + String(repeating: ")", count: 5000),
        Array(repeating: "time", count: 30_000).joined(separator: "+"),
        String(repeating: "-", count: 100_000) + "progress",
    ])
    func aHostileReloadKeepsTheLastGoodDefinitionServing(source: String) throws {
        let folder = try ComponentFolderTests.Folder()
        let components = try folder.open()
        #expect(components.poll().map(\.error) == [nil])
        let entry = try #require(components.entry(named: "test-card"))
        let good = entry.definition.definition
        let text = Self.hostile(folder, source)
        try folder.write("card.json", text)
        let change = try #require(components.poll().first)
        let error = try #require(change.error)
        #expect(error.kind == .limit && error.file == "card.json")
        let line = try #require(
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"p\": ") })
        #expect(error.line == line + 1)
        #expect(error.message.hasPrefix("let.p: "))
        #expect(entry.definition.definition === good && entry.definition.generation == 1)
        // A session opened now runs the last good definition and draws its frames.
        let registry = ComponentFolderTests.registry(components, builtIn: false)
        var session = try registry.make("test-card", ComponentFolderTests.request, for: "open").get()
        #expect(!session.encodedDisplayList(at: 0.5).isEmpty)
    }

    /// A file over the size limit is refused having read no more than the limit and a byte.
    @Test func aFileOverTheSizeLimitKeepsTheLastGoodDefinition() throws {
        let folder = try ComponentFolderTests.Folder()
        let components = try folder.open()
        _ = components.poll()
        let entry = try #require(components.entry(named: "test-card"))
        let padding = String(repeating: " ", count: ComponentLimits.fileBytes)
        try folder.write(
            "card.json", folder.source.replacingOccurrences(of: "\"p\": \"progress\"", with: padding + "\"p\": \"progress\""))
        let error = try #require(components.poll().first?.error)
        #expect(error.kind == .limit)
        #expect(error.message == "the file is larger than \(ComponentLimits.fileBytes) bytes")
        #expect(entry.definition.generation == 1)
    }
}
