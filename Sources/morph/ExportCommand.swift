import Foundation
import MorphArguments
import MorphJSON
import MorphKit

/// `morph export`: one frame of a component as a scene (or display list) JSON document on
/// stdout, so a state can be inspected, diffed or validated without running the server.
enum ExportCommand {
    static let subcommand = Subcommand(
        name: "export",
        summary: "write a component's scene (or display list) at a given state as JSON",
        run: { arguments in
            // --format svg|lottie has its own options and usage.
            FormatExport.runIfRequested(arguments)
                ?? Subcommand.execute("export", usage: usage, help: help, arguments, run)
        }
    )

    static let usage = """
        usage: morph export (morph-container | hero-card | curtain | --component FILE)
                            [--state NAME] [--progress P] [--drag X,Y] [--variable NAME=VALUE ...]
                            [--size WxH] [--safe-area T,L,B,R] [--time T] [--configuration FILE]
                            [--set key=value ...]
                            [--dynamic-type SIZE]
                            [--color-scheme light|dark] [--reduce-motion]
                            [--display-list] [--config] [--config-schema] [--machine]
                            [--component-file] [--pretty]
                            [--format json|svg|lottie ...]   (morph export --format svg --help)
        """

    static let help = """
        morph export — one frame of a component as JSON

        \(usage)

        A built-in name runs its bundled component file (the library's
        Sources/MorphKit/BuiltIn/<name>.json), exactly as --component FILE runs yours.

          --component FILE      a component file (schemas/component.md) instead of a built-in
          --state NAME          at rest in this state of the machine, reached by the taps, presses
                                and drags its transitions name (morph-container and hero-card:
                                collapsed, expanded; curtain: closed, revealed)
          --progress P          with --state: how far the animation toward that state has come
                                (0 its start … 1 its target); alone, a scrub of the component's
                                `scrub` variable (the seeds' expansion progress, 0 … 1). Within
                                ±10 (springs overshoot)
          --drag X,Y            a drag held at X,Y in points on the node the machine drags (the
                                curtain's handle; its machine rubber-bands x below 44)
          --variable NAME=V     hold variable NAME at V (a number, or X,Y for a point) after
                                everything else, for poses no input reaches
          --size WxH            viewport in points (default: the component's, 400x440 for
                                morph-container, 390x844 for the others)
          --safe-area T,L,B,R   safe-area insets in points (default: the size's device preset,
                                e.g. 59,0,34,0 for 390x844; none for other sizes)
          --time T              scene time in seconds (the curtain's timer shows it; default 0)
          --configuration FILE  start from this configuration document (morph.config.<component>,
                                as the preview page's "Export configuration" saves it)
          --set key=value       change a configuration key; the value is JSON or a bare string
                                (--set cornerRadiusOpen=20 --set accent=[1,0,0,1]
                                 --set title=Porto --set folds=6)
          --dynamic-type SIZE   xS S M L xL xxL xxxL AX1 … AX5 (default L)
          --color-scheme S      light (default) or dark
          --reduce-motion       Reduce Motion on (the seeds' machines jump instead of animating)
          --display-list        write the flat display list instead of the scene
          --config              write the resolved configuration instead
          --config-schema       write the JSON Schema of the configuration, generated from the
                                component file's fields (schemas/<name>.schema.json is this
                                output for a built-in)
          --machine             write the component's state machine definition instead
                                (schemas/machine.schema.json)
          --component-file      write the component file back as the runtime holds it (a
                                built-in's too): a file that loads and runs identically
          --pretty              indent the JSON (same keys and numbers)

        A pose with --config, --config-schema, --machine or --component-file, which write no
        frame, is an error that says why. --model, --revealed and --folds are gone: each is
        refused with the pose that replaces it (docs/command-line.md).

        Schemas: schemas/scene.schema.json, display-list.schema.json, <component>.schema.json.

        """

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try ExportOptions(parsing: arguments)
        printOutput(try options.render() + "\n")
        return 0
    }
}

/// Parsed `morph export` arguments.
struct ExportOptions {
    /// The component file run: `--component FILE`'s, or a built-in's bundled one.
    var definition: ComponentDefinition
    var progress: Double?
    var drag: Point?
    var size: Size?
    /// `--safe-area`; nil takes the viewport preset's insets.
    var safeArea: EdgeInsets?
    var time = 0.0
    /// `--state NAME` (a state of the machine).
    var state: String?
    /// `--variable NAME=VALUE`, in order (the file's variables held).
    var variables: [ComponentPose.HeldVariable] = []
    /// The pose flags given, in order, so one that does not apply can be named.
    var poseFlags: [String] = []
    /// The `--configuration FILE` document, read once; `--set` patches apply on top of it.
    var configurationDocument: [UInt8]?
    var settings: [(key: String, value: String)] = []
    var environment = ComponentEnvironment()
    var output: Output = .scene
    var pretty = false

    enum Output { case scene, displayList, configuration, configurationSchema, machine, componentFile }

    /// The flags `morph export` reads (`morph render` adds its own to these); a typo is also
    /// matched against `--format`'s flags, which FormatExport reads before these.
    static let scanner = ArgumentScanner(
        values: [
            "--component", "--progress", "--drag", "--size", "--safe-area", "--time", "--configuration",
            "--set", "--state", "--variable",
            "--dynamic-type", "--color-scheme",
            // Gone; read only to say what replaces each.
            "--model", "--folds",
        ],
        switches: [
            "--reduce-motion", "--display-list", "--config", "--config-schema", "--machine", "--component-file",
            "--pretty", "--revealed",
        ],
        repeatable: ["--set", "--variable"], suggested: FormatExport.ownFlags)

    init(parsing arguments: [String]) throws {
        try self.init(scanned: try Self.scanner.scan(arguments))
    }

    /// Reads the scanned command line; flags this type does not know (another command's) are
    /// left to their owner.
    init(scanned arguments: ArgumentScanner.Arguments) throws {
        if let definition = try ComponentFile.load(from: arguments.options) {
            if let operand = arguments.operands.first { throw UsageError(message: "unexpected argument '\(operand)'") }
            self.definition = definition
        } else {
            guard let name = arguments.operands.first else { throw UsageError(message: "missing component") }
            guard let component = ComponentKind(rawValue: name) else {
                let names = ComponentKind.allCases.map(\.rawValue)
                throw UsageError(
                    message: "unknown component '\(name)'\(Suggestion.didYouMean(name, in: names)); built in: "
                        + "\(names.joined(separator: ", ")) (a component file: --component FILE)")
            }
            if arguments.operands.count > 1 { throw UsageError(message: "unexpected argument '\(arguments.operands[1])'") }
            guard let definition = ComponentDefinition.builtIn(component) else {
                preconditionFailure("every built-in kind has a bundled file: \(component)")
            }
            self.definition = definition
        }
        func number(_ text: String, _ option: String) throws -> Double {
            guard let value = Double(text), value.isFinite else {
                throw UsageError(message: "\(option): '\(text)' is not a finite number")
            }
            return value
        }
        for option in arguments.options {
            let argument = option.flag
            let text = option.value ?? ""
            if Self.poseFlagNames.contains(argument), !poseFlags.contains(argument) { poseFlags.append(argument) }
            switch argument {
            case "--progress":
                progress = try number(text, argument)
            case "--model", "--revealed", "--folds":
                throw UsageError(message: Self.replacement(ofRemoved: argument))
            case "--drag":
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                guard parts.count == 2 else { throw UsageError(message: "--drag: expected X,Y, got '\(text)'") }
                drag = Point(x: try number(String(parts[0]), argument), y: try number(String(parts[1]), argument))
            case "--size":
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                    width > 0, height > 0, width.isFinite, height.isFinite
                else {
                    throw UsageError(message: "--size: expected WxH with positive numbers, got '\(text)'")
                }
                size = Size(width: width, height: height)
            case "--safe-area":
                let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                let edges = try parts.map { try number(String($0), argument) }
                guard edges.count == 4, edges.allSatisfy({ $0 >= 0 && $0 <= InputLimits.maxViewportSide }) else {
                    throw UsageError(message: "--safe-area: expected T,L,B,R with numbers >= 0, got '\(text)'")
                }
                safeArea = EdgeInsets(top: edges[0], leading: edges[1], bottom: edges[2], trailing: edges[3])
            case "--time":
                time = try number(text, argument)
                guard time >= 0 else { throw UsageError(message: "--time must not be negative") }
            case "--state":
                guard !text.isEmpty else { throw UsageError(message: "--state needs a state name") }
                state = text
            case "--variable":
                variables.append(try Self.heldVariable(text))
            case "--configuration":
                configurationDocument = try ConfigurationFile.read(text)
            case "--set":
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw UsageError(message: "--set: expected key=value, got '\(text)'")
                }
                settings.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
            case "--dynamic-type":
                guard
                    let size = DynamicTypeSize(rawValue: text)
                        ?? DynamicTypeSize.allCases.first(where: { "\($0)".lowercased() == text.lowercased() })
                else {
                    throw UsageError(
                        message: "--dynamic-type: unknown size '\(text)' (expected one of "
                            + DynamicTypeSize.allCases.map(\.rawValue).joined(separator: " ") + ")")
                }
                environment.dynamicTypeSize = size
            case "--color-scheme":
                guard let scheme = ColorScheme(rawValue: text) else {
                    throw UsageError(message: "--color-scheme: expected light or dark, got '\(text)'")
                }
                environment.colorScheme = scheme
            case "--reduce-motion":
                environment.reduceMotion = true
            case "--display-list":
                output = .displayList
            case "--config":
                output = .configuration
            case "--config-schema":
                output = .configurationSchema
            case "--machine":
                output = .machine
            case "--component-file":
                output = .componentFile
            case "--pretty":
                pretty = true
            default:
                break
            }
        }
        if output != .scene && output != .displayList, let flag = poseFlags.first {
            throw UsageError(message: "\(flag) poses a frame, and \(Self.flagName(of: output)) writes none")
        }
    }

    /// The requested document.
    func render() throws -> String {
        switch output {
        case .machine: return String(decoding: try definition.machineDefinition.jsonData(), as: UTF8.self)
        case .configuration: return text(try session().configuration.compactBytes)
        case .configurationSchema: return text(definition.configurationSchema.compactBytes)
        case .componentFile: return text(definition.componentFile.compactBytes)
        case .scene, .displayList: return try emit(try scene())
        }
    }

    private func emit(_ scene: Scene) throws -> String {
        switch output {
        case .displayList:
            let list = scene.displayList()
            return pretty ? try list.prettyJSON() : try list.canonicalJSONString()
        default:
            return pretty ? try scene.prettyJSON() : try text(scene.canonicalJSON())
        }
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
