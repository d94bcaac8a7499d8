import Foundation
import MorphArguments

/// One `morph <name>` subcommand: its name, a one-line summary for `morph --help`, and the
/// function that runs it on the remaining arguments and returns the exit status.
struct Subcommand: Sendable {
    let name: String
    let summary: String
    let run: @Sendable ([String]) -> Int32

    /// Exit status for bad or missing arguments (issue 2: "exit status 2").
    static let usageStatus: Int32 = 2

    static let toolUsage = "usage: morph <subcommand> [options]   (morph --help lists them)"

    /// Runs the subcommand named by the first argument; `--help` lists them all.
    static func dispatch(_ arguments: [String], among subcommands: [Subcommand]) -> Int32 {
        guard let name = arguments.first else {
            printError("morph: error: missing subcommand\n\(toolUsage)")
            return usageStatus
        }
        if name == "--help" || name == "-h" || name == "help" {
            var text = "morph — Morph's command-line tool\n\n\(toolUsage)\n\nsubcommands:\n"
            for subcommand in subcommands {
                text += "  " + subcommand.name.padding(toLength: 10, withPad: " ", startingAt: 0) + subcommand.summary + "\n"
            }
            text += "\nmorph <subcommand> --help shows a subcommand's options.\n"
            FileHandle.standardOutput.write(Data(text.utf8))
            return 0
        }
        guard let subcommand = subcommands.first(where: { $0.name == name }) else {
            let suggestion = Suggestion.didYouMean(name, in: subcommands.map(\.name) + ["help"])
            printError("morph: error: unknown subcommand '\(name)'\(suggestion)\n\(toolUsage)")
            return usageStatus
        }
        return subcommand.run(Array(arguments.dropFirst()))
    }
}

extension Subcommand {
    /// A subcommand run by the house rules, the same for every one: `--help` or `-h` prints
    /// `help` (exit 0); a `UsageError` or a scanner failure prints one line, the usage and a
    /// hint (exit 2); any other error prints one line (exit 1); otherwise `body`'s status.
    init(
        name: String, summary: String, usage: String, help: String,
        body: @escaping @Sendable ([String]) throws -> Int32
    ) {
        self.name = name
        self.summary = summary
        self.run = { arguments in Subcommand.execute(name, usage: usage, help: help, arguments, body) }
    }

    /// The house rules around `body` (see the initialiser), for subcommands that pick their
    /// usage text per call (`replay --filmstrip`).
    static func execute(
        _ name: String, usage: String, help: String, _ arguments: [String], _ body: ([String]) throws -> Int32
    ) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            printOutput(help)
            return 0
        }
        do {
            return try body(arguments)
        } catch {
            let usageMessage: String? =
                switch error {
                case let error as UsageError: error.message
                case let error as ArgumentScanner.Failure: error.message
                default: nil
                }
            guard let usageMessage else {
                printError("morph \(name): error: \(error)")
                return 1
            }
            printError("morph \(name): error: \(usageMessage)")
            printError(usage + "\n(morph \(name) --help explains every option)")
            return usageStatus
        }
    }
}

/// A bad or missing argument: reported as one line on stderr plus a usage hint, exit 2.
struct UsageError: Error {
    let message: String
}

/// Writes `text` and a newline to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Writes `text` to standard output as is.
func printOutput(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// The line a command that writes a picture prints on standard output (standard error is
/// for warnings and progress): "wrote PATH: W×H px (DETAIL)", so a script or a person sees
/// where it went and how large it came out.
func printWrote(_ path: String, width: Int, height: Int, _ detail: String) {
    printOutput("wrote \(path): \(width)×\(height) px (\(detail))\n")
}
