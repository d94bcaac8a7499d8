import Foundation
import MorphArguments
import MorphCairo
import MorphKit

/// `morphd`'s command line, parsed into a configuration without touching the process.
///
/// Lives in the library so the parser is tested like any other pure code; `morphd` only
/// prints what this returns and exits.
public struct MorphdOptions: Sendable, Hashable {
    /// The server configuration the flags describe.
    public var configuration = ServerConfiguration()
    /// True when `--web-root` was given (otherwise `morphd` searches for `web-preview`).
    public var webRootGiven = false
    /// True when `--schema-dir` was given (otherwise `morphd` looks beside the web root).
    public var schemaDirectoryGiven = false
    /// True when `--record-dir` was given (otherwise recordings go to `defaultRecordDirectory`,
    /// which `morphd` creates at start).
    public var recordDirectoryGiven = false
    /// `--components DIR`: serve the component files in this folder, reloaded when they change.
    public var componentDirectory: String?
    /// `--probe`: register the diagnostic probe component.
    public var probe = false
    /// `--help` was asked for.
    public var help = false

    /// The usage text printed by `--help` and after a bad flag.
    public static let usage = """
        usage: morphd [--host 127.0.0.1] [--port 8080] [--web-root DIR] [--schema-dir DIR]
                      [--record-dir DIR] [--max-clients N] [--fps 60] [--font-dir DIR]
                      [--mono-font-dir DIR] [--allow-host NAME] [--allow-origin ORIGIN] [--max-tile-streams N]
                      [--tile-codec jpeg] [--tile-fallback auto] [--components DIR]
                      [--permessage-deflate] [--probe] [--help]
                      [--max-viewport 4096] [--max-tile-scale 3] [--max-message-rate 1000]
                      [--max-sessions-per-connection 64] [--max-sessions 1024]
                      [--max-viewers 4000] [--max-recording-mb 64] [--max-recordings 1000]
                      [--idle-seconds 30]

          --host HOST        interface to listen on (default 127.0.0.1, loopback only)
          --port N           TCP port, 0 picks a free one (default 8080)
          --web-root DIR     the preview page (default: web-preview in the current
                             directory or in the repository)
          --schema-dir DIR   JSON Schemas served at /schemas/ (the options panel reads the
                             component configuration schemas; default: schemas beside
                             the web root)
          --record-dir DIR   where recordings are written and replayed from; served at
                             /recordings/ for download (default: morph/recordings in the
                             user's data folder, $XDG_DATA_HOME or ~/.local/share, made
                             at start; the folder used is printed at start)
          --max-clients N    simultaneous viewers; one more is told "busy" (default 64)
          --fps N            frames per second while something moves (default 60)
          --font-dir DIR     folder served at /fonts/ (default /usr/share/fonts/opentype/inter)
          --mono-font-dir DIR
                             second folder served at /fonts/, for DejaVu Sans Mono
                             (default /usr/share/fonts/truetype/dejavu)
          --allow-host NAME  also answer requests for this Host name (repeatable; * for any);
                             loopback names and --host are always served
          --allow-origin ORIGIN
                             also let pages from ORIGIN (scheme://host[:port]) open sessions
                             (repeatable; * for any); the server's own pages always may
          --max-tile-streams N
                             server-rendered tile streams at once, all sessions (default 4)
          --tile-codec jpeg|webp|png
                             tiles while the curtain moves (default jpeg: opaque tiles as
                             JPEG, the rest PNG); at rest every tile is PNG
          --tile-fallback auto|off|always
                             tiles while the curtain moves at half scale (2x as 1x) when
                             full-scale sets cannot keep up (auto, default), never (off) or
                             always; at rest tiles are full scale
          --permessage-deflate
                             compress frames for clients that offer permessage-deflate
                             (each viewer's copy separately: fewer bytes, more CPU; default off)
          --components DIR   also serve every component file (*.json, morph.component) in
                             DIR; a file named like a built-in component takes its place.
                             Files are checked for changes 4 times a second: sessions pick
                             up a new version at their next frame, a broken one keeps the
                             last good version running and the page shows the mistake
          --probe            also offer the diagnostic "probe" component (a moving dot)
          --help             this text

        Bounds on what one client may ask for (over one: an error answer; schemas/protocol.md):
          --max-viewport N   viewport and environment size, points a side (1...4096;
                             default 4096)
          --max-tile-scale N largest tile scale a viewer may ask for (1...3; default 3)
          --max-message-rate N
                             messages (input events included) a connection may send a
                             second, sustained (burst 200, or N if lower; default 1000)
          --max-sessions-per-connection N
                             sessions one connection may open back to back before it is
                             held to 4 a second (default 64)
          --max-sessions N   live sessions on the server (default 1024)
          --max-viewers N    viewers of one session (default 4000)
          --max-recording-mb N
                             largest recording file, written or replayed (default 64)
          --max-recordings N recordings the record folder may hold (default 1000)
          --idle-seconds N   a connection silent this long is pinged; one that does not
                             answer within as long again is dropped (1...3600; default 30)
        """

    /// A bad command line: the message to print before the usage (exit status 2).
    public struct Failure: Error, Sendable, Hashable {
        /// One line naming the flag and what is wrong.
        public var message: String
    }

    /// The flags `morphd` knows, read by the scanner `morph` uses too.
    static let scanner = ArgumentScanner(
        values: [
            "--host", "--port", "--max-clients", "--fps", "--web-root", "--schema-dir", "--record-dir", "--allow-host",
            "--allow-origin",
            "--max-tile-streams", "--font-dir", "--mono-font-dir", "--tile-codec", "--tile-fallback", "--components",
            "--max-viewport",
            "--max-tile-scale", "--max-message-rate", "--max-sessions-per-connection", "--max-sessions",
            "--max-viewers", "--max-recording-mb", "--max-recordings", "--idle-seconds",
        ],
        switches: ["--probe", "--permessage-deflate"],
        repeatable: ["--allow-host", "--allow-origin"])

    /// Parses the arguments after the program name; `environment` gives the default record
    /// folder (`defaultRecordDirectory`).
    public static func parse(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<MorphdOptions, Failure> {
        do throws(ArgumentScanner.Failure) {
            var options = try parse(scanned: scanner.scan(arguments))
            if !options.help && !options.recordDirectoryGiven {
                guard let directory = defaultRecordDirectory(environment: environment) else {
                    throw ArgumentScanner.Failure(
                        "no folder for recordings (neither XDG_DATA_HOME nor HOME is set): give --record-dir DIR")
                }
                options.configuration.recordDirectory = directory
            }
            return .success(options)
        } catch {
            return .failure(Failure(message: error.message))
        }
    }

    /// Where recordings go without `--record-dir`: `morph/recordings` in the user's data folder
    /// (the XDG base directories: `$XDG_DATA_HOME`, else `$HOME/.local/share`; a relative
    /// `XDG_DATA_HOME` is ignored, as the specification says), so a server started from a
    /// source checkout (`make run`) never writes into it. Nil without a home folder.
    public static func defaultRecordDirectory(environment: [String: String]) -> String? {
        func folder(_ path: String) -> String { path.hasSuffix("/") ? String(path.dropLast()) : path }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return folder(data) + "/morph/recordings"
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return folder(home) + "/.local/share/morph/recordings"
    }

    private static func parse(scanned arguments: ArgumentScanner.Arguments) throws(ArgumentScanner.Failure) -> MorphdOptions {
        var options = MorphdOptions()
        options.help = arguments.help
        if options.help { return options }
        if let operand = arguments.operands.first { throw ArgumentScanner.Failure("unexpected argument '\(operand)'") }
        func integer(_ flag: String, _ text: String, _ range: ClosedRange<Int>) throws(ArgumentScanner.Failure) -> Int {
            guard let number = Int(text), range.contains(number) else {
                throw ArgumentScanner.Failure(
                    "\(flag) must be an integer in \(range.lowerBound)...\(range.upperBound), not \(text)")
            }
            return number
        }
        for option in arguments.options {
            let flag = option.flag
            let text = option.value ?? ""
            switch flag {
            case "--probe":
                options.probe = true
            case "--permessage-deflate":
                options.configuration.permessageDeflate = true
            case "--host":
                guard !text.isEmpty else { throw ArgumentScanner.Failure("--host must not be empty") }
                options.configuration.host = text
            case "--port":
                options.configuration.port = try integer(flag, text, 0...65_535)
            case "--max-clients":
                options.configuration.maxClients = try integer(flag, text, 1...100_000)
            case "--fps":
                guard let fps = Double(text), fps.isFinite, fps > 0, fps <= 1000 else {
                    throw ArgumentScanner.Failure("--fps must be a number in (0, 1000], not \(text)")
                }
                options.configuration.fps = fps
            case "--web-root":
                options.configuration.webRoot = text
                options.webRootGiven = true
            case "--schema-dir":
                options.configuration.schemaDirectory = text
                options.schemaDirectoryGiven = true
            case "--record-dir":
                options.configuration.recordDirectory = text
                options.recordDirectoryGiven = true
            case "--allow-host":
                guard !text.isEmpty else { throw ArgumentScanner.Failure("--allow-host must not be empty") }
                options.configuration.allowedHosts.append(text)
            case "--allow-origin":
                guard text == "*" || text.contains("://") else {
                    throw ArgumentScanner.Failure("--allow-origin must be * or scheme://host[:port], not \(text)")
                }
                options.configuration.allowedOrigins.append(text)
            case "--max-tile-streams":
                options.configuration.maxTileStreams = try integer(flag, text, 0...1000)
            case "--tile-codec":
                guard let codec = TileCodec.allCases.first(where: { "\($0)" == text }) else {
                    throw ArgumentScanner.Failure("--tile-codec must be jpeg, webp or png, not \(text)")
                }
                options.configuration.tileCodec = codec
            case "--tile-fallback":
                guard let mode = TileScalePolicy.Mode(rawValue: text) else {
                    throw ArgumentScanner.Failure("--tile-fallback must be auto, off or always, not \(text)")
                }
                options.configuration.tileFallback = mode
            case "--components":
                guard !text.isEmpty else { throw ArgumentScanner.Failure("--components must not be empty") }
                options.componentDirectory = text
            case "--font-dir":
                options.configuration.fontDirectory = text
            case "--mono-font-dir":
                options.configuration.monoFontDirectory = text
            case "--max-viewport":
                options.configuration.protocolLimits.maxViewportSide = Double(
                    try integer(flag, text, 1...Int(InputLimits.maxViewportSide)))
            case "--max-tile-scale":
                options.configuration.protocolLimits.maxTileScale = try integer(flag, text, 1...ProtocolLimits.tileScaleCeiling)
            case "--max-message-rate":
                let rate = Double(try integer(flag, text, 1...1_000_000))
                options.configuration.limits.messagesPerSecond = rate
                options.configuration.limits.messageBurst = min(RateLimits().messageBurst, rate)
            case "--max-sessions-per-connection":
                options.configuration.limits.sessionBurst = Double(try integer(flag, text, 1...100_000))
            case "--max-sessions":
                options.configuration.limits.maxSessions = try integer(flag, text, 1...1_000_000)
            case "--max-viewers":
                options.configuration.maxViewersPerSession = try integer(flag, text, 1...1_000_000)
            case "--max-recording-mb":
                options.configuration.maxRecordingBytes = try integer(flag, text, 1...4096) << 20
            case "--max-recordings":
                options.configuration.maxRecordings = try integer(flag, text, 1...1_000_000)
            case "--idle-seconds":
                options.configuration.idleSeconds = try integer(flag, text, 1...3600)
            default:
                preconditionFailure("\(flag) is in the scanner's list but not handled")
            }
        }
        return options
    }
}
