import Foundation
import MorphArguments
import MorphJSON
import MorphKit

/// `--component FILE`: a component file (`schemas/component.md`) wherever a built-in name
/// is accepted.
enum ComponentFile {
    /// Loads `path`; a mistake in the file is a usage error that names its line and column,
    /// after `flag` (the option that named the file), if any.
    static func load(_ path: String, flag: String? = "--component") throws -> ComponentDefinition {
        let prefix = flag.map { "\($0): " } ?? ""
        guard !path.isEmpty else { throw UsageError(message: "\(flag ?? "a component") needs a file") }
        let url = URL(fileURLWithPath: path)
        let data: [UInt8]
        do {
            // At most the size limit and a byte: a file over it is refused where it goes over.
            data = try ComponentDefinition.bytes(of: url)
        } catch {
            throw UsageError(message: "\(prefix)cannot read '\(path)'")
        }
        do {
            return try ComponentDefinition(json: data, file: path, directory: url.deletingLastPathComponent())
        } catch {
            throw UsageError(message: "\(prefix)\(error)")
        }
    }

    /// The definition named by `--component` in `arguments`, if any.
    static func load(from options: [ArgumentScanner.Option]) throws -> ComponentDefinition? {
        guard let path = options.last(where: { $0.flag == "--component" })?.value else { return nil }
        return try load(path)
    }
}

extension ExportOptions {
    /// The scene of a file component: a session configured by every `--set`, scrubbed to
    /// `--progress` when given, at `--time`.
    func scene(of definition: ComponentDefinition) throws -> Scene {
        var session = try session(of: definition)
        if let progress {
            try session.handle(InputEvent(time: time, kind: .scrub(progress: progress)))
        } else {
            session.advance(to: time)
        }
        return session.scene()
    }

    /// A session of `definition` in this command line's environment, with every `--set`.
    func session(of definition: ComponentDefinition) throws -> ComponentSession {
        let environment = InputEvent.Environment(
            reduceMotion: self.environment.reduceMotion, dynamicType: self.environment.dynamicTypeSize,
            colorScheme: self.environment.colorScheme, safeArea: safeArea)
        var configuration = JSONValue.object([])
        if let bytes = configurationDocument {
            do {
                configuration = try JSONValue.parse(bytes)
            } catch {
                throw UsageError(message: "--configuration: \(error)")
            }
        }
        var session: ComponentSession
        do {
            session = try ComponentSession(
                definition: definition, configuration: configuration, environment: environment, viewport: size)
        } catch {
            throw UsageError(message: "\(error)")
        }
        for (key, value) in settings {
            do {
                try session.handle(InputEvent(time: 0, kind: .set(key: key, value: .string(value))))
            } catch {
                throw UsageError(message: "--set: \(error)")
            }
        }
        return session
    }
}
