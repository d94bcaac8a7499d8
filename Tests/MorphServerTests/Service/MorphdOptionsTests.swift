import Testing

@testable import MorphServer

@Suite struct MorphdOptionsTests {
    /// Every flag morphd reads is in the usage lines and explained in the text below them.
    @Test func everyFlagIsInTheUsageLineAndTheText() {
        let parts = MorphdOptions.usage.components(separatedBy: "\n\n")
        let usageLines = parts[0], text = parts.dropFirst().joined(separator: "\n\n")
        let flags = MorphdOptions.scanner.valueFlags.union(MorphdOptions.scanner.switches)
        #expect(flags.count > 20)
        for flag in flags.sorted() {
            #expect(usageLines.contains("[\(flag)"), "\(flag) is not in the usage line")
            #expect(text.contains("  \(flag)"), "\(flag) is not explained")
        }
    }

    @Test func defaultsMatchTheDocumentedCommandLine() throws {
        let options = try MorphdOptions.parse([]).get()
        #expect(options.configuration.host == "127.0.0.1")
        #expect(options.configuration.port == 8080)
        #expect(options.configuration.fps == 60)
        #expect(options.help == false && options.probe == false && options.webRootGiven == false)
        #expect(options.configuration.permessageDeflate == false)
    }

    @Test func readsEveryFlagInBothSpellings() throws {
        let options = try MorphdOptions.parse([
            "--host", "0.0.0.0", "--port=9000", "--web-root", "/w", "--record-dir=/r", "--max-clients", "3",
            "--fps", "30", "--font-dir", "/f", "--schema-dir", "/s", "--probe", "--permessage-deflate",
        ]).get()
        var expected = ServerConfiguration()
        expected.host = "0.0.0.0"
        expected.port = 9000
        expected.webRoot = "/w"
        expected.recordDirectory = "/r"
        expected.maxClients = 3
        expected.fps = 30
        expected.fontDirectory = "/f"
        expected.schemaDirectory = "/s"
        expected.permessageDeflate = true
        #expect(options.configuration == expected)
        #expect(options.probe && options.webRootGiven && options.schemaDirectoryGiven)
        #expect(try MorphdOptions.parse(["--help"]).get().help)
    }

    @Test func boundFlagsDefaultToTheDocumentedLimitsAndSetThem() throws {
        let defaults = try MorphdOptions.parse([]).get().configuration
        #expect(defaults.protocolLimits.maxViewportSide == 4096 && defaults.protocolLimits.maxTileScale == 3)
        #expect(defaults.limits.messagesPerSecond == 1000 && defaults.limits.sessionBurst == 64)
        #expect(defaults.limits.maxSessions == 1024 && defaults.maxViewersPerSession == 4000)
        #expect(defaults.maxRecordingBytes == 64 << 20 && defaults.maxRecordings == 1000)
        #expect(defaults.idleSeconds == 30)
        let options = try MorphdOptions.parse([
            "--max-viewport", "1024", "--max-tile-scale", "1", "--max-message-rate", "50",
            "--max-sessions-per-connection", "8", "--max-sessions", "10", "--max-viewers", "2",
            "--max-recording-mb", "2", "--max-recordings", "5", "--idle-seconds", "3",
        ]).get().configuration
        #expect(options.protocolLimits.maxViewportSide == 1024 && options.protocolLimits.maxTileScale == 1)
        // A rate below the default burst bounds the burst too.
        #expect(options.limits.messagesPerSecond == 50 && options.limits.messageBurst == 50)
        #expect(options.limits.sessionBurst == 8 && options.limits.maxSessions == 10)
        #expect(options.maxViewersPerSession == 2 && options.maxRecordingBytes == 2 << 20 && options.maxRecordings == 5)
        #expect(options.idleSeconds == 3)
        try options.validate()
    }

    @Test(arguments: [
        ["--port"], ["--port", "http"], ["--port", "70000"], ["--max-clients", "0"], ["--fps", "0"],
        ["--fps", "nan"], ["--verbose"], ["--host", ""], ["serve"], ["--max-viewport", "5000"],
        ["--max-tile-scale", "4"], ["--max-tile-scale", "0"], ["--max-viewers", "0"], ["--max-recording-mb", "-1"],
        ["--idle-seconds", "0"], ["--idle-seconds", "3601"],
    ])
    func refusesBadFlagsWithAMessage(_ arguments: [String]) {
        guard case .failure(let failure) = MorphdOptions.parse(arguments) else {
            Issue.record("\(arguments) must be refused")
            return
        }
        #expect(!failure.message.isEmpty)
    }

    @Test func aMistypedFlagNamesTheOneMeant() {
        guard case .failure(let failure) = MorphdOptions.parse(["--recrd-dir", "/r"]) else {
            Issue.record("--recrd-dir must be refused")
            return
        }
        #expect(failure.message == "unknown option '--recrd-dir' (did you mean '--record-dir'?)")
    }

    /// Recordings go to the user's data folder unless --record-dir says otherwise, so a server
    /// started in a source checkout never writes into it.
    @Test func recordingsDefaultToTheUsersDataFolder() throws {
        func directory(_ environment: [String: String], _ arguments: [String] = []) throws -> String {
            try MorphdOptions.parse(arguments, environment: environment).get().configuration.recordDirectory
        }
        #expect(try directory(["HOME": "/home/ada"]) == "/home/ada/.local/share/morph/recordings")
        #expect(try directory(["HOME": "/home/ada/", "XDG_DATA_HOME": "/data/"]) == "/data/morph/recordings")
        // A relative XDG_DATA_HOME is ignored, as the XDG specification says.
        #expect(try directory(["HOME": "/home/ada", "XDG_DATA_HOME": "data"]) == "/home/ada/.local/share/morph/recordings")
        #expect(try directory([:], ["--record-dir", "here"]) == "here")
        #expect(try MorphdOptions.parse(["--record-dir", "here"], environment: [:]).get().recordDirectoryGiven)
        #expect(!(try MorphdOptions.parse([], environment: ["HOME": "/h"]).get().recordDirectoryGiven))
        guard case .failure(let failure) = MorphdOptions.parse([], environment: [:]) else {
            Issue.record("no home folder and no --record-dir must be refused")
            return
        }
        #expect(failure.message.contains("give --record-dir DIR"))
        #expect(MorphdOptions.usage.contains("~/.local/share"))
    }

    @Test func configurationValidationCatchesImpossibleValues() {
        var configuration = ServerConfiguration()
        configuration.maxMessageBytes = 10
        #expect(throws: MorphServerError.self) { try configuration.validate() }
    }
}
