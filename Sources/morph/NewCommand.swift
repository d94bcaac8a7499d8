import Foundation
import MorphArguments
import MorphJSON
import MorphKit

/// `morph new`: a component file to start from, a recording of a first interaction with it and
/// that recording's baseline, so a new component is previewed, checked and exported from its
/// first minute.
enum NewCommand {
    static let subcommand = Subcommand(
        name: "new",
        summary: "start a component: its file, a first recording and its baseline",
        usage: usage, help: help,
        body: { arguments in try run(arguments) }
    )

    static let usage = """
        usage: morph new NAME [--from blank|morph-container|hero-card|curtain|bottom-sheet|pager]
                              [--dir DIR] [--force]
        """

    static let help = """
        morph new — start a component from a template

        \(usage)

          NAME         the component's name: 1 to 64 lowercase letters, digits and '-',
                       starting with a letter, not a built-in's name
          --from T     the file to start from (default blank: a card a tap grows and
                       shrinks); a built-in's file, the bottom sheet example or the
                       pager (a list drawn by repeat nodes), renamed
          --dir DIR    where to write (default: the current folder)
          --force      replace files that exist (otherwise nothing is written)

        Writes DIR/NAME.json (schemas/component.md) with the pictures it names, and
        DIR/recordings/NAME-first.jsonl: a first interaction (a tap or press on the first
        target the machine offers at rest, else a drag of the first drag target toward
        the middle of the viewport), with its baseline (NAME-first.baseline.json and .zz,
        schemas/baseline.md) as `morph check --update` writes it. Then prints the commands
        that preview, check and export it.

        """

    struct Options {
        var name: String
        var template = "blank"
        var directory = "."
        var force = false
    }

    static let scanner = ArgumentScanner(values: ["--from", "--dir"], switches: ["--force"])

    /// Every template's name: the built-ins, then the bundled files, as `--from` takes them.
    static var templateNames: [String] {
        ComponentKind.allCases.map(\.rawValue) + templateFiles.map(\.name)
    }

    static func parse(_ arguments: [String]) throws -> Options {
        let scanned = try scanner.scan(arguments)
        guard let name = scanned.operands.first else { throw UsageError(message: "missing component NAME") }
        guard scanned.operands.count == 1 else {
            throw UsageError(message: "one NAME at a time (got '\(scanned.operands[1])' too)")
        }
        guard ComponentKind.isWellFormed(name) else {
            throw UsageError(
                message: "'\(name)' is not a component name (1 to 64 lowercase letters, digits and '-', starting with a letter)")
        }
        guard !templateNames.contains(name) else {
            throw UsageError(
                message: "'\(name)' is taken (a built-in or a template); give yours its own name, "
                    + "e.g. morph new my-\(name) --from \(name)")
        }
        var options = Options(name: name)
        for option in scanned.options {
            let value = option.value ?? ""
            switch option.flag {
            case "--from":
                guard templateNames.contains(value) else {
                    throw UsageError(
                        message: "--from: unknown template '\(value)'\(Suggestion.didYouMean(value, in: templateNames)) "
                            + "(\(templateNames.joined(separator: ", ")))")
                }
                options.template = value
            case "--dir":
                guard !value.isEmpty else { throw UsageError(message: "--dir needs a folder") }
                options.directory = value
            default: options.force = true  // --force
            }
        }
        return options
    }

    /// A template's text and the pictures it names.
    struct Template {
        var text: String
        var pictures: [(path: String, bytes: [UInt8])]
    }

    static func template(_ name: String) -> Template {
        if let kind = ComponentKind(rawValue: name), let text = ComponentDefinition.builtInText(kind) {
            return Template(text: text, pictures: [])
        }
        let file = templateFiles.first { $0.name == name }!
        // scripts/bundle_components.py wrote the base64; a bad one cannot ship (NewCommandTests).
        let pictures = file.pictures.map { picture in
            (picture.path, [UInt8](Data(base64Encoded: picture.base64.joined())!))
        }
        return Template(text: file.text, pictures: pictures)
    }

    /// The template's text with its top-level `"name"` (the first one, as every template
    /// writes it before the scene) replaced by `name`; the rest byte for byte.
    static func renamed(_ text: String, from old: String, to name: String) throws -> String {
        let key = "\"name\": \"\(old)\""
        guard let range = text.range(of: key) else {
            throw UsageError(message: "the template '\(old)' has no top-level \(key)")
        }
        let renamed = text.replacingCharacters(in: range, with: "\"name\": \"\(name)\"")
        // The bundled literals drop the file's last newline; a text file ends in one.
        return renamed.hasSuffix("\n") ? renamed : renamed + "\n"
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        let options = try parse(arguments)
        let folder = URL(fileURLWithPath: options.directory, isDirectory: true)
        let template = template(options.template)
        let text = try renamed(template.text, from: options.template, to: options.name)
        let componentURL = folder.appendingPathComponent("\(options.name).json")
        let recordingName = "\(options.name)-first.jsonl"
        let recordingURL = folder.appendingPathComponent("recordings").appendingPathComponent(recordingName)
        let location = CheckBaseline.Location(recording: recordingURL, relativePath: recordingName, directory: nil)
        let pictureURLs = template.pictures.map { folder.appendingPathComponent($0.path) }
        let targets = [componentURL, recordingURL, location.json, location.lists] + pictureURLs
        let existing = targets.filter { FileManager.default.fileExists(atPath: $0.path) }
        if !existing.isEmpty, !options.force {
            printError(
                "morph new: error: these exist (nothing was written; --force replaces them):\n"
                    + existing.map { "  " + display($0, in: options.directory) }.joined(separator: "\n"))
            return 1
        }

        // The component first, then read back from its file: the one path any file takes.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (url, picture) in zip(pictureURLs, template.pictures) {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(picture.bytes).write(to: url)
        }
        try Data(text.utf8).write(to: componentURL)
        let definition = try ComponentFile.load(componentURL.path, flag: nil)
        let (recording, described) = try firstInteraction(definition)
        var replay = try Replay(recording, definition: definition)
        var frames: [Replay.Frame] = []
        while let frame = replay.next() { frames.append(frame) }
        let baseline = CheckBaseline(recording: recordingName, frameRate: recording.header.frameRate, frames: frames)
        try FileManager.default.createDirectory(at: recordingURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(recording.jsonl.utf8).write(to: recordingURL)
        try baseline.write(to: location)

        let dir = options.directory
        let seconds = Double(frames.count) / recording.header.frameRate
        printOutput(
            """
            morph new: wrote \(display(componentURL, in: dir)) (from \(options.template))\
            \(pictureURLs.isEmpty ? "" : ", " + pictureURLs.map { display($0, in: dir) }.joined(separator: ", ")),
                       \(display(recordingURL, in: dir)) (\(described), \(String(format: "%.2f", seconds)) s) and its \
            baseline (\(frames.count) frames)
            next:
              morphd --components \(dir)
                  preview it: open http://127.0.0.1:8080/ and pick "\(options.name)"; edits reload as you save
              morph check \(display(recordingURL.deletingLastPathComponent(), in: dir))
                  replay the recording against its baseline (after a change you meant: --update)
              morph export --component \(display(componentURL, in: dir)) --format svg > \(options.name).svg
                  one frame as SVG (also json, lottie; --state NAME poses it)

            """)
        return 0
    }

    /// `url` as the user would type it, under the folder they gave.
    static func display(_ url: URL, in directory: String) -> String {
        let base = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL.path
        let path = url.standardizedFileURL.path
        guard path.hasPrefix(base + "/") else { return path }
        let relative = String(path.dropFirst(base.count + 1))
        return directory == "." ? relative : (directory.hasSuffix("/") ? directory : directory + "/") + relative
    }

    /// A recording of the first thing a person could do with the component at rest, and its
    /// description: a tap (down, up 83 ms later, as a quick finger) on the first tap or press
    /// target, else a drag of the first drag target toward the viewport's middle in 60 Hz
    /// samples (alternating 16 and 17 ms), released without holding. Empty when the machine
    /// offers nothing at rest.
    static func firstInteraction(_ definition: ComponentDefinition) throws -> (Recording, String) {
        let environment = InputEvent.Environment(reduceMotion: false, dynamicType: .large, colorScheme: .light)
        let header = RecordingHeader(
            component: definition.name, environment: environment, viewport: definition.defaultViewport)
        var recording = Recording(header: header)
        let session = try ComponentSession(definition: definition, environment: environment)
        guard let target = session.inputTargets.first else {
            return (recording, "no input: the first state offers no tap, press or drag")
        }
        let start = Point(x: rounded(target.frame.midX), y: rounded(target.frame.midY))
        let down = 0.5
        switch target.gesture {
        case .tap, .press:
            recording.events = [
                InputEvent(time: down, kind: .pointerDown(pointer: 1, location: start)),
                InputEvent(time: down + 0.083, kind: .pointerUp(pointer: 1, location: start)),
            ]
            return (recording, "a \(target.gesture.rawValue) on \"\(target.id)\"")
        case .drag:
            let middle = Point(x: header.viewport.width / 2, y: header.viewport.height / 2)
            // From the middle itself, straight up: some direction has to be taken.
            let end = hypot(middle.x - start.x, middle.y - start.y) >= 60 ? middle : Point(x: start.x, y: start.y - 200)
            let samples = 16
            var time = down
            var location = start
            recording.events.append(InputEvent(time: time, kind: .pointerDown(pointer: 1, location: start)))
            for index in 1...samples {
                time += index % 2 == 0 ? 0.017 : 0.016
                let fraction = Double(index) / Double(samples)
                location = Point(
                    x: rounded(start.x + (end.x - start.x) * fraction), y: rounded(start.y + (end.y - start.y) * fraction))
                recording.events.append(InputEvent(time: rounded(time), kind: .pointerMove(pointer: 1, location: location)))
            }
            recording.events.append(InputEvent(time: rounded(time), kind: .pointerUp(pointer: 1, location: location)))
            return (recording, "a drag of \"\(target.id)\" toward the middle")
        }
    }

    /// The value as the recording's file gives it back (4 decimals), so the baseline is of
    /// the recording as written.
    static func rounded(_ value: Double) -> Double { CanonicalJSONWriter.written(value) }
}
