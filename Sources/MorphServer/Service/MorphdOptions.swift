/// `morphd`'s command line, parsed into a configuration without touching the process.
///
/// Lives in the library so the parser is tested like any other pure code; `morphd` only
/// prints what this returns and exits.
public struct MorphdOptions: Sendable, Hashable {
    /// The server configuration the flags describe.
    public var configuration = ServerConfiguration()
    /// True when `--web-root` was given (otherwise `morphd` searches for `web-preview`).
    public var webRootGiven = false
    /// `--probe`: register the diagnostic probe component.
    public var probe = false
    /// `--help` was asked for.
    public var help = false

    /// The usage text printed by `--help` and after a bad flag.
    public static let usage = """
        usage: morphd [--host 127.0.0.1] [--port 8080] [--web-root DIR] [--record-dir DIR]
                      [--max-clients N] [--fps 60] [--font-dir DIR] [--allow-host NAME]
                      [--allow-origin ORIGIN] [--max-tile-streams N] [--probe] [--help]

          --host HOST        interface to listen on (default 127.0.0.1, loopback only)
          --port N           TCP port, 0 picks a free one (default 8080)
          --web-root DIR     the preview page (default: web-preview in the current
                             directory or in the repository)
          --record-dir DIR   where recordings are written and replayed from (default recordings)
          --max-clients N    simultaneous viewers; one more is told "busy" (default 64)
          --fps N            frames per second while something moves (default 60)
          --font-dir DIR     folder served at /fonts/ (default /usr/share/fonts/opentype/inter)
          --allow-host NAME  also answer requests for this Host name (repeatable; * for any);
                             loopback names and --host are always served
          --allow-origin ORIGIN
                             also let pages from ORIGIN (scheme://host[:port]) open sessions
                             (repeatable; * for any); the server's own pages always may
          --max-tile-streams N
                             server-rendered tile streams at once, all sessions (default 4)
          --probe            also offer the diagnostic "probe" component (a moving dot)
          --help             this text
        """

    /// A bad command line: the message to print before the usage (exit status 2).
    public struct Failure: Error, Sendable, Hashable {
        /// One line naming the flag and what is wrong.
        public var message: String
    }

    /// Parses the arguments after the program name.
    public static func parse(_ rawArguments: [String]) -> Result<MorphdOptions, Failure> {
        // Accept --flag=value as well as --flag value.
        let arguments = rawArguments.flatMap { argument -> [String] in
            guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return [argument] }
            return [String(argument[..<equals]), String(argument[argument.index(after: equals)...])]
        }
        var options = MorphdOptions()
        var index = 0
        func value(_ flag: String) -> Result<String, Failure> {
            guard index + 1 < arguments.count else { return .failure(Failure(message: "\(flag) needs a value")) }
            index += 1
            return .success(arguments[index])
        }
        func integer(_ flag: String, _ range: ClosedRange<Int>) -> Result<Int, Failure> {
            value(flag).flatMap { text in
                guard let number = Int(text), range.contains(number) else {
                    return .failure(
                        Failure(message: "\(flag) must be an integer in \(range.lowerBound)...\(range.upperBound), not \(text)"))
                }
                return .success(number)
            }
        }
        while index < arguments.count {
            let argument = arguments[index]
            let result: Result<Void, Failure>
            switch argument {
            case "--help", "-h":
                options.help = true
                result = .success(())
            case "--probe":
                options.probe = true
                result = .success(())
            case "--host":
                result = value(argument).flatMap { host in
                    guard !host.isEmpty else { return .failure(Failure(message: "--host must not be empty")) }
                    options.configuration.host = host
                    return .success(())
                }
            case "--port":
                result = integer(argument, 0...65_535).map { options.configuration.port = $0 }
            case "--max-clients":
                result = integer(argument, 1...100_000).map { options.configuration.maxClients = $0 }
            case "--fps":
                result = value(argument).flatMap { text in
                    guard let fps = Double(text), fps.isFinite, fps > 0, fps <= 1000 else {
                        return .failure(Failure(message: "--fps must be a number in (0, 1000], not \(text)"))
                    }
                    options.configuration.fps = fps
                    return .success(())
                }
            case "--web-root":
                result = value(argument).map {
                    options.configuration.webRoot = $0
                    options.webRootGiven = true
                }
            case "--record-dir":
                result = value(argument).map { options.configuration.recordDirectory = $0 }
            case "--allow-host":
                result = value(argument).flatMap { host in
                    guard !host.isEmpty else { return .failure(Failure(message: "--allow-host must not be empty")) }
                    options.configuration.allowedHosts.append(host)
                    return .success(())
                }
            case "--allow-origin":
                result = value(argument).flatMap { origin in
                    guard origin == "*" || origin.contains("://") else {
                        return .failure(Failure(message: "--allow-origin must be * or scheme://host[:port], not \(origin)"))
                    }
                    options.configuration.allowedOrigins.append(origin)
                    return .success(())
                }
            case "--max-tile-streams":
                result = integer(argument, 0...1000).map { options.configuration.maxTileStreams = $0 }
            case "--font-dir":
                result = value(argument).map { options.configuration.fontDirectory = $0 }
            default:
                result = .failure(Failure(message: "unknown option \(argument)"))
            }
            if case .failure(let failure) = result { return .failure(failure) }
            index += 1
        }
        return .success(options)
    }
}
