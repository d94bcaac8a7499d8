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
    /// The flags that pose a frame.
    static let poseFlagNames: Set = ["--progress", "--drag", "--time", "--state", "--variable"]

    /// The scene `morph export` writes and `morph render` draws: a session of the component
    /// file configured by every `--set`, posed by `--state`, `--progress`, `--drag`,
    /// `--variable` and `--time` (`ComponentPose`).
    func scene() throws -> Scene {
        let pose = ComponentPose(state: state, progress: progress, drag: drag, variables: variables, time: time)
        do {
            return try session().scene(posed: pose)
        } catch let error as PoseError {
            throw UsageError(message: "\(Self.flags(of: error)): \(error)")
        }
    }

    /// The flags a pose error is about.
    static func flags(of error: PoseError) -> String {
        switch error {
        case .unknownState, .unreachable, .doesNotRest, .heldByDrag: "--state"
        case .noAnimation: "--state, --progress"
        case .progressOutOfRange, .noScrubVariable: "--progress"
        case .noDrag, .severalDrags, .badDrag: "--drag"
        case .dragWithProgress: "--drag, --progress"
        case .unknownVariable, .badVariable: "--variable"
        case .badTime: "--time"
        }
    }

    /// What replaces a flag the Swift builders took (the poses mean the same frames, byte for
    /// byte: PoseEquivalenceTests).
    static func replacement(ofRemoved flag: String) -> String {
        switch flag {
        case "--model":
            "--model is gone: an animation's frame is --state NAME --progress P, P of the way toward NAME "
                + "(--progress p --model 1 is --state expanded --progress p; --progress p --model 0 is "
                + "--state collapsed --progress 1-p)"
        case "--revealed":
            "--revealed is gone: a state of the machine is --state NAME (--revealed --drag X,Y is "
                + "--state revealed --drag X,Y); --revealed alone is --variable revealed=1"
        default:
            "--folds is gone from export and render: the configuration's folds is --set folds=N"
        }
    }

    /// `--variable NAME=VALUE`: a number, or X,Y for a point.
    static func heldVariable(_ text: String) throws -> ComponentPose.HeldVariable {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw UsageError(message: "--variable: expected NAME=VALUE, got '\(text)'")
        }
        let name = String(text[..<equals])
        let parts = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0) }.filter(\.isFinite)
        guard numbers.count == parts.count, parts.count == 1 || parts.count == 2 else {
            throw UsageError(
                message: "--variable: \(name): expected a number or X,Y, got '\(text[text.index(after: equals)...])'")
        }
        let value: ExpressionValue = numbers.count == 1 ? .number(numbers[0]) : .point(Point(x: numbers[0], y: numbers[1]))
        return ComponentPose.HeldVariable(name: name, value: value)
    }

    /// The flag that asks for `output`.
    static func flagName(of output: Output) -> String {
        switch output {
        case .scene: "the scene"
        case .displayList: "--display-list"
        case .configuration: "--config"
        case .configurationSchema: "--config-schema"
        case .machine: "--machine"
        case .componentFile: "--component-file"
        }
    }

    /// A session of the component in this command line's environment, with every `--set`.
    func session() throws -> ComponentSession {
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
