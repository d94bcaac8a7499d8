import Foundation
import MorphTestSupport
import Testing

@testable import MorphCore
@testable import MorphKit

/// Pictures and component files read from a folder: sizes checked before reading, and one
/// containment rule (symlinks resolved) for every reader.
@Suite struct PictureFileTests {
    /// A fresh folder with `images/` inside, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("morph-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("images"), withIntermediateDirectories: true)
        return url
    }

    /// A 3 GB sparse `images/x.png` with a valid header: refused from its size alone (only its
    /// metadata is touched, so the test costs no memory).
    @Test func aHugeSparsePictureIsRefusedBeforeItIsRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("images/x.png").path
        try Data(ImageNodeTests.onePixel).write(to: URL(fileURLWithPath: path))
        #expect(truncate(path, 3_000_000_000) == 0)
        #expect(throws: ImageError.tooLarge("'images/x.png' is 3000000000 bytes; at most \(ImageSource.maxFileBytes)")) {
            _ = try ImageAsset.load("images/x.png", from: folder)
        }
    }

    /// A header claiming 100000 × 100000 is refused after 33 bytes, before the rest is read.
    @Test func aLyingHeaderIsRefusedBeforeTheRestIsRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(HostilePNG.header(width: 100_000, height: 100_000)).write(to: folder.appendingPathComponent("images/big.png"))
        #expect(throws: ImageError.tooLarge("'images/big.png' is 100000×100000 pixels; at most 4096 on a side")) {
            _ = try ImageAsset.load("images/big.png", from: folder)
        }
    }

    /// A link to a picture outside the folder is refused, as HTTP's `/images/` refuses it; a
    /// link that stays inside is followed.
    @Test func aLinkOutOfTheFolderIsRefused() throws {
        let outside = try Self.folder(), folder = try Self.folder()
        defer {
            try? FileManager.default.removeItem(at: outside)
            try? FileManager.default.removeItem(at: folder)
        }
        let secret = outside.appendingPathComponent("secret.png")
        try Data(ImageNodeTests.onePixel).write(to: secret)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("images/x.png").path, withDestinationPath: secret.path)
        #expect(throws: ImageError.unreadable("'images/x.png' leads outside the component's folder (through a link)")) {
            _ = try ImageAsset.load("images/x.png", from: folder)
        }
        #expect(FolderFile.resolve("images/x.png", under: folder.path) == .outside)

        try Data(ImageNodeTests.onePixel).write(to: folder.appendingPathComponent("images/real.png"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("images/alias.png").path, withDestinationPath: "real.png")
        #expect(try ImageAsset.load("images/alias.png", from: folder).png == ImageNodeTests.onePixel)
        #expect(throws: ImageError.unreadable("no image 'images/none.png' beside the component file")) {
            _ = try ImageAsset.load("images/none.png", from: folder)
        }
    }

    /// `FolderFile.read` checks the size with `fstat` before reading and reads only regular files.
    @Test func readsAreBoundedBeforeTheyStart() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("component.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{}".utf8)))
        #expect(try FolderFile.read(path, maxBytes: 2) == Array("{}".utf8))
        #expect(try FolderFile.read(path, maxBytes: 10, prefix: 1) == Array("{".utf8))
        let limit = 1 << 22
        #expect(truncate(path, off_t(limit + 1)) == 0)
        #expect(throws: FolderFile.Failure.tooLarge(bytes: limit + 1, limit: limit)) {
            _ = try FolderFile.read(path, maxBytes: limit)
        }
        #expect(throws: FolderFile.Failure.unreadable) { _ = try FolderFile.read(folder.path, maxBytes: 10) }
        #expect(throws: FolderFile.Failure.unreadable) { _ = try FolderFile.read(path + ".absent", maxBytes: 10) }
    }
}
