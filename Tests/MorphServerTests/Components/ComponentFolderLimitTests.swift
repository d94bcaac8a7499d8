import Foundation
import MorphKit
import MorphTestSupport
import Testing

@testable import MorphServer

/// morphd's components folder on hostile files: a component file over the size limit is
/// refused after reading the limit and a byte, and a picture linked out of the folder is not loaded (HTTP's `/images/`
/// refuses the same path).
@Suite struct ComponentFolderLimitTests {
    @Test func anOversizedComponentFileIsRefusedAtTheLimit() throws {
        let folder = try ComponentFolderTests.Folder()
        let components = try folder.open()
        _ = components.poll()
        let big = folder.directory.appendingPathComponent("big.json").path
        #expect(FileManager.default.createFile(atPath: big, contents: Data("{".utf8)))
        #expect(truncate(big, 1 << 30) == 0)
        let change = try #require(components.poll().first { $0.file == "big.json" })
        // Only the limit and a byte are read: the error is where the file goes over it.
        #expect(change.error?.message == "the file is larger than \(ComponentLimits.fileBytes) bytes")
    }

    @Test func aPictureLinkedOutOfTheFolderIsNotLoaded() throws {
        let folder = try ComponentFolderTests.Folder()
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data(HostilePNG.header(width: 1, height: 1)).write(to: outside.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.directory.appendingPathComponent("x.png").path,
            withDestinationPath: outside.appendingPathComponent("secret.png").path)
        try folder.write(
            "picture.json",
            """
            { "format": "morph.component", "version": 1, "name": "picture", "viewport": [200, 100], "variables": {},
              "background": "white(1)",
              "scene": { "type": "group", "id": "root", "children": [
                { "type": "image", "id": "pic", "source": "x.png", "frame": "rect(0, 0, 10, 10)" } ] },
              "machine": { "states": ["idle"], "transitions": [] } }
            """)
        let components = try folder.open()
        let change = try #require(components.poll().first { $0.file == "picture.json" })
        #expect(change.error?.message.contains("'x.png' leads outside the component's folder (through a link)") == true)
        let files = StaticFiles(
            webRoot: folder.directory.path, fontDirectory: folder.directory.path, imageDirectory: folder.directory.path)
        #expect(files.resolve("/images/x.png") == .forbidden)
    }
}
