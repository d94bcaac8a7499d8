import Foundation

/// Runs the built `morph` executable and captures its output.
///
/// The executable is looked up in `MORPH_EXECUTABLE`, then beside the running test bundle
/// (`swift test` builds every product into the same `.build/<triple>/<config>` directory),
/// then in `.build/debug` of this package. A missing executable fails the test loudly.
enum MorphExecutable {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func locate() -> URL? {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["MORPH_EXECUTABLE"] {
            candidates.append(URL(fileURLWithPath: path))
        }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(runner.deletingLastPathComponent().appendingPathComponent("morph"))
        candidates.append(runner.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("morph"))
        if let bundle = Bundle.main.executableURL {
            candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("morph"))
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/morph"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ arguments: [String]) throws -> Result {
        guard let executable = locate() else {
            throw CocoaError(
                .fileNoSuchFile,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "morph executable not found; run `swift build` first or set MORPH_EXECUTABLE"
                ])
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting so a large output cannot block the child.
        let errorData = ReadAll(err.fileHandleForReading)
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        errorData.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData.data, as: UTF8.self))
    }
}

extension MorphExecutable {
    /// Runs `morph` with a terminal for its output (a pseudo-terminal through util-linux
    /// `script`), as a person at a shell runs it: what the terminal received, stdout and
    /// stderr together, is `stdout`.
    static func runOnTerminal(_ arguments: [String]) throws -> Result {
        guard let executable = locate() else { return try run(arguments) }
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = ([executable.path] + arguments).map(quoted).joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["--quiet", "--return", "--command", command, "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self), stderr: "")
    }
}

/// Drains a pipe on a background thread.
private final class ReadAll: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private(set) var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() { done.wait() }
}
