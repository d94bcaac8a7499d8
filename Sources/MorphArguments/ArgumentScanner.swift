/// Command-line arguments split into options and operands by one set of rules, shared by
/// `morph` and `morphd` so every Morph tool reads its flags the same way.
///
/// The rules:
/// - A flag that takes a value accepts `--flag value` and `--flag=value`; the value may
///   start with `-` (`--velocity -3`). A missing value is an error.
/// - A switch takes no value: `--switch=x` is an error.
/// - A flag given twice is an error unless it is declared repeatable (`--set`, `--allow-host`);
///   repeatable values are kept in order.
/// - `--help` and `-h` anywhere ask for help, whatever else is wrong.
/// - Any other argument starting with `-` is an unknown option, named with the known flag
///   closest to it (`Suggestion`); `--` ends the options and everything after it is an operand.
public struct ArgumentScanner: Sendable {
    /// Flags that take a value (`--port`), with their leading dashes.
    public var valueFlags: Set<String>
    /// Flags without a value (`--pretty`).
    public var switches: Set<String>
    /// Flags that may be given more than once (a subset of the two above).
    public var repeatable: Set<String>
    /// Flags this scanner does not read but another parser of the same command line does
    /// (`morph export --format`'s own): offered for a typo, never accepted.
    public var suggested: Set<String> = []

    /// A scanner for the given flags (`suggested`: see the property).
    public init(
        values: Set<String>, switches: Set<String> = [], repeatable: Set<String> = [], suggested: Set<String> = []
    ) {
        valueFlags = values
        self.switches = switches
        self.repeatable = repeatable
        self.suggested = suggested
    }

    /// A bad command line: one line naming the argument and what is wrong (exit status 2).
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The line to print before the usage.
        public var message: String

        /// A failure with `message`.
        public init(_ message: String) { self.message = message }

        public var description: String { message }
    }

    /// One option as given: the flag and, for a value flag, its value.
    public struct Option: Hashable, Sendable {
        /// The flag, with its leading dashes.
        public var flag: String
        /// The value, or nil for a switch.
        public var value: String?
    }

    /// The scanned command line.
    public struct Arguments: Hashable, Sendable {
        /// The options in the order they were given.
        public var options: [Option] = []
        /// The arguments that are not options, in order.
        public var operands: [String] = []
        /// `--help` or `-h` was given.
        public var help = false

        /// Whether `flag` was given.
        public func contains(_ flag: String) -> Bool { options.contains { $0.flag == flag } }

        /// The value of `flag`, or nil when it was not given.
        public func value(_ flag: String) -> String? { options.last { $0.flag == flag }?.value }

        /// Every value of a repeatable `flag`, in order.
        public func values(_ flag: String) -> [String] { options.filter { $0.flag == flag }.compactMap(\.value) }
    }

    /// Scans `arguments` (without the program or subcommand name).
    ///
    /// - Throws: `Failure` for an unknown option, a missing or unwanted value or a flag given
    ///   twice; never when `--help` is among the arguments (help wins).
    public func scan(_ arguments: [String]) throws(Failure) -> Arguments {
        var result = Arguments()
        var failure: Failure?
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                result.operands.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" {
                result.help = true
                continue
            }
            guard failure == nil else { continue }
            var flag = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if result.contains(flag), !repeatable.contains(flag) {
                failure = Failure("\(flag) given more than once")
            } else if valueFlags.contains(flag) {
                if let inlineValue {
                    result.options.append(Option(flag: flag, value: inlineValue))
                } else if index < arguments.count {
                    result.options.append(Option(flag: flag, value: arguments[index]))
                    index += 1
                } else {
                    failure = Failure("\(flag) needs a value")
                }
            } else if switches.contains(flag) {
                if inlineValue != nil {
                    failure = Failure("\(flag) takes no value")
                } else {
                    result.options.append(Option(flag: flag, value: nil))
                }
            } else {
                let known = valueFlags.union(switches).union(suggested).union(["--help"])
                failure = Failure("unknown option '\(flag)'" + Suggestion.didYouMean(flag, in: known))
            }
        }
        if let failure, !result.help { throw failure }
        return result
    }
}
