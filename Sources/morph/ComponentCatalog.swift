import Foundation
import MorphArguments
import MorphKit

/// Where `morph replay` and `morph check` find the component a recording's header names, so
/// that every recording replays with its file alone.
///
/// In order: the `--component FILE` given (when its name matches), the built-in components,
/// `NAME.json` in each `--components DIR`, then `NAME.json` in the recording's own folder and
/// in its parent (a component's recordings usually sit in `recordings/` beside it). A file
/// found but broken is an error, never passed over for the next place.
struct ComponentCatalog: Sendable {
    /// `--component FILE`.
    var explicit: ComponentDefinition?
    /// `--components DIR`, in the order given.
    var folders: [URL] = []
    /// Files already loaded, by path: `morph check` resolves the same name for every recording.
    private var loaded: [String: ComponentDefinition] = [:]

    init(explicit: ComponentDefinition? = nil, folders: [URL] = []) {
        self.explicit = explicit
        self.folders = folders
    }

    /// The component `name` names for the recording at `recording`: nil for a built-in (the
    /// recording's own kind), else the file's definition.
    mutating func definition(named name: String, forRecordingAt recording: URL) throws(NotFound) -> ComponentDefinition? {
        if let explicit, explicit.name == name { return explicit }
        if ComponentKind(rawValue: name) != nil { return nil }
        let near = recording.deletingLastPathComponent()
        var searched: [URL] = []
        for folder in folders + [near, near.deletingLastPathComponent()] {
            let folder = folder.standardizedFileURL
            guard !searched.contains(folder) else { continue }
            searched.append(folder)
            let file = folder.appendingPathComponent("\(name).json")
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            if let definition = loaded[file.path] { return definition }
            let definition: ComponentDefinition
            do {
                definition = try ComponentFile.load(file.path, flag: nil)
            } catch let error as UsageError {
                throw NotFound(name: name, searched: searched, problem: error.message)
            } catch {
                throw NotFound(name: name, searched: searched, problem: "\(error)")
            }
            guard definition.name == name else {
                throw NotFound(
                    name: name, searched: searched,
                    problem: "\(file.path) defines \"\(definition.name)\", not \"\(name)\"")
            }
            loaded[file.path] = definition
            return definition
        }
        // A typo is as likely in a file's name as in a built-in's: both are offered.
        let files = searched.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
                .filter(ComponentKind.isWellFormed)
        }
        let suggestion = Suggestion.closest(to: name, in: ComponentKind.allCases.map(\.rawValue) + files)
        throw NotFound(name: name, searched: searched, problem: nil, suggestion: suggestion)
    }

    /// A `--components DIR` argument: an existing folder.
    static func folder(_ path: String) throws(UsageError) -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError(message: "--components: '\(path)' is not a folder")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// No component of that name where the catalog looked, or a file there that does not load.
    struct NotFound: Error, CustomStringConvertible {
        let name: String
        let searched: [URL]
        let problem: String?
        /// A known component whose name is close to `name`.
        var suggestion: String? = nil

        var description: String {
            if let problem { return "component \"\(name)\": \(problem)" }
            let builtIns = ComponentKind.allCases.map(\.rawValue).joined(separator: ", ")
            let places = searched.map { $0.path.hasSuffix("/") ? $0.path : $0.path + "/" }.joined(separator: ", ")
            let hint = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
            return "unknown component \"\(name)\"\(hint): not built in (\(builtIns)), and no \(name).json in "
                + "\(places); pass --component FILE or --components DIR"
        }
    }
}
