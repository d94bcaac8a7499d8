import Foundation
import MorphKit
import Testing

@testable import MorphServer

/// `ComponentFolder` on a real temporary folder: what `poll()` reports as files appear,
/// change, break and come back, and what the registry and sessions see.
@Suite struct ComponentFolderTests {
    static let example = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/MorphKit/BuiltIn/morph-container.json")

    /// A folder holding the example container as `card.json`, named `name`.
    final class Folder {
        let directory: URL
        let source: String

        init(name: String = "test-card") throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("component-folder-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            source = try String(contentsOf: ComponentFolderTests.example, encoding: .utf8)
                .replacingOccurrences(of: "\"name\": \"morph-container\"", with: "\"name\": \"\(name)\"")
            try write("card.json", source)
        }

        func write(_ file: String, _ text: String) throws {
            try Data(text.utf8).write(to: directory.appendingPathComponent(file), options: .atomic)
        }

        func open() throws -> ComponentFolder {
            try ComponentFolder(directory: directory.path, schemaDirectory: directory.appendingPathComponent("schemas").path)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }
    }

    /// What a loaded `card.json` tells its viewers the page's panel holds: the container's.
    static let cardPanel = ComponentPanel(
        controls: [.scrub], hint: "Tap the card to expand or collapse it.",
        machine: ComponentDefinition.builtIn(.morphContainer).map { ComponentPanel.MachineGraph($0.machineDefinition) })

    static let request = ComponentRegistry.Request(
        configuration: .object([]), environment: .protocolDefaults, viewport: Size(width: 400, height: 440))

    /// A registry serving `folder`, beside the built-in components when `builtIn`.
    static func registry(_ folder: ComponentFolder, builtIn: Bool) -> ComponentRegistry {
        var registry = ComponentRegistry()
        if builtIn { registry.registerMorphComponents() }
        registry.register(folder: folder)
        return registry
    }

    @Test func filesLoadOnceAndAgainWhenTheyChange() throws {
        let folder = try Folder()
        let components = try folder.open()
        #expect(components.poll() == [.init(component: "test-card", file: "card.json", error: nil, panel: Self.cardPanel)])
        #expect(components.poll().isEmpty, "an unchanged file is not read again")
        let entry = try #require(components.entry(named: "test-card"))
        #expect(entry.definition.generation == 1)
        try folder.write("card.json", folder.source.replacingOccurrences(of: "\"default\": 28", with: "\"default\": 30"))
        #expect(components.poll().map(\.error) == [nil])
        #expect(entry.definition.generation == 2)
        // The generated schema is rewritten with the new default.
        let schema = try JSONValue.parse(
            Array(try Data(contentsOf: folder.directory.appendingPathComponent("schemas/test-card.schema.json"))))
        #expect(schema["properties"]?["cornerRadiusOpen"]?["default"] == .number(30))
    }

    @Test func aBrokenFileKeepsTheLastGoodDefinition() throws {
        let folder = try Folder()
        let components = try folder.open()
        _ = components.poll()
        let entry = try #require(components.entry(named: "test-card"))
        let good = entry.definition.definition
        try folder.write("card.json", folder.source.replacingOccurrences(of: "\"p\": \"progress\"", with: "\"p\": \"progres\""))
        let change = try #require(components.poll().first)
        #expect(change.component == "test-card")
        #expect(change.error?.kind == .unknownName && change.error?.file == "card.json")
        #expect(entry.definition.definition === good)
        #expect(components.error(of: "test-card") == change)
        try folder.write("card.json", folder.source)
        #expect(components.poll().map(\.error) == [nil])
        #expect(components.error(of: "test-card") == nil)
    }

    /// A file whose first load failed for a missing picture is watched for that picture: it
    /// loads when the picture appears, with the JSON untouched, and not on polls before.
    @Test func aFirstLoadMissingItsPictureLoadsWhenThePictureAppears() throws {
        let folder = try Folder()
        let components = try folder.open()
        _ = components.poll()
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 2, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0, 0, 0, 0]
        let children = "\"children\": ["
        let picture = "{\"type\": \"image\", \"id\": \"pic\", \"source\": \"art/late.png\", \"frame\": \"rect(0, 0, 20, 10)\"},"
        let named = folder.source.replacingOccurrences(of: "\"name\": \"test-card\"", with: "\"name\": \"late-card\"")
        let late = try #require(named.range(of: children).map { named.replacingCharacters(in: $0, with: children + picture) })
        try folder.write("late.json", late)
        let failed = try #require(components.poll().first)
        #expect(failed.file == "late.json" && failed.component == nil && failed.error != nil)
        #expect(components.poll().isEmpty, "a file still missing its picture is not read again")
        try FileManager.default.createDirectory(
            at: folder.directory.appendingPathComponent("art"), withIntermediateDirectories: true)
        try Data(png).write(to: folder.directory.appendingPathComponent("art/late.png"))
        #expect(components.poll() == [.init(component: "late-card", file: "late.json", error: nil, panel: Self.cardPanel)])
        #expect(components.imageBytes(of: "late-card") == ["art/late.png": png])
    }

    /// A component's font file is watched as its pictures are: a first load missing it loads
    /// when it appears, a font replaced by one that cannot be read is an error that keeps the
    /// last good version, and putting the good file back loads it again.
    @Test func aComponentReloadsWhenItsFontFileChanges() throws {
        let folder = try Folder()
        let components = try folder.open()
        _ = components.poll()
        let dejaVu = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        let cff = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/opentype/inter/Inter-Regular.otf"))
        let named = folder.source.replacingOccurrences(of: "\"name\": \"test-card\"", with: "\"name\": \"typed-card\"")
        let typed = named.replacingOccurrences(
            of: "\"name\": \"typed-card\",", with: "\"name\": \"typed-card\", \"fonts\": { \"brand\": \"type/Brand.ttf\" },")
        try #require(typed != named)
        try folder.write("typed.json", typed)
        let failed = try #require(components.poll().first)
        #expect(failed.file == "typed.json" && failed.error?.message.contains("no font file 'type/Brand.ttf'") == true)
        #expect(components.poll().isEmpty, "a file still missing its font is not read again")
        let font = folder.directory.appendingPathComponent("type/Brand.ttf")
        try FileManager.default.createDirectory(at: font.deletingLastPathComponent(), withIntermediateDirectories: true)
        try dejaVu.write(to: font)
        #expect(components.poll().map(\.error) == [nil])
        let entry = try #require(components.entry(named: "typed-card"))
        let good = entry.definition.definition
        #expect(good.fonts["brand"]?.bytes == Array(dejaVu))
        try cff.write(to: font)
        let broken = try #require(components.poll().first)
        #expect(broken.error?.message.contains("CFF outlines") == true)
        #expect(entry.definition.definition === good)
        try dejaVu.write(to: font)
        #expect(components.poll().map(\.error) == [nil])
    }

    @Test func aFileMayNotTakeANameAnotherFileHasOrChangeItsOwn() throws {
        let folder = try Folder()
        try folder.write("copy.json", folder.source)
        let components = try folder.open()
        let changes = components.poll()
        #expect(changes.map(\.file) == ["card.json", "copy.json"])
        #expect(changes[1].error?.message.contains("already defined by card.json") == true)
        try folder.write(
            "card.json", folder.source.replacingOccurrences(of: "\"name\": \"test-card\"", with: "\"name\": \"other\""))
        let renamed = try #require(components.poll().first)
        #expect(renamed.error?.message.contains("keeps its name ('test-card')") == true)
        #expect(components.names == ["test-card"])
        // Once card.json is gone, the copy that was turned away takes the name.
        try FileManager.default.removeItem(at: folder.directory.appendingPathComponent("card.json"))
        #expect(
            components.poll() == [
                .init(component: "test-card", file: "copy.json", error: nil, renamedFrom: "card.json", panel: Self.cardPanel)
            ])
    }

    @Test func aDeletedFileKeepsItsEntryForOpenSessionsAndANewFileTakesItBack() throws {
        let folder = try Folder()
        let components = try folder.open()
        _ = components.poll()
        let registry = Self.registry(components, builtIn: false)
        let entry = try #require(components.entry(named: "test-card"))
        let schema = folder.directory.appendingPathComponent("schemas/test-card.schema.json").path
        #expect(FileManager.default.fileExists(atPath: schema))

        try FileManager.default.removeItem(at: folder.directory.appendingPathComponent("card.json"))
        #expect(components.poll() == [.init(component: "test-card", file: "card.json", error: nil, isRemoved: true)])
        #expect(components.entry(named: "test-card") == nil && components.names.isEmpty)
        #expect(components.removedFile(of: "test-card") == "card.json")
        #expect(!FileManager.default.fileExists(atPath: schema))
        guard case .failure(let refused) = registry.make("test-card", Self.request, for: "open") else {
            Issue.record("a removed component opened")
            return
        }
        #expect(refused.code == .unknownComponent && refused.message.contains("card.json was removed"))
        // What open sessions hold is still there.
        #expect(entry.definition.generation == 1)

        // A new file with the name takes the same entry back, so those sessions follow it.
        try folder.write("sheet.json", folder.source)
        #expect(
            components.poll() == [
                .init(component: "test-card", file: "sheet.json", error: nil, renamedFrom: "card.json", panel: Self.cardPanel)
            ])
        #expect(components.entry(named: "test-card") === entry && components.names == ["test-card"])
        #expect(entry.file == "sheet.json" && entry.definition.generation == 2)
        #expect(components.removedFile(of: "test-card") == nil)
        #expect(try registry.make("test-card", Self.request, for: "open").get() is FileComponent)

        // A rename between two polls is one change.
        try FileManager.default.moveItem(
            at: folder.directory.appendingPathComponent("sheet.json"), to: folder.directory.appendingPathComponent("b.json"))
        #expect(
            components.poll() == [
                .init(component: "test-card", file: "b.json", error: nil, renamedFrom: "sheet.json", panel: Self.cardPanel)
            ])
        #expect(components.entry(named: "test-card") === entry && entry.definition.generation == 3)
    }

    @Test func aRemovedStandInGivesWayToTheBuiltIn() throws {
        let folder = try Folder(name: "morph-container")
        let components = try folder.open()
        _ = components.poll()
        let registry = Self.registry(components, builtIn: true)
        try FileManager.default.removeItem(at: folder.directory.appendingPathComponent("card.json"))
        #expect(components.poll().map(\.isRemoved) == [true])
        #expect(try registry.make("morph-container", Self.request, for: "open").get() is SessionComponent)
        #expect(registry.names == ["morph-container", "hero-card", "curtain"])
    }

    @Test func theRegistryServesFilesAndAFileStandsInForABuiltIn() throws {
        let folder = try Folder(name: "morph-container")
        let components = try folder.open()
        _ = components.poll()
        let registry = Self.registry(components, builtIn: true)
        #expect(registry.names == ["morph-container", "hero-card", "curtain"])
        let made = try registry.make("morph-container", Self.request, for: "open").get()
        #expect(made is FileComponent)
        #expect(try registry.make("curtain", Self.request, for: "open").get() is SessionComponent)
    }
}
