import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing

@testable import MorphServer

/// The component folder's inotify watch on a real temporary folder. The kernel queues an
/// event before the call that caused it returns, so each `drain()` sees exactly what was done.
@Suite struct InotifyWatchTests {
    @Test func aSavedFileWakesTheWatchOnceAndANewFileWaitsForItsClose() throws {
        let folder = try ComponentFolderTests.Folder()
        let watch = try #require(InotifyWatch(directory: folder.directory.path))
        #expect(watch.drain() == .none)
        try folder.write("other.json", folder.source)
        #expect(watch.drain() == .changed)
        #expect(watch.drain() == .none, "the events were read")

        let path = folder.directory.appendingPathComponent("typed.json").path
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o644)
        #expect(descriptor >= 0)
        #expect(watch.drain() == .none, "a file still being written is not polled")
        #expect(write(descriptor, "{}", 2) == 2)
        close(descriptor)
        #expect(watch.drain() == .changed)
    }

    @Test func aPictureFolderIsWatchedThroughItsParentUntilItExists() throws {
        let folder = try ComponentFolderTests.Folder()
        let manager = FileManager.default
        let art = folder.directory.appendingPathComponent("art")
        let deep = art.appendingPathComponent("deep")
        let watch = try #require(InotifyWatch(directory: folder.directory.path))
        #expect(!watch.follow(["art/deep"]), "missing: the folder's own watch sees it come")

        try manager.createDirectory(at: art, withIntermediateDirectories: false)
        #expect(watch.drain() == .changed)
        #expect(watch.follow(["art/deep"]), "art now stands in for art/deep")
        try manager.createDirectory(at: deep, withIntermediateDirectories: false)
        #expect(watch.drain() == .changed)
        #expect(watch.follow(["art/deep"]))
        #expect(!watch.follow(["art/deep"]), "nothing new to watch")

        try Data([1]).write(to: deep.appendingPathComponent("map.png"))
        #expect(watch.drain() == .changed)
        try Data([1]).write(to: art.appendingPathComponent("other.png"))
        #expect(watch.drain() == .none, "art is no longer watched once art/deep is")
        try manager.removeItem(at: deep)
        #expect(watch.drain() == .changed, "a picture folder gone is polled for")
    }

    @Test func theFolderGoneIsReportedLost() throws {
        let folder = try ComponentFolderTests.Folder()
        let watch = try #require(InotifyWatch(directory: folder.directory.path))
        try FileManager.default.removeItem(at: folder.directory)
        #expect(watch.drain() == .lost)
    }

    /// The watch morphd runs: a file saved into the folder reaches the callback as its load.
    @Test func aFileSavedIntoAWatchedFolderIsLoaded() throws {
        let folder = try ComponentFolderTests.Folder()
        let components = try folder.open()
        _ = components.poll()
        let seen = Mutex<[ComponentFolder.Change]>([])
        let arrived = DispatchSemaphore(value: 0)
        let watch = ComponentFolderWatch(folder: components) { changes in
            seen.withLock { $0 += changes }
            arrived.signal()
        }
        let source = folder.source.replacingOccurrences(of: "\"name\": \"test-card\"", with: "\"name\": \"extra-card\"")
        try folder.write("extra.json", source)
        // A bound, not a pause: the callback signals as soon as the poll ran.
        #expect(arrived.wait(timeout: .now() + 60) == .success)
        #expect(seen.withLock { $0.map(\.file) } == ["extra.json"])
        withExtendedLifetime(watch) {}
    }
}
