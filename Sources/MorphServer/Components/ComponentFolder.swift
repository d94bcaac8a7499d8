import Foundation
import Glibc
import MorphKit
import MorphWork

/// The component files of `morphd --components DIR`: every `*.json` in the folder (not its
/// subfolders), loaded at start and loaded again when its modification time, size or inode
/// changes, or that of a picture its `image` nodes name (`poll()`).
///
/// A file that fails to load keeps its last good definition running (`Change.error` says
/// where the mistake is); sessions read the current one through their `Entry` at their next
/// frame. A deleted file's component keeps running in the sessions that have it open, on its
/// last good definition, but is no longer offered or opened (`removedFile(of:)`); a file
/// that defines it again, under any file name (a rename), takes the same entry back, so
/// those sessions continue on the new file. Each good load writes the component's configuration schema, generated from the
/// file, as `<name>.schema.json` into `schemaDirectory`, which morphd serves at `/schemas/`
/// ahead of the checked-in schemas. Thread-safe: `poll()` runs off the service thread.
public final class ComponentFolder: Sendable {
    /// One loaded component: its current definition and how many times it has loaded.
    public final class Entry: Sendable {
        /// The component's name (the file's `name`).
        public let name: String
        /// Guards the current definition: swapped by the poll, read by sessions.
        private let current: Locked<(definition: ComponentDefinition, generation: Int, file: String)>

        init(name: String, file: String, definition: ComponentDefinition) {
            self.name = name
            current = Locked((definition, 1, file))
        }

        /// The file it came from last (its name in the folder; a rename changes it).
        public var file: String { current.withLock { $0.file } }

        /// The last good definition and its load count (1 for the first load).
        public var definition: (definition: ComponentDefinition, generation: Int) {
            current.withLock { ($0.definition, $0.generation) }
        }

        func replace(with definition: ComponentDefinition, from file: String) {
            current.withLock { $0 = (definition, $0.generation + 1, file) }
        }
    }

    /// A file that loaded again, failed to, or is gone.
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        /// The component it defines (nil for a file that never loaded: its name is unknown).
        public var component: String?
        /// The file's name in the folder.
        public var file: String
        /// Why it did not load (the last good definition keeps running); nil when it loaded.
        public var error: DefinitionError?
        /// The file was deleted or renamed to a name the folder does not serve: its open
        /// sessions keep their last good definition, new ones are refused.
        public var isRemoved = false
        /// The file the component came from before, when this file took it over (a rename).
        public var renamedFrom: String?
        /// The page's panel of the definition that loaded (nil unless it loaded), so a viewer
        /// sees an edited hint or a changed control at once.
        public var panel: ComponentPanel?

        /// One line for the log.
        public var description: String {
            if let error { return "\(error)" + (component.map { " (\($0) keeps its last good definition)" } ?? "") }
            if isRemoved {
                return "\(file): removed"
                    + (component.map { " (\($0) keeps running in its open sessions; new sessions are refused)" } ?? "")
            }
            return "\(file): loaded \(component ?? "?")" + (renamedFrom.map { " (renamed from \($0))" } ?? "")
        }
    }

    /// What a file looked like when it was last read.
    private struct Stamp: Equatable {
        var modified: timespec
        var size: Int
        var inode: UInt

        static func == (a: Stamp, b: Stamp) -> Bool {
            a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec && a.size == b.size
                && a.inode == b.inode
        }
    }

    private struct Catalog {
        var stamps: [String: Stamp] = [:]
        /// The pictures each loaded file names, by file, as they were when it loaded: one
        /// changing on disk loads the file again (a missing one stamps as nil).
        var pictureStamps: [String: [String: Stamp?]] = [:]
        /// By component name, in the order they first loaded.
        var entries: [String: Entry] = [:]
        var order: [String] = []
        /// The component each file defines, once it has loaded.
        var componentOfFile: [String: String] = [:]
        /// The mistake of each file whose latest version did not load.
        var errors: [String: Change] = [:]
        /// Components whose file is gone, by name: their sessions still hold the entry.
        var removed: [String: Entry] = [:]
    }

    /// The folder read.
    public let directory: String
    /// Where generated configuration schemas are written.
    public let schemaDirectory: String
    /// Guards what the folder holds (files' stamps, entries by name, the files that failed):
    /// the poll writes it, sessions and listings read it.
    private let catalog = Locked(Catalog())

    /// Reads every component file in `directory`; failures are returned by the first
    /// `poll()` like any later one (the server logs them), so one bad file does not stop
    /// the others.
    /// - Throws: `MorphServerError.fileSystem` when the folder cannot be listed or the
    ///   schema folder cannot be created.
    public init(directory: String, schemaDirectory: String) throws(MorphServerError) {
        self.directory = directory
        self.schemaDirectory = schemaDirectory
        guard Self.list(directory) != nil else { throw .fileSystem(path: directory, errno: ENOENT) }
        if mkdir(schemaDirectory, 0o755) != 0, errno != EEXIST { throw .fileSystem(path: schemaDirectory, errno: errno) }
    }

    /// Component names, in the order their files first loaded (those whose file is gone
    /// left out).
    public var names: [String] { catalog.withLock { catalog in catalog.order.filter { catalog.entries[$0] != nil } } }

    /// The file that defined `name` last, when it is gone and no file defines `name` now.
    public func removedFile(of name: String) -> String? { catalog.withLock { $0.removed[name]?.file } }

    /// The loaded component `name`, if a file defines it.
    public func entry(named name: String) -> Entry? { catalog.withLock { $0.entries[name] } }

    /// The PNG bytes of the pictures of component `name`'s last good definition, by source
    /// (also of a component whose file is gone, which its open sessions still run); nil for a
    /// name the folder never loaded.
    public func imageBytes(of name: String) -> [String: [UInt8]]? {
        catalog.withLock { $0.entries[name] ?? $0.removed[name] }?.definition.definition.imageBytes
    }

    /// The current mistake of the file defining `name`, if its latest version did not load.
    public func error(of name: String) -> Change? {
        catalog.withLock { catalog in catalog.errors.values.first { $0.component == name } }
    }

    /// The subfolders (relative to `directory`) holding pictures the files name, found or
    /// missing: where a watch must look besides the folder itself.
    public var pictureFolders: Set<String> {
        catalog.withLock { catalog in
            var folders: Set<String> = []
            for pictures in catalog.pictureStamps.values {
                for name in pictures.keys {
                    if let slash = name.lastIndex(of: "/") { folders.insert(String(name[..<slash])) }
                }
            }
            return folders
        }
    }

    /// Loads every file that is new or changed since the last poll and retires every file
    /// that is gone; returns what happened: removals first, then loads, in file-name order.
    /// A file renamed between two polls is one `loaded` change with `renamedFrom`.
    public func poll() -> [Change] {
        // A folder that cannot be listed for a moment is not taken as every file deleted.
        guard let listed = Self.list(directory) else { return [] }
        var present: [(file: String, stamp: Stamp)] = []
        for file in listed.sorted() {
            if let stamp = Self.stamp(directory + "/" + file) { present.append((file, stamp)) }
        }
        let presentFiles = Set(present.map(\.file))
        var removals = catalog.withLock { catalog in
            catalog.stamps.keys.filter { !presentFiles.contains($0) }.sorted().map { retire($0, in: &catalog) }
        }
        for removal in removals where removal.component != nil {
            try? FileManager.default.removeItem(atPath: schemaPath(removal.component!))
        }
        var loads: [Change] = []
        for (file, stamp) in present {
            let (unchanged, pictures) = catalog.withLock { ($0.stamps[file] == stamp, $0.pictureStamps[file] ?? [:]) }
            if unchanged, pictures.allSatisfy({ Self.stamp(directory + "/" + $0.key) == $0.value }) { continue }
            catalog.withLock { $0.stamps[file] = stamp }
            loads.append(load(file, path: directory + "/" + file))
        }
        // A rename seen in one poll: the new file took the entry back, which says it all.
        let renamed = Set(loads.compactMap { $0.renamedFrom })
        removals.removeAll { renamed.contains($0.file) && $0.component != nil }
        return removals + loads
    }

    /// Forgets `file` (gone from the folder); its component, if it defined one, keeps its
    /// entry for the sessions that hold it but is no longer served.
    private func retire(_ file: String, in catalog: inout Catalog) -> Change {
        catalog.stamps[file] = nil
        catalog.pictureStamps[file] = nil
        catalog.errors[file] = nil
        guard let name = catalog.componentOfFile.removeValue(forKey: file) else {
            return Change(component: nil, file: file, error: nil, isRemoved: true)
        }
        if let entry = catalog.entries.removeValue(forKey: name) { catalog.removed[name] = entry }
        // A file turned away because this one had the name may take it now: read it again.
        for (other, change) in catalog.errors where change.error?.kind == .badReference { catalog.stamps[other] = nil }
        return Change(component: name, file: file, error: nil, isRemoved: true)
    }

    private func load(_ file: String, path: String) -> Change {
        let known = catalog.withLock { $0.componentOfFile[file] }
        let definition: ComponentDefinition
        var named: Set<String> = []
        do {
            // At most the size limit and a byte: a file over it is refused where it goes over.
            guard let bytes = try? ComponentDefinition.bytes(of: URL(fileURLWithPath: path)) else {
                throw DefinitionError(kind: .invalidJSON, file: file, line: 1, column: 1, message: "cannot be read")
            }
            named = Self.pictureNames(in: Data(bytes))
            definition = try ComponentDefinition(json: bytes, file: file, directory: URL(fileURLWithPath: directory))
            if let known, known != definition.name {
                throw DefinitionError(
                    kind: .badReference, file: file, line: 1, column: 1,
                    message: "name: a running component keeps its name ('\(known)'); put '\(definition.name)' in a new file")
            }
            let owner = catalog.withLock { $0.entries[definition.name]?.file }
            if let owner, owner != file {
                throw DefinitionError(
                    kind: .badReference, file: file, line: 1, column: 1,
                    message: "name: '\(definition.name)' is already defined by \(owner)")
            }
        } catch {
            let change = Change(component: known, file: file, error: error as? DefinitionError)
            catalog.withLock { catalog in
                catalog.errors[file] = change
                // Its pictures as they are now (those it named when it last loaded, and those it
                // names now, so a file whose first load failed for a missing picture is watched
                // too): the next change to one (or to the file) tries again, rather than every
                // poll while one is missing.
                catalog.pictureStamps[file] = pictureStamps(named.union(catalog.pictureStamps[file]?.keys ?? [:].keys))
            }
            return change
        }
        writeSchema(definition)
        let name = definition.name
        // Its font files are watched as its pictures are: a changed font reloads the file.
        let pictures = pictureStamps(
            definition.images.map(\.source).filter { ImageSource.isFileName($0) } + definition.fonts.values.map(\.source))
        return catalog.withLock { catalog in
            catalog.pictureStamps[file] = pictures
            catalog.errors[file] = nil
            catalog.componentOfFile[file] = name
            if let entry = catalog.entries[name] {
                entry.replace(with: definition, from: file)
            } else if let entry = catalog.removed.removeValue(forKey: name) {
                // The component's file was deleted or renamed: this one takes it over, and
                // the sessions that kept running continue on it.
                let previous = entry.file
                entry.replace(with: definition, from: file)
                catalog.entries[name] = entry
                return Change(component: name, file: file, error: nil, renamedFrom: previous, panel: ComponentPanel(definition))
            } else {
                catalog.entries[name] = Entry(name: name, file: file, definition: definition)
                if !catalog.order.contains(name) { catalog.order.append(name) }
            }
            return Change(component: name, file: file, error: nil, panel: ComponentPanel(definition))
        }
    }

    /// The stamps of pictures named relative to the folder (nil for a missing one).
    private func pictureStamps<Names: Sequence<String>>(_ names: Names) -> [String: Stamp?] {
        Dictionary(names.map { ($0, Self.stamp(directory + "/" + $0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The picture and font files a component file names, read without loading it: every
    /// `source` string that is an image file name and every `.ttf` name in a `fonts` object
    /// (none when the JSON does not parse; saving it retries).
    static func pictureNames(in data: Data) -> Set<String> {
        guard let json = try? JSONValue.parse(data) else { return [] }
        var names: Set<String> = []
        var pending = [json]
        while let value = pending.popLast() {
            switch value {
            case .object(let members):
                for member in members {
                    if member.key == "source", case .string(let name) = member.value, ImageSource.isFileName(name) {
                        names.insert(name)
                    }
                    if member.key == "fonts", case .object(let fonts) = member.value {
                        for font in fonts {
                            if case .string(let name) = font.value, ImageSource.isFileName(name, suffix: ".ttf") {
                                names.insert(name)
                            }
                        }
                    }
                    pending.append(member.value)
                }
            case .array(let items): pending += items
            default: break
            }
        }
        return names
    }

    private func schemaPath(_ component: String) -> String { schemaDirectory + "/" + component + ".schema.json" }

    /// Writes the generated schema whole (rename), so a reader never sees half of it.
    private func writeSchema(_ definition: ComponentDefinition) {
        try? Data(definition.configurationSchema.compactBytes).write(
            to: URL(fileURLWithPath: schemaPath(definition.name)), options: .atomic)
    }

    private static func list(_ directory: String) -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
    }

    private static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Stamp(modified: info.st_mtim, size: Int(info.st_size), inode: UInt(info.st_ino))
    }
}
