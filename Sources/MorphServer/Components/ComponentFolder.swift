import Foundation
import Glibc
import MorphKit

/// The component files of `morphd --components DIR`: every `*.json` in the folder (not its
/// subfolders), loaded at start and loaded again when its modification time, size or inode
/// changes (`poll()`).
///
/// A file that fails to load keeps its last good definition running (`Change.error` says
/// where the mistake is); sessions read the current one through their `Entry` at their next
/// frame. Each good load writes the component's configuration schema, generated from the
/// file, as `<name>.schema.json` into `schemaDirectory`, which morphd serves at `/schemas/`
/// ahead of the checked-in schemas. Thread-safe: `poll()` runs off the service thread.
public final class ComponentFolder: Sendable {
    /// One loaded component: its current definition and how many times it has loaded.
    public final class Entry: Sendable {
        /// The component's name (the file's `name`).
        public let name: String
        /// The file it came from (its name in the folder).
        public let file: String
        private let current: Locked<(definition: ComponentDefinition, generation: Int)>

        init(name: String, file: String, definition: ComponentDefinition) {
            self.name = name
            self.file = file
            current = Locked((definition, 1))
        }

        /// The last good definition and its load count (1 for the first load).
        public var definition: (definition: ComponentDefinition, generation: Int) { current.withLock { $0 } }

        func replace(with definition: ComponentDefinition) {
            current.withLock { $0 = (definition, $0.generation + 1) }
        }
    }

    /// A file that loaded again, or failed to.
    public struct Change: Sendable, Hashable, CustomStringConvertible {
        /// The component it defines (nil for a file that never loaded: its name is unknown).
        public var component: String?
        /// The file's name in the folder.
        public var file: String
        /// Why it did not load (the last good definition keeps running); nil when it loaded.
        public var error: DefinitionError?

        /// One line for the log.
        public var description: String {
            if let error { return "\(error)" + (component.map { " (\($0) keeps its last good definition)" } ?? "") }
            return "\(file): loaded \(component ?? "?")"
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
        /// By component name, in the order they first loaded.
        var entries: [String: Entry] = [:]
        var order: [String] = []
        /// The component each file defines, once it has loaded.
        var componentOfFile: [String: String] = [:]
        /// The mistake of each file whose latest version did not load.
        var errors: [String: Change] = [:]
    }

    /// The folder read.
    public let directory: String
    /// Where generated configuration schemas are written.
    public let schemaDirectory: String
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

    /// Component names, in the order their files first loaded.
    public var names: [String] { catalog.withLock { $0.order } }

    /// The loaded component `name`, if a file defines it.
    public func entry(named name: String) -> Entry? { catalog.withLock { $0.entries[name] } }

    /// The current mistake of the file defining `name`, if its latest version did not load.
    public func error(of name: String) -> Change? {
        catalog.withLock { catalog in catalog.errors.values.first { $0.component == name } }
    }

    /// Loads every file that is new or changed since the last poll; returns what happened,
    /// in file-name order. A file that disappeared keeps its component running.
    public func poll() -> [Change] {
        var changes: [Change] = []
        for file in (Self.list(directory) ?? []).sorted() {
            let path = directory + "/" + file
            guard let stamp = Self.stamp(path) else { continue }
            let unchanged = catalog.withLock { $0.stamps[file] == stamp }
            if unchanged { continue }
            catalog.withLock { $0.stamps[file] = stamp }
            changes.append(load(file, path: path))
        }
        return changes
    }

    private func load(_ file: String, path: String) -> Change {
        let known = catalog.withLock { $0.componentOfFile[file] }
        let definition: ComponentDefinition
        do {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw DefinitionError(kind: .invalidJSON, file: file, line: 1, column: 1, message: "cannot be read")
            }
            definition = try ComponentDefinition(json: Array(data), file: file)
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
            catalog.withLock { $0.errors[file] = change }
            return change
        }
        writeSchema(definition)
        catalog.withLock { catalog in
            catalog.errors[file] = nil
            if let entry = catalog.entries[definition.name] {
                entry.replace(with: definition)
            } else {
                catalog.entries[definition.name] = Entry(name: definition.name, file: file, definition: definition)
                catalog.order.append(definition.name)
                catalog.componentOfFile[file] = definition.name
            }
        }
        return Change(component: definition.name, file: file, error: nil)
    }

    /// Writes the generated schema whole (rename), so a reader never sees half of it.
    private func writeSchema(_ definition: ComponentDefinition) {
        let url = URL(fileURLWithPath: schemaDirectory).appendingPathComponent("\(definition.name).schema.json")
        try? Data(definition.configurationSchema.compactBytes).write(to: url, options: .atomic)
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
